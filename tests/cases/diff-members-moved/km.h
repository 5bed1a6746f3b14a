/* The types of this case, in a header as kernels have them. */
struct km_ring {
	unsigned long head;
#ifdef NEW
	unsigned long generation;
#endif
	unsigned long tail;
	unsigned int mask;
	unsigned int flags;
	void *entries;
};

struct km_pair {
	int first;
#ifdef NEW
	int inserted;
#endif
	int second;
	int third;
};
