/* ... and another, which grows in NEW. */
struct priv {
	long b;
#ifdef NEW
	long more;
#endif
};

int two_get(struct priv *p)
{
	return (int)p->b;
}
EXPORT_SYMBOL(two_get);
#ifdef NEW
SYMBOL_CRC(two_get, 0x30000002, "");
#else
SYMBOL_CRC(two_get, 0x30000001, "");
#endif

MODULE_LICENSE("GPL");
