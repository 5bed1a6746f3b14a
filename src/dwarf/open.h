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

int kdwarf_open(struct kdwarf_handle *h, const struct kernel_input *in,
		const char *debug_root, struct diag *d);
void kdwarf_close(struct kdwarf_handle *h);

#endif
