/* A vendor module exporting to another: not the kernel's business. */
int helper_value(void)
{
	return 7;
}
EXPORT_SYMBOL(helper_value);
SYMBOL_CRC(helper_value, 0x66666666, "");
MODULE_LICENSE("GPL");
