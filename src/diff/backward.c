// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The shortest-path walk backward from a root cause (diff_impl.h, struct
 * back_walk) over the edges reversed: the pairs that reach the root,
 * nearest first, by the metric of the forward walk (dist_of: fewest
 * pointers, then fewest steps). Root causes find their exports with it,
 * and reports the paths to them.
 */
#include <stdlib.h>
#include <string.h>

#include "diff_impl.h"
#include "../util/rows.h"
#include "../util/sort.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

/*
 * A step back over an edge: the pair it leaves, the edge, and what the
 * step costs (diff_step_cost).
 */
struct back_step {
	uint32_t from;
	uint32_t edge;
	uint64_t cost;
};

/* Edges reversed, as compressed rows: the steps back from each pair. */
struct diff_reverse {
	uint32_t *start; /* npairs + 1 */
	struct back_step *step;
};

void back_walk_init(struct back_walk *w, size_t npairs)
{
	memset(w, 0, sizeof(*w));
	w->seen = xcalloc(npairs + 1, 1);
	w->order = xmalloc(xmul(npairs + 1, sizeof(uint32_t)));
	w->via = xmalloc(xmul(npairs + 1, sizeof(uint32_t)));
	w->dist = xmalloc(xmul(npairs + 1, sizeof(uint64_t)));
	w->batch = xmalloc(xmul(npairs + 1, sizeof(uint32_t)));
	w->queued = xmalloc(xmul(npairs + 1, sizeof(uint32_t)));
}

void back_walk_free(struct back_walk *w)
{
	size_t i;

	free(w->seen);
	free(w->order);
	free(w->via);
	free(w->dist);
	for (i = 0; i < 3; i++)
		free(w->levels[i].item);
	free(w->batch);
	free(w->queued);
}

static void queue_push(struct queue *q, uint32_t pair, uint64_t dist)
{
	ALLOC_GROW(q->item, q->n + 1, q->alloc);
	q->item[q->n].dist = dist;
	q->item[q->n++].pair = pair;
}

/* The queue's first entry still waiting as queued, or NULL. */
static const struct queued_pair *queue_first(const struct back_walk *w,
					     struct queue *q)
{
	while (q->head < q->n) {
		const struct queued_pair *e = &q->item[q->head];

		if (w->seen[e->pair] == 1 && w->dist[e->pair] == e->dist)
			return e;
		q->head++; /* done, or queued again nearer */
	}
	return NULL;
}

/* Move q's waiting entries at distance dist into the batch. */
static void take_batch(struct back_walk *w, struct queue *q, uint64_t dist)
{
	const struct queued_pair *e;

	while ((e = queue_first(w, q)) && e->dist == dist) {
		w->batch[w->batch_n++] = e->pair;
		q->head++;
	}
}

/* The next batch: every pair waiting at the least distance; false: none. */
static bool next_batch(struct back_walk *w)
{
	for (;;) {
		const struct queued_pair *c = queue_first(w, w->carried);
		const struct queued_pair *f = queue_first(w, w->fresh);
		struct queue *done;
		uint64_t dist;

		if (c || f) {
			dist =
			    !f || (c && c->dist < f->dist) ? c->dist : f->dist;
			w->batch_n = w->batch_done = 0;
			take_batch(w, w->carried, dist);
			take_batch(w, w->fresh, dist);
			sort_u32(w->batch, w->batch_n);
			return true;
		}
		if (w->next->head == w->next->n)
			return false;
		/* level P is done: P + 1 is carried, a new level is next */
		done = w->carried;
		w->carried = w->next;
		done->head = done->n = 0;
		w->fresh->head = w->fresh->n = 0;
		w->next = done;
	}
}

/* Queue p at distance dist, reached by edge via, if that is nearer. */
static void back_walk_offer(struct back_walk *w, uint32_t p, uint64_t dist,
			    uint32_t via)
{
	uint64_t level = w->n ? dist_pointers(w->dist[w->order[w->n - 1]]) : 0;

	if (w->seen[p] == 2 || (w->seen[p] == 1 && w->dist[p] <= dist))
		return;
	w->dist[p] = dist;
	w->via[p] = via;
	if (!w->seen[p])
		w->queued[w->touched++] = p;
	w->seen[p] = 1;
	queue_push(dist_pointers(dist) == level ? w->fresh : w->next, p, dist);
}

/* Each edge in the row of the pair it leads to, in edge order. */
static void walk_edges_back(struct rows_builder *b, void *ctx)
{
	const struct kabi_diff *d = ctx;
	size_t p, e;

	for (p = 0; p < d->npairs; p++)
		for (e = d->pairs[p].first_edge;
		     e < d->pairs[p].first_edge + d->pairs[p].nedges; e++)
			rows_put(b, d->edges[e].to, (uint32_t)e);
}

/*
 * The steps back, once pairs are classified; each row in edge order:
 * the rows of edges by where they lead, each edge then made the step
 * its walk takes (where from, at what cost), looked up once.
 */
void diff_reverse_build(struct kabi_diff *d)
{
	struct diff_reverse *r = xcalloc(1, sizeof(*r));

	uint32_t *from = xmalloc(xmul(d->nedges + 1, sizeof(uint32_t)));
	struct rows back;
	size_t p, e, k;

	for (p = 0; p < d->npairs; p++)
		for (e = d->pairs[p].first_edge;
		     e < d->pairs[p].first_edge + d->pairs[p].nedges; e++)
			from[e] = (uint32_t)p;
	rows_build(&back, d->npairs, walk_edges_back, (void *)d);
	r->start = back.start;
	r->step =
	    xmalloc(xmul((size_t)r->start[d->npairs] + 1, sizeof(*r->step)));
	for (k = 0; k < r->start[d->npairs]; k++) {
		struct back_step *st = &r->step[k];

		st->edge = back.items[k];
		st->from = from[st->edge];
		st->cost = diff_step_cost(d, st->from);
	}
	free(back.items);
	free(from);
	d->reverse = r;
}

void back_walk_start(const struct root_cause *root, struct back_walk *w)
{
	size_t i;

	for (i = 0; i < w->touched; i++)
		w->seen[w->queued[i]] = 0;
	w->n = w->touched = w->batch_n = w->batch_done = 0;
	for (i = 0; i < 3; i++)
		w->levels[i].head = w->levels[i].n = 0;
	w->carried = &w->levels[0];
	w->fresh = &w->levels[1];
	w->next = &w->levels[2];
	for (i = 0; i < root->nvariants; i++)
		back_walk_offer(w, root->variants[i], 0, KABI_NONE);
}

void back_walk_until(const struct kabi_diff *d, struct back_walk *w,
		     uint32_t until)
{
	const struct diff_reverse *r = d->reverse;
	uint32_t k;

	while (until == KABI_NONE || w->seen[until] != 2) {
		uint32_t p;

		if (w->batch_done == w->batch_n && !next_batch(w))
			break;
		p = w->batch[w->batch_done++];
		w->seen[p] = 2;
		w->order[w->n++] = p;
		for (k = r->start[p]; k < r->start[p + 1]; k++) {
			const struct back_step *st = &r->step[k];

			back_walk_offer(w, st->from, w->dist[p] + st->cost,
					st->edge);
		}
	}
}

void back_walk_all(const struct kabi_diff *d, const struct root_cause *root,
		   struct back_walk *w)
{
	back_walk_start(root, w);
	back_walk_until(d, w, KABI_NONE);
}

void diff_free_reverse(struct kabi_diff *d)
{
	if (!d->reverse)
		return;
	free(d->reverse->start);
	free(d->reverse->step);
	free(d->reverse);
	d->reverse = NULL;
}
