/* A member removed. */
#include "kf.h"

void kf_get_stats(struct kf_stats *s) { s->rx = 0; }
EXPORT_SYMBOL(kf_get_stats);
SYMBOL_CRC(kf_get_stats, 0x900, "");
