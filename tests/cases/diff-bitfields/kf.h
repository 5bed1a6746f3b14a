/* The types of this case, in a header as kernels have them. */
struct kf_flags {
#ifdef NEW
	unsigned int mode : 4;
#else
	unsigned int mode : 3;
#endif
	unsigned int ready : 1;
	unsigned int rest : 8;
};

/*
 * An enum in 8 bits made a u8 at the same bits (net_device's reg_state in
 * Debian's 6.1.0-54): the same layout. One in 4 bits made a u8 is not.
 */
enum kf_state { KF_OFF, KF_ON };
struct kf_reg {
	unsigned int id;
#ifdef NEW
	unsigned char state;
	unsigned char phase;
#else
	enum kf_state state : 8;
	enum kf_state phase : 4;
#endif
};
