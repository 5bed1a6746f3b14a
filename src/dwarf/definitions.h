/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Where the tree defines each named struct, union and enum, so that a
 * declaration that the walk from the exports left unresolved can be
 * resolved to a definition no export reaches in its own compilation unit
 * ("struct ZSTD_CCtx_s" used by pointer everywhere, defined in one file).
 * Each compilation unit notes its top-level definitions while it is
 * scanned for symbols; the index keeps, per name, one place for each
 * distinct (size, line) seen. Internal to dwarf/.
 */
#ifndef KABI_DWARF_DEFINITIONS_H
#define KABI_DWARF_DEFINITIONS_H

#include <elfutils/libdw.h>
#include <stdbool.h>

#include "../model/model.h"
#include "../util/hashmap.h"

/*
 * Where a DIE is: its offset, in the file's .debug_info, or in the .dwo
 * of a skeleton unit of split DWARF, found from the skeleton's offset.
 */
struct die_place {
	Dwarf_Off die;
	Dwarf_Off skeleton; /* 0: the DIE is in the file itself */
};

struct definition {
	uint64_t key;	      /* kind and name */
	uint64_t fingerprint; /* size and declaration line */
	struct die_place place;
	bool uapi; /* declared in a user-space header */
};

struct definition_list {
	struct definition *v;
	size_t n, alloc;
	Dwarf_Off skeleton; /* of the unit being noted, 0 if none */
	bool note_uapi;	    /* tell the uapi ones (kabi dump --uapi) */
};

/* The DIE at a place of the file dwarf reads; false if there is none. */
bool die_at_place(Dwarf *dwarf, const struct die_place *place, Dwarf_Die *die);

/* Note die if it defines a named struct, union or enum. */
void definitions_note(struct definition_list *l, Dwarf_Die *die, bool uapi);
uint64_t definition_key(enum kabi_kind kind, const char *name);

struct indexed_definition {
	uint64_t key;
	uint64_t fingerprint;
	size_t file;
	struct die_place place;
	bool uapi;
	bool walked;
};

struct definition_index {
	struct hashmap by_key; /* key -> entry */
	struct indexed_definition *v;
	size_t n, alloc;
};

void definition_index_init(struct definition_index *idx);
void definition_index_free(struct definition_index *idx);
/* Add a file's (or CU's) definitions, in the fixed order of units. */
void definition_index_add(struct definition_index *idx,
			  const struct definition_list *l, size_t file);

#endif
