/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A set of interned strings (libbpf's strset): every distinct string is
 * stored once in one growing buffer and named by its offset there. Equal
 * strings have equal offsets, so comparing names is comparing integers,
 * and a model can refer to a name with 32 bits. Offset 0 is always "".
 */
#ifndef KABI_STRSET_H
#define KABI_STRSET_H

#include <stddef.h>
#include <stdint.h>

/*
 * The index is a table of its own, not a hashmap: a slot is 32 bits of
 * the string's hash and its offset + 1 (0: free), 8 bytes where a
 * hashmap entry takes 24. Reading a kernel's baseline interns 100,000
 * strings twice over (names, and the ids of types), and growing the
 * tables, their pages written fresh each time, was a fifth of it.
 */
struct strset {
	char *data;
	size_t len;
	size_t alloc;
	uint64_t *slots;
	size_t capacity; /* a power of two, or 0 */
	size_t count;
};

void strset_init(struct strset *set);
void strset_free(struct strset *set);
/* Intern s (or its first len bytes) and return its offset. */
uint32_t strset_add(struct strset *set, const char *s);
uint32_t strset_add_len(struct strset *set, const char *s, size_t len);
/* Offset of s if interned, or UINT32_MAX. */
uint32_t strset_find(const struct strset *set, const char *s);

static inline const char *strset_str(const struct strset *set, uint32_t off)
{
	return set->data + off;
}

#endif
