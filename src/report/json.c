// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The report for tools: the same content as the text report, as one JSON
 * object (schema in docs/changes.md). Written by hand: it is small, and
 * kabi has no other use for a JSON library.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "section.h"
#include "../util/utf8.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

/*
 * A JSON string: valid UTF-8 as it is, control characters escaped, and
 * each byte that is not part of valid UTF-8 (a file name can hold any)
 * as U+FFFD, the replacement character.
 */
static void json_str(FILE *out, const char *str)
{
	const unsigned char *s = (const unsigned char *)str;

	fputc('"', out);
	while (*s) {
		uint32_t cp;
		size_t len = utf8_sequence(s, &cp);

		if (*s == '"' || *s == '\\')
			fprintf(out, "\\%c", *s);
		else if (*s < 0x20 || *s == 0x7f)
			fprintf(out, "\\u%04x", *s);
		else if (len)
			fwrite(s, 1, len, out);
		else
			fputs("\\ufffd", out);
		s += len ? len : 1;
	}
	fputc('"', out);
}

static void json_key(FILE *out, const char *key)
{
	json_str(out, key);
	fputs(": ", out);
}

static const char *severity_name(enum severity s)
{
	return s == BREAKING ? "breaking" : "compatible";
}

static const char *place_name(enum change_place place)
{
	static const char *const names[] = {
	    [PLACE_SELF] = "self",
	    [PLACE_MEMBER] = "member",
	    [PLACE_ENUMERATOR] = "enumerator",
	    [PLACE_PARAM] = "parameter",
	    [PLACE_RETURN] = "return",
	    [PLACE_TARGET] = "target",
	};

	return names[place];
}

static void json_item(FILE *out, const struct kabi_diff *d, uint32_t pair,
		      const struct change_item *it)
{
	struct strbuf sb = STRBUF_INIT;

	report_describe_item(&sb, d, pair, it);
	fputs("{", out);
	json_key(out, "rule");
	json_str(out, change_rule(it->kind));
	fputs(", ", out);
	json_key(out, "severity");
	json_str(out, severity_name(change_severity(it->kind)));
	fputs(", ", out);
	json_key(out, "place");
	json_str(out, place_name(it->place));
	if (it->name) {
		fputs(", ", out);
		json_key(out, "name");
		json_str(out, it->name);
	}
	if (it->place == PLACE_PARAM)
		fprintf(out, ", \"parameter\": %" PRIu32, it->index + 1);
	/* CRCs as Module.symvers writes them */
	if (it->has_values && it->kind == CHANGE_CRC_CHANGED)
		fprintf(out,
			", \"old\": \"0x%08" PRIx64
			"\", \"new\": \"0x%08" PRIx64 "\"",
			it->old_value, it->new_value);
	else if (it->has_values)
		fprintf(out, ", \"old\": %" PRIu64 ", \"new\": %" PRIu64,
			it->old_value, it->new_value);
	fputs(", ", out);
	json_key(out, "text");
	json_str(out, sb.buf);
	fputs("}", out);
	strbuf_release(&sb);
}

static void json_items(FILE *out, const struct kabi_diff *d, uint32_t pair,
		       uint32_t first, uint32_t n)
{
	uint32_t i;

	fputs("[", out);
	for (i = 0; i < n; i++) {
		if (i)
			fputs(", ", out);
		json_item(out, d, pair, &d->items[first + i]);
	}
	fputs("]", out);
}

static void json_side(FILE *out, const struct kabi_model *m)
{
	fputs("{", out);
	json_key(out, "release");
	json_str(out, model_str(m, m->release));
	fputs(", ", out);
	json_key(out, "arch");
	json_str(out, model_str(m, m->arch));
	fprintf(out, ", \"symbols\": %zu}", m->nsymbols);
}

/* Exports whose units no side knows, and how their reach was judged. */
static void json_units(FILE *out, const struct diff_filter *f,
		       const struct report_summary *s)
{
	struct strbuf sb = STRBUF_INIT;

	if (report_describe_units(&sb, f, s)) {
		fprintf(out, ",\n   \"units\": {\"unknown\": %zu, \"note\": ",
			f->d->units_unknown);
		json_str(out, sb.buf);
		fputc('}', out);
	}
	strbuf_release(&sb);
}

static void json_summary(FILE *out, const struct diff_filter *f,
			 const struct report_options *o)
{
	struct report_summary s;
	const char *sep = "";
	uint32_t k;

	report_summarize(f, &s);
	fprintf(
	    out,
	    "{\"added\": %zu, \"removed\": %zu, \"changed\": %zu, "
	    "\"changed_by_type\": %zu, \"changed_by_export\": %zu, "
	    "\"crc_only\": %zu, \"root_causes\": %zu, "
	    "\"breaking_root_causes\": %zu, \"reach\": \"%s\", "
	    "\"beyond_view\": {\"root_causes\": %zu, \"symbols\": %zu},\n   "
	    "\"breaking\": %s, "
	    "\"incomplete\": %s, \"types_compared\": %s, "
	    "\"exit_status\": %d,\n   \"suppressed\": "
	    "{\"root_causes\": %zu, "
	    "\"symbols\": %zu, \"rules\": [",
	    s.added, s.removed, s.changed, s.by_type, s.by_export, s.crc_only,
	    s.roots, s.breaking_roots,
	    f->d->transitive ? "transitive" : "visible", s.beyond_roots,
	    s.beyond_symbols,
	    s.breaking || report_failing_modules(o) ? "true" : "false",
	    o->incomplete ? "true" : "false",
	    s.types_compared ? "true" : "false", report_exit_status(f, o),
	    s.hidden_roots, s.hidden_symbols);
	for (k = 0; k < f->nrules; k++)
		if (f->hits[k]) {
			fprintf(out, "%s{\"rule\": ", sep);
			json_str(out, filter_rule_name(f, k));
			fprintf(out, ", \"count\": %zu}", f->hits[k]);
			sep = ", ";
		}
	fprintf(out, "], \"ignored_crcs\": %zu},\n   ", f->ignored_crcs);
	if (f->s->napprovals)
		fprintf(out,
			"\"approved\": {\"root_causes\": %zu, \"symbols\": "
			"%zu, \"stale\": %zu},\n   ",
			s.approved_roots, s.approved_symbols,
			approvals_stale(f));
	fputs("\"crcs\": ", out);
	if (s.crcs_compared) {
		fprintf(
		    out,
		    "{\"compared\": true, \"agree\": %zu, \"crc_only\": %zu, "
		    "\"hidden\": %zu, \"hidden_breaking\": %zu, ",
		    s.crc_agree, s.crc_unexplained, s.crc_hidden,
		    s.crc_hidden_breaking);
		/* those approvals made no longer breaking; with them only */
		if (f->s->napprovals)
			fprintf(out, "\"hidden_approved\": %zu, ",
				s.crc_hidden_approved);
		fprintf(out, "\"beyond_view\": %zu}", s.crc_beyond);
	} else
		fprintf(out, "{\"compared\": false, \"missing\": \"%s\"}",
			!s.types_compared ? "types" : f->d->crcs_missing);
	fputs(",\n   \"breaking_rules\": [", out);
	sep = "";
	for (k = 0; k < CHANGE_COUNT; k++)
		if (s.breaking_roots_by_rule[k] ||
		    s.breaking_exports_by_rule[k] ||
		    s.breaking_syscalls_by_rule[k] ||
		    s.breaking_uapi_by_rule[k]) {
			fprintf(out, "%s{\"rule\": ", sep);
			json_str(out, change_rule(k));
			fprintf(out, ", \"root_causes\": %zu, \"exports\": %zu",
				s.breaking_roots_by_rule[k],
				s.breaking_exports_by_rule[k]);
			if (s.breaking_syscalls_by_rule[k])
				fprintf(out, ", \"syscalls\": %zu",
					s.breaking_syscalls_by_rule[k]);
			if (s.breaking_uapi_by_rule[k])
				fprintf(out, ", \"uapi_types\": %zu",
					s.breaking_uapi_by_rule[k]);
			fputc('}', out);
			sep = ", ";
		}
	fputs("]", out);
	if (report_verdict_note(&s)) {
		fputs(",\n   \"note\": ", out);
		json_str(out, report_verdict_note(&s));
	}
	json_units(out, f, &s);
	fputs("}", out);
}

/* An approval that matched a change: where, why, whether all of it. */
static void json_approved(FILE *out, const struct diff_filter *f,
			  uint32_t approval, bool whole)
{
	const struct approval *a;

	if (approval == KABI_NONE)
		return;
	a = &f->s->approvals[approval];
	fputs(", \"approved\": {\"by\": ", out);
	json_str(out, a->where);
	fputs(", \"reason\": ", out);
	json_str(out, a->reason);
	if (a->until) {
		fputs(", \"until\": ", out);
		json_str(out, a->until);
	}
	fprintf(out, ", \"whole\": %s}", whole ? "true" : "false");
}

static const char *approval_status(const struct diff_filter *f, size_t k)
{
	if (f->s->approvals[k].expired)
		return "expired";
	if (f->approval_dup_of[k] != KABI_NONE)
		return "duplicate";
	return f->approval_hits[k] ? "used" : "stale";
}

/* Every approval read, and what became of it. */
static void json_approvals(FILE *out, const struct diff_filter *f)
{
	size_t k;
	unsigned r;

	fputs(",\n  \"approvals\": [", out);
	for (k = 0; k < f->s->napprovals; k++) {
		const struct approval *a = &f->s->approvals[k];
		const char *sep = "";

		fputs(k ? ",\n    {\"by\": " : "\n    {\"by\": ", out);
		json_str(out, a->where);
		fprintf(out, ", \"kind\": \"%s\", \"name\": ",
			a->kind == APPROVE_TYPE ? "type" : "export");
		json_str(out, a->name);
		fputs(", \"rules\": [", out);
		for (r = 0; r < CHANGE_COUNT; r++)
			if (a->rules >> r & 1) {
				fprintf(out, "%s\"%s\"", sep, change_rule(r));
				sep = ", ";
			}
		fputs("], \"reason\": ", out);
		json_str(out, a->reason);
		if (a->until) {
			fputs(", \"until\": ", out);
			json_str(out, a->until);
		}
		fprintf(out, ", \"matched\": %zu, \"status\": \"%s\"}",
			f->approval_hits[k], approval_status(f, k));
	}
	fputs(k ? "\n  ]" : "]", out);
}

static void json_root(FILE *out, const struct diff_filter *f,
		      struct diff_paths *paths, size_t index,
		      const struct report_options *o)
{
	const struct kabi_diff *d = f->d;
	const struct root_cause *r = &d->roots[index];
	const struct type_pair *p = &d->pairs[r->pair];
	const struct kabi_type *t = model_type(d->old, p->old_type);
	size_t n, i, visible, transitive;
	uint32_t *syms = report_root_symbols(f, index, &n);
	size_t shown = o->full ? n : (n < o->examples ? n : o->examples);
	size_t reach[REACH_KINDS];
	struct strbuf sb = STRBUF_INIT;

	report_root_title(&sb, d, r);
	fputs("    {", out);
	json_key(out, "title");
	json_str(out, sb.buf);
	fputs(", ", out);
	json_key(out, "old_type");
	json_str(out, type_baseline_id(&d->old_names, p->old_type));
	fputs(", ", out);
	json_key(out, "new_type");
	json_str(out, type_baseline_id(&d->new_names, p->new_type));
	fputs(", ", out);
	json_key(out, "kind");
	json_str(out, p->variable ? "variable" : kabi_kind_name(t->kind));
	fputs(", ", out);
	json_key(out, "file");
	json_str(out, p->variable ? "" : model_str(d->old, t->decl_file));
	fputs(", ", out);
	json_key(out, "severity");
	json_str(out, severity_name(r->severity));
	json_approved(out, f, f->root_approval[index],
		      f->root_approved[index] || r->severity != BREAKING);
	if (f->root_rule[index] != SHOWN) {
		fputs(", ", out);
		json_key(out, "suppressed_by");
		json_str(out, filter_rule_name(f, f->root_rule[index]));
	}
	report_root_reach(f, index, reach);
	/* the exports as their units see the types, and through every pointer
	 */
	visible = r->beyond	     ? 0
		  : f->d->transitive ? report_root_other(f, index)
				     : n;
	transitive =
	    r->beyond || f->d->transitive ? n : report_root_other(f, index);
	fprintf(out,
		", \"beyond_view\": %s,\n     \"reach\": {\"by_value\": %zu, "
		"\"within_one_pointer\": %zu, \"further\": %zu}, "
		"\"exports\": {\"visible\": %zu, \"transitive\": %zu}",
		r->beyond ? "true" : "false", reach[REACH_BY_VALUE],
		reach[REACH_ONE_POINTER], reach[REACH_FURTHER], visible,
		transitive);
	fputs(",\n     \"changes\": ", out);
	json_items(out, d, r->pair, p->first_item, p->nitems);
	fputs(",\n     \"symbols\": [", out);
	for (i = 0; i < n; i++) {
		if (i)
			fputs(", ", out);
		json_str(out, diff_symbol_name(d, &d->symbols[syms[i]]));
	}
	fputs("],\n     \"paths\": [", out);
	for (i = 0; i < shown; i++) {
		strbuf_reset(&sb);
		report_describe_path(&sb, paths, d, syms[i], r);
		if (i)
			fputs(", ", out);
		json_str(out, sb.buf);
	}
	fputs("]}", out);
	strbuf_release(&sb);
	free(syms);
}

static const char *status_of(const struct symbol_change *s)
{
	if (s->old_symbol == KABI_NONE)
		return "added";
	if (s->new_symbol == KABI_NONE)
		return "removed";
	return "changed";
}

static const char *const crc_class_names[] = {
    [CRC_NOT_COMPARED] = "not-compared",
    [CRC_SAME] = "same",
    [CRC_AGREE] = "agree",
    [CRC_ONLY] = "crc-only",
    [CRC_HIDDEN] = "hidden-from-modversions",
    [CRC_BEYOND] = "beyond-view",
};

static const char *const crc_reason_names[] = {
    [CRC_REASON_VIEW] = "view-changed",
    [CRC_REASON_NO_TYPE] = "no-debug-info",
    [CRC_REASON_SOURCE] = "not-in-binaries",
    [CRC_REASON_ARRAY_BOUND] = "array-bounds",
    [CRC_REASON_HIDDEN] = "kept-from-genksyms",
};

/* A paired export's type change against its CRC, with why where it has one. */
static void json_crc_class(FILE *out, const struct kabi_diff *d, size_t symbol)
{
	const struct symbol_change *s = &d->symbols[symbol];
	struct strbuf sb = STRBUF_INIT;

	if (s->old_symbol == KABI_NONE || s->new_symbol == KABI_NONE)
		return;
	fprintf(out, ", \"crc\": {\"class\": \"%s\"",
		crc_class_names[s->crc_class]);
	if (s->crc_class == CRC_ONLY)
		report_crc_reason(&sb, d, symbol);
	else if (s->crc_class == CRC_HIDDEN)
		report_hidden_reason(&sb, d, symbol);
	if (sb.len) {
		fprintf(out, ", \"reason\": \"%s\", \"text\": ",
			crc_reason_names[s->crc_reason]);
		json_str(out, sb.buf);
	}
	fputc('}', out);
	strbuf_release(&sb);
}

static void json_symbol(FILE *out, const struct diff_filter *f, size_t symbol)
{
	const struct kabi_diff *d = f->d;
	const struct symbol_change *s = &d->symbols[symbol];
	const struct kabi_model *m =
	    s->new_symbol != KABI_NONE ? d->new : d->old;
	uint32_t idx =
	    s->new_symbol != KABI_NONE ? s->new_symbol : s->old_symbol;
	const char *sep = "";
	uint32_t k;

	fputs("    {", out);
	json_key(out, "name");
	json_str(out, diff_symbol_name(d, s));
	fputs(", ", out);
	json_key(out, "module");
	json_str(out, model_str(m, m->symbols[idx].module));
	fputs(", ", out);
	json_key(out, "status");
	json_str(out, status_of(s));
	fputs(", ", out);
	json_key(out, "severity");
	json_str(out, severity_name(f->symbol_severity[symbol]));
	json_approved(out, f, f->symbol_approval[symbol],
		      f->symbol_severity[symbol] != BREAKING);
	if (f->symbol_rule[symbol] != SHOWN) {
		fputs(", ", out);
		json_key(out, "suppressed_by");
		json_str(out, filter_rule_name(f, f->symbol_rule[symbol]));
	}
	fprintf(out, ", \"type_changed\": %s",
		f->symbol_type[symbol] ? "true" : "false");
	json_crc_class(out, d, symbol);
	fputs(", \"changes\": [", out);
	for (k = 0; k < s->nitems; k++)
		if (filter_item_shown(f, symbol, k)) {
			fputs(sep, out);
			json_item(out, d, KABI_NONE,
				  &d->items[s->first_item + k]);
			sep = ", ";
		}
	fputs("]}", out);
}

static void json_roots(FILE *out, const struct diff_filter *f,
		       const struct report_options *o, bool shown)
{
	struct diff_paths *paths = diff_paths_new(f->d);
	const char *sep = "\n";
	size_t i;

	for (i = 0; i < f->d->nroots; i++) {
		if ((f->root_rule[i] == SHOWN) != shown)
			continue;
		fputs(sep, out);
		json_root(out, f, paths, i, o);
		sep = ",\n";
	}
	fputs(*sep == ',' ? "\n  ]" : "]", out);
	diff_paths_free(paths);
}

/* A section's list of changes as it is written. */
struct json_changes {
	FILE *out;
	const char *sep;      /* before the next change */
	const char *item_sep; /* before the next item; NULL: list closed */
};

/* The change's facts, its severity, then its items in "changes". */
static void json_change_head(void *ctx, const struct change_head *c)
{
	struct json_changes *j = ctx;
	const struct report_field *field = c->fields;
	size_t i;

	fputs(j->sep, j->out);
	j->sep = ",\n    ";
	j->item_sep = "";
	fputc('{', j->out);
	for (i = 0; i < c->nfields; i++) {
		fputs(i ? ", " : "", j->out);
		json_key(j->out, field[i].key);
		if (field[i].str)
			json_str(j->out, field[i].str);
		else
			fprintf(j->out, "%" PRIu32, field[i].number);
	}
	fprintf(j->out, ", \"severity\": \"%s\", \"changes\": [",
		severity_name(c->severity));
}

static void json_change_item(void *ctx, const struct change_item *it,
			     const char *text)
{
	struct json_changes *j = ctx;

	fprintf(j->out, "%s{\"rule\": \"%s\", \"severity\": \"%s\", \"text\": ",
		j->item_sep, change_rule(it->kind),
		severity_name(change_severity(it->kind)));
	json_str(j->out, text);
	fputc('}', j->out);
	j->item_sep = ", ";
}

/* A type changed only through one it holds: that one, after its items. */
static void json_change_through(void *ctx, const char *label)
{
	struct json_changes *j = ctx;

	fputs("], \"through\": ", j->out);
	json_str(j->out, label);
	j->item_sep = NULL;
}

static void json_change_end(void *ctx)
{
	struct json_changes *j = ctx;

	fputs(j->item_sep ? "]}" : "}", j->out);
}

/* A section the diff compared, as a list of changes, empty or not. */
static void json_section(FILE *out, const struct diff_filter *f,
			 const struct report_section *sec)
{
	const struct change_writer w = {json_change_head, json_change_item,
					json_change_through, json_change_end};
	struct json_changes j = {out, "\n    ", ""};

	if (!sec->compared(f->d))
		return;
	fprintf(out, ",\n  \"%s\": [", sec->key);
	sec->each(f, WHICH_ALL, &w, &j);
	fputs(*j.sep == ',' ? "\n  ]" : "]", out);
}

/* A list's members as they are written. */
struct json_list {
	FILE *out;
	const char *sep; /* before the next member */
};

static void json_module_problems(FILE *out, const struct module_facts *m)
{
	size_t i;

	for (i = 0; i < m->nproblems; i++) {
		fputs(i ? ", {\"symbol\": " : "{\"symbol\": ", out);
		json_str(out, m->problems[i].symbol);
		fprintf(out, ", \"problem\": \"%s\", \"text\": ",
			m->problems[i].problem);
		json_str(out, m->problems[i].text);
		fputc('}', out);
	}
}

static void json_module(void *ctx, const struct module_facts *m)
{
	struct json_list *l = ctx;
	size_t i;

	fputs(l->sep, l->out);
	l->sep = ",\n    ";
	fputs("{\"module\": ", l->out);
	json_str(l->out, m->name);
	fprintf(l->out,
		", \"loads\": %s, \"imports\": %" PRIu32 ", \"problems\": [",
		m->nproblems ? "false" : "true", m->imports);
	json_module_problems(l->out, m);
	fputs("], \"root_causes\": [", l->out);
	for (i = 0; i < m->nroots; i++) {
		fprintf(l->out,
			"%s{\"number\": %zu, \"title\": ", i ? ", " : "",
			m->roots[i].number);
		json_str(l->out, m->roots[i].title);
		fprintf(l->out, ", \"severity\": \"%s\", \"reach\": \"%s\"}",
			severity_name(m->roots[i].severity), m->roots[i].how);
	}
	fputs("], \"advice\": ", l->out);
	json_str(l->out, m->advice);
	fputs("}", l->out);
}

static void json_modules(FILE *out, const struct diff_filter *f,
			 const struct module_impact *mi)
{
	struct json_list l = {out, "\n    "};

	fputs(",\n  \"modules\": [", out);
	report_each_module(f, mi, json_module, &l);
	fputs(*l.sep == ',' ? "\n  ]" : "]", out);
}

void report_json(FILE *out, const struct diff_filter *f,
		 const struct report_options *o)
{
	const struct kabi_diff *d = f->d;
	const struct report_section *const *sec;
	const char *sep = "\n";
	size_t i;

	fputs("{\n  \"kabi_diff_format\": 2,\n  \"old\": ", out);
	json_side(out, d->old);
	fputs(",\n  \"new\": ", out);
	json_side(out, d->new);
	fputs(",\n  \"summary\": ", out);
	json_summary(out, f, o);
	fputs(",\n  \"root_causes\": [", out);
	json_roots(out, f, o, true);
	if (o->show_suppressed) {
		fputs(",\n  \"suppressed_root_causes\": [", out);
		json_roots(out, f, o, false);
	}
	for (sec = report_sections; *sec; sec++)
		json_section(out, f, *sec);
	if (o->modules)
		json_modules(out, f, o->modules);
	if (f->s->napprovals)
		json_approvals(out, f);
	fputs(",\n  \"symbols\": [", out);
	for (i = 0; i < d->nsymbols; i++) {
		if (!filter_symbol_shown(f, i) &&
		    !(o->show_suppressed && f->symbol_rule[i] != SHOWN))
			continue;
		fputs(sep, out);
		json_symbol(out, f, i);
		sep = ",\n";
	}
	fputs(*sep == ',' ? "\n  ]\n}\n" : "]\n}\n", out);
}
