// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The report for people: a summary, then each root cause once with the
 * exports it reaches and a path to one of them, then what changed about
 * the exports themselves. Breaking causes come first, widest first, so
 * that the first screen says what matters.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "section.h"
#include "../util/rows.h"
#include "../util/sort.h"
#include "../util/term.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

static const char *severity_name(enum severity s)
{
	return s == BREAKING ? "breaking" : "compatible";
}

static void print_suppressed(FILE *out, const struct diff_filter *f,
			     const struct report_summary *s)
{
	const char *sep = " (";
	uint32_t k;

	if (!s->hidden_roots && !s->hidden_symbols && !s->hidden_syscalls &&
	    !s->hidden_uapi)
		return;
	fprintf(out, "  suppressed:  %zu root cause%s, %zu export change%s",
		s->hidden_roots, s->hidden_roots == 1 ? "" : "s",
		s->hidden_symbols, s->hidden_symbols == 1 ? "" : "s");
	if (s->hidden_syscalls)
		fprintf(out, ", %zu system call%s", s->hidden_syscalls,
			s->hidden_syscalls == 1 ? "" : "s");
	if (s->hidden_uapi)
		fprintf(out, ", %zu uapi type%s", s->hidden_uapi,
			s->hidden_uapi == 1 ? "" : "s");
	for (k = 0; k < f->nrules; k++)
		if (f->hits[k]) {
			fprintf(out, "%s%s: %zu", sep, filter_rule_name(f, k),
				f->hits[k]);
			sep = ", ";
		}
	fprintf(out, "%s\n", *sep == ',' ? ")" : "");
}

/*
 * Words to the summary's right column, wrapped at 79 columns. GLUE in a
 * word is a space the line does not break at.
 */
#define GLUE '\x1f'

/* Words from column col (where the line stands) on, wrapped to indent. */
static void wrap_from(FILE *out, size_t col, size_t indent, const char *text)
{
	size_t i, start = col;

	while (*text) {
		size_t len = strcspn(text, " ");

		if (col > start && col + 1 + len > 79) {
			fprintf(out, "\n%*s", (int)indent, "");
			col = start = indent;
		} else if (col > start) {
			fputc(' ', out);
			col++;
		}
		for (i = 0; i < len; i++)
			fputc(text[i] == GLUE ? ' ' : text[i], out);
		col += len;
		text += len;
		text += strspn(text, " ");
	}
	fputc('\n', out);
}

static void wrap_words(FILE *out, const char *label, const char *text)
{
	wrap_from(out, (size_t)fprintf(out, "  %-13s", label), 15, text);
}

/* Which rules made the verdict breaking, with counts. */
static void print_because(FILE *out, const struct report_summary *s,
			  const struct report_options *o)
{
	struct strbuf sb = STRBUF_INIT;

	report_add_because(&sb, s, o, GLUE);
	wrap_words(out, "because:", sb.buf);
	if (report_verdict_note(s))
		wrap_words(out, "note:", report_verdict_note(s));
	strbuf_release(&sb);
}

/* The exports' type changes against their CRCs, in one line. */
static void print_crcs(FILE *out, const struct kabi_diff *d,
		       const struct report_summary *s)
{
	struct strbuf sb = STRBUF_INIT;

	if (!s->types_compared)
		return;
	report_describe_crcs(&sb, d, s);
	wrap_words(out, "CRCs:", sb.buf);
	strbuf_release(&sb);
}

static void print_units(FILE *out, const struct diff_filter *f,
			const struct report_summary *s)
{
	struct strbuf sb = STRBUF_INIT;

	if (report_describe_units(&sb, f, s))
		wrap_words(out, "units:", sb.buf);
	strbuf_release(&sb);
}

static void print_summary(FILE *out, const struct diff_filter *f,
			  const struct report_summary *s,
			  const struct report_options *o)
{
	const struct kabi_diff *d = f->d;
	const char *arch = *model_str(d->new, d->new->arch)
			       ? model_str(d->new, d->new->arch)
			       : model_str(d->old, d->old->arch);
	const char *sep = ": ";
	unsigned i;

	fprintf(out, "kabi diff: %s -> %s",
		*model_str(d->old, d->old->release)
		    ? model_str(d->old, d->old->release)
		    : "old",
		*model_str(d->new, d->new->release)
		    ? model_str(d->new, d->new->release)
		    : "new");
	/* a Module.symvers does not say its machine */
	fprintf(out, *arch ? " (%s)\n\n" : "%s\n\n", arch);
	fprintf(out, "Summary\n");
	fprintf(
	    out,
	    "  exports:     %zu -> %zu: %zu added, %zu removed, %zu changed\n",
	    s->old_symbols, s->new_symbols, s->added, s->removed, s->changed);
	if (!s->types_compared)
		fprintf(out,
			"  types:       not compared: %s lists exports alone "
			"(a Module.symvers)\n",
			d->old->no_types && d->new->no_types ? "each side"
			: d->old->no_types		     ? "OLD"
							     : "NEW");
	if (s->changed)
		fprintf(
		    out,
		    "  changed:     %zu by a type change, %zu by the export "
		    "itself, %zu by the CRC alone\n",
		    s->by_type, s->by_export, s->crc_only);
	fprintf(out, "  root causes: %zu (%zu breaking)", s->roots,
		s->breaking_roots);
	for (i = 0; i < REPORT_ROOT_KINDS; i++)
		if (s->roots_by_kind[i]) {
			fprintf(out, "%s%zu %s", sep, s->roots_by_kind[i],
				report_root_kind_label(i));
			sep = ", ";
		}
	fprintf(out, "\n");
	if (s->beyond_roots)
		fprintf(out,
			"  beyond view: %zu root cause%s reaching %zu export%s "
			"%s\n",
			s->beyond_roots, s->beyond_roots == 1 ? "" : "s",
			s->beyond_symbols, s->beyond_symbols == 1 ? "" : "s",
			report_beyond_how(d, s->beyond_symbols));
	print_suppressed(out, f, s);
	print_units(out, f, s);
	if (f->ignored_crcs)
		fprintf(out,
			"  CRCs:        %zu change%s ignored (--ignore-crc)\n",
			f->ignored_crcs, f->ignored_crcs == 1 ? "" : "s");
	else if (report_crcs_to_say(f, s))
		print_crcs(out, d, s);
	if (d->syscalls_compared)
		fprintf(
		    out,
		    "  syscalls:    %zu -> %zu: %zu added, %zu removed, %zu "
		    "changed\n",
		    d->old->nsyscalls, d->new->nsyscalls, s->syscalls_added,
		    s->syscalls_removed, s->syscalls_changed);
	if (d->uapi_compared)
		fprintf(
		    out,
		    "  uapi types:  %zu -> %zu: %zu added, %zu removed, %zu "
		    "changed\n",
		    d->old_nuapi, d->new_nuapi, s->uapi_added, s->uapi_removed,
		    s->uapi_changed);
	if (o->modules)
		fprintf(out, "  modules:     %zu given, %zu will not load\n",
			o->modules->consumers->nmodules,
			report_failing_modules(o));
	if (s->approved_roots || s->approved_symbols)
		fprintf(out,
			"  approved:    %zu root cause%s, %zu export change%s: "
			"breaking, accepted\n"
			"               by --approved, not in the verdict\n",
			s->approved_roots, s->approved_roots == 1 ? "" : "s",
			s->approved_symbols,
			s->approved_symbols == 1 ? "" : "s");
	fprintf(out, "  verdict:     %s (exit status %d)\n",
		!(report_exit_status(f, o) & REPORT_EXIT_CHANGED) ? "no change"
		: report_exit_status(f, o) & REPORT_EXIT_BREAKING
		    ? "breaking changes"
		    : "compatible changes only",
		report_exit_status(f, o));
	if (s->breaking || report_failing_modules(o))
		print_because(out, s, o);
	if (o->incomplete)
		wrap_words(out, "incomplete:",
			   "files could not be read (the "
			   "errors are on standard error): what they hold is "
			   "missing from this comparison.");
}

/* Three or more members in a row moved by the same distance: one line. */
static size_t moved_run(const struct kabi_diff *d, uint32_t first, uint32_t n,
			uint32_t i)
{
	const struct change_item *a = &d->items[first + i];
	uint32_t k = i;

	while (k < n && d->items[first + k].kind == CHANGE_MEMBER_MOVED &&
	       d->items[first + k].new_value - d->items[first + k].old_value ==
		   a->new_value - a->old_value)
		k++;
	return a->kind == CHANGE_MEMBER_MOVED && k - i >= 3 ? k - i : 0;
}

static void print_run(FILE *out, const struct kabi_diff *d, uint32_t first,
		      uint32_t i, size_t run, bool quiet, const char *indent)
{
	const struct change_item *a = &d->items[first + i];
	const struct change_item *z = &d->items[first + i + run - 1];
	int64_t delta = (int64_t)(a->new_value - a->old_value);
	struct strbuf from = STRBUF_INIT, to = STRBUF_INIT;

	report_add_member_label(&from, a->name);
	report_add_member_label(&to, z->name);
	fprintf(out,
		"%s%zu members, %s to %s, moved by %s%" PRId64 " %s [%s%s]\n",
		indent, run, from.buf, to.buf, delta < 0 ? "" : "+",
		delta % 8 ? delta : delta / 8, delta % 8 ? "bits" : "bytes",
		change_rule(CHANGE_MEMBER_MOVED), quiet ? "" : ", breaking");
	strbuf_release(&from);
	strbuf_release(&to);
}

/* quiet: the items do not break, whatever their rule says (private type) */
static void print_items(FILE *out, const struct kabi_diff *d, uint32_t pair,
			uint32_t first, uint32_t n, bool quiet,
			const char *indent)
{
	struct strbuf sb = STRBUF_INIT;
	uint32_t i;

	for (i = 0; i < n; i++) {
		const struct change_item *it = &d->items[first + i];
		size_t run = moved_run(d, first, n, i);

		if (run) {
			print_run(out, d, first, i, run, quiet, indent);
			i += (uint32_t)run - 1;
			continue;
		}
		strbuf_reset(&sb);
		report_describe_item(&sb, d, pair, it);
		fprintf(out, "%s%s [%s%s]\n", indent, sb.buf,
			change_rule(it->kind),
			!quiet && change_severity(it->kind) == BREAKING
			    ? ", breaking"
			    : "");
	}
	strbuf_release(&sb);
}

/*
 * Why a change is approved, under it; "in part" when breaking items of
 * it are not.
 */
static void print_approval(FILE *out, const struct diff_filter *f,
			   uint32_t approval, bool whole)
{
	struct strbuf sb = STRBUF_INIT;

	if (approval == KABI_NONE)
		return;
	report_describe_approval(&sb, f, approval);
	wrap_from(out,
		  (size_t)fprintf(out, "       approved%s: ",
				  whole ? "" : " in part (the rest breaks)"),
		  9, sb.buf);
	strbuf_release(&sb);
}

/* An export's approval, on its line: lists of names stay one a line. */
static void print_export_approval(FILE *out, const struct diff_filter *f,
				  size_t symbol)
{
	struct strbuf sb = STRBUF_INIT;

	if (f->symbol_approval[symbol] == KABI_NONE)
		return;
	report_describe_approval(&sb, f, f->symbol_approval[symbol]);
	fprintf(out, " [approved%s: %s]",
		f->symbol_severity[symbol] == BREAKING ? " in part" : "",
		sb.buf);
	strbuf_release(&sb);
}

static void print_root(FILE *out, const struct diff_filter *f,
		       struct diff_paths *paths, size_t index, size_t number,
		       const struct report_options *o)
{
	const struct kabi_diff *d = f->d;
	const struct root_cause *r = &d->roots[index];
	const struct type_pair *p = &d->pairs[r->pair];
	const struct kabi_type *t = model_type(d->old, p->old_type);
	size_t n, shown, i;
	uint32_t *syms = report_root_symbols(f, index, &n);
	struct strbuf sb = STRBUF_INIT;

	report_root_title(&sb, d, r);
	fprintf(out, "%3zu. %s [%s]", number, sb.buf,
		f->root_rule[index] != SHOWN
		    ? filter_rule_name(f, f->root_rule[index])
		: r->beyond	  ? "compatible: no exporting unit sees it"
		: p->private_type ? "compatible: private to its .c file"
		: f->root_approved[index] ? "breaking, approved"
					  : severity_name(r->severity));
	/* a variable's declared type says where its types are, not it */
	if (t->decl_file && !p->variable)
		fprintf(out, ", %s", model_str(d->old, t->decl_file));
	strbuf_reset(&sb);
	report_describe_reach(&sb, f, index, n);
	fprintf(out, ": %s\n", sb.buf);
	print_approval(out, f, f->root_approval[index],
		       f->root_approved[index] || r->severity != BREAKING);
	print_items(out, d, r->pair, p->first_item, p->nitems,
		    p->private_type || r->beyond, "       ");
	shown = o->full ? n : (n < o->examples ? n : o->examples);
	/* an export's own signature needs no path to it, but in a full list */
	if (r->own_symbol != KABI_NONE && n == 1 && !o->full)
		shown = 0;
	for (i = 0; i < shown; i++) {
		strbuf_reset(&sb);
		report_describe_path(&sb, paths, d, syms[i], r);
		fprintf(out, "       %s %s\n", i ? "    " : "e.g.", sb.buf);
	}
	if (shown && shown < n)
		fprintf(out,
			"            ... and %zu more (--full lists them)\n",
			n - shown);
	strbuf_release(&sb);
	free(syms);
}

/* The shown root causes within the exports' view, or beyond it. */
static void print_roots(FILE *out, const struct diff_filter *f,
			struct diff_paths *paths, bool beyond,
			const struct report_options *o)
{
	const struct kabi_diff *d = f->d;
	size_t i, number = 0;

	for (i = 0; i < d->nroots; i++) {
		if (f->root_rule[i] != SHOWN)
			continue;
		number++;
		if (d->roots[i].beyond == beyond)
			print_root(out, f, paths, i, number, o);
	}
}

const char *report_module_of(const struct kabi_diff *d,
			     const struct symbol_change *s)
{
	const char *module =
	    s->new_symbol != KABI_NONE
		? model_str(d->new, d->new->symbols[s->new_symbol].module)
		: model_str(d->old, d->old->symbols[s->old_symbol].module);

	/* an STG baseline names none: said, rather than "()" */
	return *module ? module : "module not known";
}

/* Added or removed exports, on lines of names. */
static bool listed(const struct diff_filter *f, size_t i, bool added)
{
	const struct symbol_change *s = &f->d->symbols[i];

	return filter_symbol_shown(f, i) &&
	       (added ? s->old_symbol == KABI_NONE
		      : s->new_symbol == KABI_NONE);
}

static void print_list(FILE *out, const struct diff_filter *f, bool added,
		       const struct report_options *o)
{
	const struct kabi_diff *d = f->d;
	size_t i, n = 0, total = 0, limit = o->full ? SIZE_MAX : 20;
	enum change_kind kind =
	    added ? CHANGE_SYMBOL_ADDED : CHANGE_SYMBOL_REMOVED;

	for (i = 0; i < d->nsymbols; i++)
		total += listed(f, i, added);
	if (!total)
		return;
	fprintf(out, "  %s [%s%s]: %zu\n", added ? "added" : "removed",
		change_rule(kind),
		change_severity(kind) == BREAKING ? ", breaking" : "", total);
	for (i = 0; i < d->nsymbols && n < limit; i++) {
		const struct symbol_change *s = &d->symbols[i];

		if (!listed(f, i, added))
			continue;
		fprintf(out, "       %s (%s)", diff_symbol_name(d, s),
			report_module_of(d, s));
		print_export_approval(out, f, i);
		fputc('\n', out);
		n++;
	}
	if (n < total)
		fprintf(out, "       ... and %zu more (--full lists them)\n",
			total - n);
}

/* Changes of the exports themselves, other than additions and CRCs alone. */
static void print_symbol_changes(FILE *out, const struct diff_filter *f)
{
	const struct kabi_diff *d = f->d;
	size_t i;

	for (i = 0; i < d->nsymbols; i++) {
		const struct symbol_change *s = &d->symbols[i];
		uint32_t k;
		bool header = false;

		if (s->old_symbol == KABI_NONE || s->new_symbol == KABI_NONE ||
		    report_crc_only(f, i))
			continue;
		for (k = 0; k < s->nitems; k++) {
			const struct change_item *it =
			    &d->items[s->first_item + k];

			/* a CRC explained by a type change says nothing more */
			if (it->kind == CHANGE_CRC_CHANGED ||
			    !filter_item_shown(f, i, k))
				continue;
			if (!header) {
				fprintf(out, "  %s (%s)",
					diff_symbol_name(d, s),
					report_module_of(d, s));
				print_export_approval(out, f, i);
				fputs(":\n", out);
			}
			header = true;
			print_items(out, d, KABI_NONE, s->first_item + k, 1,
				    false, "       ");
		}
	}
}

/* A CRC-only export and why, for sorting into groups. */
struct crc_line {
	char *reason;
	uint32_t symbol;
};

static int compare_crc_lines(const void *a, const void *b)
{
	const struct crc_line *x = a, *y = b;
	int c = strcmp(x->reason, y->reason);

	return c ? c : (x->symbol > y->symbol) - (x->symbol < y->symbol);
}

/* The CRC-only exports, one group a reason, names on a line. */
static void print_crc_only(FILE *out, const struct diff_filter *f,
			   const struct report_summary *sum,
			   const struct report_options *o)
{
	const struct kabi_diff *d = f->d;
	size_t i, n = 0, k, limit = o->full ? SIZE_MAX : 5;
	struct crc_line *lines;
	struct strbuf sb = STRBUF_INIT;

	if (!sum->crc_only)
		return;
	fprintf(out, "  CRC changed, %s [%s, breaking]: %zu\n",
		sum->types_compared ? "no type change found"
				    : "types not compared",
		change_rule(CHANGE_CRC_CHANGED), sum->crc_only);
	lines = xmalloc(xmul(sum->crc_only, sizeof(*lines)));
	for (i = 0; i < d->nsymbols; i++) {
		if (!report_crc_only(f, i))
			continue;
		strbuf_reset(&sb);
		if (d->symbols[i].crc_class == CRC_ONLY)
			report_crc_reason(&sb, d, i);
		lines[n].reason = xstrdup(sb.buf);
		lines[n++].symbol = (uint32_t)i;
	}
	array_sort(lines, n, sizeof(*lines), compare_crc_lines);
	for (i = 0; i < n; i = k) {
		size_t shown = 0;
		const char *sep = "";

		if (*lines[i].reason)
			fprintf(out, "       %s:\n", lines[i].reason);
		fputs("       ", out);
		for (k = i; k < n && !strcmp(lines[k].reason, lines[i].reason);
		     k++) {
			if (shown == limit)
				continue;
			fprintf(
			    out, "%s%s", sep,
			    diff_symbol_name(d, &d->symbols[lines[k].symbol]));
			sep = o->full ? "\n       " : ", ";
			shown++;
		}
		fprintf(out, "%s\n",
			shown < k - i ? ", ... (--full lists them)" : "");
	}
	for (i = 0; i < n; i++)
		free(lines[i].reason);
	free(lines);
	strbuf_release(&sb);
}

/* One export whose layout changed under a kept CRC. */
static void print_hidden_crc(FILE *out, const struct diff_filter *f,
			     const struct crc_roots *c, const size_t *numbers,
			     size_t i)
{
	const struct kabi_diff *d = f->d;
	const struct symbol_change *s = &d->symbols[i];
	uint32_t r = c->first[i];
	struct strbuf sb = STRBUF_INIT;

	report_root_title(&sb, d, &d->roots[r]);
	fprintf(out, "    %s (%s) [hidden-from-modversions%s]: ",
		diff_symbol_name(d, s), report_module_of(d, s),
		report_hidden_verdict(f, i) == HIDDEN_BREAKING ? ", breaking"
		: report_hidden_verdict(f, i) == HIDDEN_APPROVED
		    ? ", breaking, approved"
		    : "");
	if (numbers[r])
		fprintf(out, "root cause %zu, ", numbers[r]);
	fputs(sb.buf, out);
	if (c->count[i] > 1)
		fprintf(out, ", and %" PRIu32 " more", c->count[i] - 1);
	fputc('\n', out);
	strbuf_release(&sb);
}

/*
 * Exports whose layout changed as their units see it while their CRC
 * did not: what no Module.symvers check can see, so first; by reason,
 * the breaking ones first.
 */
static void print_hidden_crcs(FILE *out, const struct diff_filter *f,
			      const struct report_summary *sum,
			      const struct report_options *o)
{
	static const enum crc_reason reasons[] = {CRC_REASON_HIDDEN,
						  CRC_REASON_ARRAY_BOUND};
	const struct kabi_diff *d = f->d;
	size_t *numbers, i, n = 0, limit = o->full ? SIZE_MAX : 20;
	struct crc_roots *c;
	unsigned k, pass;

	if (!sum->crc_hidden || f->s->ignore_crc)
		return;
	c = report_crc_roots(d);
	numbers = report_root_numbers(f);
	fputs("\nHidden from modversions (their CRCs did not change: modules "
	      "built for OLD\nload on NEW, and use the old layout)\n",
	      out);
	for (k = 0; k < 2; k++) {
		bool header = false;

		for (pass = 0; pass < 2; pass++)
			for (i = 0; i < d->nsymbols; i++) {
				const struct symbol_change *s = &d->symbols[i];
				struct strbuf sb = STRBUF_INIT;

				if (!report_hidden_crc(f, i) ||
				    s->crc_reason != reasons[k] ||
				    (report_hidden_verdict(f, i) ==
				     HIDDEN_BREAKING) != !pass)
					continue;
				if (!header) {
					report_hidden_reason(&sb, d, i);
					strbuf_adds(&sb, ":");
					wrap_from(out,
						  (size_t)fprintf(out, "  "), 2,
						  sb.buf);
					strbuf_release(&sb);
					header = true;
				}
				if (n++ < limit)
					print_hidden_crc(out, f, c, numbers, i);
			}
	}
	if (n > limit)
		fprintf(out, "    ... and %zu more (--full lists them)\n",
			n - limit);
	free(numbers);
	report_crc_roots_free(c);
}

/* Root causes named on an export's line; the rest are counted. */
#define ROOTS_LISTED 5

/*
 * One line of the flat list: name, module, verdict, then what changed:
 * the CRC, the export's own rules, the root causes reaching it.
 */
static void print_export_line(FILE *out, const struct diff_filter *f, size_t i,
			      const uint32_t *roots, size_t nroots)
{
	const struct kabi_diff *d = f->d;
	const struct symbol_change *s = &d->symbols[i];
	const char *sep = ": ";
	uint32_t k;

	fprintf(out, "  %s (%s) [%s]", diff_symbol_name(d, s),
		report_module_of(d, s), severity_name(f->symbol_severity[i]));
	for (k = 0; k < s->nitems; k++) {
		const struct change_item *it = &d->items[s->first_item + k];

		if (!filter_item_shown(f, i, k))
			continue;
		if (it->kind == CHANGE_CRC_CHANGED)
			fprintf(out, "%sCRC 0x%08" PRIx64 " -> 0x%08" PRIx64,
				sep, it->old_value, it->new_value);
		else
			fprintf(out, "%s%s", sep, change_rule(it->kind));
		sep = "; ";
	}
	if (report_hidden_crc(f, i)) {
		fprintf(out, "%shidden-from-modversions", sep);
		sep = "; ";
	}
	if (nroots)
		fprintf(out, "%sroot cause%s ", sep, nroots == 1 ? "" : "s");
	for (k = 0; k < nroots && k < ROOTS_LISTED; k++)
		fprintf(out, "%s%" PRIu32, k ? ", " : "", roots[k]);
	if (nroots > ROOTS_LISTED)
		fprintf(out, " and %zu more", nroots - ROOTS_LISTED);
	fputc('\n', out);
}

/*
 * Every export that changed, one a line (--list-exports): what a
 * maintainer greps, or pastes into a changelog, without the report's
 * structure.
 */
static void print_export_lines(FILE *out, const struct diff_filter *f)
{
	const struct kabi_diff *d = f->d;
	size_t *numbers = report_root_numbers(f), i, k;
	struct rows roots;

	report_roots_by_export(f, false, &roots);
	for (k = 0; k < roots.start[d->nsymbols]; k++)
		roots.items[k] = (uint32_t)numbers[roots.items[k]];
	fputs("\nExports changed, one a line\n", out);
	for (i = 0; i < d->nsymbols; i++)
		if (filter_symbol_shown(f, i))
			print_export_line(out, f, i, rows_row(&roots, i),
					  rows_count(&roots, i));
	free(numbers);
	rows_free(&roots);
}

/* What the rules hid, and which rule: --show-suppressed. */
static void print_hidden(FILE *out, const struct diff_filter *f,
			 struct diff_paths *paths,
			 const struct report_options *o)
{
	const struct kabi_diff *d = f->d;
	size_t i, number = 0;

	fprintf(out, "\nSuppressed\n");
	for (i = 0; i < d->nroots; i++)
		if (f->root_rule[i] != SHOWN)
			print_root(out, f, paths, i, ++number, o);
	for (i = 0; i < d->nsymbols; i++)
		if (f->symbol_rule[i] != SHOWN)
			fprintf(out, "  %s (%s) [%s]\n",
				diff_symbol_name(d, &d->symbols[i]),
				report_module_of(d, &d->symbols[i]),
				filter_rule_name(f, f->symbol_rule[i]));
}

/* Problems listed per module without --full: the first few tell. */
#define PROBLEMS_SHOWN 5

struct text_modules {
	FILE *out;
	bool full;
};

static void print_module(void *ctx, const struct module_facts *m)
{
	const struct text_modules *t = ctx;
	size_t i, n = m->nproblems;

	fprintf(t->out, "  %s: %s", m->name, n ? "will not load" : "loads");
	if (n)
		fprintf(t->out, " (%zu problem%s)", n, n == 1 ? "" : "s");
	fprintf(t->out, ", %" PRIu32 " import%s\n", m->imports,
		m->imports == 1 ? "" : "s");
	for (i = 0; i < n && (t->full || i < PROBLEMS_SHOWN); i++)
		fprintf(t->out, "       %s [%s]\n", m->problems[i].text,
			m->problems[i].problem);
	if (i < n)
		fprintf(t->out, "       ... and %zu more (--full lists them)\n",
			n - i);
	for (i = 0; i < m->nroots; i++)
		fprintf(
		    t->out, "%s%zu. %s [%s, %s]",
		    i ? "\n         "
		      : "       root causes reaching what it uses:\n         ",
		    m->roots[i].number, m->roots[i].title,
		    severity_name(m->roots[i].severity), m->roots[i].how);
	if (m->nroots)
		fputc('\n', t->out);
	wrap_from(t->out, (size_t)fprintf(t->out, "       to do: "), 14,
		  m->advice);
}

/* Whether each module given loads, why not, and what reaches it. */
static void print_modules(FILE *out, const struct diff_filter *f,
			  const struct report_options *o)
{
	struct text_modules t = {out, o->full};

	fprintf(out, "\nModules\n");
	report_each_module(f, o->modules, print_module, &t);
}

static void print_item(void *ctx, const struct change_item *it,
		       const char *text)
{
	fprintf(ctx, "       %s [%s%s]\n", text, change_rule(it->kind),
		report_breaking_mark(it->kind));
}

static void print_listed(void *ctx, const struct change_head *c)
{
	fprintf(ctx, "       %s\n", c->label);
}

/* The changes of one kind, on lines of their own under one heading. */
static void print_listed_kind(FILE *out, const struct diff_filter *f,
			      const struct report_section *sec,
			      enum change_which which, enum change_kind kind)
{
	const struct change_writer w = {.head = print_listed};
	size_t n = report_section_count(sec, f, which);

	if (!n)
		return;
	fprintf(out, "  %s [%s%s]: %zu\n",
		which == WHICH_ADDED ? "added" : "removed", change_rule(kind),
		report_breaking_mark(kind), n);
	sec->each(f, which, &w, out);
}

static void print_changed(void *ctx, const struct change_head *c)
{
	fprintf(ctx, "  %s:\n", c->label);
}

static void print_changed_marked(void *ctx, const struct change_head *c)
{
	fprintf(ctx, "  %s%s:\n", c->label,
		c->severity == BREAKING ? " [breaking]" : "");
}

static void print_through(void *ctx, const char *label)
{
	fprintf(ctx, "       changed through %s\n", label);
}

/*
 * A section of user-space changes: those removed, those added, each a
 * line under its rule, then each changed one with what changed.
 */
static void print_section(FILE *out, const struct diff_filter *f,
			  const struct report_section *sec)
{
	const struct change_writer changed = {.head = sec->severity_on_label
							  ? print_changed_marked
							  : print_changed,
					      .item = print_item,
					      .through = print_through};

	if (!report_section_count(sec, f, WHICH_ALL))
		return;
	fprintf(out, "\n%s\n", sec->title);
	print_listed_kind(out, f, sec, WHICH_REMOVED, sec->removed);
	print_listed_kind(out, f, sec, WHICH_ADDED, sec->added);
	sec->each(f, WHICH_CHANGED, &changed, out);
}

static void report_text_safe(FILE *out, const struct diff_filter *f,
			     const struct report_options *o);

/* Names from the files read reach a terminal as text, never as commands. */
void report_text(FILE *out, const struct diff_filter *f,
		 const struct report_options *o)
{
	FILE *safe = term_safe_open(out);

	report_text_safe(safe ? safe : out, f, o);
	if (safe)
		fclose(safe);
}

static void report_text_safe(FILE *out, const struct diff_filter *f,
			     const struct report_options *o)
{
	const struct kabi_diff *d = f->d;
	struct diff_paths *paths = diff_paths_new(d);
	const struct report_section *const *sec;
	struct report_summary s;

	report_summarize(f, &s);
	print_summary(out, f, &s, o);
	print_hidden_crcs(out, f, &s, o);
	if (s.roots) {
		fprintf(out, "\nRoot causes\n");
		print_roots(out, f, paths, false, o);
	}
	if (o->modules)
		print_modules(out, f, o);
	if (s.added || s.removed || s.by_export || s.crc_only) {
		fprintf(out, "\nExports\n");
		print_list(out, f, false, o);
		print_list(out, f, true, o);
		print_symbol_changes(out, f);
		print_crc_only(out, f, &s, o);
	}
	for (sec = report_sections; *sec; sec++)
		print_section(out, f, *sec);
	if (s.beyond_roots) {
		fputs("\nBeyond the exports' view\n", out);
		wrap_from(out, (size_t)fprintf(out, "  compatible: "), 2,
			  report_beyond_why(d));
		print_roots(out, f, paths, true, o);
	}
	if (o->show_suppressed && (s.hidden_roots || s.hidden_symbols))
		print_hidden(out, f, paths, o);
	if (o->list_exports && (s.added || s.removed || s.changed))
		print_export_lines(out, f);
	diff_paths_free(paths);
}
