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
/* The number of CPUs this process may use (at least 1). */
unsigned parallel_default_threads(void);

#endif
