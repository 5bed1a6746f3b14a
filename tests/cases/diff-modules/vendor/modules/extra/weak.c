/* A weak reference may stay unresolved: loads. */
void km_removed(void) __attribute__((weak));

int weak_init(void)
{
	if (km_removed)
		km_removed();
	return 0;
}
MODULE_LICENSE("GPL");
