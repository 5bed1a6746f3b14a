// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Comparing two structs or unions (types.c's handler of their kind): the
 * members as C code names them, paired by name, then by a rename at the
 * same place; the kABI idioms that reuse a reserved slot or hide a
 * member in a union taken as what they mean; a flexible array at the
 * end as the same array.
 */
#include <stdlib.h>
#include <string.h>

#include "diff_impl.h"
#include "../util/strbuf.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

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

/*
 * A union that replaces members the kABI way: where it is, and the
 * members of OLD it keeps (visible.originals[first, first + n)), found
 * by its shape; n is 0 where only idioms.c's evidence of one side (a
 * name, the size check) tells the union, which keeps nothing of OLD's.
 */
struct visible_slot {
	uint64_t offset; /* bits */
	uint64_t place;	 /* bytes: the member keeping the originals */
	const struct kabi_type *u;
	uint32_t first, n;
};

struct visible {
	struct visible_member *v;
	size_t n, alloc;
	struct visible_slot *slots;
	size_t nslots, slots_alloc;
	uint32_t *originals; /* indices of OLD's visible members */
	size_t noriginals, originals_alloc;
};

/*
 * A walk collecting one side's visible members into out. NEW's walk
 * measures its unions against OLD's members (old), each kept by one
 * union at most (kept); a plain walk looks for no kABI union at all.
 */
struct walk {
	const struct kabi_model *m;
	struct visible *out;
	const struct kabi_diff *d;
	const struct visible *old;
	uint8_t *kept;
	bool plain;
	bool no_bit_sizes; /* a side does not keep them: all taken as 0 */
};

/*
 * Bounds: the anonymous nesting walked, the originals one union keeps,
 * the members of a union measured (the macros' have two or three: the
 * new, the original's struct, the size check), each measure walking the
 * union's others once.
 */
#define MAX_DEPTH 8
#define MAX_KEPT  16
#define MAX_UNION 8

static void collect_visible(struct walk *w, const struct kabi_type *t,
			    uint64_t base, unsigned depth, uint32_t slot);

/* One member of an aggregate, as a view of the aggregate. */
static struct kabi_type only_member(const struct kabi_type *t, uint32_t i)
{
	struct kabi_type only = *t;

	only.first = t->first + i;
	only.count = 1;
	return only;
}

/* The visible members of u's members but `skip` (and the size checks). */
static void collect_others(struct walk *w, const struct kabi_type *u,
			   uint32_t skip, uint64_t base, unsigned depth,
			   uint32_t slot)
{
	uint32_t i;

	for (i = 0; i < u->count; i++) {
		struct kabi_type only = only_member(u, i);

		if (i == skip ||
		    idiom_empty_member(w->m, &kabi_members(w->m, u)[i]))
			continue;
		collect_visible(w, &only, base, depth, slot);
	}
}

/* OLD's member of that name no union keeps, outside OLD's kABI unions. */
static uint32_t find_plain(const struct visible *ov, const char *name,
			   const uint8_t *kept)
{
	size_t i;

	for (i = 0; i < ov->n; i++)
		if (!kept[i] && ov->v[i].slot == KABI_NONE &&
		    !strcmp(ov->v[i].name, name))
			return (uint32_t)i;
	return KABI_NONE;
}

/*
 * Whether each member held is a member of OLD no union keeps yet, by
 * name (or the one KABI_REPLACE renamed it from) and type (the same, or
 * the same scalars: unsigned long for u64), laid out as in OLD; their
 * indices in OLD into found.
 */
static bool held_are_old(const struct walk *w, const struct visible *held,
			 uint32_t *found)
{
	const struct visible_member *o, *h;
	size_t i;

	if (!held->n || held->n > MAX_KEPT)
		return false;
	for (i = 0; i < held->n; i++) {
		h = &held->v[i];
		found[i] =
		    find_plain(w->old, idiom_original_name(h->name), w->kept);
		if (found[i] == KABI_NONE)
			return false;
		o = &w->old->v[found[i]];
		if (o->bit_size != h->bit_size ||
		    o->offset + held->v[0].offset !=
			h->offset + w->old->v[found[0]].offset ||
		    (!differ_same_identity(w->d, o->type, h->type) &&
		     !idiom_same_layout(w->d, o->type, o->bit_size, h->type,
					h->bit_size)))
			return false;
	}
	return true;
}

/* Whether C code still names a member as OLD did: the same place and type. */
static bool still_old(const struct walk *w, const struct visible_member *nm)
{
	uint32_t j = find_plain(w->old, nm->name, w->kept);

	return j != KABI_NONE && w->old->v[j].offset == nm->offset &&
	       differ_same_identity(w->d, w->old->v[j].type, nm->type);
}

/*
 * Whether a member beside the held ones is new: one of them under
 * another type (RH_KABI_REPLACE's 'flags'; the same type, at the same
 * place, is struct_group's second view of the same members), or not a
 * member of OLD's as it was.
 */
static bool beside_is_new(const struct walk *w, const struct visible *held,
			  const struct visible_member *nm)
{
	size_t k;

	for (k = 0; k < held->n; k++) {
		const struct visible_member *h = &held->v[k];

		if (!strcmp(nm->name, idiom_original_name(h->name)))
			return nm->offset != h->offset || nm->type != h->type;
	}
	return !still_old(w, nm);
}

/*
 * What tells the kABI idiom from a union that merely adds members beside
 * OLD's (struct_group, a union put around a member): C code no longer
 * names the originals (a named struct hides them), or they only ever
 * were room (reserved or renamed names), or a macro's size check is
 * there; and the union's other members are new.
 */
static bool replaces(const struct walk *w, const struct kabi_type *u,
		     uint32_t i, bool hidden, const struct visible *held,
		     uint64_t base, unsigned depth)
{
	struct visible others = {0};
	struct walk scratch = {.m = w->m, .out = &others, .plain = true};
	bool for_room = hidden || idiom_size_checked(w->m, u), fresh;
	size_t j;

	for (j = 0; !for_room && j < held->n; j++)
		if (!idiom_reserved_name(held->v[j].name))
			return false;
	collect_others(&scratch, u, i, base, depth, KABI_NONE);
	fresh = others.n > 0;
	for (j = 0; fresh && j < others.n; j++)
		fresh = beside_is_new(w, held, &others.v[j]);
	free(others.v);
	return fresh;
}

/*
 * Whether member i of union u holds members of OLD the kABI way: hidden,
 * by the members of a named struct; else as itself (a reserved member,
 * or the anonymous struct Android and gendwarfksyms keep it in).
 */
static bool holds_old(struct walk *w, const struct kabi_type *u, uint32_t i,
		      bool hidden, uint64_t base, unsigned depth,
		      uint32_t *found, size_t *nfound)
{
	const struct kabi_member *mb = &kabi_members(w->m, u)[i];
	const struct kabi_type *t =
	    model_type(w->m, model_strip_typedefs(w->m, mb->type));
	struct visible held = {0};
	struct walk scratch = {.m = w->m, .out = &held, .plain = true};
	struct kabi_type only = only_member(u, i);
	bool ok;

	if (idiom_empty_member(w->m, mb))
		return false;
	if (!hidden)
		collect_visible(&scratch, &only, base, depth, KABI_NONE);
	else if (mb->name && t->kind == KABI_STRUCT && depth < MAX_DEPTH)
		collect_visible(&scratch, t, base + mb->offset, depth + 1,
				KABI_NONE);
	ok = held_are_old(w, &held, found) &&
	     replaces(w, u, i, hidden, &held, base, depth);
	*nfound = held.n;
	free(held.v);
	return ok;
}

/*
 * The member of union u (at base) that keeps members of OLD, which it
 * records as the originals of the slot to come; KABI_NONE if none does.
 * A struct hiding them first: "void (*done)(void *, int)" holds OLD's
 * "void (*done)(void *)" too, function types being alike by name.
 */
static uint32_t shape_hider(struct walk *w, const struct kabi_type *u,
			    uint64_t base, unsigned depth)
{
	struct visible *out = w->out;
	uint32_t found[MAX_KEPT], i, pass;
	size_t n, k;

	if (u->count > MAX_UNION)
		return KABI_NONE;
	for (pass = 0; pass < 2; pass++)
		for (i = 0; i < u->count; i++) {
			if (!holds_old(w, u, i, !pass, base, depth, found, &n))
				continue;
			for (k = 0; k < n; k++) {
				w->kept[found[k]] = 1;
				ALLOC_GROW(out->originals, out->noriginals + 1,
					   out->originals_alloc);
				out->originals[out->noriginals++] = found[k];
			}
			return i;
		}
	return KABI_NONE;
}

/*
 * The new members of a kABI union, each marked with the slot; the member
 * keeping the originals and the empty size check are not members C code
 * names, and no report shows them.
 */
static void collect_slot(struct walk *w, const struct kabi_type *u,
			 uint32_t hide, uint64_t base, unsigned depth,
			 size_t first)
{
	struct visible *out = w->out;
	struct visible_slot *sl;

	ALLOC_GROW(out->slots, out->nslots + 1, out->slots_alloc);
	sl = &out->slots[out->nslots++];
	sl->offset = base;
	sl->place = model_type_bits(w->m, kabi_members(w->m, u)[hide].type) / 8;
	sl->u = u;
	sl->first = (uint32_t)first;
	sl->n = (uint32_t)(out->noriginals - first);
	collect_others(w, u, hide, base, depth, (uint32_t)(out->nslots - 1));
}

/*
 * An anonymous union that replaces members the kABI way: NEW's measured
 * against OLD first, then, as OLD's always are, by idioms.c's evidence.
 */
static bool collect_union(struct walk *w, const struct kabi_type *u,
			  uint64_t base, unsigned depth)
{
	size_t first = w->out->noriginals;
	uint32_t hide = KABI_NONE;

	if (u->kind != KABI_UNION)
		return false;
	if (w->old)
		hide = shape_hider(w, u, base, depth);
	if (hide == KABI_NONE)
		hide = idiom_hiding_member(w->m, u);
	if (hide == KABI_NONE)
		return false;
	collect_slot(w, u, hide, base, depth, first);
	return true;
}

static void collect_visible(struct walk *w, const struct kabi_type *t,
			    uint64_t base, unsigned depth, uint32_t slot)
{
	const struct kabi_model *m = w->m;
	uint32_t i;

	for (i = 0; i < t->count; i++) {
		const struct kabi_member *mb = &kabi_members(m, t)[i];
		const struct kabi_type *mt =
		    model_type(m, model_strip_typedefs(m, mb->type));
		struct visible_member *vm;

		if (!mb->name) {
			/* an anonymous struct or union: its members are ours */
			if ((mt->kind != KABI_STRUCT &&
			     mt->kind != KABI_UNION) ||
			    depth >= MAX_DEPTH)
				continue; /* else padding, as "int : 3" */
			if (slot != KABI_NONE || w->plain ||
			    !collect_union(w, mt, base + mb->offset, depth + 1))
				collect_visible(w, mt, base + mb->offset,
						depth + 1, slot);
			continue;
		}
		if (idiom_ignored_name(model_str(m, mb->name)))
			continue; /* KABI_IGNORE: not part of the ABI */
		ALLOC_GROW(w->out->v, w->out->n + 1, w->out->alloc);
		vm = &w->out->v[w->out->n++];
		vm->name = model_str(m, mb->name);
		vm->offset = base + mb->offset;
		vm->bit_size = w->no_bit_sizes ? 0 : mb->bit_size;
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
		struct change_item *it = differ_item(df, CHANGE_SAME_LAYOUT,
						     PLACE_MEMBER, om->name, 0);

		it->old_type = om->type;
		it->new_type = nm->type;
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
	differ_values(df, kind, PLACE_MEMBER, name, old_value, new_value)
	    ->new_name = d->texts[d->ntexts - 1];
}

/*
 * Where the originals' room in OLD ends (bits): at the next member, else
 * at the end of OLD. Padding after them is theirs, a member after them
 * is not.
 */
static uint64_t room_end(const struct kabi_diff *d, const struct visible *ov,
			 const uint32_t *orig, uint32_t n, uint64_t old_size)
{
	uint64_t end = 0, next = old_size * 8;
	uint32_t i;
	size_t j;

	for (i = 0; i < n; i++) {
		const struct visible_member *o = &ov->v[orig[i]];
		uint64_t e = o->offset +
			     (o->bit_size ? o->bit_size
					  : model_type_bits(d->old, o->type));

		end = e > end ? e : end;
	}
	for (j = 0; j < ov->n; j++)
		if (ov->v[j].offset >= end && ov->v[j].offset < next)
			next = ov->v[j].offset;
	return next;
}

/*
 * A kABI union of NEW that keeps plain members of OLD: one change, the
 * originals' place now holding the union's other members. It fits when
 * the union is where the originals were and ends within their room.
 */
static void take_slot(struct differ *df, const struct visible *ov,
		      uint64_t old_size, const struct visible *nv,
		      uint32_t slot, uint32_t *match, uint8_t *taken)
{
	const struct visible_slot *sl = &nv->slots[slot];
	const uint32_t *orig = nv->originals + sl->first;
	const struct visible_member *o0 = sl->n ? &ov->v[orig[0]] : NULL;
	struct strbuf holds = STRBUF_INIT;
	uint64_t room, size = sl->u->size;
	bool reserved = true;
	uint32_t i;
	size_t j;

	if (!o0)
		return;
	for (i = 0; i < sl->n; i++) {
		match[orig[i]] = CLAIMED;
		reserved &= idiom_reserved_name(ov->v[orig[i]].name);
	}
	for (j = 0; j < nv->n; j++)
		if (nv->v[j].slot == slot)
			take_into(nv, j, taken, &holds);
	room = (room_end(df->d, ov, orig, sl->n, old_size) - o0->offset) / 8;
	if (o0->offset != sl->offset)
		slot_item(df, CHANGE_REPLACEMENT_MISPLACED, o0->name, &holds,
			  o0->offset, sl->offset);
	else if (size > room)
		slot_item(df, CHANGE_REPLACEMENT_TOO_BIG, o0->name, &holds,
			  room, size);
	else /* of its bytes, or of its room when it took the padding */
		slot_item(df,
			  reserved ? CHANGE_RESERVED_USED
				   : CHANGE_MEMBER_REPLACED,
			  o0->name, &holds, size > sl->place ? room : sl->place,
			  size);
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

/* Both sides' visible members, NEW's kABI unions measured against OLD. */
static void collect_sides(const struct kabi_diff *d, const struct kabi_type *o,
			  const struct kabi_type *n, struct visible *ov,
			  struct visible *nv)
{
	bool widths =
	    model_keeps_bit_sizes(d->old) && model_keeps_bit_sizes(d->new);
	struct walk ow = {.m = d->old, .out = ov, .no_bit_sizes = !widths};
	struct walk nw = {
	    .m = d->new, .out = nv, .d = d, .old = ov, .no_bit_sizes = !widths};

	collect_visible(&ow, o, 0, 0, KABI_NONE);
	nw.kept = xcalloc(ov->n + 1, 1);
	collect_visible(&nw, n, 0, 0, KABI_NONE);
	free(nw.kept);
}

static void visible_free(struct visible *side)
{
	free(side->v);
	free(side->slots);
	free(side->originals);
}

static void compare_members(struct differ *df, const struct kabi_type *o,
			    const struct kabi_type *n)
{
	const struct kabi_diff *d = df->d;
	struct visible ov = {0}, nv = {0};
	uint8_t *taken;
	uint32_t *match;
	size_t i, j;

	collect_sides(d, o, n, &ov, &nv);
	taken = xcalloc(nv.n + 1, 1);
	match = xcalloc(ov.n + 1, sizeof(uint32_t));
	for (i = 0; i < ov.n; i++)
		match[i] = KABI_NONE;
	for (j = 0; j < nv.nslots; j++)
		take_slot(df, &ov, o->size, &nv, (uint32_t)j, match, taken);
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
				      om->name, om->offset, 0)
			    ->old_type = om->type;
			continue;
		}
		taken[j] = 1;
		differ_item(df, CHANGE_MEMBER_RENAMED, PLACE_MEMBER, om->name,
			    0)
		    ->new_name = nv.v[j].name;
		compare_member(df, om, &nv.v[j]);
	}
	for (j = 0; j < nv.n; j++)
		if (!taken[j]) {
			differ_values(df, CHANGE_MEMBER_ADDED, PLACE_MEMBER,
				      nv.v[j].name, 0, nv.v[j].offset)
			    ->new_type = nv.v[j].type;
		}
	free(taken);
	free(match);
	visible_free(&ov);
	visible_free(&nv);
}

void differ_aggregate(struct differ *df, const struct kabi_type *o,
		      const struct kabi_type *n)
{
	bool odecl = o->flags & KABI_TYPE_DECLARATION;
	bool ndecl = n->flags & KABI_TYPE_DECLARATION;

	if (odecl || ndecl) {
		/* a declaration where a side writes no definition it has */
		if ((odecl && diff_side_lacks(df->d, df->d->old)) ||
		    (ndecl && diff_side_lacks(df->d, df->d->new)))
			return;
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
