/* The types of this case, in a header as kernels have them. */
struct kf_timer { long expires; void *fn; };

struct kf_sock {
	int state;
#ifdef NEW
	/* sk_timer keeps its place; a second timer shares it */
	union {
		struct kf_timer sk_timer;
		struct kf_timer mptcp_timer;
	};
	struct {
		int rx;
		int tx;
	};
#else
	struct kf_timer sk_timer;
	int rx;
	int tx;
#endif
};
