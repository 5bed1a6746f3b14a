/* One export became GPL-only (breaking), another stopped being GPL-only (compatible). */
int kf_tightened(void) { return 0; }
int kf_loosened(void) { return 0; }
#ifdef NEW
EXPORT_SYMBOL_GPL(kf_tightened);
SYMBOL_CRC(kf_tightened, 0x200, "_gpl");
EXPORT_SYMBOL(kf_loosened);
SYMBOL_CRC(kf_loosened, 0x201, "");
#else
EXPORT_SYMBOL(kf_tightened);
SYMBOL_CRC(kf_tightened, 0x200, "");
EXPORT_SYMBOL_GPL(kf_loosened);
SYMBOL_CRC(kf_loosened, 0x201, "_gpl");
#endif
