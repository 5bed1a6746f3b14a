// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Rules that decide nothing: how a policy rots. A SUSE severities line
 * or a Debian ignore-changes entry that no export of either kernel takes
 * its verdict from (the export is gone, or an earlier line decides all it
 * would), as ksymvers unused-rules reports them; a suppression that hid
 * nothing in this comparison. Each is a warning naming its FILE:LINE,
 * whatever the report's format. The lists have their own check
 * (symbol_list_check), the header folders theirs.
 */
#include <stdlib.h>

#include "suppress.h"
#include "rule_index.h"
#include "../util/xalloc.h"

/* Past these, a count: a file of 100,000 stale rules is one fact. */
#define UNUSED_SHOWN 10

struct unused {
	size_t count;
	struct diag *d;
};

static void unused(struct unused *u, const char *label, const char *why)
{
	if (u->count++ < UNUSED_SHOWN)
		diag_warning(u->d, DIAG_AT_FILE(NULL), "%s: unused rule: %s",
			     label, why);
}
#include "../util/banned.h"

/* Mark the rule each export of a kernel takes its verdict from. */
static void mark_deciding(const struct suppressions *s,
			  const struct rule_index *x,
			  const struct kabi_model *m, bool old, bool *used)
{
	size_t i;

	for (i = 0; i < m->nsymbols; i++) {
		const struct kabi_symbol *sym = &m->symbols[i];
		const char *module = model_str(m, sym->module);
		struct export_subject e = {
		    model_str(m, sym->name), model_str(m, sym->ns),
		    old ? module : NULL, old ? NULL : module};
		bool tolerated;
		uint32_t k = export_rule_find(s, x, &e, &tolerated);

		if (k != KABI_NONE)
			used[k] = true;
	}
}

static void warn_export_rules(const struct diff_filter *f, struct unused *u)
{
	const struct suppressions *s = f->s;
	const struct rule_index *x = filter_export_index(f);
	bool *used = xcalloc(s->nexports + 1, sizeof(bool));
	size_t k;

	mark_deciding(s, x, f->d->old, true, used);
	mark_deciding(s, x, f->d->new, false, used);
	for (k = 0; k < s->nexports; k++) {
		const struct export_rule *r = &s->exports[k];

		/* Debian's rules of other kernels, or replaced: not in play */
		if (used[k] || r->inactive || r->superseded)
			continue;
		unused(u, r->label,
		       "no export compared takes its verdict from it");
	}
	free(used);
}

void suppressions_warn_unused(const struct diff_filter *f, struct diag *d)
{
	struct unused u = {0, d};
	size_t k;

	warn_export_rules(f, &u);
	for (k = 0; k < f->s->nrules; k++)
		if (!f->hits[k])
			unused(&u, f->s->rules[k].label,
			       "it hid nothing in this comparison");
	if (u.count > UNUSED_SHOWN)
		diag_warning(d, DIAG_AT_FILE(NULL), "and %zu more unused rules",
			     u.count - UNUSED_SHOWN);
}
