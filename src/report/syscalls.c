// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The system calls of kabi diff --syscalls, for people and tools: those
 * removed, those added, then each changed one with what changed.
 */
#include <inttypes.h>
#include <string.h>

#include "report.h"
#include "../util/banned.h"

void report_syscall_label(struct strbuf *sb, const struct kabi_diff *d,
			  const struct syscall_change *c)
{
	const struct kabi_model *m = c->new_call != KABI_NONE ? d->new : d->old;
	const struct kabi_syscall *s =
	    &m->syscalls[c->new_call != KABI_NONE ? c->new_call : c->old_call];

	strbuf_addf(sb, "%s %u %s", model_str(m, s->abi), s->number,
		    model_str(m, s->name));
}

void report_describe_syscall_item(struct strbuf *sb,
				  const struct change_item *it)
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

static const char *breaking_mark(enum change_kind kind)
{
	return change_severity(kind) == BREAKING ? ", breaking" : "";
}

/* The calls added (added) or removed, on lines of their own. */
static void text_list(FILE *out, const struct diff_view *v, bool added)
{
	const struct kabi_diff *d = v->d;
	enum change_kind kind =
	    added ? CHANGE_SYSCALL_ADDED : CHANGE_SYSCALL_REMOVED;
	struct strbuf sb = STRBUF_INIT;
	size_t i, n = 0;

	for (i = 0; i < d->nsyscalls; i++)
		n += v->syscall_shown[i] &&
		     (added ? d->syscalls[i].old_call
			    : d->syscalls[i].new_call) == KABI_NONE;
	if (!n)
		return;
	fprintf(out, "  %s [%s%s]: %zu\n", added ? "added" : "removed",
		change_rule(kind), breaking_mark(kind), n);
	for (i = 0; i < d->nsyscalls; i++) {
		const struct syscall_change *c = &d->syscalls[i];

		if (!v->syscall_shown[i] ||
		    (added ? c->old_call : c->new_call) != KABI_NONE)
			continue;
		strbuf_reset(&sb);
		report_syscall_label(&sb, d, c);
		fprintf(out, "       %s\n", sb.buf);
	}
	strbuf_release(&sb);
}

void report_syscalls_text(FILE *out, const struct diff_view *v)
{
	const struct kabi_diff *d = v->d;
	struct strbuf sb = STRBUF_INIT;
	size_t i, shown = 0;
	uint32_t k;

	for (i = 0; i < d->nsyscalls; i++)
		shown += v->syscall_shown[i];
	if (!shown)
		return;
	fprintf(out, "\nSystem calls\n");
	text_list(out, v, false);
	text_list(out, v, true);
	for (i = 0; i < d->nsyscalls; i++) {
		const struct syscall_change *c = &d->syscalls[i];

		if (!v->syscall_shown[i] || c->old_call == KABI_NONE ||
		    c->new_call == KABI_NONE)
			continue;
		strbuf_reset(&sb);
		report_syscall_label(&sb, d, c);
		fprintf(out, "  %s:\n", sb.buf);
		for (k = 0; k < c->nitems; k++) {
			const struct change_item *it =
			    &d->items[c->first_item + k];

			if (!view_syscall_item_shown(v, it))
				continue;
			strbuf_reset(&sb);
			report_describe_syscall_item(&sb, it);
			fprintf(out, "       %s [%s%s]\n", sb.buf,
				change_rule(it->kind), breaking_mark(it->kind));
		}
	}
	strbuf_release(&sb);
}

void report_syscalls_json(FILE *out, const struct diff_view *v)
{
	const struct kabi_diff *d = v->d;
	struct strbuf sb = STRBUF_INIT;
	const char *sep = "\n    ", *item_sep;
	size_t i;
	uint32_t k;

	for (i = 0; i < d->nsyscalls; i++) {
		const struct syscall_change *c = &d->syscalls[i];
		const struct kabi_model *m =
		    c->new_call != KABI_NONE ? d->new : d->old;
		const struct kabi_syscall *s =
		    &m->syscalls[c->new_call != KABI_NONE ? c->new_call
							  : c->old_call];

		if (!v->syscall_shown[i])
			continue;
		fputs(sep, out);
		sep = ",\n    ";
		fputs("{\"abi\": ", out);
		report_json_string(out, model_str(m, s->abi));
		fputs(", \"name\": ", out);
		report_json_string(out, model_str(m, s->name));
		if (c->old_call != KABI_NONE)
			fprintf(out, ", \"old_number\": %u",
				d->old->syscalls[c->old_call].number);
		if (c->new_call != KABI_NONE)
			fprintf(out, ", \"new_number\": %u",
				d->new->syscalls[c->new_call].number);
		fprintf(out, ", \"severity\": \"%s\", \"changes\": [",
			c->severity == BREAKING ? "breaking" : "compatible");
		for (k = 0, item_sep = ""; k < c->nitems; k++) {
			const struct change_item *it =
			    &d->items[c->first_item + k];

			if (!view_syscall_item_shown(v, it))
				continue;
			strbuf_reset(&sb);
			report_describe_syscall_item(&sb, it);
			fprintf(out,
				"%s{\"rule\": \"%s\", \"severity\": \"%s\", "
				"\"text\": ",
				item_sep, change_rule(it->kind),
				change_severity(it->kind) == BREAKING
				    ? "breaking"
				    : "compatible");
			report_json_string(out, sb.buf);
			fputc('}', out);
			item_sep = ", ";
		}
		fputs("]}", out);
	}
	fputs(*sep == ',' ? "\n  ]" : "]", out);
	strbuf_release(&sb);
}
