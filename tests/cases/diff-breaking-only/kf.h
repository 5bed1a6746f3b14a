/* Types of the diff-breaking-only case. */
struct kf_wide {
	long a;
#ifdef NEW
	long b;
#endif
};

struct kf_roomy {
	char c;
#ifdef NEW
	char d;
#endif
	int e;
};
