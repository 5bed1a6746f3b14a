// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The reach the slow, obvious way, as the test oracle of the fast one
 * (reach.h; on when a test asks, DIFF_TEST_BATCH): from each group of
 * exports, one walk through every pointer as its view passes the pairs,
 * noting the nearest variant of each root; a group reaches the root it
 * finds, by value, within one pointer or further as the walk's distance
 * says. The root lists the batches and the near walks made must hold
 * exactly those exports, nearest first, then by index. Memory grows as
 * groups times roots: for fixtures, not kernels.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reach.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

void reach_check_failed(const char *fmt, ...)
{
	va_list ap;

	fputs("kabi: internal error: the reach of root causes differs from "
	      "its check: ",
	      stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}

struct oracle {
	const struct diff_reach *x;
	uint64_t *dist; /* per group and root: nearest, or UINT64_MAX */
	uint32_t group;
};

static uint64_t *dist_at(const struct oracle *o, uint32_t group, uint32_t root)
{
	return &o->dist[(size_t)group * o->x->d->nroots + root];
}

/* The first variant of a root the walk finds is its nearest. */
static bool note_root(uint32_t pair, uint64_t dist, void *ctx)
{
	struct oracle *o = ctx;
	uint32_t root = o->x->cause_of[pair];

	if (root != KABI_NONE && *dist_at(o, o->group, root) == UINT64_MAX)
		*dist_at(o, o->group, root) =
		    dist_pointers(dist) < 2 ? dist : DIST_FURTHER;
	return false;
}

/* Root r's visible list against the walks: each export, its reach, order. */
static void check_root(const struct oracle *o, uint32_t r,
		       const size_t *group_size, uint32_t *stamp)
{
	const struct diff_reach *x = o->x;
	const struct root_exports *list = &x->d->roots[r].visible;
	uint64_t last = 0;
	size_t want = 0, i;
	uint32_t g;

	for (g = 0; g < x->ngroups; g++)
		if (*dist_at(o, g, r) != UINT64_MAX)
			want += group_size[g];
	if (list->n != want)
		reach_check_failed("root %" PRIu32 " lists %zu exports, "
				   "the walks find %zu",
				   r, list->n, want);
	for (i = 0; i < list->n; i++) {
		uint32_t s = list->symbols[i];
		uint64_t dist;

		g = x->group_of[s];
		if (g == KABI_NONE || stamp[s] == r + 1)
			reach_check_failed("root %" PRIu32
					   " lists export %" PRIu32
					   " of no group, or twice",
					   r, s);
		stamp[s] = r + 1;
		dist = *dist_at(o, g, r);
		if (dist == UINT64_MAX || list->reach[i] != diff_reach_of(dist))
			reach_check_failed("root %" PRIu32 ", export %" PRIu32
					   ": reach %u, the walk's %s",
					   r, s, list->reach[i],
					   dist == UINT64_MAX ? "none"
							      : "another");
		if (i &&
		    (dist < last || (dist == last && s < list->symbols[i - 1])))
			reach_check_failed("root %" PRIu32 ": export %" PRIu32
					   " out of order",
					   r, s);
		last = dist;
	}
}

void reach_check(const struct diff_reach *x)
{
	const struct kabi_diff *d = x->d;
	struct oracle o = {x, NULL, 0};
	struct forward f;
	size_t *group_size = xcalloc(x->ngroups + 1, sizeof(size_t));
	uint32_t *stamp = xcalloc(d->nsymbols + 1, sizeof(uint32_t));
	size_t cells = xmul(x->ngroups, d->nroots), i;
	uint32_t r;

	o.dist = xmalloc(xmul(cells + 1, sizeof(uint64_t)));
	memset(o.dist, 0xff, (cells + 1) * sizeof(uint64_t));
	forward_init(&f, d->npairs);
	for (o.group = 0; o.group < x->ngroups; o.group++)
		forward_walk(x, &f, x->group_view[o.group],
			     x->group_pair[o.group], UINT64_MAX, note_root, &o);
	for (i = 0; i < d->nsymbols; i++)
		if (x->group_of[i] != KABI_NONE)
			group_size[x->group_of[i]]++;
	for (r = 0; r < d->nroots; r++)
		check_root(&o, r, group_size, stamp);
	forward_free(&f);
	free(o.dist);
	free(group_size);
	free(stamp);
}
