// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Approvals against a diff: each shown root cause is looked up by its
 * type's name and spelling (or, for an export's own signature or
 * variable type, by the export), each shown export change by its name;
 * an approval accepts the items of the rules it names (any, if none).
 * A root cause whose every breaking item is accepted breaks nothing,
 * and the CRC changes it explains go with it; an export's accepted
 * items likewise. Approved changes still show, with their reason:
 * unlike a suppression, an approval hides nothing.
 *
 * Approvals apply to what shows: a change a rule hid needs none, and an
 * approval of it alone matched nothing (stale).
 */
#include <stdlib.h>
#include <string.h>

#include "suppress.h"
#include "../model/names.h"
#include "../util/sort.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

/* Approvals sorted by what they name, for lookups and duplicates. */
struct approval_index {
	const struct approval *a;
	uint32_t *order; /* the approvals in force, by kind, name, rules, n */
	size_t n;
};

static int compare_approvals(const void *x, const void *y, void *ctx)
{
	const struct approval *a = ctx;
	uint32_t i = *(const uint32_t *)x, j = *(const uint32_t *)y;
	int c = (int)a[i].kind - (int)a[j].kind;

	if (!c)
		c = strcmp(a[i].name, a[j].name);
	if (!c)
		c = (a[i].rules > a[j].rules) - (a[i].rules < a[j].rules);
	return c ? c : (i > j) - (i < j);
}

static void index_build(struct approval_index *x, const struct suppressions *s)
{
	size_t i;

	x->a = s->approvals;
	x->order = xmalloc(xmul(s->napprovals + 1, sizeof(uint32_t)));
	x->n = 0;
	for (i = 0; i < s->napprovals; i++)
		if (!s->approvals[i].expired)
			x->order[x->n++] = (uint32_t)i;
	array_sort_r(x->order, x->n, sizeof(uint32_t), compare_approvals,
		     (void *)s->approvals);
}

/* The first approval in order of that kind and name; x->n if none. */
static size_t index_first(const struct approval_index *x,
			  enum approval_kind kind, const char *name)
{
	size_t lo = 0, hi = x->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct approval *a = &x->a[x->order[mid]];
		int c = (int)a->kind - (int)kind;

		if (!c)
			c = strcmp(a->name, name);
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/*
 * An approval approves what an earlier one already does: the same
 * type or export, for any rule or for the same rules. Within a group
 * of one name, sorted by rules, an "any" comes first.
 */
static void find_duplicates(struct diff_filter *f,
			    const struct approval_index *x)
{
	size_t i, group = 0, run = 0;

	for (i = 0; i < f->s->napprovals; i++)
		f->approval_dup_of[i] = KABI_NONE;
	for (i = 1; i < x->n; i++) {
		const struct approval *a = &x->a[x->order[i]];
		const struct approval *g = &x->a[x->order[group]];
		const struct approval *r = &x->a[x->order[run]];

		if (a->kind != g->kind || strcmp(a->name, g->name)) {
			group = run = i;
			continue;
		}
		if (a->rules != r->rules)
			run = i;
		if (!g->rules && x->order[group] < x->order[i])
			f->approval_dup_of[x->order[i]] = x->order[group];
		else if (run != i && x->order[run] < x->order[i])
			f->approval_dup_of[x->order[i]] = x->order[run];
	}
}

/*
 * Approvals of one name against the items of a change: each item of
 * a rule one of them names is approved; the first that accepts one is
 * the change's approval. Whether every breaking item is approved.
 */
static bool approve_items(struct diff_filter *f, const struct approval_index *x,
			  enum approval_kind kind, const char *name,
			  uint32_t first, uint32_t nitems, uint32_t *which)
{
	const struct kabi_diff *d = f->d;
	size_t k = index_first(x, kind, name);
	bool all = true;
	uint32_t i;

	for (; k < x->n; k++) {
		uint32_t n = x->order[k];
		const struct approval *a = &x->a[n];
		bool used = false;

		if (a->kind != kind || strcmp(a->name, name))
			break;
		for (i = 0; i < nitems; i++)
			if (!a->rules ||
			    (a->rules >> d->items[first + i].kind & 1)) {
				f->item_approved[first + i] = true;
				used = true;
			}
		if (!used)
			continue;
		f->approval_hits[n]++;
		if (*which == KABI_NONE || n < *which)
			*which = n;
	}
	for (i = 0; i < nitems; i++)
		if (change_severity(d->items[first + i].kind) == BREAKING &&
		    !f->item_approved[first + i])
			all = false;
	return all;
}

/*
 * A root cause is looked up by its type's spelling and name, and when
 * it is an export's own type (a function's signature, a variable's
 * declared type), by the export too.
 */
static void approve_root(struct diff_filter *f, const struct approval_index *x,
			 size_t i)
{
	const struct kabi_diff *d = f->d;
	const struct root_cause *r = &d->roots[i];
	const struct type_pair *p = &d->pairs[r->pair];
	const char *name =
	    model_str(d->old, model_type(d->old, p->old_type)->name);
	const char *spelling = type_spelling(&d->old_names, p->old_type);
	uint32_t *which = &f->root_approval[i];
	bool all = approve_items(f, x, APPROVE_TYPE, spelling, p->first_item,
				 p->nitems, which);

	/* "sk_buff" approves struct sk_buff too, as suppressions do */
	if (*name && strcmp(name, spelling))
		all = approve_items(f, x, APPROVE_TYPE, name, p->first_item,
				    p->nitems, which);
	if (r->own_symbol != KABI_NONE)
		all = approve_items(
		    f, x, APPROVE_EXPORT,
		    diff_symbol_name(d, &d->symbols[r->own_symbol]),
		    p->first_item, p->nitems, which);
	f->root_approved[i] =
	    *which != KABI_NONE && all && r->severity == BREAKING;
}

void approvals_match(struct diff_filter *f)
{
	const struct kabi_diff *d = f->d;
	struct approval_index x;
	size_t i;

	find_duplicates(f, (index_build(&x, f->s), &x));
	for (i = 0; i < d->nroots; i++)
		if (f->root_rule[i] == SHOWN)
			approve_root(f, &x, i);
	for (i = 0; i < d->nsymbols; i++)
		if (f->symbol_rule[i] == SHOWN)
			approve_items(f, &x, APPROVE_EXPORT,
				      diff_symbol_name(d, &d->symbols[i]),
				      d->symbols[i].first_item,
				      d->symbols[i].nitems,
				      &f->symbol_approval[i]);
	free(x.order);
}

/* --- what is stale ------------------------------------------------------- */

static bool is_stale(const struct diff_filter *f, size_t k)
{
	return !f->s->approvals[k].expired &&
	       (f->approval_dup_of[k] != KABI_NONE || !f->approval_hits[k]);
}

size_t approvals_stale(const struct diff_filter *f)
{
	size_t k, n = 0;

	for (k = 0; k < f->s->napprovals; k++)
		n += is_stale(f, k);
	return n;
}

/* Past these, a count: a file of 10,000 stale entries is one fact. */
#define STALE_SHOWN 10

static void say(const struct diff_filter *f, struct diag *d, size_t *n,
		const char *where, const char *what, const char *more)
{
	if ((*n)++ >= STALE_SHOWN)
		return;
	if (f->s->fail_stale)
		diag_error(d, KABI_E_USAGE, DIAG_AT_FILE(NULL),
			   "%s: %s%s (--fail-stale-approvals)", where, what,
			   more);
	else
		diag_warning(d, DIAG_AT_FILE(NULL), "%s: %s%s", where, what,
			     more);
}

size_t approvals_warn(const struct diff_filter *f, struct diag *d)
{
	const struct suppressions *s = f->s;
	size_t k, n = 0, expired = 0;

	for (k = 0; k < s->napprovals; k++) {
		const struct approval *a = &s->approvals[k];
		uint32_t dup = f->approval_dup_of[k];

		if (a->expired && expired++ < STALE_SHOWN)
			diag_warning(d, DIAG_AT_FILE(NULL),
				     "%s: approval of '%s' expired on %s: "
				     "not applied",
				     a->where, a->name, a->until);
		else if (dup != KABI_NONE)
			say(f, d, &n, a->where,
			    "duplicate approval: already approved at ",
			    s->approvals[dup].where);
		else if (!a->expired && !f->approval_hits[k])
			say(f, d, &n, a->where,
			    "stale approval: it matched no change shown in "
			    "this comparison",
			    "");
	}
	if (n > STALE_SHOWN)
		say(f, d, &n, "approvals", "and more stale or duplicate", "");
	if (expired > STALE_SHOWN)
		diag_warning(d, DIAG_AT_FILE(NULL),
			     "and %zu more expired approvals",
			     expired - STALE_SHOWN);
	return n;
}
