/* An export moved from vmlinux into a module (compatible). */
int kf_core(void) { return 0; }
EXPORT_SYMBOL(kf_core);
SYMBOL_CRC(kf_core, 0x600, "");
#ifndef NEW
int kf_wanderer(int x) { return x; }
EXPORT_SYMBOL(kf_wanderer);
SYMBOL_CRC(kf_wanderer, 0x601, "");
#endif
