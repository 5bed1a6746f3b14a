// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A binary and its separate debug file made one file of the kernel: a
 * distribution's image package and its debug package (-dbg, -debuginfo)
 * hold the same module twice, stripped and with DWARF.
 */
#include <stdlib.h>
#include <string.h>

#include "elf.h"
#include "files.h"
#include "../util/banned.h"

/* A separate debug file: below usr/lib/debug/ in its tree or package. */
bool is_debug_file(const struct kernel_input *in)
{
	const char *p = in->name;

	while ((p = strstr(p, "usr/lib/debug/"))) {
		if (p == in->name || p[-1] == '/' || p[-1] == ':')
			return true;
		p++;
	}
	return false;
}

/*
 * Whether the build-ids of a binary and a debug file differ, when both
 * have one: then they are not of one build (an image of one kernel and
 * the debug package of another), and pairing them would mislead.
 */
static int check_build_ids(const struct kernel_file *bin,
			   const struct kernel_file *dbg, struct diag *d)
{
	unsigned char a[64], b[64];
	size_t alen = kelf_build_id(&dbg->elf, a, sizeof(a)), blen;

	if (!alen)
		return 0;
	blen = kelf_build_id(&bin->elf, b, sizeof(b));
	if (!blen || (alen == blen && !memcmp(a, b, alen)))
		return 0;
	return diag_error(d, KABI_E_USAGE, DIAG_AT_FILE(dbg->elf.name),
			  "the debug file of another build than '%s' (their "
			  "build-ids differ): not read",
			  bin->elf.name);
}

/*
 * A binary and its debug file, for one module or for vmlinux, made one
 * file of the kernel: 1, or 0 when they are no such pair, or an error
 * when they are of different builds. The debug file is read alone when
 * it carries the export tables, as Debian's do; else exports come from
 * the binary, DWARF from the debug file. They are paired by path, as
 * the packages place them, and checked by build-id where both have one.
 */
int pair_debug(struct kernel_file *a, struct kernel_file *b, struct diag *d)
{
	struct kernel_file *bin = a, *dbg = b;
	int err;

	if (a->debug.name || b->debug.name ||
	    is_debug_file(&a->elf) == is_debug_file(&b->elf))
		return 0;
	if (is_debug_file(&a->elf)) {
		bin = b;
		dbg = a;
	}
	err = check_build_ids(bin, dbg, d);
	if (err)
		return err;
	if (kelf_has_export_tables(&dbg->elf)) {
		kernel_input_free(&bin->elf);
		bin->elf = dbg->elf;
	} else {
		bin->debug = dbg->elf;
	}
	dbg->elf.name = NULL;
	dbg->elf.fd = -1;
	if (bin != a) {
		free(a->module);
		*a = *b;
	} else {
		free(b->module);
	}
	return 1;
}
