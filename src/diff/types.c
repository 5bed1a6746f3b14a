// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Comparing two types that stand in each other's place: one handler per
 * kind, each recording the pair's own changes and the pairs of what the
 * types refer to. Pairs are compared from a queue, not by recursion, so
 * that recursive types end and deep graphs cannot exhaust the stack.
 */
#include <stdlib.h>
#include <string.h>

#include "diff_impl.h"
#include "../util/strbuf.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

static const struct kabi_type *old_t(const struct differ *df, uint32_t id)
{
	return model_type(df->d->old, id);
}

static const struct kabi_type *new_t(const struct differ *df, uint32_t id)
{
	return model_type(df->d->new, id);
}

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

void differ_item(struct differ *df, enum change_kind kind,
		 enum change_place place, const char *name, uint32_t index)
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
}

void differ_values(struct differ *df, enum change_kind kind,
		   enum change_place place, const char *name,
		   uint64_t old_value, uint64_t new_value)
{
	differ_item(df, kind, place, name, 0);
	df->items[df->nitems - 1].old_value = old_value;
	df->items[df->nitems - 1].new_value = new_value;
	df->items[df->nitems - 1].has_values = true;
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

		l->qualifiers |= oq != nq;
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
	}
	differ_item(df, kind, place, name, index);
	df->items[df->nitems - 1].old_type = old_type;
	df->items[df->nitems - 1].new_type = new_type;
}

/* --- aggregates ------------------------------------------------------- */

/*
 * A member as C code sees it: the members of an anonymous struct or union
 * member are members of the containing aggregate, at their offset plus
 * the anonymous member's. Comparing these, a member that moved into an
 * anonymous union at the same place (struct_group, or a union added
 * around it) has not moved at all.
 */
struct visible_member {
	const char *name;
	uint64_t offset; /* bits, from the outermost aggregate */
	uint32_t bit_size;
	uint32_t type;
	uint32_t
	    slot; /* the kABI union it is in (visible.slots), or KABI_NONE */
};

/* A union that replaces members the kABI way (idioms.c): where it is. */
struct visible_slot {
	uint64_t offset; /* bits */
	const struct kabi_type *u, *hidden;
};

struct visible {
	struct visible_member *v;
	size_t n, alloc;
	struct visible_slot *slots;
	size_t nslots, slots_alloc;
};

static void collect_visible(const struct kabi_model *m,
			    const struct kabi_type *t, uint64_t base,
			    unsigned depth, uint32_t slot, struct visible *out);

/*
 * The new members of a kABI union, each marked with the slot; the struct
 * hiding the originals and the empty size check are not members C code
 * names, and no report shows them.
 */
static void collect_slot(const struct kabi_model *m, const struct kabi_type *u,
			 uint32_t hide, uint64_t base, unsigned depth,
			 struct visible *out)
{
	uint32_t slot = (uint32_t)out->nslots, i;
	struct kabi_type only = *u;

	ALLOC_GROW(out->slots, out->nslots + 1, out->slots_alloc);
	out->slots[out->nslots].offset = base;
	out->slots[out->nslots].u = u;
	out->slots[out->nslots++].hidden = idiom_hidden(m, u, hide);
	for (i = 0; i < u->count; i++) {
		if (i == hide || idiom_empty_member(m, &kabi_members(m, u)[i]))
			continue;
		only.first = u->first + i;
		only.count = 1;
		collect_visible(m, &only, base, depth, slot, out);
	}
}

static void collect_visible(const struct kabi_model *m,
			    const struct kabi_type *t, uint64_t base,
			    unsigned depth, uint32_t slot, struct visible *out)
{
	uint32_t i;

	for (i = 0; i < t->count; i++) {
		const struct kabi_member *mb = &kabi_members(m, t)[i];
		const struct kabi_type *mt =
		    model_type(m, model_strip_typedefs(m, mb->type));
		struct visible_member *vm;
		uint32_t hide;

		if (!mb->name) {
			/* an anonymous struct or union: its members are ours */
			if ((mt->kind != KABI_STRUCT &&
			     mt->kind != KABI_UNION) ||
			    depth >= 8)
				continue; /* else padding, as "int : 3" */
			hide = slot == KABI_NONE ? idiom_hiding_member(m, mt)
						 : KABI_NONE;
			if (hide != KABI_NONE)
				collect_slot(m, mt, hide, base + mb->offset,
					     depth + 1, out);
			else
				collect_visible(m, mt, base + mb->offset,
						depth + 1, slot, out);
			continue;
		}
		if (idiom_ignored_name(model_str(m, mb->name)))
			continue; /* KABI_IGNORE: not part of the ABI */
		ALLOC_GROW(out->v, out->n + 1, out->alloc);
		vm = &out->v[out->n++];
		vm->name = model_str(m, mb->name);
		vm->offset = base + mb->offset;
		vm->bit_size = mb->bit_size;
		vm->type = mb->type;
		vm->slot = slot;
	}
}

static uint32_t find_visible(const struct visible *side, const char *name,
			     const uint8_t *taken)
{
	size_t j;

	for (j = 0; j < side->n; j++)
		if (!taken[j] && !strcmp(side->v[j].name, name))
			return (uint32_t)j;
	return KABI_NONE;
}

/* An unmatched old member and an unmatched new one at the same place
 * with the same type: renamed. */
static uint32_t find_rename(const struct kabi_diff *d,
			    const struct visible_member *om,
			    const struct visible *n, const uint8_t *taken)
{
	size_t j;

	for (j = 0; j < n->n; j++) {
		const struct visible_member *nm = &n->v[j];

		if (!taken[j] && nm->offset == om->offset &&
		    nm->bit_size == om->bit_size &&
		    differ_same_identity(d, om->type, nm->type))
			return (uint32_t)j;
	}
	return KABI_NONE;
}

static void compare_member(struct differ *df, const struct visible_member *om,
			   const struct visible_member *nm)
{
	/*
	 * A bitfield that became a plain member of its width, or the
	 * reverse, at the same bits (an enum in 8 bits made a u8): one
	 * change, and not the bitfield's and the type's.
	 */
	if (nm->bit_size != om->bit_size && nm->offset == om->offset &&
	    idiom_same_layout(df->d, om->type, om->bit_size, nm->type,
			      nm->bit_size)) {
		differ_item(df, CHANGE_SAME_LAYOUT, PLACE_MEMBER, om->name, 0);
		df->items[df->nitems - 1].old_type = om->type;
		df->items[df->nitems - 1].new_type = nm->type;
		return;
	}
	if (nm->offset != om->offset)
		differ_values(df, CHANGE_MEMBER_MOVED, PLACE_MEMBER, om->name,
			      om->offset, nm->offset);
	if (nm->bit_size != om->bit_size)
		differ_values(df, CHANGE_BITFIELD_CHANGED, PLACE_MEMBER,
			      om->name, om->bit_size, nm->bit_size);
	differ_child(df, PLACE_MEMBER, om->name, 0, om->type, nm->type);
}

/* An array of no elements: "[0]" (counted) or "[]" (flexible). */
static bool empty_array(const struct kabi_model *m, uint32_t id)
{
	const struct kabi_type *t = model_type(m, model_strip_typedefs(m, id));

	return t->kind == KABI_ARRAY && t->elements == 0;
}

/*
 * The last member "u8 data[0]" written "u8 data[]" (the kernel converted
 * hundreds), or back: the same bytes at the same place in a struct of the
 * same size. The item the member's comparison just made says so.
 */
static void relax_flexible_array(struct differ *df, const struct visible *ov,
				 size_t i, const struct visible *nv, size_t j,
				 bool same_size)
{
	struct change_item *it = df->nitems ? &df->items[df->nitems - 1] : NULL;

	if (!it || it->kind != CHANGE_ARRAY_COUNT || !same_size ||
	    i + 1 != ov->n || j + 1 != nv->n ||
	    ov->v[i].offset != nv->v[j].offset ||
	    !empty_array(df->d->old, ov->v[i].type) ||
	    !empty_array(df->d->new, nv->v[j].type))
		return;
	it->kind = CHANGE_FLEX_ARRAY;
}

/* An old member a kABI idiom accounts for: not matched, not removed. */
#define CLAIMED (KABI_NONE - 1)
#define RENAMED "__kabi_renamed"

/*
 * Take NEW member j for a slot: no longer "added", and named in the
 * list of what the slot holds ("'lo', 'hi'").
 */
static void take_into(const struct visible *nv, size_t j, uint8_t *taken,
		      struct strbuf *holds)
{
	taken[j] = 1;
	strbuf_addf(holds, "%s'%s'", holds->len ? ", " : "", nv->v[j].name);
}

/* One change for the slot, its list of names kept with the diff. */
static void slot_item(struct differ *df, enum change_kind kind,
		      const char *name, struct strbuf *holds,
		      uint64_t old_value, uint64_t new_value)
{
	struct kabi_diff *d = df->d;

	ALLOC_GROW(d->texts, d->ntexts + 1, d->texts_alloc);
	d->texts[d->ntexts++] = strbuf_detach(holds);
	differ_values(df, kind, PLACE_MEMBER, name, old_value, new_value);
	df->items[df->nitems - 1].new_name = d->texts[d->ntexts - 1];
}

static uint32_t find_plain(const struct visible *ov, const char *name,
			   const uint32_t *match)
{
	size_t i;

	for (i = 0; i < ov->n; i++)
		if (match[i] == KABI_NONE && ov->v[i].slot == KABI_NONE &&
		    !strcmp(ov->v[i].name, name))
			return (uint32_t)i;
	return KABI_NONE;
}

/*
 * A kABI union of NEW whose hidden originals are plain members of OLD:
 * one change, the originals' place now holding the union's members. It
 * fits when the union is where the originals were and no larger.
 */
static void take_slot(struct differ *df, const struct visible *ov,
		      const struct visible *nv, uint32_t slot, uint32_t *match,
		      uint8_t *taken)
{
	const struct kabi_model *m = df->d->new;
	const struct visible_slot *sl = &nv->slots[slot];
	uint32_t found[16], i, nfound = sl->hidden->count;
	bool reserved = true, placed = true;
	struct strbuf holds = STRBUF_INIT;
	size_t j;

	if (!nfound || nfound > 16)
		return;
	for (i = 0; i < nfound; i++) {
		const struct kabi_member *h = &kabi_members(m, sl->hidden)[i];
		const char *name = model_str(m, h->name);

		/* gendwarfksyms' KABI_REPLACE keeps 'count' as
		 * '__kabi_renamedcount' */
		bool renamed =
		    h->name && !strncmp(name, RENAMED, strlen(RENAMED));

		found[i] = !h->name ? KABI_NONE
			   : renamed
			       ? find_plain(ov, name + strlen(RENAMED), match)
			       : find_plain(ov, name, match);
		if (found[i] == KABI_NONE)
			return; /* the originals are not OLD's: nothing taken */
		reserved &= !renamed && idiom_reserved_name(name);
		placed &= ov->v[found[i]].offset == sl->offset + h->offset;
	}
	for (i = 0; i < nfound; i++)
		match[found[i]] = CLAIMED;
	for (j = 0; j < nv->n; j++)
		if (nv->v[j].slot == slot)
			take_into(nv, j, taken, &holds);
	if (!placed)
		slot_item(df, CHANGE_REPLACEMENT_MISPLACED,
			  ov->v[found[0]].name, &holds, ov->v[found[0]].offset,
			  sl->offset);
	else if (sl->u->size > sl->hidden->size)
		slot_item(df, CHANGE_REPLACEMENT_TOO_BIG, ov->v[found[0]].name,
			  &holds, sl->hidden->size, sl->u->size);
	else
		slot_item(df,
			  reserved ? CHANGE_RESERVED_USED
				   : CHANGE_MEMBER_REPLACED,
			  ov->v[found[0]].name, &holds, sl->hidden->size,
			  sl->u->size);
}

/*
 * A reserved member of OLD (suse_kabi_padding, rh_reserved1) whose place
 * NEW members fill with no union, as #ifndef __GENKSYMS__ does.
 */
static void fill_reserved(struct differ *df, const struct visible *ov, size_t i,
			  const struct visible *nv, uint32_t *match,
			  uint8_t *taken)
{
	const struct visible_member *om = &ov->v[i];
	uint64_t from = om->offset,
		 to = from + model_type_bits(df->d->old, om->type), end = from;
	struct strbuf holds = STRBUF_INIT;
	size_t j;

	if (om->slot != KABI_NONE || om->bit_size ||
	    !idiom_reserved_name(om->name))
		return;
	for (j = 0; j < nv->n; j++) {
		const struct visible_member *nm = &nv->v[j];
		uint64_t nend;

		if (taken[j] || nm->slot != KABI_NONE || nm->offset < from ||
		    nm->offset >= to)
			continue;
		nend = nm->offset +
		       (nm->bit_size ? nm->bit_size
				     : model_type_bits(df->d->new, nm->type));
		end = nend > end ? nend : end;
		take_into(nv, j, taken, &holds);
	}
	if (!holds.len)
		return; /* nothing NEW in its place */
	match[i] = CLAIMED;
	slot_item(df,
		  end <= to ? CHANGE_RESERVED_USED : CHANGE_REPLACEMENT_TOO_BIG,
		  om->name, &holds, (to - from) / 8, (end - from + 7) / 8);
}

static void compare_members(struct differ *df, const struct kabi_type *o,
			    const struct kabi_type *n)
{
	const struct kabi_diff *d = df->d;
	struct visible ov = {0}, nv = {0};
	uint8_t *taken;
	uint32_t *match;
	size_t i, j;

	collect_visible(d->old, o, 0, 0, KABI_NONE, &ov);
	collect_visible(d->new, n, 0, 0, KABI_NONE, &nv);
	taken = xcalloc(nv.n + 1, 1);
	match = xcalloc(ov.n + 1, sizeof(uint32_t));
	for (i = 0; i < ov.n; i++)
		match[i] = KABI_NONE;
	for (j = 0; j < nv.nslots; j++)
		take_slot(df, &ov, &nv, (uint32_t)j, match, taken);
	for (i = 0; i < ov.n; i++) {
		if (match[i] == CLAIMED)
			continue;
		match[i] = find_visible(&nv, ov.v[i].name, taken);
		if (match[i] != KABI_NONE)
			taken[match[i]] = 1;
	}
	for (i = 0; i < ov.n; i++)
		if (match[i] == KABI_NONE)
			fill_reserved(df, &ov, i, &nv, match, taken);
	for (i = 0; i < ov.n; i++) {
		const struct visible_member *om = &ov.v[i];

		if (match[i] == CLAIMED)
			continue;
		if (match[i] != KABI_NONE) {
			compare_member(df, om, &nv.v[match[i]]);
			relax_flexible_array(df, &ov, i, &nv, match[i],
					     o->size == n->size);
			continue;
		}
		j = find_rename(d, om, &nv, taken);
		if (j == KABI_NONE) {
			differ_values(df, CHANGE_MEMBER_REMOVED, PLACE_MEMBER,
				      om->name, om->offset, 0);
			df->items[df->nitems - 1].old_type = om->type;
			continue;
		}
		taken[j] = 1;
		differ_item(df, CHANGE_MEMBER_RENAMED, PLACE_MEMBER, om->name,
			    0);
		df->items[df->nitems - 1].new_name = nv.v[j].name;
		compare_member(df, om, &nv.v[j]);
	}
	for (j = 0; j < nv.n; j++)
		if (!taken[j]) {
			differ_values(df, CHANGE_MEMBER_ADDED, PLACE_MEMBER,
				      nv.v[j].name, 0, nv.v[j].offset);
			df->items[df->nitems - 1].new_type = nv.v[j].type;
		}
	free(taken);
	free(match);
	free(ov.v);
	free(nv.v);
	free(ov.slots);
	free(nv.slots);
}

static void compare_aggregate(struct differ *df, const struct kabi_type *o,
			      const struct kabi_type *n)
{
	bool odecl = o->flags & KABI_TYPE_DECLARATION;
	bool ndecl = n->flags & KABI_TYPE_DECLARATION;

	if (odecl || ndecl) {
		if (!odecl)
			differ_item(df, CHANGE_BECAME_OPAQUE, PLACE_SELF, NULL,
				    0);
		else if (!ndecl)
			differ_item(df, CHANGE_BECAME_DEFINED, PLACE_SELF, NULL,
				    0);
		return;
	}
	if (o->size != n->size)
		differ_values(df, CHANGE_SIZE_CHANGED, PLACE_SELF, NULL,
			      o->size, n->size);
	/* 0: DWARF did not say; only two stated alignments can differ */
	if (o->align && n->align && o->align != n->align)
		differ_values(df, CHANGE_ALIGN_CHANGED, PLACE_SELF, NULL,
			      o->align, n->align);
	compare_members(df, o, n);
}

static const struct kabi_enumerator *find_enumerator(const struct kabi_model *m,
						     const struct kabi_type *t,
						     const char *name)
{
	uint32_t i;

	for (i = 0; i < t->count; i++)
		if (!strcmp(model_str(m, kabi_enumerators(m, t)[i].name), name))
			return &kabi_enumerators(m, t)[i];
	return NULL;
}

static const struct kabi_enumerator *find_value(const struct kabi_model *m,
						const struct kabi_type *t,
						uint64_t value,
						const struct kabi_model *other,
						const struct kabi_type *ot)
{
	uint32_t i;

	/* with that value, and a name the other side does not have */
	for (i = 0; i < t->count; i++) {
		const struct kabi_enumerator *e = &kabi_enumerators(m, t)[i];

		if (e->value == value &&
		    !find_enumerator(other, ot, model_str(m, e->name)))
			return e;
	}
	return NULL;
}

static void compare_enum(struct differ *df, const struct kabi_type *o,
			 const struct kabi_type *n)
{
	const struct kabi_model *om = df->d->old, *nm = df->d->new;
	uint32_t i;

	if ((o->flags ^ n->flags) & KABI_TYPE_DECLARATION) {
		compare_aggregate(df, o, n);
		return;
	}
	if (o->size != n->size)
		differ_values(df, CHANGE_SIZE_CHANGED, PLACE_SELF, NULL,
			      o->size, n->size);
	for (i = 0; i < o->count; i++) {
		const struct kabi_enumerator *e = &kabi_enumerators(om, o)[i];
		const char *name = model_str(om, e->name);
		const struct kabi_enumerator *ne = find_enumerator(nm, n, name);

		if (ne && ne->value != e->value)
			differ_values(df, CHANGE_ENUMERATOR_VALUE,
				      PLACE_ENUMERATOR, name, e->value,
				      ne->value);
		else if (!ne && (ne = find_value(nm, n, e->value, om, o))) {
			differ_item(df, CHANGE_ENUMERATOR_RENAMED,
				    PLACE_ENUMERATOR, name, 0);
			df->items[df->nitems - 1].new_name =
			    model_str(nm, ne->name);
		} else if (!ne)
			differ_values(df, CHANGE_ENUMERATOR_REMOVED,
				      PLACE_ENUMERATOR, name, e->value, 0);
	}
	for (i = 0; i < n->count; i++) {
		const struct kabi_enumerator *e = &kabi_enumerators(nm, n)[i];
		const char *name = model_str(nm, e->name);

		if (!find_enumerator(om, o, name) &&
		    !find_value(om, o, e->value, nm, n))
			differ_values(df, CHANGE_ENUMERATOR_ADDED,
				      PLACE_ENUMERATOR, name, 0, e->value);
	}
}

static void compare_function(struct differ *df, const struct kabi_type *o,
			     const struct kabi_type *n)
{
	const struct kabi_diff *d = df->d;
	uint32_t i, common = o->count < n->count ? o->count : n->count;

	differ_child(df, PLACE_RETURN, NULL, 0, o->target, n->target);
	for (i = 0; i < common; i++)
		differ_child(df, PLACE_PARAM, NULL, i,
			     kabi_params(d->old, o)[i],
			     kabi_params(d->new, n)[i]);
	for (i = common; i < o->count; i++) {
		differ_item(df, CHANGE_PARAM_REMOVED, PLACE_PARAM, NULL, i);
		df->items[df->nitems - 1].old_type = kabi_params(d->old, o)[i];
	}
	for (i = common; i < n->count; i++) {
		differ_item(df, CHANGE_PARAM_ADDED, PLACE_PARAM, NULL, i);
		df->items[df->nitems - 1].new_type = kabi_params(d->new, n)[i];
	}
	if ((o->flags ^ n->flags) & KABI_TYPE_VARIADIC)
		differ_values(df, CHANGE_VARIADIC_CHANGED, PLACE_SELF, NULL,
			      !!(o->flags & KABI_TYPE_VARIADIC),
			      !!(n->flags & KABI_TYPE_VARIADIC));
	/* BTF writes "()" as "(...)" (docs/changes.md) */
	if (((o->flags ^ n->flags) & KABI_TYPE_UNPROTOTYPED) &&
	    !d->old->from_btf && !d->new->from_btf)
		differ_values(df, CHANGE_PROTOTYPE_CHANGED, PLACE_SELF, NULL,
			      !(o->flags & KABI_TYPE_UNPROTOTYPED),
			      !(n->flags & KABI_TYPE_UNPROTOTYPED));
}

static void compare_content(struct differ *df, const struct type_pair *p)
{
	const struct kabi_type *o = old_t(df, p->old_type);
	const struct kabi_type *n = new_t(df, p->new_type);

	switch (o->kind) {
	case KABI_VOID:
	case KABI_UNKNOWN:
		break;
	case KABI_BASE:
		/* the types themselves, for their encodings */
		if (o->size != n->size || o->encoding != n->encoding) {
			differ_values(df, CHANGE_BASE_CHANGED, PLACE_SELF, NULL,
				      o->size, n->size);
			df->items[df->nitems - 1].old_type = p->old_type;
			df->items[df->nitems - 1].new_type = p->new_type;
		}
		break;
	case KABI_POINTER:
		if (o->size != n->size)
			differ_values(df, CHANGE_SIZE_CHANGED, PLACE_SELF, NULL,
				      o->size, n->size);
		differ_child(df, PLACE_TARGET, NULL, 0, o->target, n->target);
		break;
	case KABI_ARRAY: { /* same bounds, or not the same array type */
		uint32_t old_next, new_next;

		differ_array_step(df->d, o, n, &old_next, &new_next);
		differ_child(df, PLACE_TARGET, NULL, 0, old_next, new_next);
		break;
	}
	case KABI_STRUCT:
	case KABI_UNION:
		compare_aggregate(df, o, n);
		break;
	case KABI_ENUM:
		compare_enum(df, o, n);
		break;
	case KABI_FUNCTION:
		compare_function(df, o, n);
		break;
	default: /* typedefs and qualifiers */
		differ_child(df, PLACE_TARGET, NULL, 0, o->target, n->target);
		break;
	}
}

/* Store the items and edges found for a pair, contiguously. */
static void store_pair(struct differ *df, uint32_t pair)
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
	store_pair(df, pair);
	return pair;
}

void differ_drain(struct differ *df)
{
	/* first in, first out: breadth first, for short paths in reports */
	size_t next = 0;

	while (next < df->nqueue) {
		uint32_t pair = df->queue[next++];
		const struct type_pair *p = &df->d->pairs[pair];

		compare_content(df, p);
		store_pair(df, pair);
	}
	df->nqueue = 0;
}
