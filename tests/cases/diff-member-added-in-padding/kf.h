/* The types of this case, in a header as kernels have them. */
struct kf_req {
	char kind;
#ifdef NEW
	char prio;
#endif
	int id;
};
