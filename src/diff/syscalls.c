// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * System calls compared: paired by table and name (a call that moved to
 * another number is the same call, renumbered), then their parameters
 * position by position, as the source spells their types. What user
 * space sees is the number and the registers: a renumbered or removed
 * call breaks programs; a parameter count or type that changes may.
 */
#include <stdlib.h>
#include <string.h>

#include "diff_impl.h"
#include "../util/sort.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

/* A model's system calls by table, then name. */
static int compare_calls(const void *a, const void *b, void *ctx)
{
	const struct kabi_model *m = ctx;
	const struct kabi_syscall *x = &m->syscalls[*(const uint32_t *)a];
	const struct kabi_syscall *y = &m->syscalls[*(const uint32_t *)b];
	int c = strcmp(model_str(m, x->abi), model_str(m, y->abi));

	if (!c)
		c = strcmp(model_str(m, x->name), model_str(m, y->name));
	if (!c)
		c = x->number < y->number ? -1 : x->number > y->number;
	return c;
}

static uint32_t *sorted_calls(const struct kabi_model *m)
{
	uint32_t *order = xmalloc(xmul(m->nsyscalls + 1, sizeof(uint32_t)));
	size_t i;

	for (i = 0; i < m->nsyscalls; i++)
		order[i] = (uint32_t)i;
	array_sort_r(order, m->nsyscalls, sizeof(*order), compare_calls,
		     (void *)m);
	return order;
}

static int compare_across(const struct kabi_diff *d, uint32_t o, uint32_t n)
{
	const struct kabi_syscall *x = &d->old->syscalls[o];
	const struct kabi_syscall *y = &d->new->syscalls[n];
	int c = strcmp(model_str(d->old, x->abi), model_str(d->new, y->abi));

	return c ? c
		 : strcmp(model_str(d->old, x->name),
			  model_str(d->new, y->name));
}

static void add_item(struct kabi_diff *d, struct syscall_change *c,
		     const struct change_item *it)
{
	diff_add_item(d, it, &c->nitems, &c->severity);
}

static void compare_params(struct kabi_diff *d, struct syscall_change *c,
			   const struct kabi_syscall *x,
			   const struct kabi_syscall *y)
{
	const uint32_t *op = d->old->syscall_params + x->first_param;
	const uint32_t *np = d->new->syscall_params + y->first_param;
	int32_t i;

	if (x->nparams < 0 || y->nparams < 0)
		return; /* a kernel without metadata says nothing of them */
	if (x->nparams != y->nparams) {
		struct change_item it = {.kind = CHANGE_SYSCALL_PARAMETERS,
					 .old_value = (uint64_t)x->nparams,
					 .new_value = (uint64_t)y->nparams,
					 .has_values = true,
					 .old_type = KABI_NONE,
					 .new_type = KABI_NONE};

		add_item(d, c, &it);
		return;
	}
	for (i = 0; i < x->nparams; i++) {
		const char *ot = model_str(d->old, op[2 * i]);
		const char *nt = model_str(d->new, np[2 * i]);
		const char *on = model_str(d->old, op[2 * i + 1]);
		const char *nn = model_str(d->new, np[2 * i + 1]);
		struct change_item it = {.place = PLACE_PARAM,
					 .index = (uint32_t)i,
					 .old_type = KABI_NONE,
					 .new_type = KABI_NONE};

		if (strcmp(ot, nt)) {
			it.kind = CHANGE_SYSCALL_PARAM_TYPE;
			it.name = ot;
			it.new_name = nt;
			add_item(d, c, &it);
		} else if (strcmp(on, nn)) {
			it.kind = CHANGE_SYSCALL_PARAM_RENAMED;
			it.name = on;
			it.new_name = nn;
			add_item(d, c, &it);
		}
	}
}

static void record(struct kabi_diff *d, uint32_t o, uint32_t n)
{
	struct syscall_change c = {o, n, (uint32_t)d->nitems, 0, COMPATIBLE};
	struct change_item it = {.old_type = KABI_NONE, .new_type = KABI_NONE};

	if (n == KABI_NONE) {
		it.kind = CHANGE_SYSCALL_REMOVED;
		add_item(d, &c, &it);
	} else if (o == KABI_NONE) {
		it.kind = CHANGE_SYSCALL_ADDED;
		add_item(d, &c, &it);
	} else {
		const struct kabi_syscall *x = &d->old->syscalls[o];
		const struct kabi_syscall *y = &d->new->syscalls[n];

		if (x->number != y->number) {
			it.kind = CHANGE_SYSCALL_RENUMBERED;
			it.old_value = x->number;
			it.new_value = y->number;
			it.has_values = true;
			add_item(d, &c, &it);
		}
		compare_params(d, &c, x, y);
	}
	if (!c.nitems)
		return;
	ALLOC_GROW(d->syscalls, d->nsyscalls + 1, d->syscalls_alloc);
	d->syscalls[d->nsyscalls++] = c;
}

void diff_syscalls(struct kabi_diff *d)
{
	uint32_t *old = sorted_calls(d->old), *new = sorted_calls(d->new);
	size_t i = 0, j = 0;

	d->syscalls_compared = true;
	while (i < d->old->nsyscalls || j < d->new->nsyscalls) {
		int c = i == d->old->nsyscalls ? 1
			: j == d->new->nsyscalls
			    ? -1
			    : compare_across(d, old[i], new[j]);

		if (c < 0)
			record(d, old[i++], KABI_NONE);
		else if (c > 0)
			record(d, KABI_NONE, new[j++]);
		else
			record(d, old[i++], new[j++]);
	}
	free(old);
	free(new);
}
