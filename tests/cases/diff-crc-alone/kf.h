/* The types of this case, in a header as kernels have them. */
struct kf_stats {
	int packets;
#ifdef NEW
	int drops;	/* in the padding before 'bytes' */
#endif
	long bytes;
};
