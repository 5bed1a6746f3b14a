/* Uses the vendor's helper module and km_stable: loads. */
int helper_value(void);
int km_stable(int x);

int user_init(void)
{
	return helper_value() + km_stable(3);
}
MODULE_LICENSE("GPL v2");
MODULE_VERSION_CRC(helper_value, 0x66666666);
MODULE_VERSION_CRC(km_stable, 0x11111111);
