/* A struct defined in the .c file itself changed: modules only see pointers, so it is compatible. */
struct kf_priv {
	int a;
#ifdef NEW
	int b;
#endif
};
static struct kf_priv kf_instance;
struct kf_priv *kf_get_priv(void) { return &kf_instance; }
EXPORT_SYMBOL(kf_get_priv);
SYMBOL_CRC(kf_get_priv, 0x1700, "");
