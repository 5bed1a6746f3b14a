/* Uses an export NEW moved into a namespace, without importing it. */
void km_into_ns(void);

void nons_init(void)
{
	km_into_ns();
}
MODULE_LICENSE("GPL");
MODULE_VERSION_CRC(km_into_ns, 0x55555555);
