// SPDX-License-Identifier: GPL-2.0-or-later
/* Interned string set; see strset.h. */
#include "strset.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"
#include "banned.h"

void strset_init(struct strset *set)
{
	memset(set, 0, sizeof(*set));
	hashmap_init(&set->index);
	/* offset 0 is the empty string, so a zeroed name reads as "" */
	strset_add(set, "");
}

void strset_free(struct strset *set)
{
	free(set->data);
	hashmap_free(&set->index);
	memset(set, 0, sizeof(*set));
}

static uint32_t lookup(const struct strset *set, const char *s, size_t len,
		       uint64_t hash)
{
	struct hashmap_iter iter;
	struct hashmap_entry *e;

	for (e = hashmap_first(&set->index, hash, &iter); e;
	     e = hashmap_next(&set->index, &iter)) {
		const char *cand = set->data + e->key;

		if (!strncmp(cand, s, len) && cand[len] == '\0')
			return (uint32_t)e->key;
	}
	return UINT32_MAX;
}

uint32_t strset_add_len(struct strset *set, const char *s, size_t len)
{
	uint64_t hash = hash_run(s, len);
	uint32_t off = lookup(set, s, len, hash);

	if (off != UINT32_MAX)
		return off;
	if (set->len + len + 1 > UINT32_MAX)
		xmul(SIZE_MAX, 2); /* a model never needs 4 GiB of names */
	ALLOC_GROW(set->data, set->len + len + 1, set->alloc);
	off = (uint32_t)set->len;
	memcpy(set->data + off, s, len);
	set->data[off + len] = '\0';
	set->len += len + 1;
	hashmap_add(&set->index, hash, off, 0);
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
