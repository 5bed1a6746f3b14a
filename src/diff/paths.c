// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Paths from exports to root causes, for reports (diff.h): the backward
 * walk from the root, kept for the next export that asks; where the
 * export's unit does not see that path, the forward walk in its view.
 */
#include <stdlib.h>

#include "diff_impl.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

struct diff_paths {
	const struct kabi_diff *d;
	const struct root_cause *root; /* whose walk is kept, or NULL */
	struct back_walk walk;
	struct forward *forward; /* walks as an export's unit sees (walk.c) */
};

struct diff_paths *diff_paths_new(const struct kabi_diff *d)
{
	struct diff_paths *p = xcalloc(1, sizeof(*p));

	p->d = d;
	back_walk_init(&p->walk, d->npairs);
	return p;
}

void diff_paths_free(struct diff_paths *p)
{
	if (!p)
		return;
	back_walk_free(&p->walk);
	diff_reach_walk_free(p->forward);
	free(p);
}

size_t diff_paths_find(struct diff_paths *paths, uint32_t symbol,
		       const struct root_cause *root, uint32_t *edges,
		       size_t max)
{
	const struct kabi_diff *d = paths->d;
	struct back_walk *w = &paths->walk;
	uint32_t from_pair = d->symbols[symbol].pair, p;
	size_t len = 0, seen;

	/*
	 * One walk backwards from the root serves every export reaching it:
	 * via[] leads each pair one step closer, by a path with the fewest
	 * pointers, then steps. Reports ask for the nearest exports first,
	 * so the walk goes only as far as the export asked for.
	 */
	if (paths->root != root) {
		back_walk_start(root, w);
		paths->root = root;
	}
	back_walk_until(d, w, from_pair);
	if (w->seen[from_pair] != 2)
		return 0;
	for (p = from_pair; w->via[p] != KABI_NONE && len < max;
	     p = d->edges[w->via[p]].to)
		edges[len++] = w->via[p];
	/*
	 * A root within the export's view wants a path its unit sees: the
	 * shortest of all, most often; else one walk forward in its view.
	 */
	if (root->beyond || d->transitive ||
	    (len < max && diff_reach_path_seen(d, symbol, edges, len)))
		return len;
	seen = diff_reach_path(d, &paths->forward, symbol, root, edges, max);
	return seen != SIZE_MAX ? seen : len;
}
