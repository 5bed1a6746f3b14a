/* A function defined without a prototype, then with one, and back. */
#ifdef NEW
int kf_probe(void) { return 1; }
int kf_legacy() { return 2; }
#else
int kf_probe() { return 1; }
int kf_legacy(void) { return 2; }
#endif
EXPORT_SYMBOL(kf_probe);
SYMBOL_CRC(kf_probe, 0x70, "");
EXPORT_SYMBOL(kf_legacy);
SYMBOL_CRC(kf_legacy, 0x71, "");
