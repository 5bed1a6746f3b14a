// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The export-table reader on any bytes as a module (__ksymtab,
 * relocations, __kcrctab, .modinfo, what it imports), and as a vmlinux
 * (with its system call tables).
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
	t.read_imports = true; /* a module's undefined symbols, __versions */
	diag_init(&d);
	exports_read_file(&file, &t, &d);
	export_table_free(&t);
	if (vmlinux) {
		struct syscall_tables calls;

		syscall_tables_init(&calls);
		syscalls_read(&file.elf, &calls, &d);
		syscall_tables_free(&calls);
	}
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
