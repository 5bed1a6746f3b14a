/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * For the test tools that read DWARF: open each file named on standard
 * input with libdwfl, as kabi does, and call a function on each of its
 * compilation units.
 */
#ifndef KABI_DWFL_EACH_H
#define KABI_DWFL_EACH_H

#include <elfutils/libdwfl.h>
#include <stdio.h>
#include <string.h>

static const Dwfl_Callbacks dwfl_each_callbacks = {
	.find_elf = dwfl_build_id_find_elf,
	.find_debuginfo = dwfl_standard_find_debuginfo,
	.section_address = dwfl_offline_section_address,
};

static inline void dwfl_each_cu(void (*fn)(Dwarf_Die *cu))
{
	char path[4096];

	while (fgets(path, sizeof(path), stdin)) {
		Dwfl *dwfl = dwfl_begin(&dwfl_each_callbacks);
		Dwfl_Module *mod;
		Dwarf_Addr bias;
		Dwarf *dw;
		Dwarf_CU *cu = NULL;
		Dwarf_Die cudie;
		Dwarf_Half version;
		uint8_t type;

		path[strcspn(path, "\n")] = '\0';
		mod = dwfl_report_offline(dwfl, path, path, -1);
		dwfl_report_end(dwfl, NULL, NULL);
		dw = mod ? dwfl_module_getdwarf(mod, &bias) : NULL;
		while (dw && dwarf_get_units(dw, cu, &cu, &version, &type,
					     &cudie, NULL) == 0)
			fn(&cudie);
		dwfl_end(dwfl);
	}
}

#endif
