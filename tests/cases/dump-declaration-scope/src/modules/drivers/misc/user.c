#include "include/holder.h"

int user_id(struct holder *h) { return h->id + 1; }
EXPORT_SYMBOL(user_id);
SYMBOL_CRC(user_id, 0x733, "");
