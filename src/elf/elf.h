/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The elf/ stage: what a kernel exports to modules, read from its ELF
 * files alone. Finds the files of a kernel tree (a vmlinux and its
 * modules, in a build tree or a Debian debug package), and reads from
 * each its export table (__ksymtab, __ksymtab_gpl, __ksymtab_strings),
 * symbol CRCs and namespaces, and .modinfo. Knows nothing of DWARF.
 */
#ifndef KABI_ELF_H
#define KABI_ELF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../util/diag.h"
#include "../util/strset.h"

/* One file of a kernel: vmlinux or a module. */
struct kernel_file {
	char *path;
	char *module; /* "vmlinux", or the module path "fs/fat/fat" */
	bool is_vmlinux;
};

/* The files kabi reads for one side of a comparison, vmlinux first. */
struct kernel_files {
	struct kernel_file *files;
	size_t count;
	size_t alloc;
	char *release; /* "6.1.0-57-cloud-amd64", or NULL if unknown */
	char *tree;    /* the first folder read as a tree, or NULL */
};

struct tree_options {
	const char *vmlinux; /* --vmlinux: use this file as the vmlinux */
};

void kernel_files_init(struct kernel_files *kf);
void kernel_files_free(struct kernel_files *kf);
/*
 * Add what PATH names: a vmlinux, a module, or a directory holding a
 * kernel tree. Files are kept sorted (vmlinux, then modules by name).
 */
void kernel_files_add(struct kernel_files *kf, const char *path,
		      const struct tree_options *opts, struct diag *d);
/*
 * A folder was read as a kernel tree and gave modules but no vmlinux:
 * the kernel's own exports would be missing. An error where the whole
 * kernel is needed (a baseline, a comparison), a warning where not (a
 * list of exports); both say where kabi looked.
 */
int kernel_files_need_vmlinux(const struct kernel_files *kf, struct diag *d);
void kernel_files_warn_no_vmlinux(const struct kernel_files *kf,
				  struct diag *d);
/* The module name of a loose file: "fs/fat/fat" from .../kernel/fs/fat/fat.ko
 */
char *module_name_from_path(const char *path);

enum export_symbol_type {
	EXPORT_FUNCTION,
	EXPORT_VARIABLE,
};

/* One exported symbol. Strings are offsets into export_table.strings. */
struct kabi_export {
	uint32_t name;
	uint32_t module;
	uint32_t ns;	  /* namespace; 0 ("") when none */
	uint32_t section; /* ELF section of the symbol, e.g. ".text" */
	uint64_t size;	  /* st_size of the symbol */
	uint64_t value;	  /* offset of the symbol in its section */
	uint32_t crc;
	bool has_crc;
	bool gpl_only; /* from __ksymtab_gpl */
	enum export_symbol_type type;
};

struct modinfo_entry {
	uint32_t module;
	uint32_t key;
	uint32_t value;
};

/*
 * A symbol a module needs from the kernel: an undefined symbol of its
 * symbol table, or a name of its __versions table (with the CRC it was
 * built against), or both.
 */
struct kabi_import {
	uint32_t module;
	uint32_t name;
	uint32_t crc; /* from __versions */
	bool has_crc;
	bool weak;	/* an undefined weak symbol: may stay unresolved */
	bool undefined; /* in the symbol table (not only in __versions) */
};

struct export_table {
	/* read_imports: also what each module imports (kabi_import) */
	bool read_imports;
	struct kabi_import *imports; /* by module, then name */
	size_t import_count;
	size_t import_alloc;
	/* ELF machine and class of the files read; 0 before the first */
	unsigned machine;
	unsigned elf_class;
	unsigned byte_order; /* ELFDATA2LSB or ELFDATA2MSB */
	struct strset strings;
	struct kabi_export *exports;
	size_t count;
	size_t alloc;
	struct modinfo_entry *modinfo;
	size_t modinfo_count;
	size_t modinfo_alloc;
};

void export_table_init(struct export_table *t);
void export_table_free(struct export_table *t);
/* The word size (32 or 64) of the files read, 0 before the first. */
unsigned export_table_bits(const struct export_table *t);
/* Whether they are big-endian. */
bool export_table_big_endian(const struct export_table *t);
/* Ready libelf; once, before any thread opens a file. */
void kelf_init(void);
/* Sort by name, then module: the order of a sorted Module.symvers. */
void export_table_sort(struct export_table *t);

/* Read the exports and .modinfo of one file into t. */
void exports_read_file(const struct kernel_file *file, struct export_table *t,
		       struct diag *d);
/*
 * Read every file, using up to jobs threads. An unreadable file is
 * reported in d and skipped; the others are still read. The result is
 * sorted and the same whatever the number of threads.
 */
void exports_read_files(const struct kernel_files *kf, unsigned jobs,
			struct export_table *t, struct diag *d);

/*
 * Open a kernel file for reading as ELF: a descriptor of the file itself,
 * or of its decompressed bytes when it is compressed (xz, gzip, zstd);
 * *compression, if given, names the format, or is NULL. Negative on
 * error, reported in d.
 */
int kelf_open_input(const char *path, const char **compression, struct diag *d);

/*
 * The same for reading its DWARF: where debug sections are compressed
 * with zstd (which Debian 12's libdw cannot decompress), a descriptor of
 * a copy with them decompressed.
 */
int kelf_open_debug_input(const char *path, struct diag *d);

/* What a kernel file holds to describe its types. */
struct kelf_type_sections {
	bool has_dwarf; /* a .debug_info section */
	void *btf;	/* a copy of the .BTF section, or NULL */
	size_t btf_size;
	unsigned ptr_size; /* bytes of a pointer, from the ELF class */
	bool big_endian;
};

/* Read them (negative on error, reported in d). */
int kelf_read_type_sections(const char *path, struct kelf_type_sections *out,
			    struct diag *d);
void kelf_type_sections_free(struct kelf_type_sections *s);

/* "x86-64", "AArch64", ... for an ELF e_machine */
const char *kelf_machine_name(unsigned machine);

/* "function" or "variable" */
const char *export_symbol_type_name(enum export_symbol_type type);

#endif
