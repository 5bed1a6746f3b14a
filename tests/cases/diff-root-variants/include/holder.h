/* A core structure that points to a type it only declares. */
struct sched_ops;

struct holder {
	int id;
#ifdef NEW
	int flags;
#endif
	const struct sched_ops *ops;
	long stamp;
};
