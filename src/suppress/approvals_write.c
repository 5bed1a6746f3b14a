// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * --write-approvals: an [approve] section for every breaking root cause
 * and export change that shows and no approval accepts yet, its rules
 * listed and its reason TODO, in the report's order, for a maintainer
 * to edit. Read back, nothing of the same comparison breaks.
 */
#include <stdlib.h>
#include <string.h>

#include "suppress.h"
#include "../model/names.h"
#include "../util/strbuf.h"
#include "../util/banned.h"

/* The breaking rules of items not yet approved, comma-separated. */
static bool add_rules(struct strbuf *sb, const struct diff_filter *f,
		      size_t symbol, uint32_t first, uint32_t nitems)
{
	const struct kabi_diff *d = f->d;
	bool seen[CHANGE_COUNT] = {false};
	uint32_t i;

	for (i = 0; i < nitems; i++) {
		enum change_kind kind = d->items[first + i].kind;

		if (change_severity(kind) != BREAKING || seen[kind] ||
		    f->item_approved[first + i])
			continue;
		/* an export's CRC goes with the type change explaining it */
		if (symbol != SIZE_MAX &&
		    (!filter_item_shown(f, symbol, i) ||
		     filter_item_approved(f, symbol, i) ||
		     (kind == CHANGE_CRC_CHANGED && f->symbol_type[symbol])))
			continue;
		strbuf_addf(sb, "%s%s", sb->len ? ", " : "", change_rule(kind));
		seen[kind] = true;
	}
	return sb->len > 0;
}

static void write_one(FILE *out, const char *key, const char *name,
		      const struct strbuf *rules)
{
	fprintf(out, "\n[approve]\n%s = %s\nrule = %s\nreason = TODO\n", key,
		name, rules->buf);
}

void approvals_write(FILE *out, const struct diff_filter *f)
{
	const struct kabi_diff *d = f->d;
	struct strbuf rules = STRBUF_INIT;
	size_t i;

	fprintf(out,
		"# Breaking changes of kabi diff %s -> %s, to approve: "
		"say why in each reason\n",
		model_str(d->old, d->old->release),
		model_str(d->new, d->new->release));
	for (i = 0; i < d->nroots; i++) {
		const struct root_cause *r = &d->roots[i];
		const struct type_pair *p = &d->pairs[r->pair];

		strbuf_reset(&rules);
		if (f->root_rule[i] != SHOWN || r->severity != BREAKING ||
		    r->beyond || p->private_type ||
		    !add_rules(&rules, f, SIZE_MAX, p->first_item, p->nitems))
			continue;
		if (!*model_str(d->old,
				model_type(d->old, p->old_type)->name) &&
		    r->own_symbol != KABI_NONE)
			write_one(
			    out, "export",
			    diff_symbol_name(d, &d->symbols[r->own_symbol]),
			    &rules);
		else
			write_one(out, "type",
				  type_spelling(&d->old_names, p->old_type),
				  &rules);
	}
	for (i = 0; i < d->nsymbols; i++) {
		strbuf_reset(&rules);
		if (add_rules(&rules, f, i, d->symbols[i].first_item,
			      d->symbols[i].nitems))
			write_one(out, "export",
				  diff_symbol_name(d, &d->symbols[i]), &rules);
	}
	strbuf_release(&rules);
}
