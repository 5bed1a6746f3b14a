// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The uapi types of kabi diff --uapi as a section of the report
 * (section.h): each shown change's label, what changed in it or else
 * the nearest change it holds, and the facts a tool reads of it. How
 * they look is each format's to say.
 */
#include <inttypes.h>
#include <string.h>

#include "section.h"
#include "../util/banned.h"

static const char *spelling(const struct kabi_diff *d,
			    const struct uapi_change *c)
{
	return c->new_type != KABI_NONE
		   ? type_spelling(&d->new_names, c->new_type)
		   : type_spelling(&d->old_names, c->old_type);
}

static const char *status_of(const struct uapi_change *c)
{
	if (c->old_type == KABI_NONE)
		return "added";
	return c->new_type == KABI_NONE ? "removed" : "changed";
}

/*
 * "struct stat", and for tools the type, the header that declares it
 * and whether it came or went.
 */
static void describe_type(struct change_head *h, const struct kabi_diff *d,
			  const struct uapi_change *c)
{
	const struct kabi_model *m = c->new_type != KABI_NONE ? d->new : d->old;
	const struct kabi_type *t =
	    model_type(m, c->new_type != KABI_NONE ? c->new_type : c->old_type);

	h->severity = c->severity;
	h->label = spelling(d, c);
	h->fields[0] = (struct report_field){"type", h->label, 0};
	h->fields[1] =
	    (struct report_field){"file", model_str(m, t->decl_file), 0};
	h->fields[2] = (struct report_field){"status", status_of(c), 0};
	h->nfields = 3;
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

static bool uapi_compared(const struct kabi_diff *d)
{
	return d->uapi_compared;
}

/* The items of one change: its pair's, then its own. */
static void each_item(const struct diff_filter *f, const struct uapi_change *c,
		      const struct change_writer *w, void *ctx,
		      struct strbuf *sb)
{
	const struct kabi_diff *d = f->d;
	const struct type_pair *p =
	    c->pair != KABI_NONE ? &d->pairs[c->pair] : NULL;
	uint32_t k;

	for (k = 0; p && k < p->nitems; k++) {
		const struct change_item *it = &d->items[p->first_item + k];

		if (!filter_change_item_shown(f, it))
			continue;
		strbuf_reset(sb);
		report_describe_item(sb, d, c->pair, it);
		w->item(ctx, it, sb->buf);
	}
	for (k = 0; k < c->nitems; k++) {
		const struct change_item *it = &d->items[c->first_item + k];

		if (!filter_change_item_shown(f, it))
			continue;
		strbuf_reset(sb);
		describe_own(sb, it);
		w->item(ctx, it, sb->buf);
	}
}

static void each_uapi(const struct diff_filter *f, enum change_which which,
		      const struct change_writer *w, void *ctx)
{
	const struct kabi_diff *d = f->d;
	struct strbuf sb = STRBUF_INIT;
	struct change_head head;
	size_t i;

	for (i = 0; i < d->nuapi; i++) {
		const struct uapi_change *c = &d->uapi[i];

		if (!f->uapi_shown[i] || !is_which(c, which))
			continue;
		if (w->head) {
			describe_type(&head, d, c);
			w->head(ctx, &head);
		}
		if (w->item)
			each_item(f, c, w, ctx, &sb);
		if (w->through && c->through != KABI_NONE &&
		    !d->pairs[c->pair].nitems)
			w->through(
			    ctx, type_spelling(&d->new_names,
					       d->pairs[c->through].new_type));
		if (w->end)
			w->end(ctx);
	}
	strbuf_release(&sb);
}

const struct report_section report_uapi_section = {
    .title = "User-space types",
    .anchor = "uapi",
    .key = "uapi_types",
    .severity_on_label = true,
    .removed = CHANGE_UAPI_TYPE_REMOVED,
    .added = CHANGE_UAPI_TYPE_ADDED,
    .each = each_uapi,
    .compared = uapi_compared,
};
