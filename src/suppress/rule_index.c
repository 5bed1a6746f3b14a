// SPDX-License-Identifier: GPL-2.0-or-later
/* The first rule to match, by literal names and the rest; see rule_index.h. */
#include "rule_index.h"

#include <stdlib.h>

#include "../util/xalloc.h"
#include "../util/banned.h"

static uint64_t key_hash(const struct rule_key *k)
{
	return hash_combine(hash_u64(k->tag), hash_string(k->name));
}

void rule_index_init(struct rule_index *x)
{
	hashmap_init(&x->literal);
	x->scan = NULL;
	x->nscan = x->scan_alloc = 0;
}

void rule_index_free(struct rule_index *x)
{
	hashmap_free(&x->literal);
	free(x->scan);
	rule_index_init(x);
}

void rule_index_add(struct rule_index *x, uint32_t rule,
		    const struct rule_key *key)
{
	if (key) {
		hashmap_add(&x->literal, key_hash(key), rule, 0);
		return;
	}
	ALLOC_GROW(x->scan, x->nscan + 1, x->scan_alloc);
	x->scan[x->nscan++] = rule;
}

uint32_t rule_index_first(const struct rule_index *x,
			  const struct rule_key *keys, size_t nkeys,
			  bool (*matches)(uint32_t rule, void *ctx), void *ctx)
{
	uint32_t best = UINT32_MAX;
	size_t i, k;

	/* a name's rules, each tried: there are few of one name */
	for (k = 0; k < nkeys; k++) {
		struct hashmap_iter it;
		struct hashmap_entry *e;

		if (!keys[k].name)
			continue;
		for (e = hashmap_first(&x->literal, key_hash(&keys[k]), &it); e;
		     e = hashmap_next(&x->literal, &it))
			if ((uint32_t)e->key < best &&
			    matches((uint32_t)e->key, ctx))
				best = (uint32_t)e->key;
	}
	/* the patterns, in order, as far as they could come first */
	for (i = 0; i < x->nscan && x->scan[i] < best; i++)
		if (matches(x->scan[i], ctx))
			return x->scan[i];
	return best;
}
