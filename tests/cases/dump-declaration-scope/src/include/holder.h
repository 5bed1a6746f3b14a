/* A core structure that points to a type it only declares. */
struct sched_ops;

struct holder {
	int id;
	const struct sched_ops *ops;
};
