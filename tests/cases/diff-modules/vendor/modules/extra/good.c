/* Uses only what NEW keeps as it was: loads. */
int km_stable(int x);

int good_init(void)
{
	return km_stable(1);
}
MODULE_LICENSE("Proprietary");
MODULE_VERSION_CRC(km_stable, 0x11111111);
