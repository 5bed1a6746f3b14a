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

/*
 * Where the bytes of one file are: a file on disk, or a member of a
 * package (.deb, .rpm) that src/package/ copied into an anonymous memory
 * file. Readers open it with kernel_input_open, never by name, so that
 * messages name a member as the user knows it: "PKG.deb:path/in/package".
 */
struct kernel_input {
	char *name; /* the path on disk, or "PKG.deb:path/in/package" */
	int fd;	    /* a package member's memory file (owned), else -1 */
};

/*
 * One file of a kernel: vmlinux or a module. A binary paired with its
 * separate debug file (a distribution's image and -dbg packages) reads
 * exports from elf and DWARF from debug; where the debug file carries the
 * export tables too (Debian's do), it is read alone, as elf.
 */
struct kernel_file {
	struct kernel_input elf;   /* exports, and DWARF when debug is unset */
	struct kernel_input debug; /* name NULL: none */
	char *module; /* "vmlinux", or the module path "fs/fat/fat" */
	bool is_vmlinux;
};

/* One file a package holds, read by src/package/. */
struct kernel_member {
	char *path; /* within the package: "lib/modules/V/kernel/X.ko" */
	int fd;	    /* its bytes, in a memory file */
};

/* The files kabi reads for one side of a comparison, vmlinux first. */
struct kernel_files {
	struct kernel_file *files;
	size_t count;
	size_t alloc;
	char *release; /* "6.1.0-57-cloud-amd64", or NULL if unknown */
	char *tree;    /* the first folder or package read as a tree, or NULL */
	/*
	 * vmlinux's types as raw BTF, in place of its .BTF section: the
	 * file a running kernel gives as /sys/kernel/btf/vmlinux, named on
	 * the command line. NULL: none.
	 */
	char *vmlinux_btf;
	/*
	 * Debug files known only by build-id (usr/lib/debug/.build-id/
	 * XX/REST.debug, as debuginfod and some debug packages lay them
	 * out), for the files no debug file was paired with by path.
	 */
	struct kernel_input *by_build_id;
	size_t nby_build_id, by_build_id_alloc;
};

struct tree_options {
	const char *vmlinux; /* --vmlinux: use this file as the vmlinux */
};

void kernel_files_init(struct kernel_files *kf);
void kernel_files_free(struct kernel_files *kf);
/*
 * Add what PATH names: a vmlinux, a module, a directory holding a kernel
 * tree, or vmlinux's raw BTF (kernel_files.vmlinux_btf). Files are kept
 * sorted (vmlinux, then modules by name).
 */
void kernel_files_add(struct kernel_files *kf, const char *path,
		      const struct tree_options *opts, struct diag *d);
/*
 * A raw BTF was named to a command that reads no types (exports,
 * imports, system calls): said, so that it is not thought to count.
 */
void kernel_files_warn_unused_btf(const struct kernel_files *kf,
				  struct diag *d);
/*
 * Pair each file still without DWARF beside it with the debug file of
 * its build-id in kf->by_build_id, once every path was added; the debug
 * files no file wanted are dropped.
 */
void kernel_files_pair_build_ids(struct kernel_files *kf, struct diag *d);
/*
 * A folder was read as a kernel tree and gave modules but no vmlinux:
 * the kernel's own exports would be missing. An error where the whole
 * kernel is needed (a baseline, a comparison), a warning where not (a
 * list of exports); both say where kabi looked.
 */
int kernel_files_need_vmlinux(const struct kernel_files *kf, struct diag *d);
void kernel_files_warn_no_vmlinux(const struct kernel_files *kf,
				  struct diag *d);
/*
 * Whether a file a package holds at path (relative, no leading "./") may
 * be part of a kernel: a vmlinux, a kernel image or a module.
 */
bool kernel_files_wants(const char *path);
/*
 * Add the kernel files among the members of the package named pkg, as if
 * it were unpacked into a folder. Takes ownership of every member's
 * descriptor and path; frees the array.
 */
void kernel_files_add_members(struct kernel_files *kf, const char *pkg,
			      struct kernel_member *members, size_t n,
			      const struct tree_options *opts, struct diag *d);
/* Where a file's DWARF is read: its debug file if paired, else itself. */
const struct kernel_input *kernel_file_dwarf(const struct kernel_file *f);
/*
 * A new descriptor reading in from its start, or a negative error
 * reported in d. A member's memory file is opened anew (through
 * /proc/self/fd), so that readers in several threads do not share one
 * file offset.
 */
int kernel_input_open(const struct kernel_input *in, struct diag *d);
/* Its name freed and its descriptor closed. */
void kernel_input_free(struct kernel_input *in);

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
int kelf_open_input(const struct kernel_input *in, const char **compression,
		    struct diag *d);

/*
 * The same for reading its DWARF: where debug sections are compressed
 * with zstd (which Debian 12's libdw cannot decompress), a descriptor of
 * a copy with them decompressed.
 */
int kelf_open_debug_input(const struct kernel_input *in, struct diag *d);

/*
 * Whether a file holds the export tables and .modinfo a kernel file has,
 * not only debug sections: a debug package's file that can be read alone.
 */
bool kelf_has_export_tables(const struct kernel_input *in);

/*
 * The GNU build-id of a file, copied into id (at most max bytes): its
 * length, or 0 when it has none or cannot be read.
 */
size_t kelf_build_id(const struct kernel_input *in, unsigned char *id,
		     size_t max);

/*
 * One slot of a system call table that holds a system call. Strings are
 * offsets into syscall_tables.strings.
 */
struct syscall_slot {
	uint32_t abi;	 /* the table: "x86-64", "i386", "x32", "arm64", ... */
	uint32_t number; /* its slot */
	uint32_t name;	 /* "read", as unistd.h names it */
	uint32_t entry;	 /* the function in the slot: "__x64_sys_read" */
	int nparams;	 /* -1: not known */
	uint32_t param_types[6]; /* "char __user *", as the source spells it */
	uint32_t param_names[6];
};

struct syscall_tables {
	struct strset strings;
	struct syscall_slot *calls; /* by table, then number */
	size_t count, alloc;
	size_t unimplemented; /* slots of sys_ni_syscall */
	bool has_params;      /* the kernel kept syscall metadata */
};

void syscall_tables_init(struct syscall_tables *t);
void syscall_tables_free(struct syscall_tables *t);
/*
 * Read the system call tables of a vmlinux; an error when it has none
 * kabi knows.
 */
int syscalls_read(const struct kernel_input *in, struct syscall_tables *t,
		  struct diag *d);

/* What a kernel file holds to describe its types. */
struct kelf_type_sections {
	bool has_dwarf; /* a .debug_info section */
	void *btf;	/* a copy of the .BTF section, or NULL */
	size_t btf_size;
	unsigned ptr_size; /* bytes of a pointer, from the ELF class */
	bool big_endian;
};

/* Read them (negative on error, reported in d). */
int kelf_read_type_sections(const struct kernel_input *in,
			    struct kelf_type_sections *out, struct diag *d);
void kelf_type_sections_free(struct kelf_type_sections *s);

/* "x86-64", "AArch64", ... for an ELF e_machine */
const char *kelf_machine_name(unsigned machine);

/* "function" or "variable" */
const char *export_symbol_type_name(enum export_symbol_type type);

#endif
