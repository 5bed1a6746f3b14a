// SPDX-License-Identifier: GPL-2.0-or-later
/* sort_u32: the radix sort gives what a comparison sort gives. */
#include <stdint.h>
#include <stdlib.h>

#include "tap.h"
#include "util/sort.h"

static int compare(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

/* Sorted by both, for n numbers from a fixed sequence masked to mask. */
static int same_as_qsort(size_t n, uint32_t mask)
{
	uint32_t *a = malloc((n + 1) * sizeof(*a));
	uint32_t *b = malloc((n + 1) * sizeof(*b));
	uint32_t x = 12345;
	size_t i;
	int same = 1;

	for (i = 0; i < n; i++) {
		x = x * 1103515245u + 12345u;
		a[i] = b[i] = (x ^ (x >> 13)) & mask;
	}
	sort_u32(a, n);
	if (n > 1)
		qsort(b, n, sizeof(*b), compare);
	for (i = 0; i < n; i++)
		if (a[i] != b[i])
			same = 0;
	free(a);
	free(b);
	return same;
}

int main(void)
{
	uint32_t one[1] = {7}, edge[300];
	size_t i;

	sort_u32(NULL, 0);
	ok(1, "an empty list with no array");
	sort_u32(one, 1);
	is_int(one[0], 7, "one number stays");
	ok(same_as_qsort(100, UINT32_MAX), "short list, full range");
	ok(same_as_qsort(10000, UINT32_MAX), "long list, full range");
	ok(same_as_qsort(10000, 0xff), "long list, many equal numbers");
	ok(same_as_qsort(70000, 0xffff0000u), "only the high half differs");
	for (i = 0; i < 300; i++)
		edge[i] = i % 2 ? UINT32_MAX - (uint32_t)i : (uint32_t)i;
	sort_u32(edge, 300);
	ok(edge[0] == 0 && edge[299] == UINT32_MAX - 1 && edge[149] == 298,
	   "both ends of the range");
	return tap_done();
}
