/* A struct became declaration-only (breaking) and another became defined (compatible). */
#include "kf.h"

int kf_use_hidden(struct kf_hidden *h) { return h != 0; }
EXPORT_SYMBOL(kf_use_hidden);
SYMBOL_CRC(kf_use_hidden, 0x1500, "");
int kf_use_shown(struct kf_shown *s) { return s != 0; }
EXPORT_SYMBOL(kf_use_shown);
SYMBOL_CRC(kf_use_shown, 0x1501, "");
