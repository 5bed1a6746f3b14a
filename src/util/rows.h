/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Rows by key: items grouped by a key in [0, nkeys), each row in the
 * order its items were given (a counting sort, stable). Row k is
 * items[start[k]] .. items[start[k + 1] - 1]. Built by one helper in two
 * passes over the same (key, item) pairs, which the caller's walk gives
 * twice: the first counts them per key, the second fills the rows.
 *
 *	static void walk(struct rows_builder *b, void *ctx)
 *	{
 *		for each pair: rows_put(b, key, item);
 *	}
 *	rows_build(&rows, nkeys, walk, ctx);
 */
#ifndef KABI_UTIL_ROWS_H
#define KABI_UTIL_ROWS_H

#include <stddef.h>
#include <stdint.h>

struct rows {
	uint32_t *start; /* per key + 1: where its row starts */
	uint32_t *items;
	size_t nkeys;
};

struct rows_builder {
	struct rows *rows;
	uint32_t *fill; /* the filling pass: each row's next place; else NULL */
};

/* One pair of the walk: item in the row of key (< nkeys). */
static inline void rows_put(struct rows_builder *b, uint32_t key, uint32_t item)
{
	if (b->fill)
		b->rows->items[b->fill[key]++] = item;
	else
		b->rows->start[key + 1]++;
}

/* The rows of what walk puts, walked twice; rows_free frees them. */
void rows_build(struct rows *r, size_t nkeys,
		void (*walk)(struct rows_builder *b, void *ctx), void *ctx);
void rows_free(struct rows *r);

/* How many items row k holds, and where they are. */
static inline size_t rows_count(const struct rows *r, size_t k)
{
	return r->start[k + 1] - r->start[k];
}

static inline const uint32_t *rows_row(const struct rows *r, size_t k)
{
	return r->items + r->start[k];
}

#endif
