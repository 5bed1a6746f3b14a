/*
 * A kernel whose NEW build breaks modules each way the loader refuses
 * one: an export removed, a CRC changed, an export made GPL-only, an
 * export moved into a namespace; and changes a type they use.
 */
#include "km.h"
struct km_dev {
	int id;
#ifdef NEW
	int flags;
#endif
};

int km_stable(int x)
{
	return x;
}
EXPORT_SYMBOL(km_stable);
SYMBOL_CRC(km_stable, 0x11111111, "");

#ifndef NEW
void km_removed(void)
{
}
EXPORT_SYMBOL(km_removed);
SYMBOL_CRC(km_removed, 0x22222222, "");
#endif

int km_open(struct km_dev *dev)
{
	return dev->id;
}
EXPORT_SYMBOL(km_open);
#ifdef NEW
SYMBOL_CRC(km_open, 0x3333aaaa, "");
#else
SYMBOL_CRC(km_open, 0x33333333, "");
#endif

void km_becomes_gpl(void)
{
}
#ifdef NEW
EXPORT_SYMBOL_GPL(km_becomes_gpl);
SYMBOL_CRC(km_becomes_gpl, 0x44444444, "_gpl");
#else
EXPORT_SYMBOL(km_becomes_gpl);
SYMBOL_CRC(km_becomes_gpl, 0x44444444, "");
#endif

void km_into_ns(void)
{
}
#ifdef NEW
EXPORT_SYMBOL_NS(km_into_ns, KM_CORE);
#else
EXPORT_SYMBOL(km_into_ns);
#endif
SYMBOL_CRC(km_into_ns, 0x55555555, "");

/* struct km_conf's change reaches its CRC, as genksyms's does */
int km_configure(struct km_conf *conf)
{
	return conf->level;
}
EXPORT_SYMBOL(km_configure);
#ifdef NEW
SYMBOL_CRC(km_configure, 0x7777aaaa, "");
#else
SYMBOL_CRC(km_configure, 0x77777777, "");
#endif

/* the same change kept from genksyms: the CRC stays, modules load */
int km_peek(const struct km_conf *conf)
{
	return conf->level;
}
EXPORT_SYMBOL(km_peek);
SYMBOL_CRC(km_peek, 0x88888888, "");
