// SPDX-License-Identifier: GPL-2.0-or-later
/* Dense numbers for pairs of values; see numbering.h. */
#include "numbering.h"

#include "banned.h"

static uint64_t pair_key(uint32_t a, uint32_t b)
{
	return (uint64_t)a << 32 | b;
}

uint32_t numbering_find(const struct numbering *nb, uint32_t a, uint32_t b)
{
	uint64_t key = pair_key(a, b);
	struct hashmap_iter it;
	struct hashmap_entry *e;

	for (e = hashmap_first(&nb->map, hash_u64(key), &it); e;
	     e = hashmap_next(&nb->map, &it))
		if (e->key == key)
			return (uint32_t)e->value;
	return NUMBERING_NONE;
}

uint32_t numbering_add(struct numbering *nb, uint32_t a, uint32_t b,
		       bool *added)
{
	uint32_t number = numbering_find(nb, a, b);
	bool is_new = number == NUMBERING_NONE;

	if (is_new) {
		number = nb->n++;
		hashmap_add(&nb->map, hash_u64(pair_key(a, b)), pair_key(a, b),
			    number);
	}
	if (added)
		*added = is_new;
	return number;
}

void numbering_free(struct numbering *nb)
{
	hashmap_free(&nb->map);
	nb->n = 0;
}
