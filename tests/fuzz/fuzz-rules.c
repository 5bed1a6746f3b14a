// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The rule files on any bytes, timed: the input as libabigail's INI
 * syntax, SUSE's kabi/severities and Debian's defines, loaded, indexed
 * and matched against 2,000 exports as a diff matches them, regular
 * expressions included. Loading and matching must take time near linear
 * in the rules (100,000 of them once took minutes): past a bound in
 * proportion to the input, the harness aborts with what it measured.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "fuzz.h"
#include "suppress/rule_index.h"
#include "suppress/suppress.h"

#define EXPORTS 2000

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * The CPU time this thread spent: a busy machine slows the wall clock, not
 * the work (a campaign beside a test suite once stopped on 1.03 s of wall
 * time for what takes 0.05 s).
 */
static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Each export against the rules, as a diff's view judges it. */
static void match_all(const struct suppressions *s)
{
	static const char *const modules[] = {"vmlinux", "fs/nfs/nfs",
					      "drivers/cxl/cxl_core"};
	struct rule_index x;
	char name[32];
	size_t i, k;
	bool tolerated;

	rule_index_init(&x);
	export_rules_index(s, &x);
	for (i = 0; i < EXPORTS; i++) {
		struct export_subject e = {name, i % 7 ? "" : "CXL",
					   modules[i % 3],
					   modules[(i + 1) % 3]};

		snprintf(name, sizeof(name), "sym_%zu", i);
		(void)export_rule_find(s, &x, &e, &tolerated);
		for (k = 0; k < s->nrules && k < 64; k++)
			if (s->rules[k].name_re.set)
				(void)regexec(&s->rules[k].name_re.re, name, 0,
					      NULL, 0);
	}
	rule_index_free(&x);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	double start = now(), spent;
	struct suppressions s;
	struct diag d;

	suppressions_init(&s);
	diag_init(&d);
	fuzz_load_rules(&s, data, size, &d);
	match_all(&s);
	spent = now() - start;
	/* 1 s of CPU, and 20 microseconds a byte: for sanitizers */
	if (spent > 1.0 + 2e-5 * (double)size) {
		fprintf(stderr, "rules of %zu bytes took %.3f s\n", size,
			spent);
		abort();
	}
	suppressions_free(&s);
	diag_free(&d);
	return 0;
}
