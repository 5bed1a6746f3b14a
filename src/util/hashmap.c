// SPDX-License-Identifier: GPL-2.0-or-later
/* Open-addressing hash multimap with linear probing; see hashmap.h. */
#include "hashmap.h"

#include <stdlib.h>
#include <string.h>

#include "xalloc.h"
#include "banned.h"

#define HASH_USED (UINT64_C(1) << 63)

void hashmap_init(struct hashmap *map)
{
	memset(map, 0, sizeof(*map));
}

void hashmap_free(struct hashmap *map)
{
	free(map->slots);
	hashmap_init(map);
}

static void insert_slot(struct hashmap_entry *slots, size_t capacity,
			const struct hashmap_entry *entry)
{
	size_t mask = capacity - 1;
	size_t i = entry->hash & mask;

	while (slots[i].hash)
		i = (i + 1) & mask;
	slots[i] = *entry;
}

static void resize(struct hashmap *map, size_t capacity)
{
	struct hashmap_entry *slots =
	    xmalloc(xmul(capacity, sizeof(struct hashmap_entry)));
	size_t i;

	/*
	 * Not calloc: a large calloc is fresh zero pages that the probes
	 * below would map read-only first, so that each first write
	 * copies a page and, with other threads running, interrupts them
	 * all to flush their TLBs. Writing every slot first maps each
	 * page writable at once.
	 */
	memset(slots, 0, capacity * sizeof(*slots));

	for (i = 0; i < map->capacity; i++)
		if (map->slots[i].hash)
			insert_slot(slots, capacity, &map->slots[i]);
	free(map->slots);
	map->slots = slots;
	map->capacity = capacity;
}

static void grow(struct hashmap *map)
{
	resize(map, map->capacity ? map->capacity * 2 : 64);
}

void hashmap_reserve(struct hashmap *map, size_t count)
{
	size_t capacity = map->capacity ? map->capacity : 64;

	/* the load factor hashmap_add keeps */
	while (count * 4 > capacity * 3)
		capacity *= 2;
	if (capacity > map->capacity)
		resize(map, capacity);
}

void hashmap_add(struct hashmap *map, uint64_t hash, uint64_t key,
		 uint64_t value)
{
	struct hashmap_entry entry = {
	    .hash = hash | HASH_USED, .key = key, .value = value};

	/* keep the load factor at or below 3/4 so probe runs stay short */
	if ((map->count + 1) * 4 > map->capacity * 3)
		grow(map);
	insert_slot(map->slots, map->capacity, &entry);
	map->count++;
}

static struct hashmap_entry *probe(const struct hashmap *map,
				   struct hashmap_iter *iter)
{
	size_t mask = map->capacity - 1;

	for (; map->slots[iter->slot].hash;
	     iter->slot = (iter->slot + 1) & mask)
		if (map->slots[iter->slot].hash == iter->hash)
			return &map->slots[iter->slot];
	return NULL;
}

struct hashmap_entry *hashmap_first(const struct hashmap *map, uint64_t hash,
				    struct hashmap_iter *iter)
{
	if (!map->capacity)
		return NULL;
	iter->hash = hash | HASH_USED;
	iter->slot = iter->hash & (map->capacity - 1);
	return probe(map, iter);
}

struct hashmap_entry *hashmap_next(const struct hashmap *map,
				   struct hashmap_iter *iter)
{
	iter->slot = (iter->slot + 1) & (map->capacity - 1);
	return probe(map, iter);
}

uint64_t hash_bytes(const void *data, size_t len)
{
	const unsigned char *p = data;
	uint64_t h = UINT64_C(0xcbf29ce484222325);

	while (len--) {
		h ^= *p++;
		h *= UINT64_C(0x100000001b3);
	}
	return hash_u64(h);
}

uint64_t hash_run(const void *data, size_t len)
{
	const unsigned char *p = data;
	uint64_t h = UINT64_C(0x9e3779b97f4a7c15) ^ len, word;

	for (; len >= 8; p += 8, len -= 8) {
		memcpy(&word, p, 8);
		h = (h ^ word) * UINT64_C(0xff51afd7ed558ccd);
		h = (h << 31) | (h >> 33);
	}
	word = 0;
	memcpy(&word, p, len);
	return hash_u64(h ^ word);
}

uint64_t hash_string(const char *s)
{
	return hash_bytes(s, strlen(s));
}

/* The splitmix64 finaliser: every input bit affects every output bit. */
uint64_t hash_u64(uint64_t x)
{
	x ^= x >> 30;
	x *= UINT64_C(0xbf58476d1ce4e5b9);
	x ^= x >> 27;
	x *= UINT64_C(0x94d049bb133111eb);
	x ^= x >> 31;
	return x;
}

uint64_t hash_combine(uint64_t seed, uint64_t value)
{
	return hash_u64(seed ^ (value + UINT64_C(0x9e3779b97f4a7c15) +
				(seed << 6) + (seed >> 2)));
}
