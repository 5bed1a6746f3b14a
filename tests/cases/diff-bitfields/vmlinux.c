/* Bitfields: one wider, which moves the next one; two made plain members. */
#include "kf.h"

int kf_mode(struct kf_flags *f) { return f->mode; }
EXPORT_SYMBOL(kf_mode);
SYMBOL_CRC(kf_mode, 0xc00, "");

int kf_reg_state(struct kf_reg *r) { return r->state + r->phase; }
EXPORT_SYMBOL(kf_reg_state);
SYMBOL_CRC(kf_reg_state, 0xc01, "");
