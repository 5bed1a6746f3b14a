// SPDX-License-Identifier: GPL-2.0-or-later
/* The tree's definitions of named aggregates; see definitions.h. */
#include "definitions.h"

#include <dwarf.h>
#include <stdlib.h>
#include <string.h>

#include "../util/xalloc.h"
#include "../util/banned.h"

/* More distinct definitions of one name than this are not worth noting. */
#define MAX_PER_NAME 8

uint64_t definition_key(enum kabi_kind kind, const char *name)
{
	return hash_combine(hash_u64(kind), hash_run(name, strlen(name)));
}

/*
 * What a definition is noted by, read in one pass over its DIE: every
 * unit's every top-level struct, union and enum comes here, and most
 * have no DW_AT_declaration, which a lookup would scan the DIE for.
 */
struct noted_attrs {
	const char *name;
	Dwarf_Word size, line;
	bool declaration;
};

static int note_attr(Dwarf_Attribute *attr, void *arg)
{
	struct noted_attrs *a = arg;

	switch (dwarf_whatattr(attr)) {
	case DW_AT_name:
		a->name = dwarf_formstring(attr);
		break;
	case DW_AT_byte_size:
		dwarf_formudata(attr, &a->size);
		break;
	case DW_AT_decl_line:
		dwarf_formudata(attr, &a->line);
		break;
	case DW_AT_declaration:
		dwarf_formflag(attr, &a->declaration);
		break;
	default:
		break;
	}
	return DWARF_CB_OK;
}

void definitions_note(struct definition_list *l, Dwarf_Die *die, bool uapi)
{
	struct noted_attrs a = {0};
	enum kabi_kind kind;

	switch (dwarf_tag(die)) {
	case DW_TAG_structure_type:
		kind = KABI_STRUCT;
		break;
	case DW_TAG_union_type:
		kind = KABI_UNION;
		break;
	case DW_TAG_enumeration_type:
		kind = KABI_ENUM;
		break;
	default:
		return;
	}
	dwarf_getattrs(die, note_attr, &a, 0);
	if (a.declaration || !a.name)
		return;
	ALLOC_GROW(l->v, l->n + 1, l->alloc);
	l->v[l->n].key = definition_key(kind, a.name);
	l->v[l->n].fingerprint = hash_combine(a.size, a.line);
	l->v[l->n].place.die = dwarf_dieoffset(die);
	l->v[l->n].place.skeleton = l->skeleton;
	l->v[l->n].uapi = uapi;
	l->n++;
}

bool die_at_place(Dwarf *dwarf, const struct die_place *place, Dwarf_Die *die)
{
	Dwarf_Die skeleton, split;
	uint8_t unit_type;

	if (!place->skeleton)
		return dwarf_offdie(dwarf, place->die, die) != NULL;
	if (!dwarf_offdie(dwarf, place->skeleton, &skeleton) ||
	    dwarf_cu_info(skeleton.cu, NULL, &unit_type, NULL, &split, NULL,
			  NULL, NULL) != 0 ||
	    unit_type != DW_UT_skeleton || !split.cu)
		return false;
	return dwarf_offdie(dwarf_cu_getdwarf(split.cu), place->die, die) !=
	       NULL;
}

void definition_index_init(struct definition_index *idx)
{
	memset(idx, 0, sizeof(*idx));
	hashmap_init(&idx->by_key);
}

void definition_index_free(struct definition_index *idx)
{
	hashmap_free(&idx->by_key);
	free(idx->v);
	memset(idx, 0, sizeof(*idx));
}

void definition_index_add(struct definition_index *idx,
			  const struct definition_list *l, size_t file)
{
	size_t i;

	for (i = 0; i < l->n; i++) {
		const struct definition *d = &l->v[i];
		struct hashmap_iter it;
		struct hashmap_entry *e;
		size_t seen = 0;
		bool known = false;

		for (e = hashmap_first(&idx->by_key, d->key, &it); e;
		     e = hashmap_next(&idx->by_key, &it)) {
			seen++;
			known |= idx->v[e->value].fingerprint == d->fingerprint;
		}
		if (known || seen >= MAX_PER_NAME)
			continue;
		ALLOC_GROW(idx->v, idx->n + 1, idx->alloc);
		idx->v[idx->n].key = d->key;
		idx->v[idx->n].fingerprint = d->fingerprint;
		idx->v[idx->n].file = file;
		idx->v[idx->n].place = d->place;
		idx->v[idx->n].uapi = d->uapi;
		idx->v[idx->n].walked = false;
		hashmap_add(&idx->by_key, d->key, 0, idx->n++);
	}
}
