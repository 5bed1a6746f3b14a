// SPDX-License-Identifier: GPL-2.0-or-later
/* Rows by key: counted then filled, stable within a row, empty rows too. */
#include <stdlib.h>

#include "tap.h"
#include "util/rows.h"

struct pairs {
	const uint32_t *keys, *items;
	size_t n;
};

static void walk(struct rows_builder *b, void *ctx)
{
	const struct pairs *p = ctx;
	size_t i;

	for (i = 0; i < p->n; i++)
		rows_put(b, p->keys[i], p->items[i]);
}

int main(void)
{
	static const uint32_t keys[] = {2, 0, 2, 3, 0, 2};
	static const uint32_t items[] = {10, 11, 12, 13, 14, 15};
	struct pairs p = {keys, items, 6};
	struct rows r;
	uint32_t big_keys[1000], big_items[1000];
	size_t i, k;
	int stable = 1, complete = 1;

	rows_build(&r, 5, walk, &p);
	is_int(rows_count(&r, 0), 2, "key 0 holds two");
	is_int(rows_count(&r, 1), 0, "key 1 none");
	is_int(rows_count(&r, 2), 3, "key 2 three");
	is_int(rows_count(&r, 4), 0, "the last key none");
	ok(rows_row(&r, 2)[0] == 10 && rows_row(&r, 2)[1] == 12 &&
	       rows_row(&r, 2)[2] == 15,
	   "a row keeps the order its items came in");
	ok(rows_row(&r, 0)[0] == 11 && rows_row(&r, 0)[1] == 14,
	   "so does another");
	rows_free(&r);

	/* against a slow, obviously right grouping */
	srand(7);
	for (i = 0; i < 1000; i++) {
		big_keys[i] = (uint32_t)(rand() % 37);
		big_items[i] = (uint32_t)i;
	}
	p = (struct pairs){big_keys, big_items, 1000};
	rows_build(&r, 37, walk, &p);
	for (k = 0; k < 37; k++) {
		size_t j = 0;

		for (i = 0; i < 1000; i++)
			if (big_keys[i] == k) {
				if (j >= rows_count(&r, k))
					complete = 0;
				else if (rows_row(&r, k)[j] != i)
					stable = 0;
				j++;
			}
		if (j != rows_count(&r, k))
			complete = 0;
	}
	ok(complete, "1,000 random pairs: each row holds its key's items");
	ok(stable, "in the order given");
	rows_free(&r);

	rows_build(&r, 0, walk, &(struct pairs){NULL, NULL, 0});
	is_int(r.start[0], 0, "no keys: no rows");
	rows_free(&r);
	return tap_done();
}
