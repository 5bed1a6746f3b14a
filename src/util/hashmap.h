/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A small open-addressing hash multimap from a caller-computed 64-bit hash
 * to (key, value) pairs of 64 bits each. The map never looks inside a key:
 * the caller walks the entries that share a hash and compares keys itself,
 * so the same map serves interned strings (key = string offset), symbol
 * names (key = symbol index) and type deduplication (key = type id)
 * without callbacks. Entries cannot be removed; nothing in kabi needs it.
 */
#ifndef KABI_HASHMAP_H
#define KABI_HASHMAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct hashmap_entry {
	uint64_t hash; /* stored with the top bit set; 0 marks a free slot */
	uint64_t key;
	uint64_t value;
};

struct hashmap {
	struct hashmap_entry *slots;
	size_t capacity; /* a power of two, or 0 */
	size_t count;
};

/* A position in the walk over the entries with one hash. */
struct hashmap_iter {
	uint64_t hash;
	size_t slot;
};

#define HASHMAP_INIT                                                           \
	{                                                                      \
		0                                                              \
	}

void hashmap_init(struct hashmap *map);
void hashmap_free(struct hashmap *map);
/*
 * Room for count entries in all, allocated at once: for a caller that
 * knows about how many it will add, rather than grow the table a dozen
 * times, each a fresh table written and every entry placed again.
 */
void hashmap_reserve(struct hashmap *map, size_t count);
/* Add an entry; an existing entry with the same hash and key stays too. */
void hashmap_add(struct hashmap *map, uint64_t hash, uint64_t key,
		 uint64_t value);
/* First and next entry whose hash equals hash, or NULL. */
struct hashmap_entry *hashmap_first(const struct hashmap *map, uint64_t hash,
				    struct hashmap_iter *iter);
struct hashmap_entry *hashmap_next(const struct hashmap *map,
				   struct hashmap_iter *iter);

/* Hashes: strings and byte runs (FNV-1a), integers (a 64-bit mixer). */
uint64_t hash_bytes(const void *data, size_t len);
/*
 * Eight bytes at a time, several times faster on long runs, for hashes
 * that stay in memory (table lookups): hash_bytes is the one whose values
 * are written out, in the ids of anonymous types, and must not change.
 */
uint64_t hash_run(const void *data, size_t len);
uint64_t hash_string(const char *s);
uint64_t hash_u64(uint64_t x);
uint64_t hash_combine(uint64_t seed, uint64_t value);

#endif
