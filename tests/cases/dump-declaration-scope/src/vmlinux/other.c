#include "include/holder.h"

int holder_id(struct holder *h) { return h->id; }
EXPORT_SYMBOL(holder_id);
SYMBOL_CRC(holder_id, 0x731, "");
