/* The types of this case, in a header as kernels have them. */
struct kf_buf {
	void *data;
#ifdef NEW
	int foo;
#endif
	unsigned int len;
	unsigned int flags;
	unsigned long stamp;
};
