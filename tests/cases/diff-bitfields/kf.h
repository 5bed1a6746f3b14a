/* The types of this case, in a header as kernels have them. */
struct kf_flags {
#ifdef NEW
	unsigned int mode : 4;
#else
	unsigned int mode : 3;
#endif
	unsigned int ready : 1;
	unsigned int rest : 8;
};
