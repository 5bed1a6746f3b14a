/*
 * Exports that change the ways a Module.symvers can tell: removed, added,
 * CRC, GPL-only, namespace. The type of kf_resize changes too, which a
 * Module.symvers cannot tell.
 */
struct kf_buf {
	int len;
#ifdef NEW
	int cap;
#endif
};

int kf_keep(void) { return 0; }
EXPORT_SYMBOL(kf_keep);
SYMBOL_CRC(kf_keep, 0x1000, "");
int kf_resize(struct kf_buf *b) { return b->len; }
EXPORT_SYMBOL(kf_resize);
int kf_gpl(void) { return 2; }
int kf_ns(void) { return 3; }
#ifdef NEW
SYMBOL_CRC(kf_resize, 0x1002, "");
int kf_new(void) { return 4; }
EXPORT_SYMBOL(kf_new);
SYMBOL_CRC(kf_new, 0x1004, "");
EXPORT_SYMBOL_GPL(kf_gpl);
SYMBOL_CRC(kf_gpl, 0x1005, "_gpl");
EXPORT_SYMBOL_NS(kf_ns, KF_NS);
SYMBOL_CRC(kf_ns, 0x1006, "");
#else
SYMBOL_CRC(kf_resize, 0x1001, "");
int kf_gone(void) { return 5; }
EXPORT_SYMBOL(kf_gone);
SYMBOL_CRC(kf_gone, 0x1003, "");
EXPORT_SYMBOL(kf_gpl);
SYMBOL_CRC(kf_gpl, 0x1005, "");
EXPORT_SYMBOL(kf_ns);
SYMBOL_CRC(kf_ns, 0x1006, "");
#endif
