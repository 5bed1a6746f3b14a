/* The types of this case, in a header as kernels have them. */
struct kf_name {
#ifdef NEW
	char text[32];
#else
	char text[16];
#endif
};
