/* The types of this case, in a header as kernels have them. */
struct kf_dev {
#ifdef NEW
	unsigned int id;
	long count;
#else
	int id;
	int count;
#endif
};
