// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The report as Markdown, for a merge request comment or a CI summary
 * page: the verdict and why, a table of the root causes ranked as the
 * text report ranks them (each one's changes folded in a <details>), the
 * exports added and removed, and the modules' verdicts. Short by design:
 * the first ROOTS_SHOWN root causes, names and ITEMS_SHOWN changes of
 * each, unless --full; and never past a limit of characters (GitHub's
 * comment holds 65,536), fewer of each shown until it fits, with a word
 * of what was left out.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "section.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

#define ROOTS_SHOWN 20
#define NAMES_SHOWN 20
#define ITEMS_SHOWN 8

/* How much of each list a rendering shows. */
struct md_limits {
	size_t roots, names, items, modules;
	/* the report was cut to fit its limit of characters, this one */
	size_t cut_at;
};

/*
 * Names come from the files read, and Markdown would act on what some of
 * them hold (a '|' ends a table's cell, "<script>" is HTML, '*' and '_'
 * emphasis): each is written to be shown as it is, for where it goes.
 */

static bool word_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9');
}

/*
 * Text: Markdown's specials escaped, as CommonMark lets any punctuation;
 * '_' only where it could start or end emphasis, not within a word
 * (reg_state), which GitHub leaves alone.
 */
static void md_text(FILE *out, const char *s)
{
	const char *p;

	for (p = s; *p; p++) {
		if (strchr("\\`*[]<|~&", *p) ||
		    (*p == '_' &&
		     !(p > s && word_char(p[-1]) && word_char(p[1]))))
			fputc('\\', out);
		fputc(*p == '\n' ? ' ' : *p, out);
	}
}

/*
 * A code span: fenced by more backticks than the text holds in a row
 * (padded when it starts or ends with one); in a table's cell, which
 * GitHub splits at a '|' before anything else, its '|' escaped.
 */
static void md_code_in(FILE *out, const char *s, bool cell)
{
	size_t run = 0, longest = 0, i;
	const char *p;

	for (p = s; *p; p++) {
		run = *p == '`' ? run + 1 : 0;
		if (run > longest)
			longest = run;
	}
	for (i = 0; i <= longest; i++)
		fputc('`', out);
	if (longest && (*s == '`' || s[strlen(s) - 1] == '`'))
		fputc(' ', out);
	for (p = s; *p; p++) {
		if (*p == '|' && cell)
			fputc('\\', out);
		fputc(*p == '\n' ? ' ' : *p, out);
	}
	if (longest && (*s == '`' || s[strlen(s) - 1] == '`'))
		fputc(' ', out);
	for (i = 0; i <= longest; i++)
		fputc('`', out);
}

static void md_code(FILE *out, const char *s)
{
	md_code_in(out, s, false);
}

static void md_cell_code(FILE *out, const char *s)
{
	md_code_in(out, s, true);
}

static const char *side_name(const struct kabi_model *m, const char *none)
{
	return *model_str(m, m->release) ? model_str(m, m->release) : none;
}

static void md_summary(FILE *out, const struct diff_filter *f,
		       const struct report_summary *s,
		       const struct report_options *o)
{
	const struct kabi_diff *d = f->d;
	int status = report_exit_status(f, o);
	struct strbuf sb = STRBUF_INIT;

	fputs("## kabi diff: ", out);
	md_text(out, side_name(d->old, "old"));
	fputs(" → ", out);
	md_text(out, side_name(d->new, "new"));
	fputs("\n\n", out);
	fprintf(out, "**%s** (exit status %d)\n\n",
		!(status & REPORT_EXIT_CHANGED) ? "No change"
		: status & REPORT_EXIT_BREAKING ? "Breaking changes"
						: "Compatible changes only",
		status);
	if (status & REPORT_EXIT_BREAKING) {
		report_add_because(&sb, s, o, ' ');
		fprintf(out, "Because: %s.\n\n", sb.buf);
		if (report_verdict_note(s))
			fprintf(out, "Note: %s\n\n", report_verdict_note(s));
	}
	if (o->incomplete)
		fputs("**Incomplete:** files could not be read; what they hold "
		      "is missing from this comparison.\n\n",
		      out);
	fputs("| | |\n|---|---|\n", out);
	fprintf(out,
		"| Exports | %zu → %zu: %zu added, %zu removed, %zu "
		"changed |\n",
		s->old_symbols, s->new_symbols, s->added, s->removed,
		s->changed);
	fprintf(out, "| Root causes | %zu (%zu breaking) |\n", s->roots,
		s->breaking_roots);
	if (s->beyond_roots)
		fprintf(out,
			"| Beyond view | %zu root causes reaching %zu exports "
			"%s |\n",
			s->beyond_roots, s->beyond_symbols,
			report_beyond_how(d, s->beyond_symbols));
	strbuf_reset(&sb);
	if (report_describe_units(&sb, f, s))
		fprintf(out, "| Units | %s |\n", sb.buf);
	if (!s->types_compared)
		fputs("| Types | not compared (a Module.symvers) |\n", out);
	else if (report_crcs_to_say(f, s)) {
		strbuf_reset(&sb);
		report_describe_crcs(&sb, d, s);
		fprintf(out, "| CRCs | %s |\n", sb.buf);
	}
	if (s->hidden_roots || s->hidden_symbols)
		fprintf(out,
			"| Suppressed | %zu root causes, %zu export "
			"changes |\n",
			s->hidden_roots, s->hidden_symbols);
	if (f->d->syscalls_compared)
		fprintf(out,
			"| System calls | %zu → %zu: %zu added, %zu "
			"removed, %zu changed |\n",
			f->d->old->nsyscalls, f->d->new->nsyscalls,
			s->syscalls_added, s->syscalls_removed,
			s->syscalls_changed);
	if (f->d->uapi_compared)
		fprintf(out,
			"| uapi types | %zu → %zu: %zu added, %zu removed, "
			"%zu changed |\n",
			f->d->old_nuapi, f->d->new_nuapi, s->uapi_added,
			s->uapi_removed, s->uapi_changed);
	if (o->modules)
		fprintf(out, "| Modules | %zu given, %zu will not load |\n",
			o->modules->consumers->nmodules,
			report_failing_modules(o));
	strbuf_release(&sb);
}

static const char *severity_word(const struct diff_filter *f, size_t root)
{
	const struct root_cause *r = &f->d->roots[root];

	if (r->beyond)
		return "compatible (no exporting unit sees it)";
	if (f->d->pairs[r->pair].private_type)
		return "compatible (private to its .c file)";
	if (f->root_approved[root])
		return "approved (breaking, accepted by --approved)";
	return r->severity == BREAKING ? "**breaking**" : "compatible";
}

/* One row of the table of root causes. */
static void md_root_row(FILE *out, const struct diff_filter *f, size_t index,
			size_t number)
{
	const struct kabi_diff *d = f->d;
	const struct root_cause *r = &d->roots[index];
	const struct type_pair *p = &d->pairs[r->pair];
	const struct kabi_type *t = model_type(d->old, p->old_type);
	size_t n;
	uint32_t *syms = report_root_symbols(f, index, &n);
	struct strbuf sb = STRBUF_INIT;

	report_root_title(&sb, d, r);
	fprintf(out, "| %zu | ", number);
	md_cell_code(out, sb.buf);
	fprintf(out, " | %s | ", severity_word(f, index));
	md_text(out, t->decl_file && !p->variable
			 ? model_str(d->old, t->decl_file)
			 : "");
	fputs(" | ", out);
	strbuf_reset(&sb);
	report_describe_reach(&sb, f, index, n);
	/* "reaches 3 exports (...)": the column says "reaches" */
	fprintf(out, "%s |\n", sb.buf + strlen("reaches "));
	strbuf_release(&sb);
	free(syms);
}

/* What changed in a root cause, and the path from its nearest export. */
static void md_root_details(FILE *out, const struct diff_filter *f,
			    struct diff_paths *paths, size_t index,
			    size_t number, size_t items)
{
	const struct kabi_diff *d = f->d;
	const struct root_cause *r = &d->roots[index];
	const struct type_pair *p = &d->pairs[r->pair];
	size_t n;
	uint32_t *syms = report_root_symbols(f, index, &n);
	struct strbuf sb = STRBUF_INIT;
	uint32_t i;

	report_root_title(&sb, d, r);
	fprintf(out, "<details><summary>%zu. ", number);
	report_html_text(out, sb.buf); /* inside <summary>: HTML */
	fputs("</summary>\n\n", out);
	if (f->root_approval[index] != KABI_NONE) {
		strbuf_reset(&sb);
		report_describe_approval(&sb, f, f->root_approval[index]);
		fprintf(out, "- approved%s: ",
			f->root_approved[index] || r->severity != BREAKING
			    ? ""
			    : " in part (the rest breaks)");
		md_text(out, sb.buf);
		fputc('\n', out);
	}
	for (i = 0; i < p->nitems && i < items; i++) {
		const struct change_item *it = &d->items[p->first_item + i];

		strbuf_reset(&sb);
		report_describe_item(&sb, d, r->pair, it);
		fputs("- ", out);
		md_text(out, sb.buf);
		fprintf(out, " `%s`\n", change_rule(it->kind));
	}
	if (i < p->nitems)
		fprintf(out, "- … and %" PRIu32 " more changes\n",
			p->nitems - i);
	if (n) {
		strbuf_reset(&sb);
		report_describe_path(&sb, paths, d, syms[0], r);
		fputs("- e.g. ", out);
		md_code(out, sb.buf);
		fputc('\n', out);
	}
	fputs("\n</details>\n\n", out);
	strbuf_release(&sb);
	free(syms);
}

/* What a list left out, and why: "--full lists them", or the limit. */
static void md_left_out(FILE *out, size_t n, const char *what,
			const struct md_limits *lim)
{
	if (lim->cut_at)
		fprintf(out,
			"… and %zu more %s: this report stops short of %zu "
			"characters (`--markdown-limit`); the text, JSON and "
			"HTML reports have them all.\n\n",
			n, what, lim->cut_at);
	else
		fprintf(out, "… and %zu more %s (`--full` lists them).\n\n", n,
			what);
}

static void md_roots(FILE *out, const struct diff_filter *f,
		     const struct md_limits *lim)
{
	const struct kabi_diff *d = f->d;
	struct diff_paths *paths = diff_paths_new(d);
	size_t i, number = 0, total = 0;

	fputs("\n### Root causes\n\n"
	      "| # | Root cause | Verdict | Declared in | Exports reached |\n"
	      "|---:|---|---|---|---|\n",
	      out);
	for (i = 0; i < d->nroots; i++)
		if (f->root_rule[i] == SHOWN && number < lim->roots)
			md_root_row(out, f, i, ++number);
	fputs("\n", out);
	for (i = 0; i < d->nroots; i++)
		total += f->root_rule[i] == SHOWN;
	/* under the table, where the reader looks for the rest */
	if (total > number)
		md_left_out(out, total - number, "root causes", lim);
	number = 0;
	for (i = 0; i < d->nroots; i++)
		if (f->root_rule[i] == SHOWN && number < lim->roots)
			md_root_details(out, f, paths, i, ++number, lim->items);
	diff_paths_free(paths);
}

/* An export whose change an approval accepts: on a line of its own. */
static void md_approved_name(FILE *out, const struct diff_filter *f,
			     size_t symbol, bool added)
{
	struct strbuf sb = STRBUF_INIT;

	report_describe_approval(&sb, f, f->symbol_approval[symbol]);
	md_code(out, diff_symbol_name(f->d, &f->d->symbols[symbol]));
	fprintf(out, " (%s, approved%s: ", added ? "added" : "removed",
		f->symbol_severity[symbol] == BREAKING ? " in part" : "");
	md_text(out, sb.buf);
	fputs(")\n\n", out);
	strbuf_release(&sb);
}

static void md_names(FILE *out, const struct diff_filter *f, bool added,
		     const struct md_limits *lim)
{
	const struct kabi_diff *d = f->d;
	size_t i, n = 0, total = 0, limit = lim->names;

	for (i = 0; i < d->nsymbols; i++)
		if ((added ? d->symbols[i].old_symbol
			   : d->symbols[i].new_symbol) == KABI_NONE &&
		    filter_symbol_shown(f, i) &&
		    f->symbol_approval[i] != KABI_NONE)
			md_approved_name(out, f, i, added);
	for (i = 0; i < d->nsymbols; i++) {
		const struct symbol_change *s = &d->symbols[i];
		bool is = added ? s->old_symbol == KABI_NONE
				: s->new_symbol == KABI_NONE;

		if (!is || !filter_symbol_shown(f, i) ||
		    f->symbol_approval[i] != KABI_NONE)
			continue;
		if (n < limit) {
			fputs(n ? ", " : "", out);
			md_code(out, diff_symbol_name(d, s));
			n++;
		}
		total++;
	}
	if (!total)
		return;
	if (n < total)
		fprintf(out, " … and %zu more", total - n);
	fprintf(out, " (%s)\n\n", added ? "added" : "removed, **breaking**");
}

/* An export's approval after one of its items, as text has it. */
static void md_export_approval(FILE *out, const struct diff_filter *f,
			       size_t symbol)
{
	struct strbuf sb = STRBUF_INIT;

	if (f->symbol_approval[symbol] == KABI_NONE)
		return;
	report_describe_approval(&sb, f, f->symbol_approval[symbol]);
	fprintf(out, " (approved%s: ",
		f->symbol_severity[symbol] == BREAKING ? " in part" : "");
	md_text(out, sb.buf);
	fputc(')', out);
	strbuf_release(&sb);
}

struct md_export_items {
	FILE *out;
	const struct diff_filter *f;
	struct strbuf sb;
};

static void md_export_item(void *ctx, size_t symbol,
			   const struct change_item *it, size_t n)
{
	struct md_export_items *m = ctx;
	const struct kabi_diff *d = m->f->d;

	strbuf_reset(&m->sb);
	report_describe_item(&m->sb, d, KABI_NONE, it);
	fputs(n ? "- " : "### Exports changed themselves\n\n- ", m->out);
	md_code(m->out, diff_symbol_name(d, &d->symbols[symbol]));
	fputs(": ", m->out);
	md_text(m->out, m->sb.buf);
	fprintf(m->out, " `%s`", change_rule(it->kind));
	md_export_approval(m->out, m->f, symbol);
	fputc('\n', m->out);
}

/* The changes of exports themselves (kind, namespace...), not CRCs. */
static void md_export_changes(FILE *out, const struct diff_filter *f,
			      const struct md_limits *lim)
{
	struct md_export_items m = {out, f, STRBUF_INIT};
	size_t n = report_each_export_item(f, lim->names, md_export_item, &m);

	if (n > lim->names)
		fprintf(out, "- … and %zu more\n", n - lim->names);
	if (n)
		fputs("\n", out);
	strbuf_release(&m.sb);
}

static void md_exports(FILE *out, const struct diff_filter *f,
		       const struct report_summary *s,
		       const struct md_limits *lim)
{
	if (s->added || s->removed) {
		fputs("### Exports added and removed\n\n", out);
		md_names(out, f, false, lim);
		md_names(out, f, true, lim);
	}
	md_export_changes(out, f, lim);
}

struct md_modules {
	FILE *out;
	bool loads; /* the pass: those that load, or those that do not */
	size_t shown, limit;
};

static void md_module(void *ctx, const struct module_facts *m)
{
	struct md_modules *mm = ctx;
	FILE *out = mm->out;

	if (!m->nproblems != mm->loads || mm->shown++ >= mm->limit)
		return;
	fputs("| ", out);
	md_cell_code(out, m->name);
	fprintf(out, " | %s | ", m->nproblems ? "**no**" : "yes");
	if (m->nproblems) {
		fprintf(out, "%zu: first ", m->nproblems);
		md_cell_code(out, m->problems[0].symbol);
		fprintf(out, " %s", m->problems[0].problem);
	}
	fputs(" | ", out);
	md_text(out, m->advice);
	fputs(" |\n", out);
}

/* The modules that will not load first: where a cut table should end. */
static void md_modules(FILE *out, const struct diff_filter *f,
		       const struct report_options *o,
		       const struct md_limits *lim)
{
	struct md_modules mm = {out, false, 0, lim->modules};

	fputs("### Modules\n\n| Module | Loads | Problems | To do |\n"
	      "|---|---|---|---|\n",
	      out);
	report_each_module(f, o->modules, md_module, &mm);
	mm.loads = true;
	report_each_module(f, o->modules, md_module, &mm);
	fputs("\n", out);
	if (mm.shown > mm.limit)
		md_left_out(out, mm.shown - mm.limit, "modules", lim);
}

struct md_state {
	FILE *out;
	const char *sep;
};

static void md_head(void *ctx, const struct change_head *c)
{
	struct md_state *md = ctx;

	fputs("- ", md->out);
	md_code(md->out, c->label);
	fputc(':', md->out);
	md->sep = "";
}

static void md_item(void *ctx, const struct change_item *it, const char *text)
{
	struct md_state *md = ctx;

	fprintf(md->out, "%s ", md->sep);
	md_text(md->out, text);
	fprintf(md->out, " `%s`", change_rule(it->kind));
	md->sep = ";";
}

static void md_through(void *ctx, const char *label)
{
	struct md_state *md = ctx;

	fprintf(md->out, "%s changed through ", md->sep);
	md_code(md->out, label);
	md->sep = ";";
}

static void md_end(void *ctx)
{
	struct md_state *md = ctx;

	fputs("\n", md->out);
}

/* A section of user-space changes, if it has any to show. */
static void md_section(FILE *out, const struct diff_filter *f,
		       const struct report_section *sec)
{
	const struct change_writer w = {md_head, md_item, md_through, md_end};
	struct md_state md = {out, ""};

	if (!report_section_count(sec, f, WHICH_ALL))
		return;
	fprintf(out, "### %s\n\n", sec->title);
	sec->each(f, WHICH_ALL, &w, &md);
	fputs("\n", out);
}

/* Exports whose layout changed under a kept CRC: first, as they load. */
static void md_hidden_crcs(FILE *out, const struct diff_filter *f,
			   const struct report_summary *s,
			   const struct md_limits *lim)
{
	const struct kabi_diff *d = f->d;
	size_t i, n = 0, limit = lim->names;
	struct strbuf sb = STRBUF_INIT;

	if (!s->crc_hidden || f->s->ignore_crc)
		return;
	fputs("\n### Hidden from modversions\n\nTheir CRCs did not change: "
	      "modules built for OLD load on NEW and use the old layout.\n\n",
	      out);
	for (i = 0; i < d->nsymbols; i++) {
		const struct symbol_change *c = &d->symbols[i];

		if (!report_hidden_crc(f, i) || n++ >= limit)
			continue;
		strbuf_reset(&sb);
		report_hidden_reason(&sb, d, i);
		fputs("- ", out);
		md_code(out, diff_symbol_name(d, c));
		fprintf(out, "%s: ",
			report_hidden_verdict(f, i) == HIDDEN_BREAKING
			    ? " (**breaking**)"
			: report_hidden_verdict(f, i) == HIDDEN_APPROVED
			    ? " (breaking, approved)"
			    : "");
		md_text(out, sb.buf);
		fputc('\n', out);
	}
	if (n > limit)
		fprintf(out, "- … and %zu more (`--full` lists them)\n",
			n - limit);
	strbuf_release(&sb);
}

static void md_render(FILE *out, const struct diff_filter *f,
		      const struct report_options *o,
		      const struct report_summary *s,
		      const struct md_limits *lim)
{
	const struct report_section *const *sec;

	md_summary(out, f, s, o);
	md_hidden_crcs(out, f, s, lim);
	if (s->roots || s->beyond_roots)
		md_roots(out, f, lim);
	else
		fputs("\n", out);
	md_exports(out, f, s, lim);
	for (sec = report_sections; *sec; sec++)
		md_section(out, f, *sec);
	if (o->modules)
		md_modules(out, f, o, lim);
	if (lim->cut_at)
		fprintf(out,
			"_This report was cut to stay under %zu characters "
			"(`--markdown-limit`): the text, JSON and HTML "
			"reports have everything._\n",
			lim->cut_at);
}

/* The rendering with these limits, in memory; its length. */
static size_t md_try(const struct diff_filter *f,
		     const struct report_options *o,
		     const struct report_summary *s,
		     const struct md_limits *lim, char **text)
{
	size_t len = 0;
	FILE *out = xopen_memstream(text, &len);

	md_render(out, f, o, s, lim);
	fclose(out);
	return len;
}

static size_t at_most(size_t n, size_t cap)
{
	return n < cap ? n : cap;
}

/*
 * The longest rendering within the limit: the lists cut to their usual
 * lengths first (--full asked for all), then at most k root causes and
 * k modules, k the most that fits (found by halving).
 */
static size_t md_fit(const struct diff_filter *f,
		     const struct report_options *o,
		     const struct report_summary *s, struct md_limits *lim,
		     char **text)
{
	size_t len = md_try(f, o, s, lim, text), roots, modules, lo = 0, hi;

	if (!o->markdown_limit || len <= o->markdown_limit)
		return len;
	lim->cut_at = o->markdown_limit;
	lim->names = at_most(lim->names, NAMES_SHOWN);
	lim->items = at_most(lim->items, ITEMS_SHOWN);
	free(*text);
	if ((len = md_try(f, o, s, lim, text)) <= o->markdown_limit)
		return len;
	roots = at_most(lim->roots, f->d->nroots);
	modules = o->modules ? o->modules->consumers->nmodules : 0;
	hi = roots > modules ? roots : modules;
	while (lo < hi) { /* the most that fits is in [lo, hi] */
		size_t mid = hi - (hi - lo) / 2;

		lim->roots = at_most(roots, mid);
		lim->modules = at_most(modules, mid);
		free(*text);
		if (md_try(f, o, s, lim, text) <= o->markdown_limit)
			lo = mid;
		else
			hi = mid - 1;
	}
	lim->roots = at_most(roots, lo);
	lim->modules = at_most(modules, lo);
	free(*text);
	return md_try(f, o, s, lim, text);
}

void report_markdown(FILE *out, const struct diff_filter *f,
		     const struct report_options *o)
{
	struct report_summary s;
	struct md_limits lim = {ROOTS_SHOWN, NAMES_SHOWN, ITEMS_SHOWN, SIZE_MAX,
				0};
	char *text = NULL;
	size_t len;

	if (o->full)
		lim.roots = lim.names = lim.items = SIZE_MAX;
	report_summarize(f, &s);
	len = md_fit(f, o, &s, &lim, &text);
	fwrite(text, 1, len, out);
	free(text);
}
