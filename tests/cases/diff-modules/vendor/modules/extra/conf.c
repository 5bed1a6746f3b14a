/* Built against km_configure's old CRC, and sets a member NEW retypes. */
struct km_conf;
int km_configure(struct km_conf *conf);

int conf_init(struct km_conf *conf)
{
	return km_configure(conf);
}
MODULE_LICENSE("GPL");
MODULE_VERSION_CRC(km_configure, 0x77777777);
