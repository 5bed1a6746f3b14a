// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The report as one self-contained HTML page (no network, no file beside
 * it; a Content-Security-Policy that allows nothing else): the verdict
 * and why, the summary, the root causes ranked with their reach, each
 * expandable to its changes, paths from its nearest exports and the
 * exports it reaches, the export lists, the modules' verdicts, and a box
 * that filters the root causes by any text they hold.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "section.h"
#include "../util/hashmap.h"
#include "../util/rows.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

/* Without --full: paths and exports listed per root cause. */
#define PATHS_SHOWN   10
#define EXPORTS_SHOWN 200

static const char style[] =
    "body{font:14px/1.45 system-ui,sans-serif;margin:1.5em auto;"
    "max-width:70em;padding:0 1em;color:#222}"
    "code{font:13px ui-monospace,monospace}"
    "table{border-collapse:collapse}td,th{border:1px solid #ccc;"
    "padding:.2em .6em;text-align:left}"
    ".verdict{font-size:1.2em;font-weight:bold}"
    ".breaking{color:#a00}.compatible{color:#070}"
    "li.root{margin:.3em 0}summary{cursor:pointer}"
    "#filter{width:30em;padding:.3em}"
    "ul.changes li,ul.paths li{margin:.1em 0}"
    "p.matched{margin:.1em 0 .1em 1.5em;color:#555}";

/*
 * Filter root causes by what they hold, as the user types: their text
 * (titles, files, changes, rules, the paths and exports shown), each
 * lowered once, and every export reaching them, listed or not, from the
 * index the page carries (html_export_index): a root cause reached by
 * an export that matches shows, and says which.
 */
static const char script[] =
    "(function(){var box=document.getElementById('filter');"
    "var roots=Array.prototype.slice.call("
    "document.querySelectorAll('li.root'));"
    "var count=document.getElementById('shown-count');"
    "var texts=roots.map(function(r){return r.textContent.toLowerCase();});"
    "var idx=JSON.parse(document.getElementById('export-index')"
    ".textContent);"
    "var lower=idx.names.map(function(n){return n.toLowerCase();});"
    "function apply(){var q=box.value.toLowerCase();var by=[];var n=0;"
    "var i,k;if(q)for(i=0;i<lower.length;i++)if(lower[i].indexOf(q)>=0)"
    "{var set=idx.sets[idx.set[i]];for(k=0;k<set.length;k++)"
    "(by[set[k]]=by[set[k]]||[]).push(idx.names[i]);}"
    "roots.forEach(function(r,i){var m=by[i];"
    "var hit=!q||texts[i].indexOf(q)>=0||!!m;r.hidden=!hit;"
    "if(hit&&r.parentNode.id==='roots')n++;"
    "var p=r.querySelector('p.matched');p.hidden=!m;"
    "p.textContent=m?'Exports matching: '+m.slice(0,20).join(', ')+"
    "(m.length>20?' … and '+(m.length-20)+' more':''):'';});"
    "count.textContent=String(n);}"
    "box.addEventListener('input',apply);apply();})();";

static void html_head(FILE *out, const struct kabi_diff *d)
{
	const char *old = *model_str(d->old, d->old->release)
			      ? model_str(d->old, d->old->release)
			      : "old";
	const char *new = *model_str(d->new, d->new->release)
			      ? model_str(d->new, d->new->release)
			      : "new";

	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	      "<meta charset=\"utf-8\">\n"
	      "<meta http-equiv=\"Content-Security-Policy\" "
	      "content=\"default-src 'none'; style-src 'unsafe-inline'; "
	      "script-src 'unsafe-inline'\">\n<title>kabi diff: ",
	      out);
	report_html_text(out, old);
	fputs(" → ", out);
	report_html_text(out, new);
	fprintf(out,
		"</title>\n<style>%s</style>\n</head>\n<body>\n<h1>"
		"kabi diff: ",
		style);
	report_html_text(out, old);
	fputs(" → ", out);
	report_html_text(out, new);
	fputs("</h1>\n", out);
}

static void html_summary(FILE *out, const struct diff_filter *f,
			 const struct report_summary *s,
			 const struct report_options *o)
{
	int status = report_exit_status(f, o);
	struct strbuf sb = STRBUF_INIT;

	fprintf(out,
		"<p id=\"verdict\" class=\"verdict %s\">%s (exit status "
		"%d)</p>\n",
		status & REPORT_EXIT_BREAKING ? "breaking" : "compatible",
		!(status & REPORT_EXIT_CHANGED) ? "No change"
		: status & REPORT_EXIT_BREAKING ? "Breaking changes"
						: "Compatible changes only",
		status);
	if (status & REPORT_EXIT_BREAKING) {
		report_add_because(&sb, s, o, ' ');
		fputs("<p>Because: ", out);
		report_html_text(out, sb.buf);
		fputs(".</p>\n", out);
		if (report_verdict_note(s)) {
			fputs("<p>Note: ", out);
			report_html_text(out, report_verdict_note(s));
			fputs("</p>\n", out);
		}
	}
	if (o->incomplete)
		fputs("<p class=\"breaking\">Incomplete: files could not be "
		      "read; what they hold is missing from this "
		      "comparison.</p>\n",
		      out);
	fprintf(out,
		"<table id=\"summary\">\n<tr><th>Exports</th><td>%zu → %zu: "
		"%zu added, %zu removed, %zu changed</td></tr>\n"
		"<tr><th>Root causes</th><td><span id=\"root-total\">%zu"
		"</span> (%zu breaking)</td></tr>\n",
		s->old_symbols, s->new_symbols, s->added, s->removed,
		s->changed, s->roots, s->breaking_roots);
	if (s->beyond_roots)
		fprintf(out,
			"<tr><th>Beyond view</th><td>%zu root causes reaching "
			"%zu exports %s</td></tr>\n",
			s->beyond_roots, s->beyond_symbols,
			report_beyond_how(f->d, s->beyond_symbols));
	strbuf_reset(&sb);
	if (report_describe_units(&sb, f, s)) {
		fputs("<tr><th>Units</th><td>", out);
		report_html_text(out, sb.buf);
		fputs("</td></tr>\n", out);
	}
	if (report_crcs_to_say(f, s)) {
		strbuf_reset(&sb);
		report_describe_crcs(&sb, f->d, s);
		fputs("<tr><th>CRCs</th><td>", out);
		report_html_text(out, sb.buf);
		fputs("</td></tr>\n", out);
	}
	if (s->hidden_roots || s->hidden_symbols)
		fprintf(out,
			"<tr><th>Suppressed</th><td>%zu root causes, %zu "
			"export changes</td></tr>\n",
			s->hidden_roots, s->hidden_symbols);
	if (o->modules)
		fprintf(out,
			"<tr><th>Modules</th><td>%zu given, %zu will not "
			"load</td></tr>\n",
			o->modules->consumers->nmodules,
			report_failing_modules(o));
	fputs("</table>\n", out);
	strbuf_release(&sb);
}

/* Exports whose layout changed under a kept CRC: first, as they load. */
static void html_hidden_crcs(FILE *out, const struct diff_filter *f,
			     const struct report_summary *s)
{
	const struct kabi_diff *d = f->d;
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	if (!s->crc_hidden || f->s->ignore_crc)
		return;
	fputs("<h2>Hidden from modversions</h2>\n<p>Their CRCs did not "
	      "change: modules built for OLD load on NEW and use the old "
	      "layout.</p>\n<ul class=\"hidden-crcs\">\n",
	      out);
	for (i = 0; i < d->nsymbols; i++) {
		const struct symbol_change *c = &d->symbols[i];
		enum hidden_verdict v = report_hidden_verdict(f, i);

		if (!report_hidden_crc(f, i))
			continue;
		strbuf_reset(&sb);
		report_hidden_reason(&sb, d, i);
		fputs("<li><code>", out);
		report_html_text(out, diff_symbol_name(d, c));
		fprintf(out, "</code> <span class=\"%s\">[%s]</span> ",
			v == HIDDEN_BREAKING ? "breaking" : "compatible",
			v == HIDDEN_BREAKING   ? "breaking"
			: v == HIDDEN_APPROVED ? "approved"
					       : "compatible");
		report_html_text(out, sb.buf);
		fputs("</li>\n", out);
	}
	fputs("</ul>\n", out);
	strbuf_release(&sb);
}

static void html_root(FILE *out, const struct diff_filter *f,
		      struct diff_paths *paths, size_t index,
		      const struct report_options *o)
{
	const struct kabi_diff *d = f->d;
	const struct root_cause *r = &d->roots[index];
	const struct type_pair *p = &d->pairs[r->pair];
	const struct kabi_type *t = model_type(d->old, p->old_type);
	size_t n, i;
	uint32_t *syms = report_root_symbols(f, index, &n);
	bool approved = f->root_approved[index];
	bool breaking =
	    r->severity == BREAKING && !p->private_type && !approved;
	struct strbuf sb = STRBUF_INIT;

	report_root_title(&sb, d, r);
	fprintf(out, "<li class=\"root\"><details><summary><b><code>");
	report_html_text(out, sb.buf);
	fprintf(out, "</code></b> <span class=\"%s\">[%s]</span> ",
		breaking ? "breaking" : "compatible",
		breaking   ? "breaking"
		: approved ? "approved"
			   : "compatible");
	if (f->root_approval[index] != KABI_NONE) {
		strbuf_reset(&sb);
		report_describe_approval(&sb, f, f->root_approval[index]);
		fputs(approved ? "approved: " : "approved in part: ", out);
		report_html_text(out, sb.buf);
		fputs("; ", out);
	}
	if (t->decl_file && !p->variable)
		report_html_text(out, model_str(d->old, t->decl_file));
	strbuf_reset(&sb);
	report_describe_reach(&sb, f, index, n);
	fputs(": ", out);
	report_html_text(out, sb.buf);
	fputs("</summary>\n<ul class=\"changes\">\n", out);
	for (i = 0; i < p->nitems; i++) {
		const struct change_item *it = &d->items[p->first_item + i];

		strbuf_reset(&sb);
		report_describe_item(&sb, d, r->pair, it);
		fputs("<li>", out);
		report_html_text(out, sb.buf);
		fprintf(out, " <code>[%s]</code></li>\n",
			change_rule(it->kind));
	}
	fputs("</ul>\n<ul class=\"paths\">\n", out);
	for (i = 0; i < n && (o->full || i < PATHS_SHOWN); i++) {
		strbuf_reset(&sb);
		report_describe_path(&sb, paths, d, syms[i], r);
		fputs("<li><code>", out);
		report_html_text(out, sb.buf);
		fputs("</code></li>\n", out);
	}
	fputs("</ul>\n<p class=\"exports\">Exports: ", out);
	for (i = 0; i < n && (o->full || i < EXPORTS_SHOWN); i++) {
		fputs(i ? ", <code>" : "<code>", out);
		report_html_text(out,
				 diff_symbol_name(d, &d->symbols[syms[i]]));
		fputs("</code>", out);
	}
	if (i < n)
		fprintf(out, " … and %zu more", n - i);
	fputs("</p>\n</details><p class=\"matched\" hidden></p></li>\n", out);
	strbuf_release(&sb);
	free(syms);
}

/* A string in JSON that stays data inside a <script> element. */
static void script_json_str(FILE *out, const char *s)
{
	fputc('"', out);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(out, "\\%c", c);
		else if (c < 0x20 || c == '<' || c == '>' || c == '&')
			fprintf(out, "\\u%04x", c);
		else
			fputc(c, out);
	}
	fputc('"', out);
}

/*
 * Per shown root cause (in the page's order), its place among the page's
 * root causes, or KABI_NONE: those within view first, then those beyond.
 */
static uint32_t *page_order(const struct diff_filter *f)
{
	const struct kabi_diff *d = f->d;
	uint32_t *place = xmalloc(xmul(d->nroots + 1, sizeof(uint32_t)));
	uint32_t next = 0;
	size_t i, pass;

	memset(place, 0xff, (d->nroots + 1) * sizeof(uint32_t));
	for (pass = 0; pass < 2; pass++)
		for (i = 0; i < d->nroots; i++)
			if (f->root_rule[i] == SHOWN &&
			    d->roots[i].beyond == (pass == 1))
				place[i] = next++;
	return place;
}

/*
 * Every export a shown root cause reaches, listed on the page or not,
 * for the filter: {"names": [...], "set": [per name, its set],
 * "sets": [[root places], ...]}. Most exports are reached by the same
 * few sets of root causes, so each set is written once.
 */
static void html_export_index(FILE *out, const struct diff_filter *f)
{
	const struct kabi_diff *d = f->d;
	struct hashmap sets = HASHMAP_INIT;
	uint32_t *place = page_order(f), *set_of, *first, *roots;
	const uint32_t *start;
	struct rows by;
	size_t i, k, nsets = 0;
	const char *sep = "";

	report_roots_by_export(f, true, &by);
	start = by.start;
	roots = by.items;
	for (k = 0; k < start[d->nsymbols]; k++)
		roots[k] = place[roots[k]];
	set_of = xmalloc(xmul(d->nsymbols + 1, sizeof(uint32_t)));
	first = xmalloc(xmul(d->nsymbols + 1, sizeof(uint32_t)));
	for (i = 0; i < d->nsymbols; i++) {
		size_t n = start[i + 1] - start[i];
		uint64_t h = hash_bytes(roots + start[i], n * sizeof(uint32_t));
		struct hashmap_iter it;
		struct hashmap_entry *e;

		set_of[i] = KABI_NONE;
		if (!n)
			continue;
		for (e = hashmap_first(&sets, h, &it); e;
		     e = hashmap_next(&sets, &it)) {
			uint32_t j = first[e->key];

			if (start[j + 1] - start[j] == n &&
			    !memcmp(roots + start[j], roots + start[i],
				    n * sizeof(uint32_t)))
				break;
		}
		if (e) {
			set_of[i] = (uint32_t)e->value;
			continue;
		}
		first[nsets] = (uint32_t)i;
		hashmap_add(&sets, h, nsets, nsets);
		set_of[i] = (uint32_t)nsets++;
	}
	fputs("<script type=\"application/json\" id=\"export-index\">"
	      "{\"names\": [",
	      out);
	for (i = 0; i < d->nsymbols; i++)
		if (set_of[i] != KABI_NONE) {
			fputs(sep, out);
			script_json_str(out,
					diff_symbol_name(d, &d->symbols[i]));
			sep = ",";
		}
	fputs("],\n\"set\": [", out);
	for (sep = "", i = 0; i < d->nsymbols; i++)
		if (set_of[i] != KABI_NONE) {
			fprintf(out, "%s%" PRIu32, sep, set_of[i]);
			sep = ",";
		}
	fputs("],\n\"sets\": [", out);
	for (k = 0; k < nsets; k++) {
		uint32_t j = first[k], r;

		fputs(k ? ",[" : "[", out);
		for (r = start[j]; r < start[j + 1]; r++)
			fprintf(out, "%s%" PRIu32, r > start[j] ? "," : "",
				roots[r]);
		fputc(']', out);
	}
	fputs("]}</script>\n", out);
	hashmap_free(&sets);
	free(set_of);
	free(first);
	free(place);
	rows_free(&by);
}

static void html_roots(FILE *out, const struct diff_filter *f,
		       const struct report_options *o)
{
	const struct kabi_diff *d = f->d;
	struct diff_paths *paths = diff_paths_new(d);
	size_t i, shown = 0, beyond = 0;

	for (i = 0; i < d->nroots; i++) {
		shown += f->root_rule[i] == SHOWN && !d->roots[i].beyond;
		beyond += f->root_rule[i] == SHOWN && d->roots[i].beyond;
	}
	fprintf(out,
		"<h2>Root causes (<span id=\"shown-count\">%zu</span> "
		"shown)</h2>\n<p><input id=\"filter\" type=\"search\" "
		"placeholder=\"Filter: a type, a file, an export, a rule\" "
		"aria-label=\"Filter root causes\"></p>\n<ol id=\"roots\">\n",
		shown);
	for (i = 0; i < d->nroots; i++)
		if (f->root_rule[i] == SHOWN && !d->roots[i].beyond)
			html_root(out, f, paths, i, o);
	fputs("</ol>\n", out);
	if (beyond) {
		fprintf(out,
			"<h2>Beyond the exports' view (%zu)</h2>\n<p>"
			"Compatible: %s.</p>\n<ol class=\"beyond\">\n",
			beyond, report_beyond_why(d));
		for (i = 0; i < d->nroots; i++)
			if (f->root_rule[i] == SHOWN && d->roots[i].beyond)
				html_root(out, f, paths, i, o);
		fputs("</ol>\n", out);
	}
	diff_paths_free(paths);
}

/* An export whose change an approval accepts: a paragraph of its own. */
static void html_approved_name(FILE *out, const struct diff_filter *f,
			       size_t symbol, bool added)
{
	struct strbuf sb = STRBUF_INIT;

	report_describe_approval(&sb, f, f->symbol_approval[symbol]);
	fputs("<p><code>", out);
	report_html_text(out, diff_symbol_name(f->d, &f->d->symbols[symbol]));
	fprintf(out, "</code> <span class=\"%s\">(%s, approved%s: ",
		f->symbol_severity[symbol] == BREAKING ? "breaking"
						       : "compatible",
		added ? "added" : "removed",
		f->symbol_severity[symbol] == BREAKING ? " in part" : "");
	report_html_text(out, sb.buf);
	fputs(")</span></p>\n", out);
	strbuf_release(&sb);
}

static void html_names(FILE *out, const struct diff_filter *f, bool added)
{
	const struct kabi_diff *d = f->d;
	size_t i, n = 0;

	for (i = 0; i < d->nsymbols; i++) {
		const struct symbol_change *s = &d->symbols[i];
		bool is = added ? s->old_symbol == KABI_NONE
				: s->new_symbol == KABI_NONE;

		if (!is || !filter_symbol_shown(f, i))
			continue;
		if (f->symbol_approval[i] != KABI_NONE) {
			html_approved_name(out, f, i, added);
			continue;
		}
		fputs(n++ ? ", <code>" : "<p><code>", out);
		report_html_text(out, diff_symbol_name(d, s));
		fputs("</code>", out);
	}
	if (n)
		fprintf(out, " <span class=\"%s\">(%s)</span></p>\n",
			added ? "compatible" : "breaking",
			added ? "added" : "removed");
}

struct html_export_items {
	FILE *out;
	const struct diff_filter *f;
	struct strbuf sb;
};

/* One change of an export itself, its severity, and its approval. */
static void html_export_item(void *ctx, size_t symbol,
			     const struct change_item *it, size_t n)
{
	struct html_export_items *h = ctx;
	const struct diff_filter *f = h->f;
	bool breaking = change_severity(it->kind) == BREAKING;
	bool approved = f->symbol_approval[symbol] != KABI_NONE;

	fputs(n ? "<li><code>"
		: "<h2>Exports changed themselves</h2>\n"
		  "<ul id=\"export-changes\">\n<li><code>",
	      h->out);
	report_html_text(h->out,
			 diff_symbol_name(f->d, &f->d->symbols[symbol]));
	breaking = breaking && f->symbol_severity[symbol] == BREAKING;
	fprintf(h->out, "</code> <span class=\"%s\">[%s]</span>: ",
		breaking ? "breaking" : "compatible",
		breaking   ? "breaking"
		: approved ? "approved"
			   : "compatible");
	strbuf_reset(&h->sb);
	report_describe_item(&h->sb, f->d, KABI_NONE, it);
	report_html_text(h->out, h->sb.buf);
	fprintf(h->out, " <code>[%s]</code>", change_rule(it->kind));
	if (approved) {
		strbuf_reset(&h->sb);
		report_describe_approval(&h->sb, f, f->symbol_approval[symbol]);
		fputs(" (approved: ", h->out);
		report_html_text(h->out, h->sb.buf);
		fputc(')', h->out);
	}
	fputs("</li>\n", h->out);
}

static void html_export_changes(FILE *out, const struct diff_filter *f)
{
	struct html_export_items h = {out, f, STRBUF_INIT};

	if (report_each_export_item(f, SIZE_MAX, html_export_item, &h))
		fputs("</ul>\n", out);
	strbuf_release(&h.sb);
}

struct html_modules {
	FILE *out;
	bool full;
};

static void html_module(void *ctx, const struct module_facts *m)
{
	const struct html_modules *h = ctx;
	struct strbuf sb = STRBUF_INIT;
	size_t k;

	fputs("<tr><td><code>", h->out);
	report_html_text(h->out, m->name);
	fprintf(h->out, "</code></td><td class=\"%s\">%s</td><td>",
		m->nproblems ? "breaking" : "compatible",
		m->nproblems ? "no" : "yes");
	for (k = 0; k < m->nproblems && (h->full || k < PATHS_SHOWN); k++) {
		strbuf_reset(&sb);
		strbuf_addf(&sb, "%s%s [%s]", k ? "; " : "",
			    m->problems[k].symbol, m->problems[k].problem);
		report_html_text(h->out, sb.buf);
	}
	if (k < m->nproblems)
		fprintf(h->out, " … and %zu more", m->nproblems - k);
	fputs("</td><td>", h->out);
	report_html_text(h->out, m->advice);
	fputs("</td></tr>\n", h->out);
	strbuf_release(&sb);
}

static void html_modules(FILE *out, const struct diff_filter *f,
			 const struct report_options *o)
{
	struct html_modules h = {out, o->full};

	fputs("<h2>Modules</h2>\n<table id=\"modules\">\n<tr><th>Module</th>"
	      "<th>Loads</th><th>Problems</th><th>To do</th></tr>\n",
	      out);
	report_each_module(f, o->modules, html_module, &h);
	fputs("</table>\n", out);
}

struct html_state {
	FILE *out;
	const char *sep;
};

static void html_change_head(void *ctx, const struct change_head *c)
{
	struct html_state *h = ctx;
	const char *severity =
	    c->severity == BREAKING ? "breaking" : "compatible";

	fputs("<li><code>", h->out);
	report_html_text(h->out, c->label);
	fprintf(h->out, "</code> <span class=\"%s\">[%s]</span>:", severity,
		severity);
	h->sep = " ";
}

static void html_item(void *ctx, const struct change_item *it, const char *text)
{
	struct html_state *h = ctx;

	fputs(h->sep, h->out);
	report_html_text(h->out, text);
	fprintf(h->out, " <code>[%s]</code>", change_rule(it->kind));
	h->sep = "; ";
}

static void html_through(void *ctx, const char *label)
{
	struct html_state *h = ctx;

	fputs(h->sep, h->out);
	fputs("changed through <code>", h->out);
	report_html_text(h->out, label);
	fputs("</code>", h->out);
	h->sep = "; ";
}

static void html_end(void *ctx)
{
	struct html_state *h = ctx;

	fputs("</li>\n", h->out);
}

/* A section of user-space changes, if it has any to show. */
static void html_section(FILE *out, const struct diff_filter *f,
			 const struct report_section *sec)
{
	const struct change_writer w = {html_change_head, html_item,
					html_through, html_end};
	struct html_state h = {out, " "};

	if (!report_section_count(sec, f, WHICH_ALL))
		return;
	fprintf(out, "<h2>%s</h2>\n<ul id=\"%s\">\n", sec->title, sec->anchor);
	sec->each(f, WHICH_ALL, &w, &h);
	fputs("</ul>\n", out);
}

void report_html(FILE *out, const struct diff_filter *f,
		 const struct report_options *o)
{
	const struct report_section *const *sec;
	struct report_summary s;

	report_summarize(f, &s);
	html_head(out, f->d);
	html_summary(out, f, &s, o);
	html_hidden_crcs(out, f, &s);
	html_roots(out, f, o);
	if (s.added || s.removed) {
		fputs("<h2>Exports added and removed</h2>\n", out);
		html_names(out, f, false);
		html_names(out, f, true);
	}
	html_export_changes(out, f);
	for (sec = report_sections; *sec; sec++)
		html_section(out, f, *sec);
	if (o->modules)
		html_modules(out, f, o);
	html_export_index(out, f);
	fprintf(out, "<script>%s</script>\n</body>\n</html>\n", script);
}
