/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Finding the DIEs of a file's exported symbols in one compilation unit
 * and walking the types they reach. Internal to dwarf/.
 */
#ifndef KABI_DWARF_SYMBOLS_H
#define KABI_DWARF_SYMBOLS_H

#include <elfutils/libdw.h>
#include <stdatomic.h>

#include "definitions.h"
#include "../model/builder.h"
#include "../model/model.h"
#include "../util/hashmap.h"

/* The exports of one file: name -> index of its symbol in the model. */
struct file_exports {
	const struct kabi_model *model; /* whose symbols are indexed */
	uint32_t module;		/* the file's, in model */
	struct hashmap by_name;
	size_t count;
};

void file_exports_init(struct file_exports *fx, const struct kabi_model *m,
		       uint32_t module);
void file_exports_free(struct file_exports *fx);

/*
 * The fragment of one CU: its exported symbols and the types they reach,
 * and the CU as their unit (what it only declares), summarised for the
 * model builder; NULL when the CU defines none of the file's exports.
 * The CU's definitions of named aggregates are noted in defs.
 */
struct fragment_summary *symbols_read_cu(Dwarf_Die *cu,
					 const struct file_exports *fx,
					 const char *path, struct diag *d,
					 atomic_uint *errors,
					 struct definition_list *defs);
/* The fragment of one type DIE and what it reaches (no symbols). */
struct fragment_summary *symbols_read_type(Dwarf_Die *die, const char *path,
					   struct diag *d, atomic_uint *errors);

#endif
