/* Not GPL-compatible, and uses an export NEW made GPL-only. */
void km_becomes_gpl(void);

void proprietary_init(void)
{
	km_becomes_gpl();
}
MODULE_LICENSE("Proprietary");
MODULE_VERSION_CRC(km_becomes_gpl, 0x44444444);
