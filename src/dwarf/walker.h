/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Turning the DIEs of one compilation unit into a CU-local model (a
 * "fragment"): each type DIE reached becomes one local type. Internal to
 * the dwarf/ stage.
 *
 * The walk is not recursive: asking for the type of a DIE returns its
 * local id at once and queues the DIE; walker_drain() fills the queued
 * types in, queueing what they refer to. So members of an aggregate are
 * appended contiguously, and no input can exhaust the stack.
 */
#ifndef KABI_DWARF_WALKER_H
#define KABI_DWARF_WALKER_H

#include <elfutils/libdw.h>
#include <stdatomic.h>

#include "line_files.h"
#include "../model/model.h"
#include "../util/diag.h"
#include "../util/hashmap.h"

struct pending_die {
	Dwarf_Die die;
	uint32_t id;
};

struct type_walker {
	Dwarf_Die cu;
	struct kabi_model *out; /* the fragment being built */
	struct hashmap seen;	/* DIE offset -> local type id */
	struct pending_die *queue;
	size_t nqueue, queue_alloc;
	/* the CU's file table, read on demand: by kabi, or else by libdw */
	enum { FILES_UNREAD, FILES_OURS, FILES_LIBDW, FILES_NONE } files_state;
	struct line_files files;
	Dwarf_Files *libdw_files;
	size_t libdw_nfiles;
	const char *comp_dir;
	uint8_t address_size;
	bool big_endian;
	const char *path; /* for diagnostics */
	struct diag *diag;
	atomic_uint *errors; /* shared per file, to cap reports */
};

void walker_init(struct type_walker *w, Dwarf_Die *cu, struct kabi_model *out,
		 const char *path, struct diag *d, atomic_uint *errors);
void walker_free(struct type_walker *w);

/* Local id of the type a DIE describes (queued if new). */
uint32_t walker_type(struct type_walker *w, Dwarf_Die *die);
/* Local id of a DIE's DW_AT_type (void when absent). */
uint32_t walker_type_of(struct type_walker *w, Dwarf_Die *die);
/*
 * Local id of the function type of a subprogram DIE; its parameter names
 * are appended to the fragment's param_names (*first, *count).
 */
uint32_t walker_function(struct type_walker *w, Dwarf_Die *subprogram,
			 uint32_t *first_name, uint32_t *nnames);
/* Fill in every queued type. */
void walker_drain(struct type_walker *w);
/*
 * The unit's source file, as its types' declaring files are written
 * (relative to the compilation folder): "net/core/dev.c".
 */
uint32_t walker_unit_name(struct type_walker *w);
/* Whether a DIE is declared in a user-space header (path_is_uapi). */
bool walker_declared_in_uapi(struct type_walker *w, Dwarf_Die *die);
/* Report a problem with a DIE (capped per file). */
__attribute__((format(printf, 3, 4))) void
walker_error(struct type_walker *w, Dwarf_Die *die, const char *fmt, ...);

#endif
