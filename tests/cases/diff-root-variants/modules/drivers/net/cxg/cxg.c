/* A driver's own struct of the core's name, as cxgb4's struct sched_class. */
#include "include/holder.h"

struct sched_ops {
	int rate;
};

long cxg_stamp(struct holder *h) { return h->stamp; }
EXPORT_SYMBOL(cxg_stamp);
SYMBOL_CRC(cxg_stamp, 0x741, "");
int cxg_rate(struct sched_ops *s) { return s->rate; }
EXPORT_SYMBOL(cxg_rate);
SYMBOL_CRC(cxg_rate, 0x742, "");
