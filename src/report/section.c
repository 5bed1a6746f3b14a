// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The sections of user-space changes, in the order every format shows
 * them, and what they share.
 */
#include "section.h"
#include "../util/banned.h"

const struct report_section *const report_sections[] = {
    &report_syscall_section,
    &report_uapi_section,
    NULL,
};

static void count_change(void *ctx, const struct change_head *c)
{
	(void)c;
	++*(size_t *)ctx;
}

size_t report_section_count(const struct report_section *sec,
			    const struct diff_filter *f,
			    enum change_which which)
{
	const struct change_writer w = {.head = count_change};
	size_t n = 0;

	sec->each(f, which, &w, &n);
	return n;
}
