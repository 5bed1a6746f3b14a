/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Run n independent jobs on up to `threads` threads. Jobs are taken in
 * index order from a shared counter; each writes only its own result
 * slot, and callers merge the slots in index order afterwards, so the
 * outcome does not depend on the number of threads or their timing.
 */
#ifndef KABI_PARALLEL_H
#define KABI_PARALLEL_H

#include <stddef.h>

typedef void (*parallel_job_fn)(size_t index, void *ctx);

void parallel_run(size_t n, unsigned threads, parallel_job_fn job, void *ctx);

/*
 * Produce results on worker threads and consume them in index order on
 * the calling thread, as soon as each is ready: work(i) runs on thread
 * `thread` (0 .. threads-1, for per-thread state the caller keeps) and
 * returns a result, consume(i, result) sees them in order 0, 1, 2...
 * At most `window` results wait to be consumed, bounding memory.
 */
typedef void *(*ordered_work_fn)(size_t index, unsigned thread, void *ctx);
typedef void (*ordered_consume_fn)(size_t index, void *result, void *ctx);
void parallel_ordered(size_t n, unsigned threads, size_t window,
		      ordered_work_fn work, ordered_consume_fn consume,
		      void *ctx);

/*
 * parallel_ordered where consuming a result costs about what making it
 * does: `workers` threads make them while the calling thread consumes
 * (one worker and the caller make a pipeline of two threads); with no
 * worker, all on the calling thread.
 */
void parallel_pipeline(size_t n, unsigned workers, size_t window,
		       ordered_work_fn work, ordered_consume_fn consume,
		       void *ctx);

/*
 * Where the CPU time of a stage went (--stats): each worker thread's,
 * and the calling thread's over the whole stage (its caller measures
 * that), which holds what only it does: planning, consuming in order,
 * what comes after.
 */
#define PARALLEL_MAX_TIMED 64
struct parallel_times {
	unsigned workers; /* threads started; 0: all on the calling thread */
	double worker_cpu[PARALLEL_MAX_TIMED];
	double main_cpu;
	/* of main_cpu, what it spent on jobs beside the workers: not serial */
	double main_parallel_cpu;
};
/* parallel_run, timed the same way (times may be NULL). */
void parallel_run_timed(size_t n, unsigned threads, parallel_job_fn job,
			void *ctx, struct parallel_times *times);
/* parallel_ordered, adding each worker's CPU time into *times. */
void parallel_ordered_timed(size_t n, unsigned threads, size_t window,
			    ordered_work_fn work, ordered_consume_fn consume,
			    void *ctx, struct parallel_times *times);
/* The number of CPUs this process may use (at least 1). */
unsigned parallel_default_threads(void);

#endif
