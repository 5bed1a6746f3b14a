/*
 * The types of the diff-crc-reconcile case. Each export's CRC is given
 * as genksyms would give it, were the changes marked below kept from it
 * with #ifndef __GENKSYMS__, as distributions do to keep a kABI.
 */
struct kf_later;

/* Its layout changes under a kept CRC: modules built for OLD break. */
struct kf_conf {
	int a;
#ifdef NEW
	int inserted; /* hidden from genksyms */
#endif
	int b;
};

/* A member fills a hole, under a kept CRC: compatible, and hidden. */
struct kf_slot {
	int a;
	char c;
#ifdef NEW
	char d; /* hidden from genksyms */
#endif
	long x;
};
