/* The types of the diff-reach case. */
struct kf_wide {
	int a;
#ifdef NEW
	int b;
#endif
};

struct kf_holder {
	struct kf_wide *wide;
};

struct kf_near {
	long x;
#ifdef NEW
	long y;
#endif
};
