/* A kernel whose one module exports nothing but assembly. */
int kf_core(int x) { return x; }
EXPORT_SYMBOL(kf_core);
SYMBOL_CRC(kf_core, 0x90, "");
