// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Each paired export's type change set against its CRC.
 *
 * The kernel's CRCs are its own word on which exports a change reaches,
 * as each exporting unit sees the types; kabi's visible reach (reach.c)
 * models the same. Where the two agree there is nothing to say. Where
 * they do not, the export is named with what kabi can tell: a CRC that
 * changed with no type change the unit sees (modules refuse to load,
 * perhaps needlessly), or a type change the unit sees under an unchanged
 * CRC (hidden from modversions: modules built for OLD load on NEW and
 * use the old layout).
 */
#include <stdlib.h>
#include <string.h>

#include "diff_impl.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

static bool has_crc(const struct kabi_model *m)
{
	size_t i;

	for (i = 0; i < m->nsymbols; i++)
		if (m->symbols[i].flags & KABI_SYM_HAS_CRC)
			return true;
	return false;
}

/* Whether a root changed only array bounds. */
static bool only_bounds(const struct kabi_diff *d, const struct root_cause *r)
{
	const struct type_pair *p = &d->pairs[r->pair];
	uint32_t k;

	for (k = 0; k < p->nitems; k++)
		if (d->items[p->first_item + k].kind != CHANGE_ARRAY_COUNT)
			return false;
	return p->nitems > 0;
}

/*
 * Per export: 3 when a breaking root reaches it as its unit sees the
 * types, 2 when a compatible one does, 1 when roots reach it only through
 * every pointer, 0 when none does; and whether a visible root other than
 * one of array bounds alone reaches it.
 */
static uint8_t *mark_reached(const struct kabi_diff *d, bool *not_bounds)
{
	uint8_t *mark = xcalloc(d->nsymbols + 1, 1);
	size_t r, k;

	for (r = 0; r < d->nroots; r++) {
		const struct root_cause *root = &d->roots[r];
		uint8_t level = root->severity == BREAKING ? 3 : 2;
		bool bounds = only_bounds(d, root);

		for (k = 0; k < root->transitive.n; k++)
			if (!mark[root->transitive.symbols[k]])
				mark[root->transitive.symbols[k]] = 1;
		for (k = 0; k < root->visible.n; k++) {
			uint32_t s = root->visible.symbols[k];

			if (mark[s] < level)
				mark[s] = level;
			not_bounds[s] |= !bounds;
		}
	}
	return mark;
}

/* Why a CRC changed that no visible type change explains. */
static void explain_crc_only(struct kabi_diff *d, uint32_t i)
{
	struct symbol_change *s = &d->symbols[i];
	const struct kabi_symbol *o = &d->old->symbols[s->old_symbol];
	const struct kabi_symbol *n = &d->new->symbols[s->new_symbol];
	uint32_t cause;

	if (!(o->flags & KABI_SYM_HAS_TYPE) ||
	    !(n->flags & KABI_SYM_HAS_TYPE)) {
		s->crc_reason = CRC_REASON_NO_TYPE;
		return;
	}
	cause = diff_reach_view_change(d, i);
	if (cause != KABI_NONE) {
		s->crc_reason = CRC_REASON_VIEW;
		s->crc_cause = cause;
		s->crc_now_defined = diff_reach_now_defined(d, i, cause);
		return;
	}
	/*
	 * Changes beyond its view are none of genksyms' business: what
	 * changed the CRC is in the source alone (a parameter renamed in a
	 * prototype, which DWARF does not keep), or in the build.
	 */
	s->crc_reason = CRC_REASON_SOURCE;
}

void diff_crcs(struct kabi_diff *d)
{
	bool old_crcs = has_crc(d->old), new_crcs = has_crc(d->new);
	uint8_t *reached;
	bool *not_bounds;
	uint32_t i;

	d->crcs_compared = old_crcs && new_crcs;
	d->crcs_missing = d->crcs_compared	   ? NULL
			  : !old_crcs && !new_crcs ? "either"
			  : !old_crcs		   ? "OLD"
						   : "NEW";
	if (!d->crcs_compared || !diff_types_compared(d))
		return;
	not_bounds = xcalloc(d->nsymbols + 1, sizeof(bool));
	reached = mark_reached(d, not_bounds);
	for (i = 0; i < d->nsymbols; i++) {
		struct symbol_change *s = &d->symbols[i];
		bool changed;

		s->crc_cause = KABI_NONE;
		if (s->old_symbol == KABI_NONE || s->new_symbol == KABI_NONE)
			continue;
		if (!(d->old->symbols[s->old_symbol].flags &
		      d->new->symbols[s->new_symbol].flags &KABI_SYM_HAS_CRC))
			continue; /* CRC_NOT_COMPARED */
		changed = diff_crc_changed(d, s);
		if (reached[i] >= 2)
			s->crc_class = changed ? CRC_AGREE : CRC_HIDDEN;
		else if (changed)
			s->crc_class = CRC_ONLY;
		else
			s->crc_class = reached[i] ? CRC_BEYOND : CRC_SAME;
		s->crc_hidden_breaking =
		    s->crc_class == CRC_HIDDEN && reached[i] == 3;
		if (s->crc_class == CRC_ONLY)
			explain_crc_only(d, i);
		if (s->crc_class == CRC_HIDDEN)
			s->crc_reason = not_bounds[i] ? CRC_REASON_HIDDEN
						      : CRC_REASON_ARRAY_BOUND;
	}
	free(not_bounds);
	free(reached);
}
