/* A CRC changed with no type change found: reported as such, never hidden. */
int kf_same(int x) { return x; }
EXPORT_SYMBOL(kf_same);
#ifdef NEW
SYMBOL_CRC(kf_same, 0x400, "");
#else
SYMBOL_CRC(kf_same, 0x401, "");
#endif
