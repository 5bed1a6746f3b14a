// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * References that make a type its own: C types refer to themselves only
 * through a struct or union (a member), never through a typedef, a
 * pointer or a qualifier alone; a loop of those comes only from damaged
 * debug information or a damaged baseline, and would send later stages
 * round in circles. See model.h.
 */
#include <stdlib.h>

#include "model.h"
#include "../util/diag.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

/* The type referred to by reference k of t (0: its target, k: param k). */
static uint32_t referred(const struct kabi_model *m, const struct kabi_type *t,
			 size_t k)
{
	if (k == 0)
		return t->target;
	return t->kind == KABI_FUNCTION ? kabi_params(m, t)[k - 1] : 0;
}

/*
 * Depth-first over the references other than members, iteratively (no
 * input can exhaust the stack); each reference back to an open type
 * closes a loop.
 */
size_t model_find_loops(const struct kabi_model *m, struct model_loop **loops)
{
	uint8_t *state = xcalloc(m->ntypes + 1, 1); /* 1 open, 2 done */
	uint32_t *stack = xmalloc(xmul(m->ntypes + 1, sizeof(uint32_t)));
	size_t *next = xcalloc(m->ntypes + 1, sizeof(size_t));
	size_t start, n = 0, alloc = 0;

	*loops = NULL;
	for (start = 1; start < m->ntypes; start++) {
		size_t depth = 0;

		if (state[start])
			continue;
		stack[depth++] = (uint32_t)start;
		state[start] = 1;
		while (depth) {
			uint32_t id = stack[depth - 1], to;
			const struct kabi_type *t = &m->types[id];
			size_t k = next[id]++;

			if (!kabi_kind_has_target(t->kind) || k > t->count) {
				state[id] = 2;
				depth--;
				continue;
			}
			to = referred(m, t, k);
			if (to && state[to] == 1) {
				ALLOC_GROW(*loops, n + 1, alloc);
				(*loops)[n].type = id;
				(*loops)[n].reference = (uint32_t)k;
				n++;
			} else if (to && !state[to]) {
				state[to] = 1;
				stack[depth++] = to;
			}
		}
	}
	free(state);
	free(stack);
	free(next);
	return n;
}

size_t model_cut_loops(struct kabi_model *m, const char *path, const char *what,
		       struct diag *d)
{
	struct model_loop *loops;
	size_t n = model_find_loops(m, &loops), i;

	for (i = 0; i < n; i++) {
		struct kabi_type *t = &m->types[loops[i].type];

		if (loops[i].reference == 0)
			t->target = 0;
		else
			m->params[t->first + loops[i].reference - 1] = 0;
	}
	if (n) {
		const struct kabi_type *t = &m->types[loops[0].type];

		diag_error(d, KABI_E_BAD_DWARF, DIAG_AT_FILE(path),
			   "%zu type%s of its %s refer%s to %s other than "
			   "through a struct or union (the first: %s '%s'): "
			   "damaged %s, the loop%s cut",
			   n, n == 1 ? "" : "s", what, n == 1 ? "s" : "",
			   n == 1 ? "itself" : "themselves",
			   kabi_kind_name(t->kind),
			   t->name ? model_str(m, t->name) : "(anonymous)",
			   what, n == 1 ? "" : "s");
	}
	free(loops);
	return n;
}
