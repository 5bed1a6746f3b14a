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
	differ_values(df, kind, PLACE_MEMBER, name, old_value, new_value)
	    ->new_name = d->texts[d->ntexts - 1];
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
	free(ov.v);
	free(nv.v);
	free(ov.slots);
	free(nv.slots);
}

void differ_aggregate(struct differ *df, const struct kabi_type *o,
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
