/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * qsort and qsort_r for arrays that may be empty: passing qsort a NULL
 * base is undefined behaviour even for zero elements, and an empty
 * vector here has a NULL base.
 */
#ifndef KABI_SORT_H
#define KABI_SORT_H

#include <stdint.h>
#include <stdlib.h>

static inline void array_sort(void *base, size_t n, size_t size,
			      int (*cmp)(const void *, const void *))
{
	if (n > 1)
		qsort(base, n, size, cmp);
}

static inline void array_sort_r(void *base, size_t n, size_t size,
				int (*cmp)(const void *, const void *, void *),
				void *ctx)
{
	if (n > 1)
		qsort_r(base, n, size, cmp, ctx);
}

/*
 * Sort 32-bit numbers ascending, by radix (passes of 11 bits, each
 * skipped where all numbers agree), a few by insertion: lists of pairs
 * and exports, thousands long and sorted hundreds of times, where
 * qsort's call through a comparison for each step was most of the cost.
 */
void sort_u32(uint32_t *v, size_t n);

#endif
