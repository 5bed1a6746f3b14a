// SPDX-License-Identifier: GPL-2.0-or-later
/* A minimal work-sharing loop over pthreads; see parallel.h. */
#define _GNU_SOURCE
#include "parallel.h"

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <unistd.h>

#include "xalloc.h"
#include "banned.h"

struct parallel_state {
	atomic_size_t next;
	size_t n;
	parallel_job_fn job;
	void *ctx;
};

static void *worker(void *arg)
{
	struct parallel_state *st = arg;
	size_t i;

	while ((i = atomic_fetch_add(&st->next, 1)) < st->n)
		st->job(i, st->ctx);
	return NULL;
}

void parallel_run(size_t n, unsigned threads, parallel_job_fn job, void *ctx)
{
	struct parallel_state st = { .n = n, .job = job, .ctx = ctx };
	pthread_t *tids;
	unsigned started = 0, i;

	atomic_init(&st.next, 0);
	if (threads > n)
		threads = (unsigned)n;
	if (threads <= 1) {
		worker(&st);
		return;
	}
	tids = xcalloc(threads - 1, sizeof(*tids));
	for (i = 0; i + 1 < threads; i++)
		if (!pthread_create(&tids[i], NULL, worker, &st))
			started++;
		else
			break;
	worker(&st);	/* the calling thread works too */
	for (i = 0; i < started; i++)
		pthread_join(tids[i], NULL);
	free(tids);
}

unsigned parallel_default_threads(void)
{
	cpu_set_t set;
	long n;

	if (!sched_getaffinity(0, sizeof(set), &set) && CPU_COUNT(&set) > 0)
		return (unsigned)CPU_COUNT(&set);
	n = sysconf(_SC_NPROCESSORS_ONLN);
	return n > 0 ? (unsigned)n : 1;
}
