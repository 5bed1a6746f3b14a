// SPDX-License-Identifier: GPL-2.0-or-later
/* Comparing two models: the entry point of the diff/ stage; see diff.h. */
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

void diff_models(const struct kabi_model *old, const struct kabi_model *new,
		 unsigned flags, unsigned threads, struct kabi_diff *d)
{
	struct differ df;

	memset(d, 0, sizeof(*d));
	memset(&df, 0, sizeof(df));
	d->old = old;
	d->new = new;
	parallel_run(2, threads, name_side, d);
	df.d = d;
	d->transitive = flags & DIFF_TRANSITIVE;
	hashmap_init(&df.pair_index);
	reserve(&df);
	diff_symbols(&df);
	if (flags & DIFF_UAPI)
		diff_uapi_pair(&df);
	differ_drain(&df);
	diff_roots(d, threads);
	if (flags & DIFF_UAPI)
		diff_uapi_finish(d);
	hashmap_free(&df.pair_index);
	free(df.queue);
	free(df.items);
	free(df.edges);
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
