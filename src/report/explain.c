// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kabi explain: one export's story. Why its CRC or its types changed, as
 * its unit sees them: the CRCs and units on each side, its class against
 * its CRC (diff.h, crc_class) with the reason kabi can tell, then every
 * root cause that reaches it with the path, those its unit sees first,
 * then those beyond its view, then its own changes.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "../util/term.h"
#include "../util/banned.h"

/* Root causes shown beyond the export's view (they say little). */
#define BEYOND_SHOWN 3

static const char *unit_name(const struct kabi_model *m, uint32_t symbol)
{
	uint32_t unit = m->symbols[symbol].unit;

	return unit ? model_str(m, m->units[unit].name) : "(not known)";
}

static void print_crc(FILE *out, const struct kabi_model *m, uint32_t symbol)
{
	if (symbol == KABI_NONE)
		fputs("(not exported)", out);
	else if (m->symbols[symbol].flags & KABI_SYM_HAS_CRC)
		fprintf(out, "0x%08" PRIx32, m->symbols[symbol].crc);
	else
		fputs("(none)", out);
}

static const char *const class_words[] = {
    [CRC_NOT_COMPARED] = "not reconciled: a side has no CRC for it",
    [CRC_SAME] = "no change its unit sees, and the same CRC",
    [CRC_AGREE] = "a type change its unit sees, and a new CRC: they agree",
    [CRC_ONLY] = "CRC changed, no type change its unit sees: modules built "
		 "for OLD refuse to load [crc-changed, breaking]",
    [CRC_HIDDEN] = "hidden from modversions: a type change its unit sees, "
		   "the CRC kept, so modules built for OLD load on NEW and "
		   "use the old layout [hidden-from-modversions]",
    [CRC_BEYOND] = "changes reach it only beyond its unit's view: "
		   "compatible, and the same CRC",
};

/* The same, where units are not known: the CRC is the word on the view. */
static const char *const class_words_by_crc[] = {
    [CRC_AGREE] = "a type change its types reach, and a new CRC: its unit "
		  "saw a change (units not known, its CRC says so)",
    [CRC_BEYOND] = "changes reach it through its types, and its CRC did not "
		   "change: its unit sees none of them (units not known, "
		   "its CRC says so): compatible",
};

static void print_class(FILE *out, const struct kabi_diff *d, size_t symbol)
{
	const struct symbol_change *s = &d->symbols[symbol];
	const char *words = class_words[s->crc_class];
	struct strbuf sb = STRBUF_INIT;

	if (s->old_symbol == KABI_NONE || s->new_symbol == KABI_NONE)
		return;
	if (!diff_unit_known(d, s) &&
	    (s->crc_class == CRC_AGREE || s->crc_class == CRC_BEYOND))
		words = class_words_by_crc[s->crc_class];
	fprintf(out, "  class:       %s\n", words);
	if (s->crc_class == CRC_ONLY) {
		report_crc_reason(&sb, d, symbol);
		fprintf(out, "  why:         %s\n", sb.buf);
	}
	if (s->crc_class == CRC_HIDDEN) {
		report_hidden_reason(&sb, d, symbol);
		fprintf(out, "  why:         %s\n", sb.buf);
		fprintf(out, "  breaking:    %s\n",
			s->crc_hidden_breaking
			    ? "yes, by a breaking root cause"
			    : "no: every root cause reaching "
			      "it is compatible");
	}
	strbuf_release(&sb);
}

static bool in_list(const struct root_exports *list, uint32_t symbol)
{
	size_t i;

	for (i = 0; i < list->n; i++)
		if (list->symbols[i] == symbol)
			return true;
	return false;
}

/* Whether root r reaches the export as its unit sees; through any pointer. */
static bool reaches(const struct kabi_diff *d, size_t r, uint32_t symbol,
		    bool visible)
{
	const struct root_cause *root = &d->roots[r];

	return in_list(visible ? &root->visible : &root->transitive, symbol);
}

static void print_roots(FILE *out, const struct diff_filter *f,
			struct diff_paths *paths, uint32_t symbol, bool visible)
{
	const struct kabi_diff *d = f->d;
	struct strbuf sb = STRBUF_INIT;
	size_t r, n = 0;

	for (r = 0; r < d->nroots; r++) {
		const struct root_cause *root = &d->roots[r];
		bool seen = reaches(d, r, symbol, true);

		if (visible ? !seen : seen || !reaches(d, r, symbol, false))
			continue;
		/* beyond view, a few make the point */
		if (!visible && n++ >= BEYOND_SHOWN)
			continue;
		if (visible)
			n++;
		if (n == 1)
			fprintf(out, "\n%s (%s)\n",
				visible ? "Root causes its unit sees"
					: "Root causes beyond its unit's view",
				visible ? "they change what modules built "
					  "against it see"
				: diff_unit_known(d, &d->symbols[symbol])
				    ? "through a type its unit leaves opaque: "
				      "they change nothing it shows modules"
				    : "its CRC did not change: its unit does "
				      "not see them");
		strbuf_reset(&sb);
		report_root_title(&sb, d, root);
		/* the root's own verdict, as the diff's report gives it */
		fprintf(out, "  %s [%s]\n", sb.buf,
			root->severity == BREAKING ? "breaking" : "compatible");
		strbuf_reset(&sb);
		report_describe_path(&sb, paths, d, symbol, root);
		fprintf(out, "       %s\n", sb.buf);
	}
	if (n > BEYOND_SHOWN && !visible)
		fprintf(out, "  ... and %zu more\n", n - BEYOND_SHOWN);
	strbuf_release(&sb);
}

static void print_own(FILE *out, const struct kabi_diff *d, size_t symbol)
{
	const struct symbol_change *s = &d->symbols[symbol];
	struct strbuf sb = STRBUF_INIT;
	uint32_t k;
	bool header = false;

	for (k = 0; k < s->nitems; k++) {
		const struct change_item *it = &d->items[s->first_item + k];

		if (!header)
			fputs("\nIts own changes\n", out);
		header = true;
		strbuf_reset(&sb);
		report_describe_item(&sb, d, KABI_NONE, it);
		fprintf(out, "  %s [%s%s]\n", sb.buf, change_rule(it->kind),
			report_breaking_mark(it->kind));
	}
	strbuf_release(&sb);
}

static int explain_safe(FILE *out, const struct diff_filter *f, size_t symbol);

/* Names from the files read reach a terminal as text, never as commands. */
int report_explain(FILE *out, const struct diff_filter *f, size_t symbol)
{
	FILE *safe = term_safe_open(out);
	int status = explain_safe(safe ? safe : out, f, symbol);

	if (safe)
		fclose(safe);
	return status;
}

static int explain_safe(FILE *out, const struct diff_filter *f, size_t symbol)
{
	const struct kabi_diff *d = f->d;
	const struct symbol_change *s = &d->symbols[symbol];
	struct diff_paths *paths = diff_paths_new(d);

	fprintf(out, "kabi explain: %s (%s)\n\n", diff_symbol_name(d, s),
		report_module_of(d, s));
	fputs("  CRC:         ", out);
	print_crc(out, d->old, s->old_symbol);
	fputs(" -> ", out);
	print_crc(out, d->new, s->new_symbol);
	fputc('\n', out);
	if (s->old_symbol != KABI_NONE && s->new_symbol != KABI_NONE &&
	    !diff_unit_known(d, s))
		fputs("  unit:        not known on either side (types from "
		      "BTF, or a baseline without units)\n",
		      out);
	else if (s->old_symbol != KABI_NONE && s->new_symbol != KABI_NONE)
		fprintf(out, "  unit:        %s -> %s\n",
			unit_name(d->old, s->old_symbol),
			unit_name(d->new, s->new_symbol));
	print_class(out, d, symbol);
	print_roots(out, f, paths, (uint32_t)symbol, true);
	print_roots(out, f, paths, (uint32_t)symbol, false);
	print_own(out, d, symbol);
	diff_paths_free(paths);
	if (!s->nitems && !(s->flags & SYMCHANGE_TYPE))
		return 0;
	return REPORT_EXIT_CHANGED |
	       (f->symbol_severity[symbol] == BREAKING ? REPORT_EXIT_BREAKING
						       : 0);
}
