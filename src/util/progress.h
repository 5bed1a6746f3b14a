/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Where a long read reports how far it is, for a progress display on a
 * terminal: the phase, in words that say what is read ("reading the
 * packages", "reading DWARF"), and done of total in its own units.
 * Reports of one phase come from one thread at a time.
 */
#ifndef KABI_PROGRESS_H
#define KABI_PROGRESS_H

#include <stdint.h>

struct progress {
	void (*report)(const char *phase, uint64_t done, uint64_t total,
		       void *ctx);
	void *ctx;
};

static inline void progress_report(const struct progress *p, const char *phase,
				   uint64_t done, uint64_t total)
{
	if (p && p->report)
		p->report(phase, done, total, p->ctx);
}

#endif
