// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * For make check-kernel: kabi's reader of line table headers against
 * libdw's dwarf_getsrcfiles, on every compilation unit of each file named
 * on standard input. Prints each name that differs and a summary line;
 * exits 1 if any differs.
 */
#include "dwfl-each.h"

#include <dwarf.h>
#include <stdlib.h>

#include "dwarf/line_files.h"

static unsigned long units, fallbacks, names, differ;

static void check(Dwarf_Die *cu)
{
	Dwarf_Attribute attr;
	const char *comp_dir =
	    dwarf_formstring(dwarf_attr_integrate(cu, DW_AT_comp_dir, &attr));
	struct line_files ours;
	Dwarf_Files *files;
	size_t nfiles, i;

	units++;
	if (dwarf_getsrcfiles(cu, &files, &nfiles) != 0)
		nfiles = 0;
	if (line_files_read(cu, comp_dir, &ours)) {
		fallbacks++;
		line_files_free(&ours);
		return;
	}
	if (ours.n != nfiles) {
		printf("unit %#llx: %zu files, libdw %zu\n",
		       (unsigned long long)dwarf_dieoffset(cu), ours.n, nfiles);
		differ++;
	}
	for (i = 0; i < nfiles && i < ours.n; i++) {
		const char *theirs = dwarf_filesrc(files, i, NULL, NULL);
		const char *mine = line_file(&ours, i);

		names++;
		if ((theirs == NULL) != (mine == NULL) ||
		    (theirs && strcmp(theirs, mine))) {
			printf("unit %#llx file %zu: '%s', libdw '%s'\n",
			       (unsigned long long)dwarf_dieoffset(cu), i,
			       mine ? mine : "(none)",
			       theirs ? theirs : "(none)");
			differ++;
		}
	}
	line_files_free(&ours);
}

int main(void)
{
	dwfl_each_cu(check);
	printf("%lu units, %lu left to libdw, %lu names, %lu differ\n", units,
	       fallbacks, names, differ);
	return differ ? 1 : 0;
}
