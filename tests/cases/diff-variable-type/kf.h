/* The types of this case, in a header as kernels have them. */
struct kf_a {
	int x;
#ifdef NEW
	int y;
#endif
};
struct kf_b {
	long y;
};
