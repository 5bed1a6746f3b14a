// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The named struct, union and enum definitions of a kernel's BTF, by
 * kind and name; see btf_impl.h.
 */
#include "btf_impl.h"

#include <stdlib.h>
#include <string.h>

#include "../util/xalloc.h"
#include "../util/banned.h"

void kbtf_definitions_init(struct kbtf_definitions *defs)
{
	memset(defs, 0, sizeof(*defs));
	strset_init(&defs->names);
	hashmap_init(&defs->by_key);
}

void kbtf_definitions_free(struct kbtf_definitions *defs)
{
	strset_free(&defs->names);
	hashmap_free(&defs->by_key);
	free(defs->v);
	memset(defs, 0, sizeof(*defs));
}

static uint64_t definition_key(enum kabi_kind kind, const char *name)
{
	return hash_combine(hash_u64(kind), hash_string(name));
}

/* The model's kind of a BTF definition; KABI_VOID for anything else. */
static enum kabi_kind defined_kind(const struct btf_type *t)
{
	switch (btf_kind(t)) {
	case BTF_KIND_STRUCT:
		return KABI_STRUCT;
	case BTF_KIND_UNION:
		return KABI_UNION;
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
		/* an enum without enumerators is a declaration */
		return btf_vlen(t) ? KABI_ENUM : KABI_VOID;
	default:
		return KABI_VOID;
	}
}

void kbtf_definitions_add(struct kbtf_definitions *defs, const struct btf *btf,
			  uint32_t file)
{
	const struct btf *base = btf__base_btf(btf);
	uint32_t id = base ? btf__type_cnt(base) : 1, n = btf__type_cnt(btf);

	for (; id < n; id++) {
		const struct btf_type *t = btf__type_by_id(btf, id);
		enum kabi_kind kind = t ? defined_kind(t) : KABI_VOID;
		const char *name;
		struct kbtf_definition *d;

		if (kind == KABI_VOID)
			continue;
		name = btf__name_by_offset(btf, t->name_off);
		if (!name || !*name)
			continue;
		ALLOC_GROW(defs->v, defs->n + 1, defs->alloc);
		d = &defs->v[defs->n];
		d->file = file;
		d->btf_id = id;
		d->name = strset_add(&defs->names, name);
		d->kind = (uint8_t)kind;
		d->walked = false;
		hashmap_add(&defs->by_key, definition_key(kind, name), defs->n,
			    0);
		defs->n++;
	}
}

void kbtf_definitions_want(struct kbtf_definitions *defs, enum kabi_kind kind,
			   const char *name, size_t **list, size_t *n,
			   size_t *alloc)
{
	struct hashmap_iter it;
	struct hashmap_entry *e;

	for (e = hashmap_first(&defs->by_key, definition_key(kind, name), &it);
	     e; e = hashmap_next(&defs->by_key, &it)) {
		struct kbtf_definition *d = &defs->v[e->key];

		if (d->walked || d->kind != kind ||
		    strcmp(strset_str(&defs->names, d->name), name))
			continue;
		d->walked = true;
		ALLOC_GROW(*list, *n + 1, *alloc);
		(*list)[(*n)++] = e->key;
	}
}
