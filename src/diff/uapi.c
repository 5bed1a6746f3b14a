// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The types of the uapi headers compared (kabi diff --uapi): each struct,
 * union and enum a baseline of kabi dump --uapi holds from a header below
 * include/uapi/, paired by its spelling ("struct stat"), compared as any
 * other pair of types, whether an export reaches it or not. What user
 * space sees is the layout: a type that grows, shrinks or moves a member
 * breaks programs built against the old one.
 */
#include <stdlib.h>
#include <string.h>

#include "diff_impl.h"
#include "../util/path.h"
#include "../util/sort.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

static bool is_uapi_type(const struct kabi_model *m, uint32_t id)
{
	const struct kabi_type *t = model_type(m, id);

	return (t->kind == KABI_STRUCT || t->kind == KABI_UNION ||
		t->kind == KABI_ENUM) &&
	       t->name && t->decl_file &&
	       path_is_uapi(model_str(m, t->decl_file));
}

static int compare_spellings(const void *a, const void *b, void *ctx)
{
	const struct type_names *names = ctx;
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	int c = strcmp(type_spelling(names, x), type_spelling(names, y));

	return c ? c : x < y ? -1 : x > y;
}

/* A model's uapi types, sorted by spelling; their count in *n. */
static uint32_t *uapi_types(const struct kabi_model *m,
			    const struct type_names *names, size_t *n)
{
	uint32_t *v = xmalloc(xmul(m->ntypes + 1, sizeof(uint32_t)));
	size_t i;

	*n = 0;
	for (i = 1; i < m->ntypes; i++)
		if (is_uapi_type(m, (uint32_t)i))
			v[(*n)++] = (uint32_t)i;
	array_sort_r(v, *n, sizeof(*v), compare_spellings, (void *)names);
	return v;
}

static void record(struct kabi_diff *d, uint32_t old_type, uint32_t new_type,
		   uint32_t pair)
{
	struct uapi_change *c;

	ALLOC_GROW(d->uapi, d->nuapi + 1, d->uapi_alloc);
	c = &d->uapi[d->nuapi++];
	memset(c, 0, sizeof(*c));
	c->old_type = old_type;
	c->new_type = new_type;
	c->pair = pair;
	c->through = KABI_NONE;
}

void diff_uapi_pair(struct differ *df)
{
	struct kabi_diff *d = df->d;
	size_t no, nn, i = 0, j = 0;
	uint32_t *old = uapi_types(d->old, &d->old_names, &no);
	uint32_t *new = uapi_types(d->new, &d->new_names, &nn);

	d->uapi_compared = true;
	d->old_nuapi = no;
	d->new_nuapi = nn;
	while (i < no || j < nn) {
		int c = i == no ? 1
			: j == nn
			    ? -1
			    : strcmp(type_spelling(&d->old_names, old[i]),
				     type_spelling(&d->new_names, new[j]));

		if (c < 0)
			record(d, old[i++], KABI_NONE, KABI_NONE);
		else if (c > 0)
			record(d, KABI_NONE, new[j++], KABI_NONE);
		else {
			record(d, old[i], new[j],
			       differ_pair(df, old[i], new[j]));
			i++;
			j++;
		}
	}
	free(old);
	free(new);
}

static void add_item(struct kabi_diff *d, struct uapi_change *c,
		     enum change_kind kind, uint64_t old_value,
		     uint64_t new_value)
{
	struct change_item it = {.kind = kind,
				 .place = PLACE_SELF,
				 .old_value = old_value,
				 .new_value = new_value,
				 .has_values = old_value || new_value,
				 .old_type = KABI_NONE,
				 .new_type = KABI_NONE};

	diff_add_item(d, &it, &c->nitems, &c->severity);
}

/*
 * What a changed pair holds by value that changed, breadth first: the
 * severity of every change reached, and the nearest pair with changes of
 * its own. Not through pointers: user space sees a pointer's 8 bytes,
 * not what the kernel finds behind it (a kernel pointer inside a uapi
 * struct, as xt_entry_match's, reaches half the kernel); a uapi type it
 * points to is compared on its own. false if nothing changed by value.
 */
static bool walk_reached(const struct kabi_diff *d, struct uapi_change *c,
			 uint32_t *queue, char *seen)
{
	size_t head = 0, tail = 0, k;
	bool changed = false;

	queue[tail++] = c->pair;
	seen[c->pair] = 1;
	while (head < tail) {
		const struct type_pair *p = &d->pairs[queue[head++]];

		changed |= p->nitems > 0;
		if (p->nitems && p->severity == BREAKING)
			c->severity = BREAKING;
		if (p->nitems && c->through == KABI_NONE &&
		    p != &d->pairs[c->pair])
			c->through = (uint32_t)(p - d->pairs);
		if (model_type(d->old, p->old_type)->kind == KABI_POINTER)
			continue;
		for (k = p->first_edge; k < p->first_edge + p->nedges; k++) {
			uint32_t to = d->edges[k].to;

			if (!seen[to] && d->pairs[to].differs) {
				seen[to] = 1;
				queue[tail++] = to;
			}
		}
	}
	for (k = 0; k < tail; k++)
		seen[queue[k]] = 0;
	return changed;
}

void diff_uapi_finish(struct kabi_diff *d)
{
	uint32_t *queue = xmalloc(xmul(d->npairs + 1, sizeof(uint32_t)));
	char *seen = xcalloc(d->npairs + 1, 1);
	size_t i, kept = 0;

	for (i = 0; i < d->nuapi; i++) {
		struct uapi_change c = d->uapi[i];

		c.first_item = (uint32_t)d->nitems;
		if (c.new_type == KABI_NONE) {
			add_item(d, &c, CHANGE_UAPI_TYPE_REMOVED, 0, 0);
		} else if (c.old_type == KABI_NONE) {
			add_item(d, &c, CHANGE_UAPI_TYPE_ADDED, 0, 0);
		} else {
			const struct kabi_type *o =
			    model_type(d->old, c.old_type);
			const struct kabi_type *n =
			    model_type(d->new, c.new_type);

			if (!d->pairs[c.pair].differs)
				continue;
			if (!walk_reached(d, &c, queue, seen))
				continue;
			if (o->kind != KABI_ENUM && n->size > o->size)
				add_item(d, &c, CHANGE_UAPI_TYPE_GREW, o->size,
					 n->size);
		}
		d->uapi[kept++] = c;
	}
	d->nuapi = kept;
	free(queue);
	free(seen);
}
