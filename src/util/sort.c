// SPDX-License-Identifier: GPL-2.0-or-later
/* Sorting numbers; see sort.h. */
#include "sort.h"

#include <stdbool.h>
#include <string.h>

#include "xalloc.h"
#include "banned.h"

#define DIGIT_BITS 11
#define DIGITS	   (1u << DIGIT_BITS)

/*
 * One stable counting pass over a digit of each number, from into to;
 * false, and nothing moved, when every number has the same digit there
 * (the high digits of indices into a smaller table, often).
 */
static bool radix_pass(const uint32_t *from, uint32_t *to, size_t n,
		       unsigned shift, size_t *count)
{
	size_t i, sum = 0;

	memset(count, 0, DIGITS * sizeof(*count));
	for (i = 0; i < n; i++)
		count[(from[i] >> shift) & (DIGITS - 1)]++;
	if (count[(from[0] >> shift) & (DIGITS - 1)] == n)
		return false;
	for (i = 0; i < DIGITS; i++) {
		size_t c = count[i];

		count[i] = sum;
		sum += c;
	}
	for (i = 0; i < n; i++)
		to[count[(from[i] >> shift) & (DIGITS - 1)]++] = from[i];
	return true;
}

static void insertion_sort(uint32_t *v, size_t n)
{
	size_t i, j;

	for (i = 1; i < n; i++) {
		uint32_t x = v[i];

		for (j = i; j && v[j - 1] > x; j--)
			v[j] = v[j - 1];
		v[j] = x;
	}
}

void sort_u32(uint32_t *v, size_t n)
{
	size_t count[DIGITS];
	uint32_t *tmp, *from = v, *to;
	unsigned shift;

	if (n <= 64) { /* a few numbers: the counts would cost more */
		insertion_sort(v, n);
		return;
	}
	tmp = xmalloc(xmul(n, sizeof(*tmp)));
	to = tmp;
	for (shift = 0; shift < 32; shift += DIGIT_BITS)
		if (radix_pass(from, to, n, shift, count)) {
			uint32_t *t = from;

			from = to;
			to = t;
		}
	if (from != v)
		memcpy(v, from, n * sizeof(*v));
	free(tmp);
}
