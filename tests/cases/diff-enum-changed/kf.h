/* The types of this case, in a header as kernels have them. */
enum kf_color {
	KF_RED,
#ifdef NEW
	KF_ORANGE,
#endif
	KF_GREEN,
#ifdef NEW
	KF_AZURE,
#else
	KF_BLUE,
	KF_BLACK,
#endif
};
