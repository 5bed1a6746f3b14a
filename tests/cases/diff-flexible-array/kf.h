/* The types of this case, in a header as kernels have them. */
struct kf_msg {
	int len;
#ifdef NEW
	unsigned char data[];
#else
	unsigned char data[0];
#endif
};
struct kf_tail {
	long len;
#ifdef NEW
	int data[0];
#else
	int data[];
#endif
};
