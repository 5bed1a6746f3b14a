// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The shortest-path walk forward from one type pair as one view passes
 * the pairs (reach.h): nearest first, by fewest pointers, then fewest
 * steps, then lowest pair index (dist_of). It ranks how near a group's
 * root causes are, and gives the paths reports show.
 */
#include <stdlib.h>
#include <string.h>

#include "reach.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

void forward_init(struct forward *f, size_t npairs)
{
	memset(f, 0, sizeof(*f));
	f->dist = xmalloc(xmul(npairs + 1, sizeof(uint64_t)));
	f->via = xmalloc(xmul(npairs + 1, sizeof(uint32_t)));
	f->prev = xmalloc(xmul(npairs + 1, sizeof(uint32_t)));
	f->state = xcalloc(npairs + 1, 1);
	f->touched = xmalloc(xmul(npairs + 1, sizeof(uint32_t)));
}

void forward_free(struct forward *f)
{
	free(f->dist);
	free(f->via);
	free(f->prev);
	free(f->state);
	free(f->touched);
	free(f->heap);
	free(f->path_start);
	free(f->path_len);
	free(f->path_edges);
}

static bool heap_less(const struct heap_entry *a, const struct heap_entry *b)
{
	return a->dist != b->dist ? a->dist < b->dist : a->pair < b->pair;
}

static void heap_push(struct forward *f, uint64_t dist, uint32_t pair)
{
	size_t i;

	ALLOC_GROW(f->heap, f->nheap + 1, f->heap_alloc);
	i = f->nheap++;
	f->heap[i].dist = dist;
	f->heap[i].pair = pair;
	while (i && heap_less(&f->heap[i], &f->heap[(i - 1) / 2])) {
		struct heap_entry t = f->heap[i];

		f->heap[i] = f->heap[(i - 1) / 2];
		f->heap[(i - 1) / 2] = t;
		i = (i - 1) / 2;
	}
}

static struct heap_entry heap_pop(struct forward *f)
{
	struct heap_entry top = f->heap[0];
	size_t i = 0;

	f->heap[0] = f->heap[--f->nheap];
	for (;;) {
		size_t l = 2 * i + 1, r = l + 1, m = i;
		struct heap_entry t;

		if (l < f->nheap && heap_less(&f->heap[l], &f->heap[m]))
			m = l;
		if (r < f->nheap && heap_less(&f->heap[r], &f->heap[m]))
			m = r;
		if (m == i)
			break;
		t = f->heap[i];
		f->heap[i] = f->heap[m];
		f->heap[m] = t;
		i = m;
	}
	return top;
}

static void forward_offer(struct forward *f, uint32_t pair, uint64_t dist,
			  uint32_t via, uint32_t prev)
{
	if (f->state[pair] == 2 ||
	    (f->state[pair] == 1 && f->dist[pair] <= dist))
		return;
	if (!f->state[pair])
		f->touched[f->ntouched++] = pair;
	f->state[pair] = 1;
	f->dist[pair] = dist;
	f->via[pair] = via;
	f->prev[pair] = prev;
	heap_push(f, dist, pair);
}

static void forward_reset(struct forward *f)
{
	size_t i;

	for (i = 0; i < f->ntouched; i++)
		f->state[f->touched[i]] = 0;
	f->ntouched = f->nheap = 0;
}

void forward_walk(const struct diff_reach *x, struct forward *f, uint32_t view,
		  uint32_t from, uint64_t max_pointers,
		  bool (*found)(uint32_t, uint64_t, void *), void *ctx)
{
	const struct kabi_diff *d = x->d;

	forward_reset(f);
	if (!d->pairs[from].differs)
		return;
	forward_offer(f, from, 0, KABI_NONE, KABI_NONE);
	while (f->nheap) {
		struct heap_entry top = heap_pop(f);
		const struct type_pair *tp = &d->pairs[top.pair];
		enum pass pass;
		uint64_t cost;
		uint32_t e;

		if (f->state[top.pair] != 1 || f->dist[top.pair] != top.dist)
			continue; /* queued again, nearer */
		f->state[top.pair] = 2;
		pass = could_block(x, top.pair) ? pair_pass(x, view, top.pair)
						: PASS_OPEN;
		if (pass != PASS_OPEN)
			continue;
		if (tp->nitems && found(top.pair, top.dist, ctx))
			return;
		cost = diff_step_cost(d, top.pair);
		for (e = tp->first_edge; e < tp->first_edge + tp->nedges; e++) {
			uint32_t to = d->edges[e].to;
			uint64_t dist = top.dist + cost;

			if (d->pairs[to].differs &&
			    dist_pointers(dist) <= max_pointers)
				forward_offer(f, to, dist, e, top.pair);
		}
	}
}

/* --- paths as an export's unit sees the types ------------------------- */

struct path_target {
	const struct root_cause *root;
	uint32_t found;
};

static bool is_variant(uint32_t pair, uint64_t dist, void *ctx)
{
	struct path_target *t = ctx;
	size_t i;

	(void)dist;
	for (i = 0; i < t->root->nvariants; i++)
		if (t->root->variants[i] == pair) {
			t->found = pair;
			return true;
		}
	return false;
}

/* The path from a group's pair to the root, found once, as its row. */
static void group_path(const struct diff_reach *x, struct forward *f,
		       uint32_t group, const struct root_cause *root)
{
	uint32_t from = x->group_pair[group], p, n = 0, k;
	struct path_target t = {root, KABI_NONE};

	forward_walk(x, f, x->group_view[group], from, UINT64_MAX, is_variant,
		     &t);
	f->path_start[group] = (uint32_t)f->npath_edges;
	if (t.found == KABI_NONE) {
		f->path_len[group] = KABI_NONE;
		return;
	}
	for (p = t.found; p != from; p = f->prev[p])
		n++;
	ALLOC_GROW(f->path_edges, f->npath_edges + n + 1, f->path_edges_alloc);
	/* steps back from the root, stored from the export's end */
	for (p = t.found, k = n; p != from; p = f->prev[p])
		f->path_edges[f->npath_edges + --k] = f->via[p];
	f->npath_edges += n;
	f->path_len[group] = n;
}

size_t diff_reach_path(const struct kabi_diff *d, struct forward **walk,
		       uint32_t symbol, const struct root_cause *root,
		       uint32_t *edges, size_t max)
{
	const struct diff_reach *x = d->reach;
	struct forward *f;
	uint32_t g;
	size_t n;

	if (!x || d->symbols[symbol].view == KABI_NONE ||
	    x->group_of[symbol] == KABI_NONE)
		return SIZE_MAX;
	if (!*walk) {
		*walk = xcalloc(1, sizeof(**walk));
		forward_init(*walk, d->npairs);
		(*walk)->path_start =
		    xmalloc(xmul(x->ngroups + 1, sizeof(uint32_t)));
		(*walk)->path_len =
		    xmalloc(xmul(x->ngroups + 1, sizeof(uint32_t)));
	}
	f = *walk;
	if (f->root != root) {
		memset(f->path_start, 0xff,
		       (x->ngroups + 1) * sizeof(uint32_t));
		f->npath_edges = 0;
		f->root = root;
	}
	g = x->group_of[symbol];
	if (f->path_start[g] == KABI_NONE)
		group_path(x, f, g, root);
	if (f->path_len[g] == KABI_NONE)
		return SIZE_MAX;
	n = f->path_len[g] < max ? f->path_len[g] : max;
	memcpy(edges, f->path_edges + f->path_start[g], n * sizeof(uint32_t));
	return n;
}

bool diff_reach_path_seen(const struct kabi_diff *d, uint32_t symbol,
			  const uint32_t *edges, size_t n)
{
	const struct diff_reach *x = d->reach;
	uint32_t view = d->symbols[symbol].view, p = d->symbols[symbol].pair;
	size_t k;

	if (!x || view == KABI_NONE)
		return true;
	for (k = 0;; p = d->edges[edges[k++]].to) {
		if (could_block(x, p) && pair_pass(x, view, p) != PASS_OPEN)
			return false;
		if (k == n)
			return true;
	}
}

void diff_reach_walk_free(struct forward *walk)
{
	if (!walk)
		return;
	forward_free(walk);
	free(walk);
}
