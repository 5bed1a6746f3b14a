/* A type of the kernel's headers, which NEW retypes a member of. */
struct km_conf {
#ifdef NEW
	long mode;
#else
	int mode;
#endif
	int level;
};
