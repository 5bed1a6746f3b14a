/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Wall-clock and CPU seconds, for the figures of --stats. */
#ifndef KABI_CLOCK_H
#define KABI_CLOCK_H

#include <time.h>

static inline double clock_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* CPU seconds the calling thread has used. */
static inline double clock_thread_cpu(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

#endif
