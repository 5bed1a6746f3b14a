// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The idioms distributions keep their kABI with, as the binaries carry
 * them. Red Hat's rh_kabi.h, Android's android_kabi.h and
 * android_vendor.h, openEuler's kabi.h, deepin's deepin_kabi.h, Anolis'
 * ck_kabi.h, Oracle's uek_kabi.h and the kernel's gendwarfksyms example
 * kabi.h all put a member's replacement in a union beside the original,
 * which they keep in a struct of its own:
 *
 *	union {
 *		struct kf_ops *ops;                    the new member(s)
 *		struct { unsigned long rh_reserved1; } rh_kabi_hidden_20;
 *		union { };                             a size check, empty
 *	};
 *
 * Each vendor names the keeping struct its own way (rh_kabi_hidden_LINE,
 * __UNIQUE_ID_kabi_hideN, kabi_hidden_LINE, deepin_kabi_hidden_LINE,
 * ck_kabi_hidden_LINE, __UNIQUE_ID_uek_kabi_hideN, or no name at all),
 * so members.c knows the idiom by its shape against OLD: a union of NEW
 * one of whose members holds exactly members OLD had, by name and type,
 * laid out as they were, in one reserved slot or several, scalars or
 * arrays, beside new members. Then whether it fits is a matter of
 * offsets and sizes, not names.
 *
 * What only one side shows, a union OLD already had, has no OLD to be
 * measured against: there a name (any containing "kabi_hid"), reserved
 * member names, or the empty union of the size check are the only
 * evidence, and this file reads them. SUSE takes its suse_kabi_padding,
 * and others their reserved members, behind #ifndef __GENKSYMS__, with
 * no union: only the reserved name says so.
 */
#include <stdlib.h>
#include <string.h>

#include "diff_impl.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

/* The first byte first (no prefix is empty): asked of every member. */
static bool starts_with(const char *s, const char *prefix)
{
	return s[0] == prefix[0] && !strncmp(s, prefix, strlen(prefix));
}

bool idiom_reserved_name(const char *name)
{
	static const char *const prefixes[] = {
	    "rh_reserved",	     /* RH_KABI_RESERVE, RH_KABI_DEPRECATE */
	    "android_kabi_reserved", /* ANDROID_KABI_RESERVE */
	    /* android_vendor.h's ANDROID_BACKPORT_RESERVED */
	    "android_backport_reserved",
	    /* gendwarfksyms' KABI_RESERVE; Android's ANDROID_KABI_RESERVE
	     * and ANDROID_BACKPORT_RESERVE(_ARRAY) where android_kabi.h
	     * has gendwarfksyms' rules */
	    "__kabi_reserved",
	    "__kabi_renamed",	 /* gendwarfksyms' KABI_REPLACE */
	    "kabi_reserved",	 /* openEuler: KABI_RESERVE, KABI_DEPRECATE */
	    "deepin_reserved",	 /* deepin: DEEPIN_KABI_RESERVE */
	    "ck_reserved",	 /* Anolis: CK_KABI_RESERVE */
	    "uek_reserved",	 /* Oracle UEK: UEK_KABI_RESERVED(_P) */
	    "suse_kabi_padding", /* SUSE */
	};
	size_t i;

	for (i = 0; i < sizeof(prefixes) / sizeof(prefixes[0]); i++)
		if (starts_with(name, prefixes[i]))
			return true;
	return false;
}

bool idiom_ignored_name(const char *name)
{
	return starts_with(name, "__kabi_ignored"); /* KABI_IGNORE */
}

#define RENAMED "__kabi_renamed"

const char *idiom_original_name(const char *name)
{
	/* gendwarfksyms' KABI_REPLACE keeps 'count' as '__kabi_renamedcount' */
	return starts_with(name, RENAMED) && name[strlen(RENAMED)]
		   ? name + strlen(RENAMED)
		   : name;
}

/* kabi_hide, kabi_hidden_: the family's keeping structs, any vendor's. */
static bool hiding_name(const char *name)
{
	return strstr(name, "kabi_hid");
}

static const struct kabi_type *aggregate_of(const struct kabi_model *m,
					    uint32_t id)
{
	const struct kabi_type *t = model_type(m, model_strip_typedefs(m, id));

	return t->kind == KABI_STRUCT || t->kind == KABI_UNION ? t : NULL;
}

bool idiom_empty_member(const struct kabi_model *m,
			const struct kabi_member *mb)
{
	const struct kabi_type *t = aggregate_of(m, mb->type);

	return !mb->name && t && t->size == 0 && t->count == 0;
}

/* An anonymous struct whose every member has a reserved name. */
static bool reserved_struct(const struct kabi_model *m,
			    const struct kabi_type *t)
{
	uint32_t i;

	if (t->kind != KABI_STRUCT || !t->count)
		return false;
	for (i = 0; i < t->count; i++) {
		const struct kabi_member *mb = &kabi_members(m, t)[i];

		if (!mb->name || !idiom_reserved_name(model_str(m, mb->name)))
			return false;
	}
	return true;
}

bool idiom_size_checked(const struct kabi_model *m, const struct kabi_type *u)
{
	uint32_t i;

	for (i = 0; i < u->count; i++)
		if (idiom_empty_member(m, &kabi_members(m, u)[i]))
			return true;
	return false;
}

uint32_t idiom_hiding_member(const struct kabi_model *m,
			     const struct kabi_type *u)
{
	uint32_t i, hide = KABI_NONE, checks = 0, others = 0;

	if (u->kind != KABI_UNION)
		return KABI_NONE;
	for (i = 0; i < u->count; i++) {
		const struct kabi_member *mb = &kabi_members(m, u)[i];
		const struct kabi_type *t = aggregate_of(m, mb->type);

		if (idiom_empty_member(m, mb))
			checks++;
		else if (hide == KABI_NONE && t && t->kind == KABI_STRUCT &&
			 (mb->name ? hiding_name(model_str(m, mb->name))
				   : reserved_struct(m, t)))
			hide = i;
		else
			others++;
	}
	if (hide == KABI_NONE) {
		/* an anonymous struct, its size checked: the last of them */
		for (i = u->count; checks && i-- > 0;) {
			const struct kabi_member *mb = &kabi_members(m, u)[i];
			const struct kabi_type *t = aggregate_of(m, mb->type);

			if (!mb->name && t && t->kind == KABI_STRUCT &&
			    !idiom_empty_member(m, mb))
				return others == 2 ? i : KABI_NONE;
		}
		return KABI_NONE;
	}
	return others ? hide : KABI_NONE;
}

/* --- a member retyped to a type of the same layout -------------------- */

/*
 * The scalars a type is made of, each at its offset: what a module built
 * for either type reads and writes. An enum reads as an integer of its
 * size; a pointer by what it points to.
 */
#define MAX_LEAVES 64

struct leaf {
	uint64_t offset; /* bits */
	uint64_t size;	 /* bits */
	uint32_t kind, encoding, type;
};

struct leaves {
	const struct kabi_model *m;
	struct leaf v[MAX_LEAVES];
	size_t n;
};

/* A char's bytes read as the integer of its sign: u8 and __u8 alike. */
static uint32_t layout_encoding(uint32_t encoding)
{
	return encoding == KABI_ENC_SIGNED_CHAR	    ? KABI_ENC_SIGNED
	       : encoding == KABI_ENC_UNSIGNED_CHAR ? KABI_ENC_UNSIGNED
						    : encoding;
}

static bool add_leaves(struct leaves *l, uint32_t id, uint64_t offset,
		       uint32_t bit_size, unsigned depth)
{
	const struct kabi_model *m = l->m;
	const struct kabi_type *t;
	uint64_t i;

	if (depth > 16)
		return false;
	id = model_strip_typedefs(m, id);
	t = model_type(m, id);
	switch (t->kind) {
	case KABI_STRUCT:
	case KABI_UNION:
		if (t->flags & KABI_TYPE_DECLARATION)
			return false;
		for (i = 0; i < t->count; i++) {
			const struct kabi_member *mb = &kabi_members(m, t)[i];

			if (!add_leaves(l, mb->type, offset + mb->offset,
					mb->bit_size, depth + 1))
				return false;
		}
		return true;
	case KABI_ARRAY: {
		const struct kabi_type *e = model_type(m, t->target);

		if (!t->elements || (t->flags & KABI_TYPE_NO_COUNT) ||
		    t->elements > MAX_LEAVES)
			return false;
		for (i = 0; i < t->elements; i++)
			if (!add_leaves(l, t->target, offset + i * e->size * 8,
					0, depth + 1))
				return false;
		return true;
	}
	case KABI_BASE:
	case KABI_ENUM:
	case KABI_POINTER:
		if (l->n == MAX_LEAVES)
			return false;
		l->v[l->n].offset = offset;
		l->v[l->n].size = bit_size ? bit_size : t->size * 8;
		/* an enum of 4 bytes is read as the int of 4 bytes it holds */
		l->v[l->n].kind = t->kind == KABI_ENUM ? KABI_BASE : t->kind;
		l->v[l->n].encoding =
		    t->kind == KABI_ENUM
			? (t->flags & KABI_TYPE_SIGNED ? KABI_ENC_SIGNED
						       : KABI_ENC_UNSIGNED)
			: layout_encoding(t->encoding);
		l->v[l->n++].type = t->kind == KABI_POINTER ? t->target : id;
		return true;
	default:
		return false;
	}
}

bool idiom_same_layout(const struct kabi_diff *d, uint32_t old_type,
		       uint32_t old_bits, uint32_t new_type, uint32_t new_bits)
{
	struct leaves *o = xcalloc(2, sizeof(*o)), *n = o + 1;
	bool same;
	size_t i;

	o->m = d->old;
	n->m = d->new;
	same = add_leaves(o, old_type, 0, old_bits, 0) &&
	       add_leaves(n, new_type, 0, new_bits, 0) && o->n == n->n && o->n;
	for (i = 0; same && i < o->n; i++)
		same =
		    o->v[i].offset == n->v[i].offset &&
		    o->v[i].size == n->v[i].size &&
		    o->v[i].kind == n->v[i].kind &&
		    (o->v[i].kind == KABI_POINTER
			 ? differ_same_identity(d, o->v[i].type, n->v[i].type)
			 : o->v[i].encoding == n->v[i].encoding);
	free(o);
	return same;
}
