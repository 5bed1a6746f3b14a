/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The file names of a unit's line table, read from the table's header
 * alone. libdw (before 0.191) reads the whole line program to give them
 * and keeps every row until the handle is closed: for vmlinux that was a
 * third of kabi's memory, and a tenth to a sixth of a two-thread dump's
 * time, for names of the few files types are declared in. Internal to the
 * dwarf/ stage.
 *
 * The names are those dwarf_filesrc gives: a relative name joined to its
 * directory; before DWARF 5, directory 0 is the unit's DW_AT_comp_dir
 * and file 0, which is none, is "???". A header this reader does not
 * know (a form it does not read, a split unit) is left to libdw:
 * line_files_read fails, and the caller asks dwarf_getsrcfiles.
 */
#ifndef KABI_DWARF_LINE_FILES_H
#define KABI_DWARF_LINE_FILES_H

#include <elfutils/libdw.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../util/strbuf.h"

struct line_files {
	struct strbuf names; /* each NUL-ended */
	size_t *offset;	     /* per file, in names; SIZE_MAX: none */
	size_t n, alloc;
};

/* The sections a header refers to. */
struct line_sections {
	const uint8_t *line, *line_str, *str;
	size_t line_len, line_str_len, str_len;
	bool big_endian;
};

/*
 * Parse the header at offset off of sections->line; comp_dir may be NULL.
 * 0, or -1 when the header is not one this reader reads (out is then
 * empty, to be freed all the same).
 */
int line_files_parse(const struct line_sections *sections, uint64_t off,
		     const char *comp_dir, struct line_files *out);
/* The same for a compilation unit's DIE, from its DW_AT_stmt_list. */
int line_files_read(Dwarf_Die *cu, const char *comp_dir,
		    struct line_files *out);
void line_files_free(struct line_files *f);

static inline const char *line_file(const struct line_files *f, size_t i)
{
	return i < f->n && f->offset[i] != SIZE_MAX
		   ? f->names.buf + f->offset[i]
		   : NULL;
}

#endif
