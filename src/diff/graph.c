// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The graph of differing pairs (reach.h): each differing pair's dense
 * number, its edges to differing pairs, and the strongly connected
 * components, sources first, each member in an order that carries bits
 * round it few times.
 */
#include <stdlib.h>
#include <string.h>

#include "reach.h"
#include "../util/rows.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

/* Each differing pair's edges to differing pairs, as dense numbers. */
static void walk_edges(struct rows_builder *b, void *ctx)
{
	const struct diff_reach *x = ctx;
	const struct kabi_diff *d = x->d;
	size_t dense;
	uint32_t e;

	for (dense = 0; dense < x->ndense; dense++) {
		const struct type_pair *tp = &d->pairs[x->pairs[dense]];

		for (e = tp->first_edge; e < tp->first_edge + tp->nedges; e++)
			if (x->dense[d->edges[e].to] != KABI_NONE)
				rows_put(b, (uint32_t)dense,
					 x->dense[d->edges[e].to]);
	}
}

static void build_graph(struct diff_reach *x)
{
	const struct kabi_diff *d = x->d;
	size_t p;

	x->dense = xmalloc(xmul(d->npairs + 1, sizeof(uint32_t)));
	x->pairs = xmalloc(xmul(d->npairs + 1, sizeof(uint32_t)));
	for (p = 0; p < d->npairs; p++) {
		x->dense[p] =
		    d->pairs[p].differs ? (uint32_t)x->ndense : KABI_NONE;
		if (d->pairs[p].differs)
			x->pairs[x->ndense++] = (uint32_t)p;
	}
	rows_build(&x->edges, x->ndense, walk_edges, x);
}

/*
 * Tarjan's strongly connected components, without recursion. Tarjan
 * finds them sinks first; they are stored the other way round.
 */
struct tarjan {
	uint32_t *index, *low, *stack, *call, *next_edge;
	uint8_t *on_stack;
	size_t depth, ncall, counter;
};

static void scc_visit(struct diff_reach *x, struct tarjan *t, uint32_t root,
		      uint32_t *out, size_t *nout, uint32_t *starts,
		      size_t *nstarts)
{
	t->call[t->ncall++] = root;
	t->index[root] = t->low[root] = (uint32_t)++t->counter;
	t->next_edge[root] = x->edges.start[root];
	t->stack[t->depth++] = root;
	t->on_stack[root] = 1;
	while (t->ncall) {
		uint32_t v = t->call[t->ncall - 1];

		if (t->next_edge[v] < x->edges.start[v + 1]) {
			uint32_t w = x->edges.items[t->next_edge[v]++];

			if (!t->index[w]) {
				t->index[w] = t->low[w] =
				    (uint32_t)++t->counter;
				t->next_edge[w] = x->edges.start[w];
				t->stack[t->depth++] = w;
				t->on_stack[w] = 1;
				t->call[t->ncall++] = w;
			} else if (t->on_stack[w] && t->index[w] < t->low[v]) {
				t->low[v] = t->index[w];
			}
			continue;
		}
		t->ncall--;
		if (t->ncall) {
			uint32_t parent = t->call[t->ncall - 1];

			if (t->low[v] < t->low[parent])
				t->low[parent] = t->low[v];
		}
		if (t->low[v] != t->index[v])
			continue;
		starts[(*nstarts)++] = (uint32_t)*nout;
		for (;;) {
			uint32_t w = t->stack[--t->depth];

			t->on_stack[w] = 0;
			out[(*nout)++] = w;
			if (w == v)
				break;
		}
	}
}

/*
 * A component's members in reverse postorder of a walk within it, from
 * where Tarjan's walk entered it: most edges then lead to a member
 * carried later, so bits go round the component fewer times.
 */
static void order_component(struct diff_reach *x, uint32_t c, struct tarjan *t,
			    uint32_t *post)
{
	uint32_t *members = x->scc_pairs + x->scc_start[c];
	size_t size = x->scc_start[c + 1] - x->scc_start[c], n = 0, i;

	if (size < 3)
		return;
	/*
	 * members[] holds them as Tarjan popped them: the entry last.
	 * Tarjan's on_stack, all clear once it is done, marks those seen.
	 */
	for (i = size; i-- > 0;) {
		if (t->on_stack[members[i]])
			continue;
		t->on_stack[members[i]] = 1;
		t->next_edge[members[i]] = x->edges.start[members[i]];
		t->stack[t->depth++] = members[i];
		while (t->depth) {
			uint32_t v = t->stack[t->depth - 1], w;

			if (t->next_edge[v] == x->edges.start[v + 1]) {
				post[n++] = v;
				t->depth--;
				continue;
			}
			w = x->edges.items[t->next_edge[v]++];
			if (x->scc_of[w] == c && !t->on_stack[w]) {
				t->on_stack[w] = 1;
				t->next_edge[w] = x->edges.start[w];
				t->stack[t->depth++] = w;
			}
		}
	}
	for (i = 0; i < size; i++)
		members[i] = post[size - 1 - i];
}

static void build_sccs(struct diff_reach *x)
{
	size_t n = x->ndense, nout = 0, nstarts = 0, i, k;
	struct tarjan t;
	uint32_t *out = xmalloc(xmul(n + 1, sizeof(uint32_t)));
	uint32_t *starts = xmalloc(xmul(n + 1, sizeof(uint32_t)));

	t.index = xcalloc(n + 1, sizeof(uint32_t));
	t.low = xcalloc(n + 1, sizeof(uint32_t));
	t.stack = xmalloc(xmul(n + 1, sizeof(uint32_t)));
	t.call = xmalloc(xmul(n + 1, sizeof(uint32_t)));
	t.next_edge = xmalloc(xmul(n + 1, sizeof(uint32_t)));
	t.on_stack = xcalloc(n + 1, 1);
	t.depth = t.ncall = t.counter = 0;
	for (i = 0; i < n; i++)
		if (!t.index[i])
			scc_visit(x, &t, (uint32_t)i, out, &nout, starts,
				  &nstarts);
	/* sources first: the components in reverse */
	x->nscc = nstarts;
	x->scc_start = xmalloc(xmul(nstarts + 2, sizeof(uint32_t)));
	x->scc_pairs = xmalloc(xmul(n + 1, sizeof(uint32_t)));
	x->scc_of = xmalloc(xmul(n + 1, sizeof(uint32_t)));
	x->scc_start[0] = 0;
	for (i = 0, k = 0; i < nstarts; i++) {
		size_t c = nstarts - 1 - i;
		size_t end = c + 1 < nstarts ? starts[c + 1] : nout, j;

		for (j = starts[c]; j < end; j++) {
			x->scc_of[out[j]] = (uint32_t)i;
			x->scc_pairs[k++] = out[j];
		}
		x->scc_start[i + 1] = (uint32_t)k;
	}
	for (i = 0; i < nstarts; i++)
		order_component(x, (uint32_t)i, &t, out);
	free(out);
	free(starts);
	free(t.index);
	free(t.low);
	free(t.stack);
	free(t.call);
	free(t.next_edge);
	free(t.on_stack);
}

void graph_build(struct diff_reach *x)
{
	build_graph(x);
	build_sccs(x);
}

void graph_free(struct diff_reach *x)
{
	free(x->dense);
	free(x->pairs);
	rows_free(&x->edges);
	free(x->scc_start);
	free(x->scc_pairs);
	free(x->scc_of);
}
