// SPDX-License-Identifier: GPL-2.0-or-later
/* Work sharing: every job once, results in order, CPU time accounted. */
#include <stdatomic.h>
#include <stdlib.h>

#include "tap.h"
#include "util/parallel.h"

#define JOBS 1000

struct counts {
	atomic_int runs[JOBS];
};

static void count_job(size_t index, void *ctx)
{
	struct counts *c = ctx;
	volatile unsigned spin = 0;
	unsigned k;

	for (k = 0; k < 20000; k++) /* some CPU time to account */
		spin += k;
	atomic_fetch_add(&c->runs[index], 1);
}

static int all_once(struct counts *c)
{
	size_t i;

	for (i = 0; i < JOBS; i++)
		if (atomic_load(&c->runs[i]) != 1)
			return 0;
	return 1;
}

static void *square(size_t index, unsigned thread, void *ctx)
{
	size_t *v = malloc(sizeof(*v));

	(void)thread, (void)ctx;
	*v = index * index;
	return v;
}

static void check_order(size_t index, void *result, void *ctx)
{
	size_t *next = ctx, *v = result;

	if (*next == index && *v == index * index)
		(*next)++;
	free(v);
}

int main(void)
{
	struct parallel_times times = {0};
	struct counts *c = calloc(1, sizeof(*c));
	size_t next = 0;

	parallel_run_timed(JOBS, 1, count_job, c, &times);
	ok(all_once(c), "one thread: every job once");
	is_int(times.workers, 0, "one thread: no worker is timed");
	ok(times.main_parallel_cpu == 0,
	   "one thread: nothing beside workers, all of it the caller's");
	free(c);
	c = calloc(1, sizeof(*c));
	parallel_run_timed(JOBS, 3, count_job, c, &times);
	ok(all_once(c), "three threads: every job once");
	is_int(times.workers, 2, "three threads: two workers started");
	ok(times.worker_cpu[0] + times.worker_cpu[1] + times.main_parallel_cpu >
	       0,
	   "three threads: their CPU time is counted");
	free(c);
	parallel_ordered(JOBS, 4, 8, square, check_order, &next);
	is_int(next, JOBS, "ordered: every result consumed, in order");
	return tap_done();
}
