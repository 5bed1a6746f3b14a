// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Pairing the symbols of two models (by name and module, then by name
 * alone for a symbol that moved to another module) and recording what
 * changed about each: its export, and its type, whose pair is compared;
 * and the view of each paired export, the units that build it.
 */
#include <stdlib.h>
#include <string.h>

#include "diff_impl.h"
#include "../util/numbering.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

static const char *sym_str(const struct kabi_model *m, uint32_t i, bool module)
{
	const struct kabi_symbol *s = &m->symbols[i];

	return model_str(m, module ? s->module : s->name);
}

static int compare_names(const struct kabi_diff *d, uint32_t o, uint32_t n,
			 bool with_module)
{
	int c = strcmp(sym_str(d->old, o, false), sym_str(d->new, n, false));

	if (c || !with_module)
		return c;
	return strcmp(sym_str(d->old, o, true), sym_str(d->new, n, true));
}

static struct symbol_change *add_change(struct kabi_diff *d, uint32_t o,
					uint32_t n)
{
	struct symbol_change *c;

	ALLOC_GROW(d->symbols, d->nsymbols + 1, d->symbols_alloc);
	c = &d->symbols[d->nsymbols++];
	memset(c, 0, sizeof(*c));
	c->old_symbol = o;
	c->new_symbol = n;
	c->pair = KABI_NONE;
	return c;
}

/*
 * Both models keep symbols sorted by name and module; merge them. What is
 * left unpaired by (name, module) is paired by name if a symbol of that
 * name is unpaired on the other side too: it moved.
 */
static void pair_symbols(struct kabi_diff *d)
{
	size_t i = 0, j = 0;

	while (i < d->old->nsymbols || j < d->new->nsymbols) {
		int c;

		if (i == d->old->nsymbols)
			c = 1;
		else if (j == d->new->nsymbols)
			c = -1;
		else
			c = compare_names(d, (uint32_t)i, (uint32_t)j, true);
		if (c == 0) {
			add_change(d, (uint32_t)i++, (uint32_t)j++);
		} else if (c < 0) {
			/* same name in another module, next on the new side? */
			if (j < d->new->nsymbols &&
			    !compare_names(d, (uint32_t)i, (uint32_t)j,
					   false) &&
			    (i + 1 == d->old->nsymbols ||
			     compare_names(d, (uint32_t)i + 1, (uint32_t)j,
					   false)))
				add_change(d, (uint32_t)i++, (uint32_t)j++);
			else
				add_change(d, (uint32_t)i++, KABI_NONE);
		} else {
			if (i < d->old->nsymbols &&
			    !compare_names(d, (uint32_t)i, (uint32_t)j,
					   false) &&
			    (j + 1 == d->new->nsymbols ||
			     compare_names(d, (uint32_t)i, (uint32_t)j + 1,
					   false)))
				add_change(d, (uint32_t)i++, (uint32_t)j++);
			else
				add_change(d, KABI_NONE, (uint32_t)j++);
		}
	}
}

static void symbol_item(struct differ *df, enum change_kind kind)
{
	differ_item(df, kind, PLACE_SELF, NULL, 0);
}

static void compare_exports(struct differ *df, const struct kabi_symbol *o,
			    const struct kabi_symbol *n)
{
	const struct kabi_diff *d = df->d;
	const char *ons = model_str(d->old, o->ns),
		   *nns = model_str(d->new, n->ns);

	if (model_either_foreign(d->old, d->new))
		; /* STG and ABIXML keep no export kind (model.h) */
	else if ((o->flags & KABI_SYM_GPL) && !(n->flags & KABI_SYM_GPL))
		symbol_item(df, o->flags & KABI_SYM_FIELDS_PINNED
				    ? CHANGE_EXPORT_FROM_GPL_PINNED
				    : CHANGE_EXPORT_FROM_GPL);
	else if (!(o->flags & KABI_SYM_GPL) && (n->flags & KABI_SYM_GPL))
		symbol_item(df, CHANGE_EXPORT_TO_GPL);
	if (!*ons && *nns)
		symbol_item(df, CHANGE_NAMESPACE_ADDED);
	else if (*ons && !*nns)
		symbol_item(df, o->flags & KABI_SYM_FIELDS_PINNED
				    ? CHANGE_NAMESPACE_REMOVED_PINNED
				    : CHANGE_NAMESPACE_REMOVED);
	else if (strcmp(ons, nns))
		symbol_item(df, CHANGE_NAMESPACE_CHANGED);
	if (diff_types_compared(d) &&
	    ((o->flags ^ n->flags) & KABI_SYM_FUNCTION))
		symbol_item(df, CHANGE_SYMBOL_KIND);
	/* a module not known (STG) has not moved */
	if (*model_str(d->old, o->module) && *model_str(d->new, n->module) &&
	    strcmp(model_str(d->old, o->module), model_str(d->new, n->module)))
		symbol_item(df, o->flags & KABI_SYM_MODULE_PINNED
				    ? CHANGE_MODULE_MOVED_PINNED
				    : CHANGE_MODULE_MOVED);
	if ((o->flags & n->flags & KABI_SYM_HAS_CRC) && o->crc != n->crc)
		differ_values(df, CHANGE_CRC_CHANGED, PLACE_SELF, NULL, o->crc,
			      n->crc);
}

/*
 * BTF describes per-CPU variables only, and not every function (pahole
 * leaves out some, and leaves a name it wrote several prototypes of
 * untyped), but describes assembly functions as "void (void)" where
 * kabi's DWARF reader sees no C type: an export typed on one side only,
 * where either side's types come from BTF, is no change but the
 * sources' or pahole's (docs/changes.md). STG and ABIXML keep what DWARF
 * says, less some: against another format alike, but two baselines of
 * the one tool type by the same rules, and a type there and then gone
 * is lost, as that tool reports it.
 */
static bool typed_by_source(const struct kabi_diff *d)
{
	if (d->old->foreign && d->old->foreign == d->new->foreign)
		return false;
	return model_types_as_btf(d->old) || model_types_as_btf(d->new);
}

static void compare_symbol(struct differ *df, struct symbol_change *c)
{
	const struct kabi_diff *d = df->d;
	const struct kabi_symbol *o = &d->old->symbols[c->old_symbol];
	const struct kabi_symbol *n = &d->new->symbols[c->new_symbol];
	bool ot = o->flags & KABI_SYM_HAS_TYPE,
	     nt = n->flags & KABI_SYM_HAS_TYPE;

	/* a list of exports alone on either side: the exports alone */
	if (!diff_types_compared(d)) {
		compare_exports(df, o, n);
		return;
	}
	/* the type first: a replaced variable type is a pair of its own */
	if (ot && nt && !((o->flags ^ n->flags) & KABI_SYM_FUNCTION))
		c->pair = differ_symbol_type(df, o->type, n->type);
	compare_exports(df, o, n);
	if (ot != nt && (typed_by_source(d) || (o->flags & KABI_SYM_FROM_LIST)))
		return;
	if (ot && !nt)
		symbol_item(df, CHANGE_TYPE_INFO_LOST);
	else if (!ot && nt)
		symbol_item(df, CHANGE_TYPE_INFO_GAINED);
}

/* Move the items found for a symbol change into the diff. */
static void store_items(struct differ *df, struct symbol_change *c)
{
	struct kabi_diff *d = df->d;

	ALLOC_GROW(d->items, d->nitems + df->nitems, d->items_alloc);
	c->first_item = (uint32_t)d->nitems;
	c->nitems = (uint32_t)df->nitems;
	if (df->nitems)
		memcpy(d->items + d->nitems, df->items,
		       df->nitems * sizeof(*df->items));
	d->nitems += df->nitems;
	df->nitems = 0;
}

/*
 * Each paired export's view, the units that build it, numbered once
 * each (d->views); and how many of those pairs no side knows the units
 * of.
 */
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

/* An export of NEW without a CRC, where a rule file requires one. */
static void check_versioned(struct differ *df, const struct kabi_symbol *n)
{
	if ((n->flags & KABI_SYM_CRC_REQUIRED) &&
	    (!(n->flags & KABI_SYM_HAS_CRC) || !n->crc))
		symbol_item(df, CHANGE_CRC_UNVERSIONED);
}

void diff_symbols(struct differ *df)
{
	struct kabi_diff *d = df->d;
	size_t i;

	pair_symbols(d);
	for (i = 0; i < d->nsymbols; i++) {
		struct symbol_change *c = &d->symbols[i];

		if (c->old_symbol == KABI_NONE)
			symbol_item(df, CHANGE_SYMBOL_ADDED);
		else if (c->new_symbol == KABI_NONE)
			symbol_item(df, CHANGE_SYMBOL_REMOVED);
		else
			compare_symbol(df, c);
		if (c->new_symbol != KABI_NONE)
			check_versioned(df, &d->new->symbols[c->new_symbol]);
		store_items(df, c);
	}
	build_views(d);
}

bool diff_types_compared(const struct kabi_diff *d)
{
	return !d->old->no_types && !d->new->no_types;
}

const char *diff_symbol_name(const struct kabi_diff *d,
			     const struct symbol_change *s)
{
	if (s->new_symbol != KABI_NONE)
		return sym_str(d->new, s->new_symbol, false);
	return sym_str(d->old, s->old_symbol, false);
}

bool diff_crc_changed(const struct kabi_diff *d, const struct symbol_change *s)
{
	uint32_t k;

	for (k = 0; k < s->nitems; k++)
		if (d->items[s->first_item + k].kind == CHANGE_CRC_CHANGED)
			return true;
	return false;
}

bool diff_crc_kept(const struct kabi_diff *d, const struct symbol_change *s)
{
	return s->old_symbol != KABI_NONE && s->new_symbol != KABI_NONE &&
	       (d->old->symbols[s->old_symbol].flags &
		d->new->symbols[s->new_symbol].flags &KABI_SYM_HAS_CRC) &&
	       !diff_crc_changed(d, s);
}

bool diff_unit_known(const struct kabi_diff *d, const struct symbol_change *s)
{
	return s->view != KABI_NONE &&
	       (d->views[s->view].old_unit || d->views[s->view].new_unit);
}
