// SPDX-License-Identifier: GPL-2.0-or-later
/* A minimal work-sharing loop over pthreads; see parallel.h. */
#include "parallel.h"

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <unistd.h>

#include "clock.h"
#include "xalloc.h"
#include "banned.h"

struct parallel_state {
	atomic_size_t next;
	size_t n;
	parallel_job_fn job;
	void *ctx;
};

struct run_worker {
	struct parallel_state *st;
	double cpu; /* seconds, when it ends */
};

static void run_jobs(struct parallel_state *st)
{
	size_t i;

	while ((i = atomic_fetch_add(&st->next, 1)) < st->n)
		st->job(i, st->ctx);
}

static void *run_worker(void *arg)
{
	struct run_worker *w = arg;

	run_jobs(w->st);
	w->cpu = clock_thread_cpu();
	return NULL;
}

/* Add the CPU seconds of the t-th worker started, when it has ended. */
static void add_worker_cpu(struct parallel_times *times, unsigned t, double cpu)
{
	if (!times || t >= PARALLEL_MAX_TIMED)
		return;
	times->worker_cpu[t] += cpu;
	if (t + 1 > times->workers)
		times->workers = t + 1;
}

void parallel_run(size_t n, unsigned threads, parallel_job_fn job, void *ctx)
{
	parallel_run_timed(n, threads, job, ctx, NULL);
}

void parallel_run_timed(size_t n, unsigned threads, parallel_job_fn job,
			void *ctx, struct parallel_times *times)
{
	struct parallel_state st = {.n = n, .job = job, .ctx = ctx};
	struct run_worker *workers;
	pthread_t *tids;
	unsigned started = 0, i;
	double start;

	atomic_init(&st.next, 0);
	if (threads > n)
		threads = (unsigned)n;
	if (threads <= 1) {
		run_jobs(&st);
		return;
	}
	workers = xcalloc(threads - 1, sizeof(*workers));
	tids = xcalloc(threads - 1, sizeof(*tids));
	for (i = 0; i + 1 < threads; i++) {
		workers[i].st = &st;
		if (pthread_create(&tids[i], NULL, run_worker, &workers[i]))
			break;
		started++;
	}
	start = clock_thread_cpu();
	run_jobs(&st); /* the calling thread works too */
	start = clock_thread_cpu() - start;
	for (i = 0; i < started; i++) {
		pthread_join(tids[i], NULL);
		add_worker_cpu(times, i, workers[i].cpu);
	}
	/* with no worker started, all of it was the calling thread's */
	if (times && started)
		times->main_parallel_cpu += start;
	free(workers);
	free(tids);
}

struct ordered_state {
	pthread_mutex_t lock;
	pthread_cond_t changed;
	size_t n, next, consumed, window;
	void **results;
	char *ready;
	ordered_work_fn work;
	void *ctx;
};

struct ordered_worker {
	struct ordered_state *st;
	unsigned thread;
	double cpu; /* seconds, when it ends */
};

static void *ordered_worker(void *arg)
{
	struct ordered_worker *w = arg;
	struct ordered_state *st = w->st;

	pthread_mutex_lock(&st->lock);
	for (;;) {
		size_t i;
		void *result;

		while (st->next < st->n &&
		       st->next >= st->consumed + st->window)
			pthread_cond_wait(&st->changed, &st->lock);
		if (st->next >= st->n)
			break;
		i = st->next++;
		pthread_mutex_unlock(&st->lock);
		result = st->work(i, w->thread, st->ctx);
		pthread_mutex_lock(&st->lock);
		st->results[i] = result;
		st->ready[i] = 1;
		pthread_cond_broadcast(&st->changed);
	}
	pthread_mutex_unlock(&st->lock);
	w->cpu = clock_thread_cpu();
	return NULL;
}

void parallel_ordered(size_t n, unsigned threads, size_t window,
		      ordered_work_fn work, ordered_consume_fn consume,
		      void *ctx)
{
	parallel_ordered_timed(n, threads, window, work, consume, ctx, NULL);
}

static void run_inline(size_t n, ordered_work_fn work,
		       ordered_consume_fn consume, void *ctx)
{
	size_t i;

	for (i = 0; i < n; i++)
		consume(i, work(i, 0, ctx), ctx);
}

/* threads workers (at least one) produce, the calling thread consumes. */
static void run_ordered(size_t n, unsigned threads, size_t window,
			ordered_work_fn work, ordered_consume_fn consume,
			void *ctx, struct parallel_times *times)
{
	struct ordered_state st = {
	    .n = n, .window = window ? window : 1, .work = work, .ctx = ctx};
	struct ordered_worker *workers;
	pthread_t *tids;
	unsigned started = 0, t;
	size_t i;

	pthread_mutex_init(&st.lock, NULL);
	pthread_cond_init(&st.changed, NULL);
	st.results = xcalloc(n, sizeof(*st.results));
	st.ready = xcalloc(n, 1);
	workers = xcalloc(threads, sizeof(*workers));
	tids = xcalloc(threads, sizeof(*tids));
	for (t = 0; t < threads; t++) {
		workers[t].st = &st;
		workers[t].thread = t;
		if (pthread_create(&tids[t], NULL, ordered_worker, &workers[t]))
			break;
		started++;
	}
	if (!started) /* no threads: do it here */
		run_inline(n, work, consume, ctx);
	for (i = 0; i < n && started; i++) {
		void *result;

		pthread_mutex_lock(&st.lock);
		while (!st.ready[i])
			pthread_cond_wait(&st.changed, &st.lock);
		result = st.results[i];
		pthread_mutex_unlock(&st.lock);
		consume(i, result, ctx);
		pthread_mutex_lock(&st.lock);
		st.consumed = i + 1;
		pthread_cond_broadcast(&st.changed);
		pthread_mutex_unlock(&st.lock);
	}
	for (t = 0; t < started; t++) {
		pthread_join(tids[t], NULL);
		add_worker_cpu(times, t, workers[t].cpu);
	}
	pthread_cond_destroy(&st.changed);
	pthread_mutex_destroy(&st.lock);
	free(st.results);
	free(st.ready);
	free(workers);
	free(tids);
}

void parallel_ordered_timed(size_t n, unsigned threads, size_t window,
			    ordered_work_fn work, ordered_consume_fn consume,
			    void *ctx, struct parallel_times *times)
{
	if (threads <= 1 || n <= 1)
		run_inline(n, work, consume, ctx);
	else
		run_ordered(n, threads, window, work, consume, ctx, times);
}

void parallel_pipeline(size_t n, unsigned workers, size_t window,
		       ordered_work_fn work, ordered_consume_fn consume,
		       void *ctx)
{
	if (!workers || n <= 1)
		run_inline(n, work, consume, ctx);
	else
		run_ordered(n, workers, window, work, consume, ctx, NULL);
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
