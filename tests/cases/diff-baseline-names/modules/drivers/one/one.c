/* One struct priv, the same in both kernels ... */
struct priv {
	int a;
};

int one_get(struct priv *p)
{
	return p->a;
}
EXPORT_SYMBOL(one_get);
SYMBOL_CRC(one_get, 0x20000001, "");

MODULE_LICENSE("GPL");
