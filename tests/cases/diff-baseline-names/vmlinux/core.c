/* Nothing of the case: vmlinux exports one function. */
int core_version(void)
{
	return 1;
}
EXPORT_SYMBOL(core_version);
SYMBOL_CRC(core_version, 0x10000001, "");
