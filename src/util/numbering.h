/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Dense numbers for pairs of 32-bit values, 0, 1, 2, ... in the order
 * the pairs are first seen: "look up, or append". A caller keeps its own
 * per-number arrays and fills a slot when numbering_add says the pair is
 * new. A pair of one value and 0 numbers single values, such as strings
 * interned in a strset (their offsets).
 */
#ifndef KABI_UTIL_NUMBERING_H
#define KABI_UTIL_NUMBERING_H

#include <stdbool.h>
#include <stdint.h>

#include "hashmap.h"

#define NUMBERING_NONE UINT32_MAX

struct numbering {
	struct hashmap map; /* (a << 32 | b) -> number */
	uint32_t n;	    /* numbers given */
};

#define NUMBERING_INIT                                                         \
	{                                                                      \
		HASHMAP_INIT, 0                                                \
	}

/* The pair's number, or NUMBERING_NONE. */
uint32_t numbering_find(const struct numbering *nb, uint32_t a, uint32_t b);
/* The pair's number, the next one if it is new (*added says, if given). */
uint32_t numbering_add(struct numbering *nb, uint32_t a, uint32_t b,
		       bool *added);
void numbering_free(struct numbering *nb);

#endif
