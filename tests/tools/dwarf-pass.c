// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Benchmark yardstick: a bare, single-threaded libdw pass that opens each
 * file named on standard input as kabi does (libdwfl, which relocates a
 * module's DWARF) and decodes every attribute of every DIE. No tool that
 * reads all the DWARF can be faster; kabi reads only what exports reach.
 */
#include <dwarf.h>
#include "dwfl-each.h"
#include <stdio.h>
#include <string.h>

static unsigned long dies, attrs;

static int decode(Dwarf_Attribute *a, void *arg)
{
	Dwarf_Word w;
	Dwarf_Die d;
	Dwarf_Block b;

	(void)arg;
	attrs++;
	switch (dwarf_whatform(a)) {
	case DW_FORM_strp:
	case DW_FORM_string:
	case DW_FORM_line_strp:
	case DW_FORM_strx:
	case DW_FORM_strx1:
	case DW_FORM_strx2:
	case DW_FORM_strx4:
		dwarf_formstring(a);
		break;
	case DW_FORM_ref1:
	case DW_FORM_ref2:
	case DW_FORM_ref4:
	case DW_FORM_ref8:
	case DW_FORM_ref_udata:
	case DW_FORM_ref_addr:
		dwarf_formref_die(a, &d);
		break;
	case DW_FORM_block:
	case DW_FORM_block1:
	case DW_FORM_block2:
	case DW_FORM_block4:
	case DW_FORM_exprloc:
		dwarf_formblock(a, &b);
		break;
	default:
		dwarf_formudata(a, &w);
		break;
	}
	return DWARF_CB_OK;
}

static void walk(Dwarf_Die *die)
{
	Dwarf_Die child;

	do {
		dies++;
		dwarf_getattrs(die, decode, NULL, 0);
		if (dwarf_child(die, &child) == 0)
			walk(&child);
	} while (dwarf_siblingof(die, die) == 0);
}

int main(void)
{
	dwfl_each_cu(walk);
	printf("%lu DIEs, %lu attributes\n", dies, attrs);
	return 0;
}
