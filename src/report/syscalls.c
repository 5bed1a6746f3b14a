// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The system calls of kabi diff --syscalls, for people and tools: those
 * removed, those added, then each changed one with what changed.
 */
#include <inttypes.h>
#include <string.h>

#include "report.h"
#include "../util/banned.h"

static void syscall_label(struct strbuf *sb, const struct kabi_diff *d,
			  const struct syscall_change *c)
{
	const struct kabi_model *m = c->new_call != KABI_NONE ? d->new : d->old;
	const struct kabi_syscall *s =
	    &m->syscalls[c->new_call != KABI_NONE ? c->new_call : c->old_call];

	strbuf_addf(sb, "%s %u %s", model_str(m, s->abi), s->number,
		    model_str(m, s->name));
}

static void describe_item(struct strbuf *sb, const struct change_item *it)
{
	switch (it->kind) {
	case CHANGE_SYSCALL_RENUMBERED:
		strbuf_addf(sb, "renumbered from %" PRIu64 " to %" PRIu64,
			    it->old_value, it->new_value);
		break;
	case CHANGE_SYSCALL_PARAMETERS:
		strbuf_addf(sb, "%" PRIu64 " parameters -> %" PRIu64,
			    it->old_value, it->new_value);
		break;
	case CHANGE_SYSCALL_PARAM_TYPE:
		strbuf_addf(sb,
			    "parameter %" PRIu32 " type changed from %s to %s",
			    it->index + 1, it->name, it->new_name);
		break;
	case CHANGE_SYSCALL_PARAM_RENAMED:
		strbuf_addf(sb,
			    "parameter %" PRIu32 " renamed from '%s' to '%s'",
			    it->index + 1, it->name, it->new_name);
		break;
	default:
		strbuf_adds(sb, change_text(it->kind));
	}
}

static bool is_which(const struct syscall_change *c, enum change_which which)
{
	return report_which_holds(which, c->old_call != KABI_NONE,
				  c->new_call != KABI_NONE);
}

size_t report_count_syscalls(const struct diff_view *v, enum change_which which)
{
	size_t i, n = 0;

	for (i = 0; i < v->d->nsyscalls; i++)
		n += v->syscall_shown[i] && is_which(&v->d->syscalls[i], which);
	return n;
}

void report_each_syscall(const struct diff_view *v, enum change_which which,
			 const struct syscall_writer *w, void *ctx)
{
	const struct kabi_diff *d = v->d;
	struct strbuf sb = STRBUF_INIT;
	size_t i;
	uint32_t k;

	for (i = 0; i < d->nsyscalls; i++) {
		const struct syscall_change *c = &d->syscalls[i];

		if (!v->syscall_shown[i] || !is_which(c, which))
			continue;
		strbuf_reset(&sb);
		syscall_label(&sb, d, c);
		if (w->call)
			w->call(ctx, c, sb.buf);
		for (k = 0; w->item && k < c->nitems; k++) {
			const struct change_item *it =
			    &d->items[c->first_item + k];

			if (!view_syscall_item_shown(v, it))
				continue;
			strbuf_reset(&sb);
			describe_item(&sb, it);
			w->item(ctx, it, sb.buf);
		}
		if (w->end)
			w->end(ctx, c);
	}
	strbuf_release(&sb);
}

/* --- text ---------------------------------------------------------------- */

static void text_listed(void *ctx, const struct syscall_change *c,
			const char *label)
{
	(void)c;
	fprintf(ctx, "       %s\n", label);
}

static void text_call(void *ctx, const struct syscall_change *c,
		      const char *label)
{
	(void)c;
	fprintf(ctx, "  %s:\n", label);
}

static void text_item(void *ctx, const struct change_item *it, const char *text)
{
	report_text_item(ctx, it, text);
}

/* The calls added or removed, on lines of their own under one heading. */
static void text_list(FILE *out, const struct diff_view *v,
		      enum change_which which)
{
	const struct syscall_writer w = {.call = text_listed};
	enum change_kind kind = which == WHICH_ADDED ? CHANGE_SYSCALL_ADDED
						     : CHANGE_SYSCALL_REMOVED;
	size_t n = report_count_syscalls(v, which);

	if (!n)
		return;
	report_text_list_heading(out, which, kind, n);
	report_each_syscall(v, which, &w, out);
}

void report_syscalls_text(FILE *out, const struct diff_view *v)
{
	const struct syscall_writer changed = {.call = text_call,
					       .item = text_item};

	if (!report_count_syscalls(v, WHICH_ALL))
		return;
	fprintf(out, "\nSystem calls\n");
	text_list(out, v, WHICH_REMOVED);
	text_list(out, v, WHICH_ADDED);
	report_each_syscall(v, WHICH_CHANGED, &changed, out);
}

/* --- JSON ---------------------------------------------------------------- */

struct json_state {
	FILE *out;
	const struct kabi_diff *d;
	const char *sep, *item_sep;
};

static void json_call(void *ctx, const struct syscall_change *c,
		      const char *label)
{
	struct json_state *j = ctx;
	const struct kabi_diff *d = j->d;
	const struct kabi_model *m = c->new_call != KABI_NONE ? d->new : d->old;
	const struct kabi_syscall *s =
	    &m->syscalls[c->new_call != KABI_NONE ? c->new_call : c->old_call];

	(void)label;
	fputs(j->sep, j->out);
	j->sep = ",\n    ";
	j->item_sep = "";
	fputs("{\"abi\": ", j->out);
	report_json_string(j->out, model_str(m, s->abi));
	fputs(", \"name\": ", j->out);
	report_json_string(j->out, model_str(m, s->name));
	if (c->old_call != KABI_NONE)
		fprintf(j->out, ", \"old_number\": %u",
			d->old->syscalls[c->old_call].number);
	if (c->new_call != KABI_NONE)
		fprintf(j->out, ", \"new_number\": %u",
			d->new->syscalls[c->new_call].number);
	fprintf(j->out, ", \"severity\": \"%s\", \"changes\": [",
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

static void json_end(void *ctx, const struct syscall_change *c)
{
	struct json_state *j = ctx;

	(void)c;
	fputs("]}", j->out);
}

void report_syscalls_json(FILE *out, const struct diff_view *v)
{
	const struct syscall_writer w = {json_call, json_item, json_end};
	struct json_state j = {out, v->d, "\n    ", ""};

	report_each_syscall(v, WHICH_ALL, &w, &j);
	fputs(*j.sep == ',' ? "\n  ]" : "]", out);
}
