/* A function became a variable. */
#ifdef NEW
int kf_thing = 1;
#else
int kf_thing(void) { return 1; }
#endif
EXPORT_SYMBOL(kf_thing);
SYMBOL_CRC(kf_thing, 0x500, "");
