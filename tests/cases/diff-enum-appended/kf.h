/* The types of this case, in a header as kernels have them. */
enum kf_mode { KF_MODE_OFF, KF_MODE_ON,
#ifdef NEW
	KF_MODE_AUTO,
#endif
};
