/* A member added into padding: size and offsets unchanged, compatible. */
#include "kf.h"

int kf_submit(struct kf_req *r) { return r->id; }
EXPORT_SYMBOL(kf_submit);
SYMBOL_CRC(kf_submit, 0x800, "");
