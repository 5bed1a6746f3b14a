/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The smallest TAP producer: each check prints "ok N - what" or
 * "not ok N - what", and tap_done() prints the plan and the exit status,
 * so that prove(1) can count and summarise.
 */
#ifndef KABI_TAP_H
#define KABI_TAP_H

#include <stdio.h>
#include <string.h>

static int tap_count, tap_failed;

static inline int tap_ok(int cond, const char *what, const char *file, int line)
{
	tap_count++;
	printf("%sok %d - %s\n", cond ? "" : "not ", tap_count, what);
	if (!cond) {
		tap_failed++;
		printf("#   failed at %s:%d\n", file, line);
	}
	return cond;
}

#define ok(cond, what) tap_ok(!!(cond), what, __FILE__, __LINE__)
#define is_int(got, want, what)                                                \
	do {                                                                   \
		long long g_ = (long long)(got), w_ = (long long)(want);       \
		if (!ok(g_ == w_, what))                                       \
			printf("#   got %lld, want %lld\n", g_, w_);           \
	} while (0)
#define is_str(got, want, what)                                                \
	do {                                                                   \
		const char *g_ = (got), *w_ = (want);                          \
		if (!ok(g_ && w_ && !strcmp(g_, w_), what))                    \
			printf("#   got '%s', want '%s'\n",                    \
			       g_ ? g_ : "(null)", w_ ? w_ : "(null)");        \
	} while (0)

static inline int tap_done(void)
{
	printf("1..%d\n", tap_count);
	return tap_failed ? 1 : 0;
}

#endif
