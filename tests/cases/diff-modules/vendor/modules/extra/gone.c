/* Needs an export NEW no longer has; a weak reference to it is fine. */
void km_removed(void);
int km_stable(int x);

int gone_init(void)
{
	km_removed();
	return km_stable(2);
}
MODULE_LICENSE("GPL");
MODULE_VERSION_CRC(km_removed, 0x22222222);
MODULE_VERSION_CRC(km_stable, 0x11111111);
