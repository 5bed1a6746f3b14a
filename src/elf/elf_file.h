/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * One open ELF file of a kernel tree (vmlinux or a module), seen through
 * libelf: its sections by name, its symbol table, the relocations that
 * fill a section of a relocatable module, and bounds-checked reads of the
 * bytes of a section. Internal to the elf/ stage.
 *
 * A compressed module (.ko.xz, .ko.gz, .ko.zst) is decompressed into a
 * memory file first, within a bound (decompress.h), and read with libelf
 * like any other. (Not libdwfl: for a module it applies every relocation
 * of the file, which costs more than all the rest of reading the
 * exports.)
 */
#ifndef KABI_ELF_FILE_H
#define KABI_ELF_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <gelf.h>

#include "../util/diag.h"
#include "../util/hashmap.h"

struct kernel_input;

/* What kabi knows of a machine: its name and relocation types. */
struct machine_desc {
	GElf_Half machine;
	const char *name;
	unsigned bits;	      /* ELF class it must have; 0: either */
	unsigned reloc_abs64; /* 0 when the machine has none */
	unsigned reloc_abs32;
	unsigned reloc_prel32;
	unsigned reloc_relative; /* a position-independent image's own */
};

struct kelf_reloc {
	uint64_t offset; /* in the section the relocation applies to */
	uint64_t symbol;
	int64_t addend;
	unsigned type;
	bool has_addend; /* RELA; for REL the addend is in place */
};

struct kelf_section {
	const char *name;
	GElf_Shdr shdr;
	Elf_Scn *scn;
	const unsigned char *data; /* NULL until loaded; NOBITS stays NULL */
	size_t size;
	bool loaded;
	bool relocs_loaded;
	struct kelf_reloc *relocs; /* sorted by offset (ET_REL only) */
	size_t nrelocs;
};

/* A place in the file: a section index and an offset within it. */
struct kelf_loc {
	size_t section; /* 0: no section (undefined or absolute) */
	uint64_t offset;
};

struct kelf_file {
	const char *path;
	const char *compression; /* "xz", "gzip", "zstd", or NULL */
	int fd;
	Elf *elf;
	GElf_Ehdr ehdr;
	const struct machine_desc *machine;
	bool is_rel; /* ET_REL: a module */
	bool big_endian;
	unsigned ptr_size;
	struct kelf_section *sections;
	size_t nsections;
	size_t symtab; /* index of SHT_SYMTAB, or 0 */
	size_t nsymbols;
	Elf_Data *symtab_shndx;	     /* SHT_SYMTAB_SHNDX data, if any */
	struct hashmap symbol_names; /* name hash -> symbol index */
	bool symbol_names_built;
	size_t *alloc_by_addr; /* SHF_ALLOC sections sorted by address */
	size_t nalloc;
	/* address -> addend of .rela.dyn's relative relocations */
	struct hashmap relative;
	bool relative_built;
	struct diag *diag;
};

/* A symbol table entry with its section resolved (extended indices). */
struct kelf_symbol {
	const char *name;
	GElf_Sym sym;
	size_t shndx; /* real section index, or SHN_UNDEF / SHN_ABS */
};

int kelf_open(struct kelf_file *f, const struct kernel_input *in,
	      struct diag *d);
void kelf_close(struct kelf_file *f);

/* Index of the section with this name, or 0. */
size_t kelf_find_section(const struct kelf_file *f, const char *name);
/* Load the bytes of a section (decompressing SHF_COMPRESSED ones). */
int kelf_section_load(struct kelf_file *f, size_t index);
/* Load and sort the relocations that apply to a section. */
int kelf_section_load_relocs(struct kelf_file *f, size_t index);
/* The relocation at exactly this offset of a section, or NULL. */
const struct kelf_reloc *kelf_section_reloc_at(const struct kelf_section *sec,
					       uint64_t offset);

int kelf_symbol_at(struct kelf_file *f, size_t index, struct kelf_symbol *out);
/*
 * The symbol with this name; when several have it (static functions of
 * different files), the one at *prefer if given, else a defined function
 * or object. Returns 1 when found, 0 when not, negative on error.
 */
int kelf_lookup_symbol(struct kelf_file *f, const char *name,
		       const struct kelf_loc *prefer, struct kelf_symbol *out);
/* Where a defined symbol lives; section 0 for SHN_ABS and undefined. */
struct kelf_loc kelf_symbol_loc(const struct kelf_file *f,
				const struct kelf_symbol *sym);
/* The allocated section holding an address of a linked file, or 0. */
size_t kelf_section_at(const struct kelf_file *f, uint64_t addr);

/*
 * The pointer-sized word at an address of a linked file, as it is once
 * loaded: a position-independent kernel (arm64's, linked with
 * --no-apply-dynamic-relocs) leaves 0 in its data where .rela.dyn has a
 * relative relocation, whose addend is the address. 0 or -1 (reported).
 */
int kelf_linked_word(struct kelf_file *f, uint64_t addr, uint64_t *out);

/* Bounds-checked little/big-endian reads from a loaded section. */
int kelf_read_u32(struct kelf_file *f, size_t section, uint64_t offset,
		  uint32_t *out);
int kelf_read_uint(struct kelf_file *f, size_t section, uint64_t offset,
		   unsigned size, uint64_t *out);

#endif
