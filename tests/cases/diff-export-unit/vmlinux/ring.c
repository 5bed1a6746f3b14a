/* Defines and exports its own: the unit is the defining one. */
#include "kf.h"
#include "probe-data.h"

int kf_data_hits(struct kf_probe_data *d)
{
	return d->hits;
}
EXPORT_SYMBOL(kf_data_hits);
#ifdef NEW
SYMBOL_CRC(kf_data_hits, 0x6002, "");
#else
SYMBOL_CRC(kf_data_hits, 0x6001, "");
#endif
