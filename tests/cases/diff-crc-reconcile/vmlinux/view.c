/*
 * From NEW on this unit includes later.h: genksyms expands struct
 * kf_later, unchanged, where it wrote UNKNOWN, and the CRC changes.
 */
#include "kf.h"
#ifdef NEW
#include "later.h"
#endif

int kf_later_use(struct kf_later *l)
{
	return l != 0;
}
EXPORT_SYMBOL(kf_later_use);
#ifdef NEW
SYMBOL_CRC(kf_later_use, 0x3002, "");
#else
SYMBOL_CRC(kf_later_use, 0x3001, "");
#endif

/* A CRC changed in the source alone: nothing in the binaries says why. */
int kf_plain(int x)
{
	return x + 1;
}
EXPORT_SYMBOL(kf_plain);
#ifdef NEW
SYMBOL_CRC(kf_plain, 0x4002, "");
#else
SYMBOL_CRC(kf_plain, 0x4001, "");
#endif
