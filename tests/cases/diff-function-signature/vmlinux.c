/* Function signatures: a parameter added, one removed, one retyped, a return type, variadic. */
#ifdef NEW
int kf_add(int a, int b, int c) { return a + b + c; }
int kf_drop(int a) { return a; }
int kf_retype(long a) { return (int)a; }
long kf_returns(void) { return 0; }
int kf_vlog(const char *fmt, ...) { return fmt[0]; }
#else
int kf_add(int a, int b) { return a + b; }
int kf_drop(int a, int b) { return a + b; }
int kf_retype(int a) { return a; }
int kf_returns(void) { return 0; }
int kf_vlog(const char *fmt) { return fmt[0]; }
#endif
EXPORT_SYMBOL(kf_add);
SYMBOL_CRC(kf_add, 0x1400, "");
EXPORT_SYMBOL(kf_drop);
SYMBOL_CRC(kf_drop, 0x1401, "");
EXPORT_SYMBOL(kf_retype);
SYMBOL_CRC(kf_retype, 0x1402, "");
EXPORT_SYMBOL(kf_returns);
SYMBOL_CRC(kf_returns, 0x1403, "");
EXPORT_SYMBOL(kf_vlog);
SYMBOL_CRC(kf_vlog, 0x1404, "");
