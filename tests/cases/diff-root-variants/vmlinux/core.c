#include "include/holder.h"
#include "include/sched.h"

int holder_prio(struct holder *h) { return h->ops->prio; }
EXPORT_SYMBOL(holder_prio);
SYMBOL_CRC(holder_prio, 0x740, "");
