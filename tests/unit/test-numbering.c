// SPDX-License-Identifier: GPL-2.0-or-later
/* Dense numbers for pairs: first seen first, found again, order matters. */
#include "tap.h"
#include "util/numbering.h"

int main(void)
{
	struct numbering nb = NUMBERING_INIT;
	bool added, all = true;
	uint32_t i;

	is_int(numbering_add(&nb, 7, 9, &added), 0, "the first pair is 0");
	ok(added, "and is new");
	is_int(numbering_add(&nb, 9, 7, &added), 1,
	       "the pair swapped is another");
	is_int(numbering_add(&nb, 7, 9, &added), 0, "the first found again");
	ok(!added, "and not new");
	is_int(numbering_find(&nb, 1, 1), NUMBERING_NONE,
	       "an unseen pair: none");
	is_int(numbering_find(&nb, 9, 7), 1, "find without adding");
	is_int(numbering_add(&nb, UINT32_MAX - 1, 0, &added), 2,
	       "values near the top of the range");
	/* values from 100 up: none of the pairs above */
	for (i = 0; i < 100000; i++)
		numbering_add(&nb, 100 + i % 1000, 100 + i / 1000, &added);
	for (i = 0; i < 100000 && all; i++)
		all = numbering_find(&nb, 100 + i % 1000, 100 + i / 1000) ==
		      i + 3;
	ok(all, "100,000 pairs numbered in the order first seen");
	is_int(nb.n, 100003, "each pair once");
	numbering_free(&nb);
	return tap_done();
}
