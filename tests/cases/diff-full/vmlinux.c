/* One struct change reaches several exports by different paths: one root cause, the nearest export first. */
#include "kf.h"

int kf_direct(struct kf_inner *i) { return i->a; }
EXPORT_SYMBOL(kf_direct);
SYMBOL_CRC(kf_direct, 0x1600, "");
int kf_through(struct kf_holder *h) { return h->outer->in.a; }
EXPORT_SYMBOL(kf_through);
SYMBOL_CRC(kf_through, 0x1601, "");
struct kf_outer kf_global;
EXPORT_SYMBOL(kf_global);
SYMBOL_CRC(kf_global, 0x1602, "");
