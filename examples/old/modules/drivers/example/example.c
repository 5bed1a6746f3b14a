/* An example driver that uses exports and exports nothing itself. */

int example_probe(void)
{
	return 0;
}

MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(CRYPTO_INTERNAL);
