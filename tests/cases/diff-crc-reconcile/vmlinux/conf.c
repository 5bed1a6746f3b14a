/* A layout change with the CRC kept: hidden from modversions. */
#include "kf.h"

int kf_conf_b(struct kf_conf *c)
{
	return c->b;
}
EXPORT_SYMBOL(kf_conf_b);
SYMBOL_CRC(kf_conf_b, 0x2001, "");

long kf_slot_x(struct kf_slot *s)
{
	return s->x;
}
EXPORT_SYMBOL(kf_slot_x);
SYMBOL_CRC(kf_slot_x, 0x2002, "");
