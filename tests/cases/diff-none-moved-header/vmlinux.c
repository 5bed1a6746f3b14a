/* No change: a type that only moved to another header, and functions reordered. */
#ifdef NEW
#include "moved_new.h"
int kf_b(struct kf_thing *t) { return t->y; }
int kf_a(struct kf_thing *t) { return t->x; }
#else
#include "moved_old.h"
int kf_a(struct kf_thing *t) { return t->x; }
int kf_b(struct kf_thing *t) { return t->y; }
#endif
EXPORT_SYMBOL(kf_a);
SYMBOL_CRC(kf_a, 0x1800, "");
EXPORT_SYMBOL(kf_b);
SYMBOL_CRC(kf_b, 0x1801, "");
