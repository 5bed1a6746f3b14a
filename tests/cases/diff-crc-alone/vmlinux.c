/*
 * A member added into padding (compatible) changed the CRC genksyms
 * computes; another export's CRC changed with no type change at all.
 * The CRCs alone make the verdict breaking, and the report says so.
 */
#include "kf.h"

long kf_stats_bytes(struct kf_stats *s) { return s->bytes; }
EXPORT_SYMBOL(kf_stats_bytes);
int kf_stats_reset(void) { return 0; }
EXPORT_SYMBOL(kf_stats_reset);
#ifdef NEW
SYMBOL_CRC(kf_stats_bytes, 0x8001, "");
SYMBOL_CRC(kf_stats_reset, 0x8011, "");
#else
SYMBOL_CRC(kf_stats_bytes, 0x8000, "");
SYMBOL_CRC(kf_stats_reset, 0x8010, "");
#endif
