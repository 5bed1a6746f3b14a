// SPDX-License-Identifier: GPL-2.0-or-later
/* The hash multimap: colliding hashes, duplicates, growth. */
#include "tap.h"
#include "util/hashmap.h"

static int count_hash(struct hashmap *m, uint64_t hash, uint64_t *key_sum)
{
	struct hashmap_iter it;
	struct hashmap_entry *e;
	int n = 0;

	*key_sum = 0;
	for (e = hashmap_first(m, hash, &it); e; e = hashmap_next(m, &it)) {
		n++;
		*key_sum += e->key;
	}
	return n;
}

int main(void)
{
	struct hashmap m = HASHMAP_INIT;
	struct hashmap_iter it;
	uint64_t sum, i;
	int all = 1;

	ok(!hashmap_first(&m, 1, &it), "empty map finds nothing");
	hashmap_add(&m, 42, 1, 10);
	hashmap_add(&m, 42, 2, 20);
	hashmap_add(&m, 43, 3, 30);
	is_int(count_hash(&m, 42, &sum), 2, "two entries share a hash");
	is_int(sum, 3, "both keys are walked");
	is_int(count_hash(&m, 43, &sum), 1, "another hash is apart");
	is_int(count_hash(&m, 44, &sum), 0, "a missing hash finds nothing");
	/* hashes that collide in the low bits, and the top bit used inside */
	for (i = 0; i < 10000; i++)
		hashmap_add(&m, (i << 20) | (UINT64_C(1) << 63), i, i * 2);
	for (i = 0; i < 10000; i++) {
		struct hashmap_entry *e =
		    hashmap_first(&m, (i << 20) | (UINT64_C(1) << 63), &it);

		if (!e || e->key != i || e->value != i * 2)
			all = 0;
	}
	ok(all, "10000 colliding entries found after growth");
	is_int(m.count, 10003, "count");
	is_int(hash_string("abc"), hash_bytes("abc", 3),
	       "string and byte hashes agree");
	ok(hash_string("abc") != hash_string("abd"), "hashes differ");
	/* anonymous types' ids are made of hash_bytes: it must not change */
	ok(hash_bytes("struct kf_device", 16) == UINT64_C(0x617e9ac48795ee66),
	   "hash_bytes gives the values baselines hold");
	ok(hash_run("a long run of bytes", 19) ==
	       hash_run("a long run of bytes", 19),
	   "hash_run: equal runs, equal hashes");
	ok(hash_run("a long run of bytes", 19) !=
	       hash_run("a long run of bytez", 19),
	   "hash_run: the tail counts");
	ok(hash_run("a long run", 10) != hash_run("a long run\0", 11),
	   "hash_run: so does the length");
	ok(hash_run("abcdefgh", 8) != hash_run("abcdefgi", 8),
	   "hash_run: so does a whole word");
	hashmap_free(&m);

	/* room reserved: adding as many does not grow the table */
	hashmap_reserve(&m, 1000);
	{
		struct hashmap_entry *slots = m.slots;
		uint64_t k;

		ok(m.capacity * 3 >= 1000 * 4, "reserved for 1,000 entries");
		for (k = 0; k < 1000; k++)
			hashmap_add(&m, hash_u64(k), k, k + 1);
		ok(m.slots == slots, "and 1,000 fit without growing");
	}
	hashmap_reserve(&m, 10);
	is_int(m.count, 1000, "a smaller reserve keeps the entries");
	hashmap_free(&m);
	return tap_done();
}
