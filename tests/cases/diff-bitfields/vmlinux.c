/* Bitfields: one wider, which moves the next one. */
#include "kf.h"

int kf_mode(struct kf_flags *f) { return f->mode; }
EXPORT_SYMBOL(kf_mode);
SYMBOL_CRC(kf_mode, 0xc00, "");
