// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Comparing two types that stand in each other's place: one handler per
 * kind (structs and unions in members.c), each recording the pair's own
 * changes and the pairs of what the types refer to (differ.c). Pairs are
 * compared from a queue, not by recursion, so that recursive types end
 * and deep graphs cannot exhaust the stack.
 */
#include <stdlib.h>
#include <string.h>

#include "diff_impl.h"
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
		differ_aggregate(df, o, n);
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
				    PLACE_ENUMERATOR, name, 0)
			    ->new_name = model_str(nm, ne->name);
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

/*
 * A parameter's own qualifiers ("const size_t n") are no part of its
 * function's type in C (C11 6.7.6.3), and STG keeps none: against a
 * foreign side (STG, ABIXML) they are not compared. _Atomic stays: it
 * may change the layout.
 */
static uint32_t param_type(const struct kabi_diff *d,
			   const struct kabi_model *m, uint32_t id)
{
	unsigned steps;

	if (!model_either_foreign(d->old, d->new))
		return id;
	for (steps = 0; steps < 8; steps++) {
		const struct kabi_type *t = model_type(m, id);

		if (t->kind != KABI_CONST && t->kind != KABI_VOLATILE &&
		    t->kind != KABI_RESTRICT)
			break;
		id = t->target;
	}
	return id;
}

static void compare_function(struct differ *df, const struct kabi_type *o,
			     const struct kabi_type *n)
{
	const struct kabi_diff *d = df->d;
	uint32_t i, common = o->count < n->count ? o->count : n->count;

	differ_child(df, PLACE_RETURN, NULL, 0, o->target, n->target);
	for (i = 0; i < common; i++)
		differ_child(df, PLACE_PARAM, NULL, i,
			     param_type(d, d->old, kabi_params(d->old, o)[i]),
			     param_type(d, d->new, kabi_params(d->new, n)[i]));
	for (i = common; i < o->count; i++) {
		differ_item(df, CHANGE_PARAM_REMOVED, PLACE_PARAM, NULL, i)
		    ->old_type = kabi_params(d->old, o)[i];
	}
	for (i = common; i < n->count; i++) {
		differ_item(df, CHANGE_PARAM_ADDED, PLACE_PARAM, NULL, i)
		    ->new_type = kabi_params(d->new, n)[i];
	}
	if ((o->flags ^ n->flags) & KABI_TYPE_VARIADIC)
		differ_values(df, CHANGE_VARIADIC_CHANGED, PLACE_SELF, NULL,
			      !!(o->flags & KABI_TYPE_VARIADIC),
			      !!(n->flags & KABI_TYPE_VARIADIC));
	/* BTF writes "()" as "(...)" (docs/changes.md) */
	if (((o->flags ^ n->flags) & KABI_TYPE_UNPROTOTYPED) &&
	    !model_types_as_btf(d->old) && !model_types_as_btf(d->new))
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
			struct change_item *it =
			    differ_values(df, CHANGE_BASE_CHANGED, PLACE_SELF,
					  NULL, o->size, n->size);

			it->old_type = p->old_type;
			it->new_type = p->new_type;
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
		differ_aggregate(df, o, n);
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
void differ_drain(struct differ *df)
{
	/* first in, first out: breadth first, for short paths in reports */
	size_t next = 0;

	while (next < df->nqueue) {
		uint32_t pair = df->queue[next++];
		const struct type_pair *p = &df->d->pairs[pair];

		compare_content(df, p);
		differ_store_pair(df, pair);
	}
	df->nqueue = 0;
}
