// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Which exports each root cause reaches as their units see the types
 * (reach.h says how, and what each index is): the groups of exports, the
 * stage's driver, and each root's list, nearest first.
 */
#include <stdlib.h>
#include <string.h>

#include "reach.h"
#include "../util/numbering.h"
#include "../util/parallel.h"
#include "../util/rows.h"
#include "../util/sort.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

/* --- the groups of exports ------------------------------------------- */

static void build_groups(struct diff_reach *x)
{
	struct kabi_diff *d = x->d;
	struct numbering index = NUMBERING_INIT;
	size_t alloc = 0, alloc2 = 0, i;

	x->group_of = xmalloc(xmul(d->nsymbols + 1, sizeof(uint32_t)));
	for (i = 0; i < d->nsymbols; i++) {
		const struct symbol_change *s = &d->symbols[i];
		bool added;

		x->group_of[i] = KABI_NONE;
		if (s->pair == KABI_NONE || s->view == KABI_NONE ||
		    !d->pairs[s->pair].differs || !view_walked(d, s))
			continue;
		x->group_of[i] =
		    numbering_add(&index, s->pair, s->view, &added);
		if (!added)
			continue;
		ALLOC_GROW(x->group_pair, x->ngroups + 1, alloc);
		ALLOC_GROW(x->group_view, x->ngroups + 1, alloc2);
		x->group_pair[x->ngroups] = s->pair;
		x->group_view[x->ngroups++] = s->view;
	}
	numbering_free(&index);
}

/* --- the exports each root cause reaches ------------------------------ */

/* How near a group's walk found a root cause, within one pointer. */
struct near {
	uint32_t group, root;
	uint64_t dist;
};

struct near_finder {
	const struct diff_reach *x;
	uint32_t group;
	uint32_t *last_group; /* per root: the group that last found it */
	struct near *v;
	size_t n, alloc;
};

static bool note_near(uint32_t pair, uint64_t dist, void *ctx)
{
	struct near_finder *nf = ctx;
	uint32_t root = nf->x->cause_of[pair];

	/* a root's other variants, found later, are farther */
	if (root == KABI_NONE || nf->last_group[root] == nf->group)
		return false;
	nf->last_group[root] = nf->group;
	ALLOC_GROW(nf->v, nf->n + 1, nf->alloc);
	nf->v[nf->n].group = nf->group;
	nf->v[nf->n].root = root;
	nf->v[nf->n++].dist = dist;
	return false;
}

/* A thread's walk state, kept from job to job. */
struct near_thread {
	struct forward f;
	uint32_t *last_group; /* per root */
};

struct near_run {
	const struct diff_reach *x;
	struct near_thread *threads;
	struct near_finder *all; /* the rows of every job, in order */
	uint32_t *start;
};

/* One job: the walks of groups [first, first + near_batch). */
static void *near_job(size_t index, unsigned thread, void *ctx)
{
	struct near_run *run = ctx;
	const struct diff_reach *x = run->x;
	struct near_thread *t = &run->threads[thread];
	struct near_finder *nf = xcalloc(1, sizeof(*nf));
	size_t g, end = (index + 1) * x->near_batch;

	if (!t->last_group) {
		forward_init(&t->f, x->d->npairs);
		t->last_group =
		    xmalloc(xmul(x->d->nroots + 1, sizeof(uint32_t)));
		memset(t->last_group, 0xff,
		       (x->d->nroots + 1) * sizeof(uint32_t));
	}
	nf->x = x;
	nf->last_group = t->last_group;
	for (g = index * x->near_batch; g < end && g < x->ngroups; g++) {
		run->start[g] = (uint32_t)nf->n; /* within the job, for now */
		nf->group = (uint32_t)g;
		forward_walk(x, &t->f, x->group_view[g], x->group_pair[g], 1,
			     note_near, nf);
	}
	return nf;
}

static void keep_near(size_t index, void *result, void *ctx)
{
	struct near_run *run = ctx;
	struct near_finder *nf = result, *all = run->all;
	size_t g, end = (index + 1) * run->x->near_batch;

	for (g = index * run->x->near_batch; g < end && g < run->x->ngroups;
	     g++)
		run->start[g] += (uint32_t)all->n;
	ALLOC_GROW(all->v, all->n + nf->n, all->alloc);
	if (nf->n)
		memcpy(all->v + all->n, nf->v, nf->n * sizeof(*nf->v));
	all->n += nf->n;
	free(nf->v);
	free(nf);
}

/*
 * Each group's walk within one pointer: rows of struct near by group,
 * the groups in jobs on the threads, their rows kept in order.
 */
static void find_near(const struct diff_reach *x, unsigned threads,
		      struct near_finder *nf, uint32_t **start)
{
	size_t njobs = (x->ngroups + x->near_batch - 1) / x->near_batch;
	struct near_run run = {.x = x, .all = nf};
	unsigned t;

	if (threads < 1)
		threads = 1;
	nf->x = x;
	*start = xmalloc(xmul(x->ngroups + 1, sizeof(uint32_t)));
	run.start = *start;
	run.threads = xcalloc(threads, sizeof(*run.threads));
	parallel_ordered(njobs, threads, 2 * (size_t)threads, near_job,
			 keep_near, &run);
	(*start)[x->ngroups] = (uint32_t)nf->n;
	for (t = 0; t < threads; t++) {
		if (!run.threads[t].last_group)
			continue;
		forward_free(&run.threads[t].f);
		free(run.threads[t].last_group);
	}
	free(run.threads);
}

/* A group's distance to a root: as near found it, or two pointers. */
static uint64_t group_dist(const struct near_finder *nf, const uint32_t *start,
			   uint32_t group, uint32_t root)
{
	uint32_t k;

	for (k = start[group]; k < start[group + 1]; k++)
		if (nf->v[k].root == root)
			return nf->v[k].dist;
	return DIST_FURTHER;
}

/*
 * The hits as rows by root, each row's groups ascending: a batch's hits
 * come root by root, its groups ascending, and the batches in order of
 * their groups, so rows that keep the order given keep it.
 */
static void walk_hits(struct rows_builder *b, void *ctx)
{
	const struct hits *h = ctx;
	size_t i;

	for (i = 0; i < h->n; i++)
		rows_put(b, h->v[i].what, h->v[i].group);
}

/* A group that reaches a root within one pointer, and how near. */
struct ranked_group {
	uint64_t dist;
	uint32_t group;
};

static int compare_ranked(const void *a, const void *b)
{
	const struct ranked_group *x = a, *y = b;

	if (x->dist != y->dist)
		return x->dist < y->dist ? -1 : 1;
	return x->group < y->group ? -1 : x->group > y->group;
}

/* The symbol changes of each group, as rows. */
static void walk_group_symbols(struct rows_builder *b, void *ctx)
{
	const struct diff_reach *x = ctx;
	size_t i;

	for (i = 0; i < x->d->nsymbols; i++)
		if (x->group_of[i] != KABI_NONE)
			rows_put(b, x->group_of[i], (uint32_t)i);
}

/* The exports of groups [from, to), all at distance dist, sorted by index. */
static void add_run(struct root_exports *list, const uint32_t *groups,
		    size_t from, size_t to, const struct rows *group_syms,
		    uint64_t dist)
{
	size_t at = list->n, i, k;

	for (i = from; i < to; i++)
		for (k = 0; k < rows_count(group_syms, groups[i]); k++) {
			list->symbols[list->n] =
			    rows_row(group_syms, groups[i])[k];
			list->reach[list->n++] = diff_reach_of(dist);
		}
	sort_u32(list->symbols + at, list->n - at);
}

/*
 * Each root's visible list: its exports, nearest first, then by index,
 * from the groups that reach it. The few groups within one pointer are sorted
 * by distance; the rest are all at one distance, two pointers, and need only
 * their exports sorted.
 */
static void root_lists(const struct diff_reach *x, struct hits *h,
		       const struct near_finder *nf, const uint32_t *near_start)
{
	struct kabi_diff *d = x->d;
	const uint64_t further = DIST_FURTHER;
	struct ranked_group *near = NULL;
	uint32_t *groups = NULL;
	struct rows group_syms, root_groups;
	size_t near_alloc = 0, groups_alloc = 0, i, r;

	rows_build(&group_syms, x->ngroups, walk_group_symbols, (void *)x);
	rows_build(&root_groups, d->nroots, walk_hits, h);
	for (r = 0; r < d->nroots; r++) {
		size_t nnear = 0, nfar = 0, n = 0, k, run;
		struct root_exports *list;

		for (i = 0; i < rows_count(&root_groups, r); i++) {
			uint32_t g = rows_row(&root_groups, r)[i];
			uint64_t dist =
			    group_dist(nf, near_start, g, (uint32_t)r);

			n += rows_count(&group_syms, g);
			if (dist == further) {
				ALLOC_GROW(groups, nfar + 1, groups_alloc);
				groups[nfar++] = g;
				continue;
			}
			ALLOC_GROW(near, nnear + 1, near_alloc);
			near[nnear].dist = dist;
			near[nnear++].group = g;
		}
		array_sort(near, nnear, sizeof(*near), compare_ranked);
		list = &d->roots[r].visible;
		list->n = 0;
		list->symbols = xmalloc(xmul(n + 1, sizeof(uint32_t)));
		list->reach = xmalloc(n + 1);
		/* groups[] has the far groups first, then the near by run */
		ALLOC_GROW(groups, nfar + nnear + 1, groups_alloc);
		for (k = 0; k < nnear; k++)
			groups[nfar + k] = near[k].group;
		for (k = 0; k < nnear; k = run) {
			for (run = k;
			     run < nnear && near[run].dist == near[k].dist;
			     run++)
				;
			add_run(list, groups, nfar + k, nfar + run, &group_syms,
				near[k].dist);
		}
		add_run(list, groups, 0, nfar, &group_syms, further);
	}
	free(near);
	free(groups);
	rows_free(&root_groups);
	rows_free(&group_syms);
}

void diff_reach_visible(struct kabi_diff *d, unsigned threads)
{
	struct diff_reach *x = xcalloc(1, sizeof(*x));
	struct hits roots = {0};
	struct near_finder nf = {0};
	uint32_t *near_start;
	size_t r, i;

	x->d = d;
	d->reach = x;
	x->batch = REACH_BATCH_MAX;
	x->near_batch = REACH_NEAR_BATCH;
	if (d->test_batch) {
		x->batch = x->near_batch = d->test_batch < REACH_BATCH_MAX
					       ? d->test_batch
					       : REACH_BATCH_MAX;
		x->check = true;
	}
	sight_build(x, threads);
	graph_build(x);
	build_groups(x);
	sight_build_hidden(x, threads);
	x->cause_of = xmalloc(xmul(d->npairs + 1, sizeof(uint32_t)));
	memset(x->cause_of, 0xff, (d->npairs + 1) * sizeof(uint32_t));
	for (r = 0; r < d->nroots; r++)
		for (i = 0; i < d->roots[r].nvariants; i++)
			x->cause_of[d->roots[r].variants[i]] = (uint32_t)r;
	carry_groups(x, threads, &roots);
	find_near(x, threads, &nf, &near_start);
	root_lists(x, &roots, &nf, near_start);
	if (x->check)
		reach_check(x);
	free(roots.v);
	free(nf.v);
	free(near_start);
}

void diff_reach_free(struct kabi_diff *d)
{
	struct diff_reach *x = d->reach;

	if (!x)
		return;
	sight_free(x);
	graph_free(x);
	free(x->group_of);
	free(x->group_pair);
	free(x->group_view);
	free(x->cause_of);
	free(x);
	d->reach = NULL;
}
