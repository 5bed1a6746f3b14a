// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The kinds of change (diff.h's DIFF_CHANGES: rule, severity, text) and
 * the items of changes the diff keeps: what every stage asks of a change.
 */
#include "diff_impl.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

static const struct {
	const char *rule;
	enum severity severity;
	const char *text;
} changes[] = {
#define C(id, rule, severity, text) {rule, severity, text},
    DIFF_CHANGES
#undef C
};

const char *change_rule(enum change_kind kind)
{
	return (unsigned)kind < CHANGE_COUNT ? changes[kind].rule : "?";
}

enum severity change_severity(enum change_kind kind)
{
	return (unsigned)kind < CHANGE_COUNT ? changes[kind].severity
					     : BREAKING;
}

const char *change_text(enum change_kind kind)
{
	return (unsigned)kind < CHANGE_COUNT ? changes[kind].text : "?";
}

enum severity diff_items_severity(const struct kabi_diff *d, uint32_t first,
				  uint32_t n)
{
	uint32_t i;

	for (i = 0; i < n; i++)
		if (change_severity(d->items[first + i].kind) == BREAKING)
			return BREAKING;
	return COMPATIBLE;
}

void diff_add_item(struct kabi_diff *d, const struct change_item *it,
		   uint32_t *nitems, enum severity *severity)
{
	ALLOC_GROW(d->items, d->nitems + 1, d->items_alloc);
	d->items[d->nitems++] = *it;
	(*nitems)++;
	if (change_severity(it->kind) == BREAKING)
		*severity = BREAKING;
}
