/* The types of this case, in a header as kernels have them. */
#ifdef NEW
struct __attribute__((aligned(64))) kf_line {
#else
struct __attribute__((aligned(32))) kf_line {
#endif
	int v;
};
