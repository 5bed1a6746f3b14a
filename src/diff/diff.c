// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Comparing two models: the entry point of the diff/ stage (diff.h), and
 * its driver. Two phases, each step named with what it writes:
 *
 * compare: what differs, each pair and symbol by itself
 *   names          old_names, new_names: how reports spell types
 *   symbols        symbols (paired, their exports' own items, the pairs
 *                  of their types queued), views, units_unknown
 *   uapi pairs     the uapi types' pairs queued (DIFF_UAPI)
 *   types          pairs, items, edges, texts: every queued pair compared
 *   classify       pairs' and symbols' severity, private types
 *
 * reach: which exports each change reaches, and what the kernel says
 *   reverse        reverse: the edges backwards
 *   roots          roots (variants, transitive list, context), and each
 *                  pair's differs
 *   visible        roots' visible lists, reach (the walks in each view)
 *   settle         roots' beyond and severity; symbols' type flag and
 *                  severity
 *   rank           roots in the order reports give them
 *   crcs           symbols' CRC class and reason, crcs_compared
 *   uapi finish    uapi: the changed uapi types (DIFF_UAPI)
 *
 * A step reads only what the steps above it wrote. System calls are
 * compared apart (diff_syscalls), when asked.
 */
#include <stdlib.h>
#include <string.h>

#include "diff_impl.h"
#include "../util/parallel.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

/* The names of both sides' types, one side a job. */
static void name_side(size_t side, void *ctx)
{
	struct kabi_diff *d = ctx;

	if (side == 0)
		type_names_get(d->old, &d->old_names);
	else
		type_names_get(d->new, &d->new_names);
}

/*
 * Room for about what comparing two models holds: a pair for each type
 * and an edge for each part of one (most are compared), an export
 * change for each export of either side and an item for each (the CRCs
 * of most change in an update) and the index of pairs, allocated once
 * rather than copied a dozen times as they grow.
 */
static void reserve(struct differ *df)
{
	struct kabi_diff *d = df->d;
	const struct kabi_model *m =
	    d->old->ntypes > d->new->ntypes ? d->old : d->new;
	size_t symbols = d->old->nsymbols + d->new->nsymbols;

	ALLOC_GROW(d->pairs, m->ntypes, d->pairs_alloc);
	ALLOC_GROW(d->edges, m->ntypes + m->nmembers + m->nparams,
		   d->edges_alloc);
	ALLOC_GROW(d->symbols, symbols, d->symbols_alloc);
	ALLOC_GROW(d->items, symbols, d->items_alloc);
	hashmap_reserve(&df->pair_index, m->ntypes);
}

/* The first phase: what differs, each pair and symbol by itself. */
static void compare(struct kabi_diff *d, unsigned flags, unsigned threads)
{
	struct differ df;

	memset(&df, 0, sizeof(df));
	df.d = d;
	hashmap_init(&df.pair_index);
	parallel_run(2, threads, name_side, d);
	reserve(&df);
	diff_symbols(&df);
	if (flags & DIFF_UAPI)
		diff_uapi_pair(&df);
	differ_drain(&df);
	diff_classify(d);
	hashmap_free(&df.pair_index);
	free(df.queue);
	free(df.items);
	free(df.edges);
}

/* The second: which exports each change reaches, and what CRCs say. */
static void reach(struct kabi_diff *d, unsigned flags, unsigned threads)
{
	diff_reverse_build(d);
	diff_find_roots(d, threads);
	diff_reach_visible(d, threads);
	diff_settle_roots(d);
	diff_rank_roots(d);
	diff_crcs(d);
	if (flags & DIFF_UAPI)
		diff_uapi_finish(d);
}

void diff_models(const struct kabi_model *old, const struct kabi_model *new,
		 unsigned flags, unsigned threads, struct kabi_diff *d)
{
	memset(d, 0, sizeof(*d));
	d->old = old;
	d->new = new;
	d->transitive = flags & DIFF_TRANSITIVE;
	d->test_batch = flags >> 8;
	compare(d, flags, threads);
	reach(d, flags, threads);
}

void diff_free(struct kabi_diff *d)
{
	size_t i;

	for (i = 0; i < d->nroots; i++) {
		free(d->roots[i].visible.symbols);
		free(d->roots[i].visible.reach);
		free(d->roots[i].transitive.symbols);
		free(d->roots[i].transitive.reach);
		free(d->roots[i].variants);
	}
	free(d->roots);
	free(d->syscalls);
	free(d->uapi);
	diff_free_reverse(d);
	diff_reach_free(d);
	free(d->views);
	free(d->pairs);
	free(d->items);
	for (i = 0; i < d->ntexts; i++)
		free(d->texts[i]);
	free(d->texts);
	free(d->edges);
	free(d->symbols);
	type_names_free(&d->old_names);
	type_names_free(&d->new_names);
	memset(d, 0, sizeof(*d));
}
