// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The type loaders on any bytes, as a module (its DWARF relocated by
 * libdwfl, read whole) and as a vmlinux (read unit by unit, or its .BTF
 * when it has no DWARF): its exports found, then the types they reach.
 */
#include "fuzz.h"
#include "btf/btf.h"
#include "dwarf/dwarf.h"
#include "elf/elf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void load(const char *path)
{
	struct kdwarf_options opts = {.jobs = 1};
	struct kernel_files kf;
	struct export_table t;
	struct kabi_model m;
	struct diag d;

	kelf_init();
	kernel_files_init(&kf);
	export_table_init(&t);
	diag_init(&d);
	model_init(&m);
	kernel_files_add(&kf, path, NULL, &d);
	exports_read_files(&kf, 1, &t, &d);
	if (t.count) {
		size_t i;

		for (i = 0; i < t.count; i++) {
			struct kabi_symbol s = {0};

			s.name = model_intern(
			    &m, strset_str(&t.strings, t.exports[i].name));
			s.module = model_intern(
			    &m, strset_str(&t.strings, t.exports[i].module));
			if (t.exports[i].type == EXPORT_FUNCTION)
				s.flags |= KABI_SYM_FUNCTION;
			model_add_symbol(&m, &s);
		}
		if (kbtf_chosen(&kf, NULL))
			kbtf_load(&kf, 1, &m, NULL, &d);
		else
			kdwarf_load(&kf, &opts, &m, NULL, &d);
	}
	model_free(&m);
	export_table_free(&t);
	kernel_files_free(&kf);
	diag_free(&d);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	load(fuzz_file(data, size, "m.ko"));
	load(fuzz_file(data, size, "vmlinux"));
	return 0;
}
