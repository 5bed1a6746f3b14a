/* A driver's own struct of the same name, as cxgb4's struct sched_class. */
struct sched_ops {
	int rate;
};

int cxg_rate(struct sched_ops *s) { return s->rate; }
EXPORT_SYMBOL(cxg_rate);
SYMBOL_CRC(cxg_rate, 0x732, "");
