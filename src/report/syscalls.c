// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The system calls of kabi diff --syscalls, for people and tools: those
 * removed, those added, then each changed one with what changed.
 */
#include <inttypes.h>
#include <string.h>

#include "section.h"
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

static size_t count_syscalls(const struct diff_view *v, enum change_which which)
{
	size_t i, n = 0;

	for (i = 0; i < v->d->nsyscalls; i++)
		n += v->syscall_shown[i] && is_which(&v->d->syscalls[i], which);
	return n;
}

static void each_syscall(const struct diff_view *v, enum change_which which,
			 const struct change_writer *w, void *ctx)
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
		if (w->head)
			w->head(ctx, i, c->severity, sb.buf);
		for (k = 0; w->item && k < c->nitems; k++) {
			const struct change_item *it =
			    &d->items[c->first_item + k];

			if (!view_change_item_shown(v, it))
				continue;
			strbuf_reset(&sb);
			describe_item(&sb, it);
			w->item(ctx, it, sb.buf);
		}
		if (w->end)
			w->end(ctx);
	}
	strbuf_release(&sb);
}

const struct report_section report_syscall_section = {
    .title = "System calls",
    .anchor = "syscalls",
    .removed = CHANGE_SYSCALL_REMOVED,
    .added = CHANGE_SYSCALL_ADDED,
    .count = count_syscalls,
    .each = each_syscall,
};

/* The call's table, name and numbers, then its changes. */
static void json_head(void *ctx, size_t index, enum severity severity,
		      const char *label)
{
	struct json_changes *j = ctx;
	const struct kabi_diff *d = j->d;
	const struct syscall_change *c = &d->syscalls[index];
	const struct kabi_model *m = c->new_call != KABI_NONE ? d->new : d->old;
	const struct kabi_syscall *s =
	    &m->syscalls[c->new_call != KABI_NONE ? c->new_call : c->old_call];

	(void)label;
	report_json_change_open(j);
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
		severity == BREAKING ? "breaking" : "compatible");
}

void report_syscalls_json(FILE *out, const struct diff_view *v)
{
	const struct change_writer w = {.head = json_head,
					.item = report_json_change_item,
					.end = report_json_change_end};
	struct json_changes j;

	report_json_changes_init(&j, out, v->d);
	each_syscall(v, WHICH_ALL, &w, &j);
	report_json_changes_close(&j);
}
