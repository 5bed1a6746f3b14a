// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Which exports a root cause reaches as their units see the types.
 *
 * genksyms computes an export's CRC in the unit that exports it,
 * expanding a struct, union or enum where that unit defines it and
 * writing "struct foo { UNKNOWN }" where it only declares it. A change
 * reaches the CRC along the definitions the unit holds, and no further.
 * So does it here: a walk from an export does not enter a pair whose
 * struct its unit (old or new) only declares (model.h, kabi_unit).
 *
 * Walking from each export in turn costs the whole reachable graph per
 * export: most exports reach the same few thousand pairs (net_device,
 * sk_buff, task_struct point at each other). Instead the exports, in
 * groups of the same type pair and view, are carried as bits through the
 * graph of differing pairs at once, in the order of its strongly
 * connected components: a pair's bits say which groups reach it. A
 * walk from each group within one pointer then tells how near each cause
 * is (by value, within one pointer), and the rest is further.
 */
#include <stdlib.h>
#include <string.h>

#include "diff_impl.h"
#include "../util/hashmap.h"
#include "../util/parallel.h"
#include "../util/rows.h"
#include "../util/sort.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

/* Groups carried through the graph at once: 64 a word. */
#define GROUPS_AT_ONCE 512
#define WORDS	       (GROUPS_AT_ONCE / 64)

/* --- opaque tags: which pairs a view does not enter ------------------ */

/*
 * One side's tags that some unit declares without defining, numbered,
 * and per unit a bit for each it so declares.
 */
struct side_tags {
	struct hashmap index; /* (kind, name string) -> number */
	size_t n, words;
	uint64_t *unit_bits; /* per unit: words */
	uint32_t *pair_tag;  /* per pair: its type's number, or KABI_NONE */
	/* the other way: per tag, as rows, the units that only declare it */
	struct rows tag_units;
	/* the units sorted by name string, for those a file names */
	uint32_t *by_name;
	size_t nunits;
};

static bool is_tag(const struct kabi_type *t)
{
	return t->name && (t->kind == KABI_STRUCT || t->kind == KABI_UNION ||
			   t->kind == KABI_ENUM);
}

static uint64_t tag_hash(uint8_t kind, uint32_t name)
{
	return hash_combine(hash_u64(kind), name);
}

static uint32_t tag_number(const struct side_tags *st, uint8_t kind,
			   uint32_t name, const struct kabi_tag *tags)
{
	struct hashmap_iter it;
	struct hashmap_entry *e;

	for (e = hashmap_first(&st->index, tag_hash(kind, name), &it); e;
	     e = hashmap_next(&st->index, &it))
		if (tags[e->key].kind == kind && tags[e->key].name == name)
			return (uint32_t)e->value;
	return KABI_NONE;
}

static int compare_unit_names(const void *a, const void *b, void *ctx)
{
	const struct kabi_model *m = ctx;
	uint32_t x = m->units[*(const uint32_t *)a].name;
	uint32_t y = m->units[*(const uint32_t *)b].name;

	return (x > y) - (x < y);
}

/* The tag numbers a unit only declares, in order, into out; how many. */
static size_t unit_tags(const struct side_tags *st, size_t u, uint32_t *out)
{
	size_t w, n = 0;

	for (w = 0; w < st->words; w++) {
		uint64_t bits = st->unit_bits[u * st->words + w];

		for (; bits; bits &= bits - 1)
			out[n++] =
			    (uint32_t)(w * 64 + (size_t)__builtin_ctzll(bits));
	}
	return n;
}

/* The units that only declare each tag, as rows. */
struct tag_walk {
	const struct side_tags *st;
	const struct kabi_model *m;
	uint32_t *tags; /* room for a unit's tag numbers */
};

static void walk_tag_units(struct rows_builder *b, void *ctx)
{
	const struct tag_walk *w = ctx;
	size_t u, k, n;

	for (u = 1; u < w->m->nunits; u++)
		for (n = unit_tags(w->st, u, w->tags), k = 0; k < n; k++)
			rows_put(b, w->tags[k], (uint32_t)u);
}

/* The rows of units per tag, and the units by name. */
static void side_tags_invert(struct side_tags *st, const struct kabi_model *m)
{
	struct tag_walk w = {st, m, xmalloc(xmul(st->n + 1, sizeof(uint32_t)))};
	size_t u;

	rows_build(&st->tag_units, st->n, walk_tag_units, &w);
	free(w.tags);
	st->nunits = m->nunits ? m->nunits - 1 : 0;
	st->by_name = xmalloc(xmul(st->nunits + 1, sizeof(uint32_t)));
	for (u = 0; u < st->nunits; u++)
		st->by_name[u] = (uint32_t)(u + 1);
	array_sort_r(st->by_name, st->nunits, sizeof(uint32_t),
		     compare_unit_names, (void *)m);
}

/* The tags the units only declare, numbered as first met: each entry's. */
static uint32_t *number_opaque(struct side_tags *st, const struct kabi_model *m)
{
	uint32_t *number = xmalloc(xmul(m->nopaque + 1, sizeof(uint32_t)));
	size_t u;
	uint32_t k;

	for (u = 1; u < m->nunits; u++)
		for (k = 0; k < m->units[u].nopaque; k++) {
			uint32_t at = m->units[u].first_opaque + k;
			const struct kabi_tag *t = &m->opaque[at];

			number[at] =
			    tag_number(st, t->kind, t->name, m->opaque);
			if (number[at] != KABI_NONE)
				continue;
			hashmap_add(&st->index, tag_hash(t->kind, t->name), at,
				    st->n);
			number[at] = (uint32_t)st->n++;
		}
	return number;
}

static void side_tags_build(struct side_tags *st, const struct kabi_model *m,
			    const struct kabi_diff *d, bool old_side)
{
	uint32_t *number, k;
	size_t u, p;

	memset(st, 0, sizeof(*st));
	hashmap_init(&st->index);
	/* a kernel's 162,000 entries name some 600 tags, looked up once */
	number = number_opaque(st, m);
	st->words = (st->n + 63) / 64;
	st->unit_bits =
	    xcalloc(xmul(m->nunits, st->words) + 1, sizeof(uint64_t));
	for (u = 1; u < m->nunits; u++)
		for (k = 0; k < m->units[u].nopaque; k++) {
			uint32_t n = number[m->units[u].first_opaque + k];

			st->unit_bits[u * st->words + n / 64] |= UINT64_C(1)
								 << (n % 64);
		}
	free(number);
	side_tags_invert(st, m);
	st->pair_tag = xmalloc(xmul(d->npairs + 1, sizeof(uint32_t)));
	for (p = 0; p < d->npairs; p++) {
		const struct kabi_type *t = model_type(
		    m, old_side ? d->pairs[p].old_type : d->pairs[p].new_type);

		st->pair_tag[p] =
		    is_tag(t) ? tag_number(st, t->kind, t->name, m->opaque)
			      : KABI_NONE;
	}
}

static void side_tags_free(struct side_tags *st)
{
	rows_free(&st->tag_units);
	free(st->by_name);
	hashmap_free(&st->index);
	free(st->unit_bits);
	free(st->pair_tag);
}

/*
 * What pair_pass needs of a pair's type on one side, looked up once: its
 * number among the tags units only declare, whether the tree only
 * declares it, and the file that defines it when it is a tag.
 */
struct side_pass {
	uint32_t tag;  /* side_tags number, or KABI_NONE */
	uint32_t home; /* decl_file of a defined tag, or 0 */
	bool declaration;
};

static void side_pass_init(struct side_pass *sp, const struct side_tags *st,
			   const struct kabi_model *m, uint32_t pair,
			   uint32_t type)
{
	const struct kabi_type *t = model_type(m, type);

	sp->tag = st->pair_tag[pair];
	sp->declaration = t->flags & KABI_TYPE_DECLARATION;
	sp->home = is_tag(t) && !sp->declaration ? t->decl_file : 0;
}

/*
 * Whether a unit sees a tag's definition as genksyms does: not where it
 * only declares it, and not where the unit's own file defines it, as
 * genksyms records no struct, union or enum of the file it reads (only
 * those of its headers), so that what a .c file keeps to itself is no
 * part of its exports' CRCs.
 */
static bool unit_opaque(const struct side_tags *st, const struct kabi_model *m,
			uint32_t unit, const struct side_pass *sp)
{
	if (!unit)
		return false;
	if (sp->tag != KABI_NONE &&
	    (st->unit_bits[unit * st->words + sp->tag / 64] >> (sp->tag % 64) &
	     1))
		return true;
	return sp->home && sp->home == m->units[unit].name;
}

/*
 * How a walk of one view passes a pair: through it; not at all (both
 * units only declare it: nothing in it shows); or not, because one unit
 * defines it and the other only declares it (a view change).
 */
enum pass { PASS_OPEN, PASS_STOP, PASS_VIEW_CHANGE };

struct diff_reach {
	struct kabi_diff *d;
	struct side_tags old_tags, new_tags;
	uint32_t *dense; /* per pair: its number among the differing */
	uint32_t *pairs; /* the differing pairs, by number */
	size_t ndense;
	/* the differing pairs' edges to differing pairs, as rows */
	struct rows edges;
	/* strongly connected components, sources first, as rows */
	uint32_t *scc_start, *scc_pairs, *scc_of;
	size_t nscc;
	/* groups: exports of one type pair and one view */
	uint32_t *group_of; /* per symbol change, or KABI_NONE */
	uint32_t *group_pair, *group_view;
	size_t ngroups;
	uint32_t *cause_of; /* per pair: its root, or KABI_NONE */
	struct side_pass *old_pass, *new_pass; /* per pair */
	/* per unit of each side, the differing pairs it could hide */
	/* per unit of each side, as rows, the dense pairs it could hide */
	struct rows old_hidden, new_hidden;
	/* the differing pairs that could block and the tree only declares */
	uint32_t *declared;
	size_t ndeclared;
};

static enum pass pair_pass(const struct diff_reach *x, uint32_t view,
			   uint32_t pair)
{
	const struct kabi_diff *d = x->d;
	const struct unit_view *v = &d->views[view];
	const struct side_pass *o = &x->old_pass[pair], *n = &x->new_pass[pair];
	bool old_hides = unit_opaque(&x->old_tags, d->old, v->old_unit, o);
	bool new_hides = unit_opaque(&x->new_tags, d->new, v->new_unit, n);
	bool old_opaque, new_opaque;

	/*
	 * A unit one side does not know (a BTF kernel, or a baseline without
	 * units, against a DWARF one) is taken to see what the other side's
	 * unit sees: it is the same source file, most likely unchanged.
	 */
	if (!v->old_unit)
		old_hides = new_hides;
	if (!v->new_unit)
		new_hides = old_hides;
	old_opaque = o->declaration || old_hides;
	new_opaque = n->declaration || new_hides;

	if (!old_opaque && !new_opaque)
		return PASS_OPEN;
	if (old_opaque && new_opaque)
		return PASS_STOP;
	/*
	 * Opaque on one side: because its unit only declares it, a view
	 * change; because the tree defines it on one side only, that is the
	 * pair's own change (became-opaque, became-defined), and it has no
	 * edges to follow.
	 */
	if ((old_opaque && !o->declaration) || (new_opaque && !n->declaration))
		return PASS_VIEW_CHANGE;
	return PASS_OPEN;
}

/* Only a pair of tags can stop a walk. */
static bool could_block(const struct diff_reach *x, uint32_t pair)
{
	return is_tag(model_type(x->d->old, x->d->pairs[pair].old_type)) ||
	       is_tag(model_type(x->d->new, x->d->pairs[pair].new_type));
}

/* Each pair's side_pass, on both sides. */
static void build_passes(struct diff_reach *x)
{
	const struct kabi_diff *d = x->d;
	size_t p;

	x->old_pass = xmalloc(xmul(d->npairs + 1, sizeof(*x->old_pass)));
	x->new_pass = xmalloc(xmul(d->npairs + 1, sizeof(*x->new_pass)));
	for (p = 0; p < d->npairs; p++) {
		side_pass_init(&x->old_pass[p], &x->old_tags, d->old,
			       (uint32_t)p, d->pairs[p].old_type);
		side_pass_init(&x->new_pass[p], &x->new_tags, d->new,
			       (uint32_t)p, d->pairs[p].new_type);
	}
}

/* --- the views and groups of exports ---------------------------------- */

static void build_views(struct kabi_diff *d)
{
	struct numbering index = NUMBERING_INIT;
	size_t alloc = 0, i;

	for (i = 0; i < d->nsymbols; i++) {
		struct symbol_change *s = &d->symbols[i];
		struct unit_view v;
		bool added;

		s->view = KABI_NONE;
		if (s->old_symbol == KABI_NONE || s->new_symbol == KABI_NONE)
			continue;
		v.old_unit = d->old->symbols[s->old_symbol].unit;
		v.new_unit = d->new->symbols[s->new_symbol].unit;
		if (s->pair != KABI_NONE)
			d->units_unknown += !v.old_unit && !v.new_unit;
		s->view = numbering_add(&index, v.old_unit, v.new_unit, &added);
		if (!added)
			continue;
		ALLOC_GROW(d->views, d->nviews + 1, alloc);
		d->views[d->nviews++] = v;
	}
	numbering_free(&index);
}

/*
 * Whether a walk from an export says what its unit sees. Where neither
 * side knows its unit, the kernel's CRC is the only word on it: a CRC
 * kept says the unit saw none of the changes the export's type reaches
 * (no walk), a new one that it saw some (the walk through every
 * pointer, as nothing is known to be opaque to it).
 */
static bool view_walked(const struct kabi_diff *d,
			const struct symbol_change *s)
{
	return diff_unit_known(d, s) || !diff_crc_kept(d, s);
}

bool diff_unit_known(const struct kabi_diff *d, const struct symbol_change *s)
{
	return s->view != KABI_NONE &&
	       (d->views[s->view].old_unit || d->views[s->view].new_unit);
}

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

/* --- the graph of differing pairs ------------------------------------- */

/* Each differing pair's edges to differing pairs, as dense numbers. */
static void walk_edges(struct rows_builder *b, void *ctx)
{
	const struct diff_reach *x = ctx;
	const struct kabi_diff *d = x->d;
	size_t p;
	uint32_t e;

	for (p = 0; p < x->ndense; p++) {
		const struct type_pair *tp = &d->pairs[x->pairs[p]];

		for (e = tp->first_edge; e < tp->first_edge + tp->nedges; e++)
			if (x->dense[d->edges[e].to] != KABI_NONE)
				rows_put(b, (uint32_t)p,
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

/* --- the pairs each unit could hide ----------------------------------- */

/*
 * Each unit on one side that could hide a pair: those that only declare
 * its tag, and those its own file is; put in the rows as the pair's.
 */
static void hiding_units(const struct diff_reach *x, uint32_t dense, bool old,
			 struct rows_builder *b)
{
	uint32_t pair = x->pairs[dense];
	const struct side_tags *st = old ? &x->old_tags : &x->new_tags;
	const struct side_pass *sp =
	    old ? &x->old_pass[pair] : &x->new_pass[pair];
	const struct kabi_model *model = old ? x->d->old : x->d->new;
	size_t lo = 0, hi = st->nunits, k;

	if (sp->tag != KABI_NONE)
		for (k = 0; k < rows_count(&st->tag_units, sp->tag); k++)
			rows_put(b, rows_row(&st->tag_units, sp->tag)[k],
				 dense);
	if (!sp->home)
		return;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (model->units[st->by_name[mid]].name < sp->home)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (;
	     lo < st->nunits && model->units[st->by_name[lo]].name == sp->home;
	     lo++)
		rows_put(b, st->by_name[lo], dense);
}

/* Whether the tree only declares the pair's type on a side. */
static bool is_declared(const struct diff_reach *x, uint32_t pair)
{
	return x->old_pass[pair].declaration || x->new_pass[pair].declaration;
}

struct hidden_walk {
	const struct diff_reach *x;
	bool old;
};

/* The pairs that could block, but for those the tree declares. */
static void walk_hidden(struct rows_builder *b, void *ctx)
{
	const struct hidden_walk *w = ctx;
	const struct diff_reach *x = w->x;
	size_t p;

	for (p = 0; p < x->ndense; p++)
		if (could_block(x, x->pairs[p]) && !is_declared(x, x->pairs[p]))
			hiding_units(x, (uint32_t)p, w->old, b);
}

static void hidden_rows_build(const struct diff_reach *x, bool old,
			      struct rows *h)
{
	struct hidden_walk w = {x, old};

	rows_build(h, (old ? x->d->old : x->d->new)->nunits, walk_hidden, &w);
}

static void build_side_hidden(size_t side, void *ctx)
{
	struct diff_reach *x = ctx;

	if (side == 0)
		hidden_rows_build(x, true, &x->old_hidden);
	else
		hidden_rows_build(x, false, &x->new_hidden);
}

/* Both sides' rows, a side a job, and the pairs every group looks at. */
static void build_hidden(struct diff_reach *x, unsigned threads)
{
	size_t p, alloc = 0;

	parallel_run(2, threads, build_side_hidden, x);
	for (p = 0; p < x->ndense; p++)
		if (could_block(x, x->pairs[p]) &&
		    is_declared(x, x->pairs[p])) {
			ALLOC_GROW(x->declared, x->ndeclared + 1, alloc);
			x->declared[x->ndeclared++] = (uint32_t)p;
		}
}

/* --- carrying the groups through the graph ---------------------------- */

/*
 * One batch of groups [first, first + n): per differing pair, the bits
 * of the groups that reach it; per pair some group could not pass, the
 * bits of those that do not (blocks).
 */
struct batch {
	size_t first, n, words;
	uint64_t *reached; /* per dense pair: WORDS */
	uint32_t *mask_of; /* per dense pair: its mask row, or KABI_NONE */
	uint64_t *blocks;  /* per mask row: WORDS */
	size_t nmasks;
	uint8_t *queued; /* per dense pair: to be carried again */
};

static uint64_t *row(uint64_t *bits, size_t r)
{
	return bits + r * WORDS;
}

/* One group's pass of dense pair p, into the pair's mask row. */
static void mask_group(const struct diff_reach *x, struct batch *b, uint32_t p,
		       size_t g)
{
	if (pair_pass(x, x->group_view[b->first + g], x->pairs[p]) != PASS_OPEN)
		row(b->blocks, b->mask_of[p])[g / 64] |= UINT64_C(1)
							 << (g % 64);
}

/*
 * Which groups each pair that could block stops: those whose view does
 * not pass it. A view passes a pair but where one of its units hides
 * the pair's tag (hiding_units), or the tree only declares it on a side:
 * so each group looks only at the pairs its units could hide, and at
 * the rare pairs the tree declares.
 */
static void batch_masks(const struct diff_reach *x, struct batch *b)
{
	size_t g, k;

	memset(row(b->blocks, 0), 0, b->nmasks * WORDS * sizeof(uint64_t));
	for (k = 0; k < x->ndeclared; k++)
		for (g = 0; g < b->n; g++)
			mask_group(x, b, x->declared[k], g);
	for (g = 0; g < b->n; g++) {
		const struct unit_view *v =
		    &x->d->views[x->group_view[b->first + g]];
		const struct rows *o = &x->old_hidden, *n = &x->new_hidden;

		for (k = 0; k < rows_count(o, v->old_unit); k++)
			mask_group(x, b, rows_row(o, v->old_unit)[k], g);
		for (k = 0; k < rows_count(n, v->new_unit); k++)
			mask_group(x, b, rows_row(n, v->new_unit)[k], g);
	}
}

/*
 * Carry p's bits to what it refers to; those of component c whose bits
 * grew are queued to go round again.
 */
static void carry(const struct diff_reach *x, struct batch *b, uint32_t p,
		  uint32_t c, size_t *queued)
{
	uint64_t out[WORDS];
	const uint64_t *from = row(b->reached, p);
	uint64_t any = 0;
	uint32_t m = b->mask_of[p], e;
	size_t w;

	/*
	 * Whole rows, past the batch's groups too (zeros there): loops of a
	 * constant count, which the compiler turns into vector code.
	 */
	for (w = 0; w < WORDS; w++) {
		out[w] =
		    m == KABI_NONE ? from[w] : from[w] & ~row(b->blocks, m)[w];
		any |= out[w];
	}
	if (!any)
		return; /* most pairs lead to no group of this batch */
	for (e = x->edges.start[p]; e < x->edges.start[p + 1]; e++) {
		uint32_t q = x->edges.items[e];
		uint64_t *to = row(b->reached, q), grew = 0;

		for (w = 0; w < WORDS; w++) {
			grew |= out[w] & ~to[w];
			to[w] |= out[w];
		}
		if (grew && x->scc_of[q] == c && !b->queued[q]) {
			b->queued[q] = 1;
			(*queued)++;
		}
	}
}

/*
 * Every component in order, each swept in its members' order until its
 * bits stop growing: a member queued again ahead of the sweep waits for
 * the next, one behind it is carried in this one.
 */
static void propagate(const struct diff_reach *x, struct batch *b)
{
	size_t c, g;

	memset(b->reached, 0, x->ndense * WORDS * sizeof(uint64_t));
	for (g = 0; g < b->n; g++) {
		uint32_t p = x->dense[x->group_pair[b->first + g]];

		row(b->reached, p)[g / 64] |= UINT64_C(1) << (g % 64);
	}
	for (c = 0; c < x->nscc; c++) {
		const uint32_t *members = x->scc_pairs + x->scc_start[c];
		size_t size = x->scc_start[c + 1] - x->scc_start[c];
		size_t queued = size, i;

		for (i = 0; i < size; i++)
			b->queued[members[i]] = 1;
		while (queued)
			for (i = 0; i < size; i++) {
				if (!b->queued[members[i]])
					continue;
				b->queued[members[i]] = 0;
				queued--;
				carry(x, b, members[i], (uint32_t)c, &queued);
			}
	}
}

/* --- walks from one export -------------------------------------------- */

/*
 * A shortest-path walk forward from a type pair as one view passes the
 * pairs, nearest first: fewest pointers, then fewest steps, then lowest
 * pair index; stepping out of a pointer costs one pointer. Over the
 * differing pairs only (no other leads to a change).
 */
struct heap_entry {
	uint64_t dist;
	uint32_t pair;
};

struct forward {
	uint64_t *dist; /* per pair */
	uint32_t *via;	/* per pair: the edge it was reached by */
	uint32_t *prev; /* per pair: the pair that edge leaves */
	uint8_t *state; /* per pair: 0, 1 queued, 2 done */
	uint32_t *touched;
	size_t ntouched;
	struct heap_entry *heap;
	size_t nheap, heap_alloc;
	/*
	 * For diff_reach_path: the paths found to one root, per group (the
	 * exports of one type pair and view share theirs), as rows of edges.
	 */
	const struct root_cause *root;
	uint32_t *path_start, *path_len; /* per group; KABI_NONE: not yet */
	uint32_t *path_edges;
	size_t npath_edges, path_edges_alloc;
};

static void forward_init(struct forward *f, size_t npairs)
{
	memset(f, 0, sizeof(*f));
	f->dist = xmalloc(xmul(npairs + 1, sizeof(uint64_t)));
	f->via = xmalloc(xmul(npairs + 1, sizeof(uint32_t)));
	f->prev = xmalloc(xmul(npairs + 1, sizeof(uint32_t)));
	f->state = xcalloc(npairs + 1, 1);
	f->touched = xmalloc(xmul(npairs + 1, sizeof(uint32_t)));
}

static void forward_free(struct forward *f)
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

/*
 * Walk from pair `from` in view `view`, at most max_pointers deep; for
 * each pair done whose items show in the view, found(pair, dist, ctx);
 * stop when it returns true. The walk's state stays for diff_reach_path.
 */
static void forward_walk(const struct diff_reach *x, struct forward *f,
			 uint32_t view, uint32_t from, uint64_t max_pointers,
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

/* Groups a job of find_near walks from. */
#define NEAR_GROUPS 256

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

/* One job: the walks of groups [first, first + NEAR_GROUPS). */
static void *near_job(size_t index, unsigned thread, void *ctx)
{
	struct near_run *run = ctx;
	const struct diff_reach *x = run->x;
	struct near_thread *t = &run->threads[thread];
	struct near_finder *nf = xcalloc(1, sizeof(*nf));
	size_t g, end = (index + 1) * NEAR_GROUPS;

	if (!t->last_group) {
		forward_init(&t->f, x->d->npairs);
		t->last_group =
		    xmalloc(xmul(x->d->nroots + 1, sizeof(uint32_t)));
		memset(t->last_group, 0xff,
		       (x->d->nroots + 1) * sizeof(uint32_t));
	}
	nf->x = x;
	nf->last_group = t->last_group;
	for (g = index * NEAR_GROUPS; g < end && g < x->ngroups; g++) {
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
	size_t g, end = (index + 1) * NEAR_GROUPS;

	for (g = index * NEAR_GROUPS; g < end && g < run->x->ngroups; g++)
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
	size_t njobs = (x->ngroups + NEAR_GROUPS - 1) / NEAR_GROUPS;
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

/* A pair of group and thing (a root, a pair), found by the batches. */
struct hit {
	uint32_t group, what;
};

struct hits {
	struct hit *v;
	size_t n, alloc;
};

static void add_hits(struct hits *h, const uint64_t *bits, size_t words,
		     size_t first, uint32_t what)
{
	size_t w;

	for (w = 0; w < words; w++) {
		uint64_t m = bits[w];

		while (m) {
			unsigned bit = (unsigned)__builtin_ctzll(m);

			m &= m - 1;
			ALLOC_GROW(h->v, h->n + 1, h->alloc);
			h->v[h->n].group = (uint32_t)(first + w * 64 + bit);
			h->v[h->n++].what = what;
		}
	}
}

/* What one batch found: the groups reaching each root. */
static void collect(const struct diff_reach *x, const struct batch *b,
		    struct hits *roots)
{
	const struct kabi_diff *d = x->d;
	uint64_t bits[WORDS];
	size_t r, i, w;

	for (r = 0; r < d->nroots; r++) {
		const struct root_cause *root = &d->roots[r];

		memset(bits, 0, sizeof(bits));
		for (i = 0; i < root->nvariants; i++) {
			uint32_t v = x->dense[root->variants[i]], m;

			if (v == KABI_NONE)
				continue;
			m = b->mask_of[v];
			for (w = 0; w < b->words; w++)
				bits[w] |=
				    row(b->reached, v)[w] &
				    (m == KABI_NONE ? ~UINT64_C(0)
						    : ~row(b->blocks, m)[w]);
		}
		add_hits(roots, bits, b->words, b->first, (uint32_t)r);
	}
}

static struct batch *batch_new(const struct diff_reach *x)
{
	struct batch *b = xcalloc(1, sizeof(*b));
	size_t p;

	b->reached = xmalloc(xmul(x->ndense + 1, WORDS * sizeof(uint64_t)));
	b->mask_of = xmalloc(xmul(x->ndense + 1, sizeof(uint32_t)));
	for (p = 0; p < x->ndense; p++)
		b->mask_of[p] = could_block(x, x->pairs[p])
				    ? (uint32_t)b->nmasks++
				    : KABI_NONE;
	b->blocks = xmalloc(xmul(b->nmasks + 1, WORDS * sizeof(uint64_t)));
	b->queued = xcalloc(x->ndense + 1, 1);
	return b;
}

static void batch_free(struct batch *b)
{
	if (!b)
		return;
	free(b->reached);
	free(b->mask_of);
	free(b->blocks);
	free(b->queued);
	free(b);
}

/* The batches on the threads: each thread its own batch's rows. */
struct batch_run {
	const struct diff_reach *x;
	struct batch **per_thread;
	struct hits *roots;
};

static void *run_batch(size_t index, unsigned thread, void *ctx)
{
	struct batch_run *run = ctx;
	const struct diff_reach *x = run->x;
	struct hits *found = xcalloc(1, sizeof(*found));
	struct batch *b;

	if (!run->per_thread[thread])
		run->per_thread[thread] = batch_new(x);
	b = run->per_thread[thread];
	b->first = index * GROUPS_AT_ONCE;
	b->n = x->ngroups - b->first < GROUPS_AT_ONCE ? x->ngroups - b->first
						      : GROUPS_AT_ONCE;
	b->words = (b->n + 63) / 64;
	batch_masks(x, b);
	propagate(x, b);
	collect(x, b, found);
	return found;
}

static void keep_batch(size_t index, void *result, void *ctx)
{
	struct batch_run *run = ctx;
	struct hits *found = result, *roots = run->roots;

	(void)index;
	ALLOC_GROW(roots->v, roots->n + found->n, roots->alloc);
	if (found->n)
		memcpy(roots->v + roots->n, found->v,
		       found->n * sizeof(*found->v));
	roots->n += found->n;
	free(found->v);
	free(found);
}

static void run_batches(const struct diff_reach *x, unsigned threads,
			struct hits *roots)
{
	size_t nbatches = (x->ngroups + GROUPS_AT_ONCE - 1) / GROUPS_AT_ONCE;
	struct batch_run run = {.x = x, .roots = roots};
	unsigned t;

	if (threads < 1)
		threads = 1;
	run.per_thread = xcalloc(threads, sizeof(*run.per_thread));
	parallel_ordered(nbatches, threads, 2 * (size_t)threads, run_batch,
			 keep_batch, &run);
	for (t = 0; t < threads; t++)
		batch_free(run.per_thread[t]);
	free(run.per_thread);
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

/* Both sides' tags, one side a job. */
static void build_side_tags(size_t side, void *ctx)
{
	struct diff_reach *x = ctx;

	if (side == 0)
		side_tags_build(&x->old_tags, x->d->old, x->d, true);
	else
		side_tags_build(&x->new_tags, x->d->new, x->d, false);
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
	build_views(d);
	parallel_run(2, threads, build_side_tags, x);
	build_passes(x);
	build_graph(x);
	build_sccs(x);
	build_groups(x);
	build_hidden(x, threads);
	x->cause_of = xmalloc(xmul(d->npairs + 1, sizeof(uint32_t)));
	memset(x->cause_of, 0xff, (d->npairs + 1) * sizeof(uint32_t));
	for (r = 0; r < d->nroots; r++)
		for (i = 0; i < d->roots[r].nvariants; i++)
			x->cause_of[d->roots[r].variants[i]] = (uint32_t)r;
	run_batches(x, threads, &roots);
	find_near(x, threads, &nf, &near_start);
	root_lists(x, &roots, &nf, near_start);
	free(roots.v);
	free(nf.v);
	free(near_start);
}

void diff_reach_free(struct kabi_diff *d)
{
	struct diff_reach *x = d->reach;

	if (!x)
		return;
	side_tags_free(&x->old_tags);
	side_tags_free(&x->new_tags);
	free(x->dense);
	free(x->pairs);
	rows_free(&x->edges);
	free(x->scc_start);
	free(x->scc_pairs);
	free(x->scc_of);
	free(x->group_of);
	free(x->group_pair);
	free(x->group_view);
	free(x->cause_of);
	free(x->old_pass);
	free(x->new_pass);
	rows_free(&x->old_hidden);
	rows_free(&x->new_hidden);
	free(x->declared);
	free(x);
	d->reach = NULL;
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

uint32_t diff_reach_view_change(const struct kabi_diff *d, uint32_t symbol)
{
	const struct diff_reach *x = d->reach;
	const struct symbol_change *s = &d->symbols[symbol];
	uint32_t found = KABI_NONE, *queue;
	size_t head = 0, tail = 0;
	uint8_t *seen;

	if (!x || s->view == KABI_NONE || s->pair == KABI_NONE)
		return KABI_NONE;
	/*
	 * Breadth first over every pair, changed or not: a struct the unit
	 * newly sees need not have changed to change what genksyms expands.
	 */
	seen = xcalloc(d->npairs + 1, 1);
	queue = xmalloc(xmul(d->npairs + 1, sizeof(uint32_t)));
	queue[tail++] = s->pair;
	seen[s->pair] = 1;
	while (head < tail) {
		uint32_t p = queue[head++], e;
		const struct type_pair *tp = &d->pairs[p];
		enum pass pass =
		    could_block(x, p) ? pair_pass(x, s->view, p) : PASS_OPEN;

		if (pass == PASS_VIEW_CHANGE) {
			found = p;
			break;
		}
		if (pass == PASS_STOP)
			continue;
		for (e = tp->first_edge; e < tp->first_edge + tp->nedges; e++)
			if (!seen[d->edges[e].to]) {
				seen[d->edges[e].to] = 1;
				queue[tail++] = d->edges[e].to;
			}
	}
	free(seen);
	free(queue);
	return found;
}

bool diff_reach_now_defined(const struct kabi_diff *d, uint32_t symbol,
			    uint32_t pair)
{
	const struct diff_reach *x = d->reach;

	return unit_opaque(&x->old_tags, d->old,
			   d->views[d->symbols[symbol].view].old_unit,
			   &x->old_pass[pair]);
}
