/* The types of this case, in a header as kernels have them. */
struct kf_port {
	int index;
#ifdef NEW
	int speed_mbps;
#else
	int speed;
#endif
};
