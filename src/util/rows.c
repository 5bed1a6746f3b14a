// SPDX-License-Identifier: GPL-2.0-or-later
/* Rows by key, counted then filled; see rows.h. */
#include "rows.h"

#include <stdlib.h>
#include <string.h>

#include "xalloc.h"
#include "banned.h"

void rows_build(struct rows *r, size_t nkeys,
		void (*walk)(struct rows_builder *b, void *ctx), void *ctx)
{
	struct rows_builder b = {r, NULL};
	size_t k;

	r->nkeys = nkeys;
	r->start = xcalloc(nkeys + 2, sizeof(uint32_t));
	walk(&b, ctx); /* counts, in start[key + 1] */
	for (k = 0; k < nkeys; k++)
		r->start[k + 1] += r->start[k];
	r->items = xmalloc(xmul((size_t)r->start[nkeys] + 1, sizeof(uint32_t)));
	b.fill = xmalloc(xmul(nkeys + 1, sizeof(uint32_t)));
	memcpy(b.fill, r->start, nkeys * sizeof(uint32_t));
	walk(&b, ctx);
	free(b.fill);
}

void rows_free(struct rows *r)
{
	free(r->start);
	free(r->items);
	memset(r, 0, sizeof(*r));
}
