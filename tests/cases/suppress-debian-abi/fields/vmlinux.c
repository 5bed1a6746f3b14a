/*
 * Exports whose fields buildcheck compares: one made laxer (GPL-only no
 * more), one out of its namespace, and one whose CRC became 0 (the
 * kernel not completely versioned), each its only change.
 */
int f_laxer(int x) { return x; }
#ifdef NEW
EXPORT_SYMBOL(f_laxer);
SYMBOL_CRC(f_laxer, 0x3001, "");
#else
EXPORT_SYMBOL_GPL(f_laxer);
SYMBOL_CRC(f_laxer, 0x3001, "_gpl");
#endif

int f_spaced(int x) { return x + 1; }
#ifdef NEW
EXPORT_SYMBOL(f_spaced);
#else
EXPORT_SYMBOL_NS(f_spaced, CXL);
#endif
SYMBOL_CRC(f_spaced, 0x3002, "");

int f_zero(int x) { return x + 2; }
EXPORT_SYMBOL(f_zero);
#ifdef NEW
SYMBOL_CRC(f_zero, 0, "");
#else
SYMBOL_CRC(f_zero, 0x3003, "");
#endif
