// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What each unit sees of the types (reach.h): per side, the tags some
 * unit only declares; how a view passes a pair; and, per unit, the
 * differing pairs it could hide, so that a group of exports looks only
 * at those.
 */
#include <stdlib.h>
#include <string.h>

#include "reach.h"
#include "../util/hashmap.h"
#include "../util/parallel.h"
#include "../util/rows.h"
#include "../util/sort.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

/* --- tags units only declare, and how a view passes a pair ---------- */

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

enum pass pair_pass(const struct diff_reach *x, uint32_t view, uint32_t pair)
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
bool could_block(const struct diff_reach *x, uint32_t pair)
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

/*
 * Whether a walk from an export says what its unit sees. Where neither
 * side knows its unit, the kernel's CRC is the only word on it: a CRC
 * kept says the unit saw none of the changes the export's type reaches
 * (no walk), a new one that it saw some (the walk through every
 * pointer, as nothing is known to be opaque to it).
 */
bool view_walked(const struct kabi_diff *d, const struct symbol_change *s)
{
	return diff_unit_known(d, s) || !diff_crc_kept(d, s);
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
	size_t dense;

	for (dense = 0; dense < x->ndense; dense++)
		if (could_block(x, x->pairs[dense]) &&
		    !is_declared(x, x->pairs[dense]))
			hiding_units(x, (uint32_t)dense, w->old, b);
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
void sight_build_hidden(struct diff_reach *x, unsigned threads)
{
	size_t dense, alloc = 0;

	parallel_run(2, threads, build_side_hidden, x);
	for (dense = 0; dense < x->ndense; dense++)
		if (could_block(x, x->pairs[dense]) &&
		    is_declared(x, x->pairs[dense])) {
			ALLOC_GROW(x->declared, x->ndeclared + 1, alloc);
			x->declared[x->ndeclared++] = (uint32_t)dense;
		}
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

void sight_build(struct diff_reach *x, unsigned threads)
{
	parallel_run(2, threads, build_side_tags, x);
	build_passes(x);
}

void sight_free(struct diff_reach *x)
{
	side_tags_free(&x->old_tags);
	side_tags_free(&x->new_tags);
	free(x->old_pass);
	free(x->new_pass);
	rows_free(&x->old_hidden);
	rows_free(&x->new_hidden);
	free(x->declared);
}

/* --- what an export's unit newly sees -------------------------------- */

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
