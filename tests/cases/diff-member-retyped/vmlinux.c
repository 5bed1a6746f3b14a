/* A member's type replaced, with the same size and with another. */
#include "kf.h"

int kf_dev_id(struct kf_dev *d) { return (int)d->id; }
EXPORT_SYMBOL(kf_dev_id);
SYMBOL_CRC(kf_dev_id, 0xa00, "");
