/* An export removed and one added. */
int kf_stays(int x) { return x; }
EXPORT_SYMBOL(kf_stays);
SYMBOL_CRC(kf_stays, 0x100, "");
#ifdef NEW
int kf_new_api(void) { return 1; }
EXPORT_SYMBOL(kf_new_api);
SYMBOL_CRC(kf_new_api, 0x101, "");
#else
int kf_old_api(void) { return 0; }
EXPORT_SYMBOL_GPL(kf_old_api);
SYMBOL_CRC(kf_old_api, 0x102, "_gpl");
#endif
