/* struct kf_ring, as a header only ring.c includes. */
struct kf_ring {
	unsigned int head, tail;
#ifdef NEW
	unsigned int mask;
#endif
};
