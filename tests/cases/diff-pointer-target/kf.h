/* The types of this case, in a header as kernels have them. */
struct kf_old_ctx { int a; };
struct kf_new_ctx { long b; };
struct kf_job {
#ifdef NEW
	struct kf_new_ctx *ctx;
#else
	struct kf_old_ctx *ctx;
#endif
};
