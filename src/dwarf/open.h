/* SPDX-License-Identifier: GPL-2.0-or-later */
/* One file's DWARF, opened with libdwfl. Internal to dwarf/. */
#ifndef KABI_DWARF_OPEN_H
#define KABI_DWARF_OPEN_H

#include <elfutils/libdwfl.h>

#include "dwarf.h"

struct kdwarf_handle {
	Dwfl *dwfl;
	Dwarf *dwarf;
	Dwarf_Addr bias;
	Dwfl_Callbacks callbacks; /* libdwfl keeps a pointer to it */
	char *search_path;
	char *image; /* a relocatable file's bytes, which libdwfl relocates */
};

/*
 * A file's bytes mapped once, for the handles of several threads to
 * share: each handle that mapped vmlinux itself counted its pages again
 * in the process's resident size (130 MB a thread). Left empty, without
 * an error, for a file libelf or libdwfl would write into (relocatable,
 * with compressed sections, of the other byte order) or where mapping
 * fails: then each handle opens the file. Negative only when the file
 * cannot be opened, reported in d.
 */
struct kdwarf_image {
	char *data;
	size_t len;
};

int kdwarf_map(struct kdwarf_image *image, const struct kernel_input *in,
	       struct diag *d);
void kdwarf_unmap(struct kdwarf_image *image);

/* Open a file's DWARF: from image if it holds the file's bytes. */
int kdwarf_open(struct kdwarf_handle *h, const struct kernel_input *in,
		const struct kdwarf_image *image, const char *debug_root,
		struct diag *d);
void kdwarf_close(struct kdwarf_handle *h);

#endif
