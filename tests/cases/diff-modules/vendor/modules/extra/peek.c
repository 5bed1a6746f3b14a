/* km_peek kept its CRC over a change of struct km_conf: it loads. */
struct km_conf;
int km_peek(const struct km_conf *conf);

int peek_init(const struct km_conf *conf)
{
	return km_peek(conf);
}
MODULE_LICENSE("GPL");
MODULE_VERSION_CRC(km_peek, 0x88888888);
