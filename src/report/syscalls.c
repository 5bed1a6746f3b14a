// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The system calls of kabi diff --syscalls as a section of the report
 * (section.h): each shown change's label, its items in words, and the
 * facts a tool reads of it. How they look is each format's to say.
 */
#include <inttypes.h>
#include <string.h>

#include "section.h"
#include "../util/banned.h"

/* The call as NEW has it, or OLD if it was removed, and that kernel. */
static const struct kabi_syscall *syscall_of(const struct kabi_diff *d,
					     const struct syscall_change *c,
					     const struct kabi_model **m)
{
	*m = c->new_call != KABI_NONE ? d->new : d->old;
	return &(*m)->syscalls[c->new_call != KABI_NONE ? c->new_call
							: c->old_call];
}

/*
 * "x86-64 4 stat" (in sb), and for tools the call's table and name and
 * its number in each kernel that has it.
 */
static void describe_call(struct change_head *h, struct strbuf *sb,
			  const struct kabi_diff *d,
			  const struct syscall_change *c)
{
	const struct kabi_model *m;
	const struct kabi_syscall *s = syscall_of(d, c, &m);
	struct report_field *field = h->fields;

	strbuf_addf(sb, "%s %u %s", model_str(m, s->abi), s->number,
		    model_str(m, s->name));
	h->severity = c->severity;
	h->label = sb->buf;
	*field++ = (struct report_field){"abi", model_str(m, s->abi), 0};
	*field++ = (struct report_field){"name", model_str(m, s->name), 0};
	if (c->old_call != KABI_NONE)
		*field++ = (struct report_field){
		    "old_number", NULL, d->old->syscalls[c->old_call].number};
	if (c->new_call != KABI_NONE)
		*field++ = (struct report_field){
		    "new_number", NULL, d->new->syscalls[c->new_call].number};
	h->nfields = (size_t)(field - h->fields);
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

static bool syscalls_compared(const struct kabi_diff *d)
{
	return d->syscalls_compared;
}

static void each_syscall(const struct diff_filter *f, enum change_which which,
			 const struct change_writer *w, void *ctx)
{
	const struct kabi_diff *d = f->d;
	struct strbuf sb = STRBUF_INIT;
	struct change_head head;
	size_t i;
	uint32_t k;

	for (i = 0; i < d->nsyscalls; i++) {
		const struct syscall_change *c = &d->syscalls[i];

		if (!f->syscall_shown[i] || !is_which(c, which))
			continue;
		if (w->head) {
			strbuf_reset(&sb);
			describe_call(&head, &sb, d, c);
			w->head(ctx, &head);
		}
		for (k = 0; w->item && k < c->nitems; k++) {
			const struct change_item *it =
			    &d->items[c->first_item + k];

			if (!filter_change_item_shown(f, it))
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
    .key = "syscalls",
    .removed = CHANGE_SYSCALL_REMOVED,
    .added = CHANGE_SYSCALL_ADDED,
    .each = each_syscall,
    .compared = syscalls_compared,
};
