// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The uapi types of kabi diff --uapi, for people and tools: those
 * removed, those added, then each changed one with what changed in it,
 * or the nearest change it holds.
 */
#include <inttypes.h>
#include <string.h>

#include "report.h"
#include "../util/banned.h"

static const char *spelling(const struct kabi_diff *d,
			    const struct uapi_change *c)
{
	return c->new_type != KABI_NONE
		   ? type_spelling(&d->new_names, c->new_type)
		   : type_spelling(&d->old_names, c->old_type);
}

static void describe_own(struct strbuf *sb, const struct change_item *it)
{
	if (it->kind == CHANGE_UAPI_TYPE_GREW)
		strbuf_addf(sb,
			    "grew from %" PRIu64 " to %" PRIu64
			    " bytes: programs built with the old size pass "
			    "less than the kernel now reads, unless it takes "
			    "the size from them",
			    it->old_value, it->new_value);
	else
		strbuf_adds(sb, change_text(it->kind));
}

static bool is_which(const struct uapi_change *c, enum change_which which)
{
	return report_which_holds(which, c->old_type != KABI_NONE,
				  c->new_type != KABI_NONE);
}

size_t report_count_uapi(const struct diff_view *v, enum change_which which)
{
	size_t i, n = 0;

	for (i = 0; i < v->d->nuapi; i++)
		n += v->uapi_shown[i] && is_which(&v->d->uapi[i], which);
	return n;
}

/* The items of one change: its pair's, then its own. */
static void each_item(const struct diff_view *v, const struct uapi_change *c,
		      const struct uapi_writer *w, void *ctx, struct strbuf *sb)
{
	const struct kabi_diff *d = v->d;
	const struct type_pair *p =
	    c->pair != KABI_NONE ? &d->pairs[c->pair] : NULL;
	uint32_t k;

	for (k = 0; p && k < p->nitems; k++) {
		const struct change_item *it = &d->items[p->first_item + k];

		if (!view_syscall_item_shown(v, it))
			continue;
		strbuf_reset(sb);
		report_describe_item(sb, d, c->pair, it);
		w->item(ctx, it, sb->buf);
	}
	for (k = 0; k < c->nitems; k++) {
		const struct change_item *it = &d->items[c->first_item + k];

		if (!view_syscall_item_shown(v, it))
			continue;
		strbuf_reset(sb);
		describe_own(sb, it);
		w->item(ctx, it, sb->buf);
	}
}

void report_each_uapi(const struct diff_view *v, enum change_which which,
		      const struct uapi_writer *w, void *ctx)
{
	const struct kabi_diff *d = v->d;
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	for (i = 0; i < d->nuapi; i++) {
		const struct uapi_change *c = &d->uapi[i];

		if (!v->uapi_shown[i] || !is_which(c, which))
			continue;
		if (w->type)
			w->type(ctx, c, spelling(d, c));
		if (w->item)
			each_item(v, c, w, ctx, &sb);
		if (w->through && c->through != KABI_NONE &&
		    !d->pairs[c->pair].nitems)
			w->through(
			    ctx, type_spelling(&d->new_names,
					       d->pairs[c->through].new_type));
		if (w->end)
			w->end(ctx, c);
	}
	strbuf_release(&sb);
}

/* --- text ---------------------------------------------------------------- */

static void text_listed(void *ctx, const struct uapi_change *c,
			const char *label)
{
	(void)c;
	fprintf(ctx, "       %s\n", label);
}

static void text_type(void *ctx, const struct uapi_change *c, const char *label)
{
	fprintf(ctx, "  %s%s:\n", label,
		c->severity == BREAKING ? " [breaking]" : "");
}

static void text_item(void *ctx, const struct change_item *it, const char *text)
{
	report_text_item(ctx, it, text);
}

static void text_through(void *ctx, const char *label)
{
	fprintf(ctx, "       changed through %s\n", label);
}

static void text_list(FILE *out, const struct diff_view *v,
		      enum change_which which)
{
	const struct uapi_writer w = {.type = text_listed};
	enum change_kind kind = which == WHICH_ADDED ? CHANGE_UAPI_TYPE_ADDED
						     : CHANGE_UAPI_TYPE_REMOVED;
	size_t n = report_count_uapi(v, which);

	if (!n)
		return;
	report_text_list_heading(out, which, kind, n);
	report_each_uapi(v, which, &w, out);
}

void report_uapi_text(FILE *out, const struct diff_view *v)
{
	const struct uapi_writer changed = {
	    .type = text_type, .item = text_item, .through = text_through};

	if (!report_count_uapi(v, WHICH_ALL))
		return;
	fprintf(out, "\nUser-space types\n");
	text_list(out, v, WHICH_REMOVED);
	text_list(out, v, WHICH_ADDED);
	report_each_uapi(v, WHICH_CHANGED, &changed, out);
}

/* --- JSON ---------------------------------------------------------------- */

struct json_state {
	FILE *out;
	const struct kabi_diff *d;
	const char *sep, *item_sep;
};

static void json_type(void *ctx, const struct uapi_change *c, const char *label)
{
	struct json_state *j = ctx;
	const struct kabi_model *m =
	    c->new_type != KABI_NONE ? j->d->new : j->d->old;
	const struct kabi_type *t =
	    model_type(m, c->new_type != KABI_NONE ? c->new_type : c->old_type);

	fputs(j->sep, j->out);
	j->sep = ",\n    ";
	j->item_sep = "";
	fputs("{\"type\": ", j->out);
	report_json_string(j->out, label);
	fputs(", \"file\": ", j->out);
	report_json_string(j->out, model_str(m, t->decl_file));
	fprintf(j->out,
		", \"status\": \"%s\", \"severity\": \"%s\", \"changes\": [",
		c->old_type == KABI_NONE   ? "added"
		: c->new_type == KABI_NONE ? "removed"
					   : "changed",
		c->severity == BREAKING ? "breaking" : "compatible");
}

static void json_item(void *ctx, const struct change_item *it, const char *text)
{
	struct json_state *j = ctx;

	fprintf(j->out, "%s{\"rule\": \"%s\", \"severity\": \"%s\", \"text\": ",
		j->item_sep, change_rule(it->kind),
		change_severity(it->kind) == BREAKING ? "breaking"
						      : "compatible");
	report_json_string(j->out, text);
	fputc('}', j->out);
	j->item_sep = ", ";
}

static void json_through(void *ctx, const char *label)
{
	struct json_state *j = ctx;

	fputs("], \"through\": ", j->out);
	report_json_string(j->out, label);
	j->item_sep = NULL; /* the changes list is closed */
}

static void json_end(void *ctx, const struct uapi_change *c)
{
	struct json_state *j = ctx;

	(void)c;
	fputs(j->item_sep ? "]}" : "}", j->out);
}

void report_uapi_json(FILE *out, const struct diff_view *v)
{
	const struct uapi_writer w = {json_type, json_item, json_through,
				      json_end};
	struct json_state j = {out, v->d, "\n    ", ""};

	report_each_uapi(v, WHICH_ALL, &w, &j);
	fputs(*j.sep == ',' ? "\n  ]" : "]", out);
}
