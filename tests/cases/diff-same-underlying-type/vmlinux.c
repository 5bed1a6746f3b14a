/* A typedef written out, and one put in: the same type underneath. */
#include "kf.h"

#ifdef NEW
int kf_submit(struct kf_req *r, kf_flags_t mask) { return r->id & (int)mask; }
#else
int kf_submit(struct kf_req *r, unsigned int mask) { return r->id & (int)mask; }
#endif
EXPORT_SYMBOL(kf_submit);
SYMBOL_CRC(kf_submit, 0x60, "");
