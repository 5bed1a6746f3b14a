// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Test oracle: the names of every function and variable that some file's
 * DWARF defines in a C compilation unit (not a declaration, not
 * assembler), one per line, read with libdw independently of kabi's
 * reader. Used to check that every export without a type in a baseline
 * truly has no definition. Files are named on standard input.
 */
#include <dwarf.h>
#include "dwfl-each.h"
#include <stdio.h>
#include <string.h>

static void print_definitions(Dwarf_Die *cu)
{
	Dwarf_Attribute a;
	Dwarf_Word lang = 0;
	Dwarf_Die die;

	dwarf_formudata(dwarf_attr(cu, DW_AT_language, &a), &lang);
	if (lang == DW_LANG_Mips_Assembler || dwarf_child(cu, &die) != 0)
		return;
	do {
		bool decl = false;
		const char *name;
		int tag = dwarf_tag(&die);

		if (tag != DW_TAG_subprogram && tag != DW_TAG_variable)
			continue;
		if (dwarf_attr(&die, DW_AT_declaration, &a))
			dwarf_formflag(&a, &decl);
		name = dwarf_formstring(
		    dwarf_attr_integrate(&die, DW_AT_name, &a));
		if (!decl && name)
			printf("%s\n", name);
	} while (dwarf_siblingof(&die, &die) == 0);
}

int main(void)
{
	dwfl_each_cu(print_definitions);
	return 0;
}
