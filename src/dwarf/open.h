/* SPDX-License-Identifier: GPL-2.0-or-later */
/* One file's DWARF, opened with libdwfl. Internal to dwarf/. */
#ifndef KABI_DWARF_OPEN_H
#define KABI_DWARF_OPEN_H

#include <elfutils/libdwfl.h>

#include "dwarf.h"

struct dwarf_handle {
	Dwfl *dwfl;
	Dwarf *dwarf;
	Dwarf_Addr bias;
	Dwfl_Callbacks callbacks;	/* libdwfl keeps a pointer to it */
	char *search_path;
};

int dwarf_handle_open(struct dwarf_handle *h, const char *path,
		      const char *debug_root, struct diag *d);
void dwarf_handle_close(struct dwarf_handle *h);

#endif
