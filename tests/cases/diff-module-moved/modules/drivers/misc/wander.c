#ifdef NEW
int kf_wanderer(int x) { return x; }
EXPORT_SYMBOL(kf_wanderer);
SYMBOL_CRC(kf_wanderer, 0x601, "");
#endif
MODULE_LICENSE("GPL");
