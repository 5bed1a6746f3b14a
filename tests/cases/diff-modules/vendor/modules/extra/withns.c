/* The same, importing the namespace: loads. */
void km_into_ns(void);

void withns_init(void)
{
	km_into_ns();
}
MODULE_LICENSE("Dual BSD/GPL");
MODULE_IMPORT_NS(KM_CORE);
MODULE_VERSION_CRC(km_into_ns, 0x55555555);
