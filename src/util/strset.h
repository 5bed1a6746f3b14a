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

#include "hashmap.h"

struct strset {
	char *data;
	size_t len;
	size_t alloc;
	struct hashmap index; /* hash of string -> offset */
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
