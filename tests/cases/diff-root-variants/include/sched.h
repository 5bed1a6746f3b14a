/* The core's definition, private to the scheduler's units. */
struct holder;

struct sched_ops {
	void (*run)(struct holder *h);
	int prio;
};
