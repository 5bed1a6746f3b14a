// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Whether a new type stands in an old one's place, to be compared with
 * it as the same type: same kind and name, through what derived types
 * derive from; arrays stepped through as the sources' readers write them
 * (BTF flattens them). What the comparison of types and the kABI idioms
 * both ask.
 */
#include <string.h>

#include "diff_impl.h"
#include "../util/banned.h"

static bool named_kind(enum kabi_kind kind)
{
	return kind == KABI_BASE || kind == KABI_TYPEDEF ||
	       kind == KABI_STRUCT || kind == KABI_UNION || kind == KABI_ENUM ||
	       kind == KABI_UNKNOWN;
}

/* An array as BTF has it: its innermost elements, and how many. */
static uint32_t flatten_array(const struct kabi_model *m,
			      const struct kabi_type *t, uint64_t *total)
{
	unsigned guard;

	*total = t->elements;
	for (guard = 0; guard < 64; guard++) {
		const struct kabi_type *inner = model_type(m, t->target);

		if (inner->kind != KABI_ARRAY)
			break;
		t = inner;
		*total *= t->elements;
	}
	return t->target;
}

bool differ_array_step(const struct kabi_diff *d, const struct kabi_type *o,
		       const struct kabi_type *n, uint32_t *old_next,
		       uint32_t *new_next)
{
	uint64_t old_total, new_total;

	/* a bound a side did not keep (diff_side_lacks) is no change */
	if (((o->flags & KABI_TYPE_NO_COUNT) && diff_side_lacks(d, d->old)) ||
	    ((n->flags & KABI_TYPE_NO_COUNT) && diff_side_lacks(d, d->new))) {
		*old_next = o->target;
		*new_next = n->target;
		return false;
	}
	if (!model_types_as_btf(d->old) && !model_types_as_btf(d->new)) {
		*old_next = o->target;
		*new_next = n->target;
		return o->elements != n->elements ||
		       ((o->flags ^ n->flags) & KABI_TYPE_NO_COUNT);
	}
	*old_next = flatten_array(d->old, o, &old_total);
	*new_next = flatten_array(d->new, n, &new_total);
	return old_total != new_total;
}

bool differ_same_identity(const struct kabi_diff *d, uint32_t old_type,
			  uint32_t new_type)
{
	unsigned guard;

	/*
	 * Derived types stand in each other's place when what they derive
	 * from does: "const struct sk_buff *" does not stand for
	 * "const struct net *". Function types and anonymous aggregates are
	 * compared member by member instead.
	 */
	for (guard = 0; guard < 64; guard++) {
		const struct kabi_type *o = model_type(d->old, old_type);
		const struct kabi_type *n = model_type(d->new, new_type);

		if (o->kind != n->kind)
			return false;
		switch (o->kind) {
		case KABI_ARRAY:
			if (differ_array_step(d, o, n, &old_type, &new_type))
				return false;
			continue;
		case KABI_POINTER:
		case KABI_CONST:
		case KABI_VOLATILE:
		case KABI_RESTRICT:
		case KABI_ATOMIC:
			old_type = o->target;
			new_type = n->target;
			continue;
		default:
			if (!named_kind(o->kind) || (!o->name && !n->name))
				return true;
			return !strcmp(model_str(d->old, o->name),
				       model_str(d->new, n->name));
		}
	}
	return false;
}
