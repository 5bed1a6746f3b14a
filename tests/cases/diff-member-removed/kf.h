/* The types of this case, in a header as kernels have them. */
struct kf_stats {
	long rx;
#ifndef NEW
	long tx;
#endif
	long errors;
};
