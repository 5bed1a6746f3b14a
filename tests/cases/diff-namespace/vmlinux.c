/* Namespaces: one added, one removed, one changed. */
int kf_into_ns(void) { return 0; }
int kf_out_of_ns(void) { return 0; }
int kf_other_ns(void) { return 0; }
#ifdef NEW
EXPORT_SYMBOL_NS(kf_into_ns, CXL);
EXPORT_SYMBOL(kf_out_of_ns);
EXPORT_SYMBOL_NS(kf_other_ns, IOMMUFD);
#else
EXPORT_SYMBOL(kf_into_ns);
EXPORT_SYMBOL_NS(kf_out_of_ns, CXL);
EXPORT_SYMBOL_NS(kf_other_ns, CXL);
#endif
SYMBOL_CRC(kf_into_ns, 0x300, "");
SYMBOL_CRC(kf_out_of_ns, 0x301, "");
SYMBOL_CRC(kf_other_ns, 0x302, "");
