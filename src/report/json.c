// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The report for tools: the same content as the text report, as one JSON
 * object (schema in docs/changes.md). Written by hand: it is small, and
 * kabi has no other use for a JSON library.
 */
#include <inttypes.h>
#include <string.h>

#include "report.h"
#include "../util/banned.h"

#define NONE UINT32_MAX

/* A JSON string; bytes that are not printable ASCII become \u00XX. */
static void json_str(FILE *out, const char *s)
{
	fputc('"', out);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(out, "\\%c", c);
		else if (c < 0x20 || c >= 0x7f)
			fprintf(out, "\\u%04x", c);
		else
			fputc(c, out);
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
		[PLACE_SELF] = "self", [PLACE_MEMBER] = "member",
		[PLACE_ENUMERATOR] = "enumerator", [PLACE_PARAM] = "parameter",
		[PLACE_RETURN] = "return", [PLACE_TARGET] = "target",
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
	if (it->has_values)
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

static void json_summary(FILE *out, const struct kabi_diff *d)
{
	struct report_summary s;

	report_summarize(d, &s);
	fprintf(out,
		"{\"added\": %zu, \"removed\": %zu, \"changed\": %zu, "
		"\"changed_by_type\": %zu, \"changed_by_export\": %zu, "
		"\"crc_only\": %zu, \"root_causes\": %zu, "
		"\"breaking_root_causes\": %zu, \"breaking\": %s, "
		"\"exit_status\": %d}",
		s.added, s.removed, s.changed, s.by_type, s.by_export,
		s.crc_only, s.roots, s.breaking_roots,
		s.breaking ? "true" : "false", report_exit_status(d));
}

static void json_root(FILE *out, const struct kabi_diff *d, size_t index,
		      const struct report_options *o)
{
	const struct root_cause *r = &d->roots[index];
	const struct type_pair *p = &d->pairs[r->pair];
	const struct kabi_type *t = model_type(d->old, p->old_type);
	struct strbuf sb = STRBUF_INIT;
	size_t i, paths = o->full ? r->nsymbols
				  : (r->nsymbols < o->examples ? r->nsymbols
							       : o->examples);

	fputs("    {", out);
	json_key(out, "old_type");
	json_str(out, type_id(&d->old_names, p->old_type));
	fputs(", ", out);
	json_key(out, "new_type");
	json_str(out, type_id(&d->new_names, p->new_type));
	fputs(", ", out);
	json_key(out, "kind");
	json_str(out, kabi_kind_name(t->kind));
	fputs(", ", out);
	json_key(out, "file");
	json_str(out, model_str(d->old, t->decl_file));
	fputs(", ", out);
	json_key(out, "severity");
	json_str(out, severity_name(r->severity));
	fputs(",\n     \"changes\": ", out);
	json_items(out, d, r->pair, p->first_item, p->nitems);
	fputs(",\n     \"symbols\": [", out);
	for (i = 0; i < r->nsymbols; i++) {
		if (i)
			fputs(", ", out);
		json_str(out, diff_symbol_name(d, &d->symbols[r->symbols[i]]));
	}
	fputs("],\n     \"paths\": [", out);
	for (i = 0; i < paths; i++) {
		strbuf_reset(&sb);
		report_describe_path(&sb, d, r->symbols[i], r->pair);
		if (i)
			fputs(", ", out);
		json_str(out, sb.buf);
	}
	fputs("]}", out);
	strbuf_release(&sb);
}

static const char *status_of(const struct symbol_change *s)
{
	if (s->old_symbol == NONE)
		return "added";
	if (s->new_symbol == NONE)
		return "removed";
	return "changed";
}

static void json_symbol(FILE *out, const struct kabi_diff *d,
			const struct symbol_change *s)
{
	const struct kabi_model *m = s->new_symbol != NONE ? d->new : d->old;
	uint32_t idx = s->new_symbol != NONE ? s->new_symbol : s->old_symbol;

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
	json_str(out, severity_name(s->severity));
	fprintf(out, ", \"type_changed\": %s, \"changes\": ",
		s->flags & SYMCHANGE_TYPE ? "true" : "false");
	json_items(out, d, NONE, s->first_item, s->nitems);
	fputs("}", out);
}

void report_json(FILE *out, const struct kabi_diff *d,
		 const struct report_options *o)
{
	const char *sep = "\n";
	size_t i;

	fputs("{\n  \"kabi_diff_format\": 1,\n  \"old\": ", out);
	json_side(out, d->old);
	fputs(",\n  \"new\": ", out);
	json_side(out, d->new);
	fputs(",\n  \"summary\": ", out);
	json_summary(out, d);
	fputs(",\n  \"root_causes\": [", out);
	for (i = 0; i < d->nroots; i++) {
		fputs(sep, out);
		json_root(out, d, i, o);
		sep = ",\n";
	}
	fputs(d->nroots ? "\n  ],\n  \"symbols\": [" : "],\n  \"symbols\": [", out);
	sep = "\n";
	for (i = 0; i < d->nsymbols; i++) {
		const struct symbol_change *s = &d->symbols[i];

		if (!s->nitems && !(s->flags & SYMCHANGE_TYPE))
			continue;
		fputs(sep, out);
		json_symbol(out, d, s);
		sep = ",\n";
	}
	fputs(*sep == ',' ? "\n  ]\n}\n" : "]\n}\n", out);
}
