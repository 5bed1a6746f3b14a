/* The types of this case, in a header as kernels have them. */
struct kf_inner { int a;
#ifdef NEW
	int b;
#endif
};
struct kf_outer { struct kf_inner in; struct kf_outer *next; };
struct kf_holder { struct kf_outer *outer; };
