// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The export-table reader on any bytes as a module (__ksymtab,
 * relocations, __kcrctab, .modinfo), and as a vmlinux.
 */
#include "fuzz.h"
#include "elf/elf.h"

static void read_as(const char *path, const char *module, bool vmlinux)
{
	struct kernel_file file = {.elf = {(char *)path, -1},
				   .debug = {NULL, -1},
				   .module = (char *)module,
				   .is_vmlinux = vmlinux};
	struct export_table t;
	struct diag d;

	export_table_init(&t);
	diag_init(&d);
	exports_read_file(&file, &t, &d);
	export_table_free(&t);
	diag_free(&d);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	kelf_init();
	read_as(fuzz_file(data, size, "m.ko"), "drivers/m", false);
	read_as(fuzz_file(data, size, "vmlinux"), "vmlinux", true);
	return 0;
}
