/* The types of this case, in a header as kernels have them. */
typedef unsigned int kf_flags_t;
struct kf_req {
#ifdef NEW
	unsigned int flags;
#else
	kf_flags_t flags;
#endif
	int id;
};
