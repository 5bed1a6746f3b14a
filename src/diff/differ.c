// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What the comparison of types records (diff_impl.h, struct differ): the
 * pairs of types, numbered once each and queued to be compared; each
 * pair's local items and its edges to the pairs of what it refers to;
 * and, at a place of a parent, whether two types are one pair to follow
 * or a local change.
 */
#include <stdlib.h>
#include <string.h>

#include "diff_impl.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

static uint32_t new_pair(struct kabi_diff *d, uint32_t old_type,
			 uint32_t new_type)
{
	struct type_pair *p;

	ALLOC_GROW(d->pairs, d->npairs + 1, d->pairs_alloc);
	p = &d->pairs[d->npairs];
	memset(p, 0, sizeof(*p));
	p->old_type = old_type;
	p->new_type = new_type;
	return (uint32_t)d->npairs++;
}

uint32_t differ_pair(struct differ *df, uint32_t old_type, uint32_t new_type)
{
	struct kabi_diff *d = df->d;
	uint64_t key = (uint64_t)old_type << 32 | new_type;
	struct hashmap_iter it;
	struct hashmap_entry *e;
	uint32_t pair;

	for (e = hashmap_first(&df->pair_index, hash_u64(key), &it); e;
	     e = hashmap_next(&df->pair_index, &it))
		if (e->key == key)
			return (uint32_t)e->value;
	pair = new_pair(d, old_type, new_type);
	hashmap_add(&df->pair_index, hash_u64(key), key, pair);
	ALLOC_GROW(df->queue, df->nqueue + 1, df->queue_alloc);
	df->queue[df->nqueue++] = pair;
	return pair;
}

struct change_item *differ_item(struct differ *df, enum change_kind kind,
				enum change_place place, const char *name,
				uint32_t index)
{
	struct change_item *it;

	ALLOC_GROW(df->items, df->nitems + 1, df->items_alloc);
	it = &df->items[df->nitems++];
	memset(it, 0, sizeof(*it));
	it->kind = kind;
	it->place = place;
	it->name = name;
	it->index = index;
	it->old_type = it->new_type = KABI_NONE;
	return it;
}

struct change_item *differ_values(struct differ *df, enum change_kind kind,
				  enum change_place place, const char *name,
				  uint64_t old_value, uint64_t new_value)
{
	struct change_item *it = differ_item(df, kind, place, name, 0);

	it->old_value = old_value;
	it->new_value = new_value;
	it->has_values = true;
	return it;
}

static void add_edge(struct differ *df, uint32_t to, enum change_place place,
		     const char *name, uint32_t index)
{
	struct pair_edge *e;

	ALLOC_GROW(df->edges, df->nedges + 1, df->edges_alloc);
	e = &df->edges[df->nedges++];
	e->to = to;
	e->place = place;
	e->name = name;
	e->index = index;
}

/* Skip qualifiers, noting which: a bit per qualifier kind. */
static uint32_t skip_qualifiers(const struct kabi_model *m, uint32_t *id)
{
	uint32_t quals = 0;
	unsigned guard;

	for (guard = 0;
	     guard < 8 && kabi_kind_is_qualifier(model_type(m, *id)->kind);
	     guard++) {
		quals |= 1u << model_type(m, *id)->kind;
		*id = model_type(m, *id)->target;
	}
	return quals;
}

static bool skip_typedef(const struct kabi_model *m, uint32_t *id)
{
	if (model_type(m, *id)->kind != KABI_TYPEDEF)
		return false;
	*id = model_type(m, *id)->target;
	return true;
}

/* How two types that do not stand in each other's place differ. */
struct likeness {
	uint32_t old_leaf, new_leaf; /* where the walk ended */
	bool qualifiers;	     /* const, volatile... differ somewhere */
	bool typedefs;		     /* a typedef stands for what it names */
	bool bounds;		     /* array bounds differ */
};

/*
 * Walk two types in step through pointers and arrays, looking through
 * qualifiers and typedefs, to a pair of leaves (named, anonymous or
 * function types). True when the leaves correspond: the two types are
 * then alike but for what l says.
 */
static bool alike(const struct kabi_diff *d, uint32_t o, uint32_t n,
		  struct likeness *l)
{
	unsigned guard;

	memset(l, 0, sizeof(*l));
	for (guard = 0; guard < 64; guard++) {
		const struct kabi_type *ot, *nt;
		uint32_t oq = skip_qualifiers(d->old, &o);
		uint32_t nq = skip_qualifiers(d->new, &n);

		/* void's, where a side writes none (diff_side_lacks) */
		if (oq != nq && !(o == 0 && n == 0 &&
				  (diff_side_lacks(d, d->old) ||
				   diff_side_lacks(d, d->new))))
			l->qualifiers = true;
		ot = model_type(d->old, o);
		nt = model_type(d->new, n);
		if (ot->kind == KABI_TYPEDEF || nt->kind == KABI_TYPEDEF) {
			if (differ_same_identity(d, o, n))
				break; /* the same typedef */
			l->typedefs |= skip_typedef(d->old, &o);
			l->typedefs |= skip_typedef(d->new, &n);
			continue;
		}
		if (ot->kind != nt->kind)
			return false;
		if (ot->kind == KABI_ARRAY) {
			l->bounds |= differ_array_step(d, ot, nt, &o, &n);
			continue;
		}
		if (ot->kind != KABI_POINTER)
			break;
		o = ot->target;
		n = nt->target;
	}
	l->old_leaf = o;
	l->new_leaf = n;
	return differ_same_identity(d, o, n);
}

void differ_child(struct differ *df, enum change_place place, const char *name,
		  uint32_t index, uint32_t old_type, uint32_t new_type)
{
	const struct kabi_diff *d = df->d;
	struct likeness l;
	struct change_item *it;
	enum change_kind kind;

	if (differ_same_identity(d, old_type, new_type)) {
		add_edge(df, differ_pair(df, old_type, new_type), place, name,
			 index);
		return;
	}
	if (!alike(d, old_type, new_type, &l)) {
		kind = idiom_same_layout(d, old_type, 0, new_type, 0)
			   ? CHANGE_SAME_LAYOUT
			   : CHANGE_TYPE_REPLACED;
	} else {
		kind = l.bounds	    ? CHANGE_ARRAY_COUNT
		       : l.typedefs ? CHANGE_SAME_UNDERLYING
				    : CHANGE_QUALIFIER_CHANGED;
		/* what lies underneath is still compared */
		add_edge(df, differ_pair(df, l.old_leaf, l.new_leaf), place,
			 name, index);
		if (!l.bounds && !l.typedefs && !l.qualifiers)
			return; /* alike but for what a side lacks */
	}
	it = differ_item(df, kind, place, name, index);
	it->old_type = old_type;
	it->new_type = new_type;
}

void differ_store_pair(struct differ *df, uint32_t pair)
{
	struct kabi_diff *d = df->d;
	struct type_pair *p = &d->pairs[pair];

	ALLOC_GROW(d->items, d->nitems + df->nitems, d->items_alloc);
	ALLOC_GROW(d->edges, d->nedges + df->nedges, d->edges_alloc);
	p->first_item = (uint32_t)d->nitems;
	p->nitems = (uint32_t)df->nitems;
	p->first_edge = (uint32_t)d->nedges;
	p->nedges = (uint32_t)df->nedges;
	if (df->nitems)
		memcpy(d->items + d->nitems, df->items,
		       df->nitems * sizeof(*df->items));
	if (df->nedges)
		memcpy(d->edges + d->nedges, df->edges,
		       df->nedges * sizeof(*df->edges));
	d->nitems += df->nitems;
	d->nedges += df->nedges;
	df->nitems = 0;
	df->nedges = 0;
}

uint32_t differ_symbol_type(struct differ *df, uint32_t old_type,
			    uint32_t new_type)
{
	uint32_t pair;

	if (differ_same_identity(df->d, old_type, new_type))
		return differ_pair(df, old_type, new_type);
	/* never shared: each variable's declaration is a change of its own */
	pair = new_pair(df->d, old_type, new_type);
	df->d->pairs[pair].variable = true;
	differ_child(df, PLACE_SELF, NULL, 0, old_type, new_type);
	differ_store_pair(df, pair);
	return pair;
}
