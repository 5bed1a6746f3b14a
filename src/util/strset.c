// SPDX-License-Identifier: GPL-2.0-or-later
/* Interned string set; see strset.h. */
#include "strset.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hashmap.h"
#include "xalloc.h"
#include "banned.h"

void strset_init(struct strset *set)
{
	memset(set, 0, sizeof(*set));
	/* offset 0 is the empty string, so a zeroed name reads as "" */
	strset_add(set, "");
}

void strset_free(struct strset *set)
{
	free(set->data);
	free(set->slots);
	memset(set, 0, sizeof(*set));
}

static uint64_t slot_of(uint64_t hash, uint32_t off)
{
	return (hash >> 32) << 32 | ((uint64_t)off + 1);
}

static uint32_t slot_offset(uint64_t slot)
{
	return (uint32_t)(slot & UINT32_MAX) - 1;
}

static void put(uint64_t *slots, size_t capacity, uint64_t slot)
{
	size_t mask = capacity - 1, i = (size_t)(slot >> 32) & mask;

	while (slots[i])
		i = (i + 1) & mask;
	slots[i] = slot;
}

static void grow(struct strset *set)
{
	size_t capacity = set->capacity ? set->capacity * 2 : 256, i;
	uint64_t *slots = xmalloc(xmul(capacity, sizeof(*slots)));

	/* written, not calloc'd: a page mapped writable once (hashmap.c) */
	memset(slots, 0, capacity * sizeof(*slots));

	for (i = 0; i < set->capacity; i++)
		if (set->slots[i])
			put(slots, capacity, set->slots[i]);
	free(set->slots);
	set->slots = slots;
	set->capacity = capacity;
}

static uint32_t lookup(const struct strset *set, const char *s, size_t len,
		       uint64_t hash)
{
	size_t mask = set->capacity - 1, i = (size_t)(hash >> 32) & mask;
	uint64_t slot;

	if (!set->capacity)
		return UINT32_MAX;
	for (; (slot = set->slots[i]); i = (i + 1) & mask) {
		const char *cand;

		if (slot >> 32 != hash >> 32)
			continue;
		cand = set->data + slot_offset(slot);
		if (!memcmp(cand, s, len) && cand[len] == '\0')
			return slot_offset(slot);
	}
	return UINT32_MAX;
}

uint32_t strset_add_len(struct strset *set, const char *s, size_t len)
{
	uint64_t hash = hash_run(s, len);
	uint32_t off = lookup(set, s, len, hash);

	if (off != UINT32_MAX)
		return off;
	if (set->len + len + 1 >= UINT32_MAX)
		xmul(SIZE_MAX, 2); /* a model never needs 4 GiB of names */
	ALLOC_GROW(set->data, set->len + len + 1, set->alloc);
	off = (uint32_t)set->len;
	memcpy(set->data + off, s, len);
	set->data[off + len] = '\0';
	set->len += len + 1;
	/* at most half full: a miss ends at a free slot soon */
	if ((set->count + 1) * 2 > set->capacity)
		grow(set);
	put(set->slots, set->capacity, slot_of(hash, off));
	set->count++;
	return off;
}

uint32_t strset_add(struct strset *set, const char *s)
{
	return strset_add_len(set, s, strlen(s));
}

uint32_t strset_find(const struct strset *set, const char *s)
{
	size_t len = strlen(s);

	return lookup(set, s, len, hash_run(s, len));
}
