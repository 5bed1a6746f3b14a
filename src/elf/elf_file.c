// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Opening a kernel ELF file and reading its sections, symbols and
 * relocations with every offset checked against the file; see elf_file.h.
 */
#include "elf_file.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "decompress.h"
#include "elf.h"
#include "../util/inflate.h"
#include "../util/sort.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

static const struct machine_desc machines[] = {
    /* machine  name    bits abs64 abs32 prel32 relative: relocation types */
    {EM_X86_64, "x86-64", 64, 1, 10, 2, 8}, /* R_X86_64_64, _32, _PC32 */
    {EM_386, "i386", 32, 0, 1, 2, 8},	    /* R_386_32, _PC32 */
    {EM_AARCH64, "AArch64", 64, 257, 258, 261, 1027}, /* ABS64/32, PREL32 */
    {EM_ARM, "ARM", 32, 0, 2, 3, 23},		      /* R_ARM_ABS32, _REL32 */
    {EM_PPC64, "PowerPC64", 64, 38, 1, 26, 22}, /* ADDR64, ADDR32, REL32 */
    {EM_PPC, "PowerPC", 32, 0, 1, 26, 22},	/* ADDR32, REL32 */
    {EM_S390, "s390", 0, 22, 4, 5, 12},		/* R_390_64, _32, _PC32 */
    {EM_RISCV, "RISC-V", 0, 2, 1, 57, 3},	/* R_RISCV_64, _32, _32_PCREL */
};

static const struct machine_desc *find_machine(GElf_Half machine)
{
	size_t i;

	for (i = 0; i < sizeof(machines) / sizeof(machines[0]); i++)
		if (machines[i].machine == machine)
			return &machines[i];
	return NULL;
}

const char *kelf_machine_name(unsigned machine)
{
	const struct machine_desc *m = find_machine((GElf_Half)machine);

	return m ? m->name : "an unknown machine";
}

void kernel_input_free(struct kernel_input *in)
{
	free(in->name);
	if (in->fd >= 0)
		close(in->fd);
	in->name = NULL;
	in->fd = -1;
}

int kernel_input_open(const struct kernel_input *in, struct diag *d)
{
	char self[64];
	int fd;

	if (in->fd >= 0) {
		snprintf(self, sizeof(self), "/proc/self/fd/%d", in->fd);
		fd = open(self, O_RDONLY | O_CLOEXEC);
	} else {
		/* a named pipe would block the open until a writer came */
		fd = open(in->name, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	}
	if (fd < 0)
		return diag_error(d, KABI_E_IO, DIAG_AT_FILE(in->name),
				  "cannot open: %s", strerror(errno));
	return fd;
}

int kelf_open_input(const struct kernel_input *in, const char **compression,
		    struct diag *d)
{
	const char *path = in->name;
	enum inflate_format format;
	unsigned char magic[6];
	struct stat st;
	ssize_t n;
	int fd;

	fd = kernel_input_open(in, d);
	if (fd < 0)
		return fd;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return diag_error(d, KABI_E_IO, DIAG_AT_FILE(path),
				  "not a regular file");
	}
	/*
	 * Compressed (.ko.xz, .ko.gz, .ko.zst): decompressed here, within a
	 * bound, rather than by elfutils, which has none and no zstd in
	 * Debian 12.
	 */
	n = pread(fd, magic, sizeof(magic), 0);
	format = inflate_detect(magic, n > 0 ? (size_t)n : 0);
	if (compression)
		*compression =
		    format == INFLATE_NONE ? NULL : inflate_format_name(format);
	if (format != INFLATE_NONE || is_kernel_image(fd)) {
		int out = format != INFLATE_NONE
			      ? decompress_to_memfd(fd, path, d)
			      : extract_vmlinux(fd, path, d);

		close(fd);
		return out;
	}
	return fd;
}

/* Not ELF: say whether it was compressed, and undone. */
static int not_elf(struct kelf_file *f)
{
	if (f->compression)
		return diag_error(f->diag, KABI_E_NOT_ELF,
				  DIAG_AT_FILE(f->path),
				  "%s-compressed, but not an ELF file inside",
				  f->compression);
	return diag_error(f->diag, KABI_E_NOT_ELF, DIAG_AT_FILE(f->path),
			  "not an ELF file, nor a compressed one");
}

static int begin_elf(struct kelf_file *f, int fd)
{
	f->fd = fd;
	f->elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (!f->elf)
		return diag_error(f->diag, KABI_E_BAD_ELF,
				  DIAG_AT_FILE(f->path), "cannot read: %s",
				  elf_errmsg(-1));
	if (elf_kind(f->elf) != ELF_K_ELF)
		return not_elf(f);
	return 0;
}

static int check_header(struct kelf_file *f)
{
	const char *path = f->path;
	const char *ident;

	if (!gelf_getehdr(f->elf, &f->ehdr))
		return diag_error(f->diag, KABI_E_BAD_ELF, DIAG_AT_FILE(path),
				  "cannot read ELF header: %s", elf_errmsg(-1));
	ident = (const char *)f->ehdr.e_ident;
	if (ident[EI_DATA] != ELFDATA2LSB && ident[EI_DATA] != ELFDATA2MSB)
		return diag_error(f->diag, KABI_E_BAD_ELF, DIAG_AT_FILE(path),
				  "unknown ELF byte order %d", ident[EI_DATA]);
	f->big_endian = ident[EI_DATA] == ELFDATA2MSB;
	f->ptr_size = ident[EI_CLASS] == ELFCLASS64 ? 8 : 4;
	f->machine = find_machine(f->ehdr.e_machine);
	if (!f->machine)
		return diag_error(
		    f->diag, KABI_E_UNSUPPORTED, DIAG_AT_FILE(path),
		    "unsupported ELF machine %u", f->ehdr.e_machine);
	if (f->machine->bits && f->machine->bits != f->ptr_size * 8)
		return diag_error(
		    f->diag, KABI_E_UNSUPPORTED, DIAG_AT_FILE(path),
		    "%u-bit ELF file for %s, a %u-bit machine", f->ptr_size * 8,
		    f->machine->name, f->machine->bits);
	switch (f->ehdr.e_type) {
	case ET_REL:
		f->is_rel = true;
		return 0;
	case ET_EXEC:
	case ET_DYN:
		return 0;
	default:
		return diag_error(
		    f->diag, KABI_E_UNSUPPORTED, DIAG_AT_FILE(path),
		    "ELF type %u is neither a kernel image nor a module",
		    f->ehdr.e_type);
	}
}

static int read_section_headers(struct kelf_file *f)
{
	size_t shstrndx, n, i, raw_size;

	if (!elf_rawfile(f->elf, &raw_size))
		return diag_error(f->diag, KABI_E_BAD_ELF,
				  DIAG_AT_FILE(f->path), "cannot map file: %s",
				  elf_errmsg(-1));
	if (elf_getshdrnum(f->elf, &n) < 0 ||
	    elf_getshdrstrndx(f->elf, &shstrndx) < 0)
		return diag_error(
		    f->diag, KABI_E_BAD_ELF, DIAG_AT_FILE(f->path),
		    "cannot read section headers: %s", elf_errmsg(-1));
	/* libelf reports no sections when the table lies past the end */
	if (n == 0 && f->ehdr.e_shoff)
		return diag_error(
		    f->diag, KABI_E_BAD_ELF, DIAG_AT_FILE(f->path),
		    "section header table at 0x%" PRIx64
		    " lies past the end of the file (%zu bytes): truncated?",
		    (uint64_t)f->ehdr.e_shoff, raw_size);
	f->sections = xcalloc(n, sizeof(*f->sections));
	f->nsections = n;
	for (i = 0; i < n; i++) {
		struct kelf_section *sec = &f->sections[i];

		sec->scn = elf_getscn(f->elf, i);
		if (!sec->scn || !gelf_getshdr(sec->scn, &sec->shdr))
			return diag_error(f->diag, KABI_E_BAD_ELF,
					  DIAG_AT_FILE(f->path),
					  "cannot read section header %zu: %s",
					  i, elf_errmsg(-1));
		sec->name =
		    i ? elf_strptr(f->elf, shstrndx, sec->shdr.sh_name) : "";
		if (!sec->name)
			return diag_error(f->diag, KABI_E_BAD_ELF,
					  DIAG_AT_FILE(f->path),
					  "name of section %zu lies outside "
					  "the section name table",
					  i);
		if (sec->shdr.sh_type != SHT_NOBITS &&
		    (sec->shdr.sh_offset > raw_size ||
		     sec->shdr.sh_size > raw_size - sec->shdr.sh_offset))
			return diag_error(
			    f->diag, KABI_E_BAD_ELF, DIAG_AT_FILE(f->path),
			    "section %zu '%s' (0x%" PRIx64 "+0x%" PRIx64
			    ") extends past the end of the file (0x%zx bytes): "
			    "truncated?",
			    i, sec->name, (uint64_t)sec->shdr.sh_offset,
			    (uint64_t)sec->shdr.sh_size, raw_size);
	}
	return 0;
}

static int compare_by_addr(const void *a, const void *b, void *ctx)
{
	const struct kelf_file *f = ctx;
	uint64_t x = f->sections[*(const size_t *)a].shdr.sh_addr;
	uint64_t y = f->sections[*(const size_t *)b].shdr.sh_addr;

	return x < y ? -1 : x > y;
}

/* Sections of a linked image sorted by address, to map addresses back. */
static void index_alloc_sections(struct kelf_file *f)
{
	size_t i;

	f->alloc_by_addr = xcalloc(f->nsections, sizeof(size_t));
	for (i = 1; i < f->nsections; i++) {
		const GElf_Shdr *sh = &f->sections[i].shdr;

		if ((sh->sh_flags & SHF_ALLOC) && sh->sh_size)
			f->alloc_by_addr[f->nalloc++] = i;
	}
	array_sort_r(f->alloc_by_addr, f->nalloc, sizeof(size_t),
		     compare_by_addr, f);
}

static int find_symtab(struct kelf_file *f)
{
	size_t i, entsize = gelf_fsize(f->elf, ELF_T_SYM, 1, EV_CURRENT);

	for (i = 1; i < f->nsections; i++) {
		const GElf_Shdr *sh = &f->sections[i].shdr;

		if (sh->sh_type == SHT_SYMTAB && !f->symtab) {
			if (sh->sh_entsize != entsize ||
			    sh->sh_link >= f->nsections)
				return diag_error(f->diag, KABI_E_BAD_ELF,
						  DIAG_AT_FILE(f->path),
						  "malformed symbol table '%s'",
						  f->sections[i].name);
			f->symtab = i;
			f->nsymbols = sh->sh_size / entsize;
		}
	}
	for (i = 1; i < f->nsections && f->symtab; i++)
		if (f->sections[i].shdr.sh_type == SHT_SYMTAB_SHNDX &&
		    f->sections[i].shdr.sh_link == f->symtab)
			f->symtab_shndx = elf_getdata(f->sections[i].scn, NULL);
	if (f->symtab && !elf_getdata(f->sections[f->symtab].scn, NULL))
		return diag_error(
		    f->diag, KABI_E_BAD_ELF, DIAG_AT_FILE(f->path),
		    "cannot read symbol table: %s", elf_errmsg(-1));
	return 0;
}

int kelf_open(struct kelf_file *f, const struct kernel_input *in,
	      struct diag *d)
{
	int fd, err;

	memset(f, 0, sizeof(*f));
	f->fd = -1;
	f->path = in->name;
	f->diag = d;
	hashmap_init(&f->symbol_names);
	fd = kelf_open_input(in, &f->compression, d);
	if (fd < 0)
		return fd;
	err = begin_elf(f, fd);
	if (!err)
		err = check_header(f);
	if (!err)
		err = read_section_headers(f);
	if (!err)
		err = find_symtab(f);
	if (err) {
		kelf_close(f);
		return err;
	}
	if (!f->is_rel)
		index_alloc_sections(f);
	return 0;
}

void kelf_close(struct kelf_file *f)
{
	size_t i;

	for (i = 0; i < f->nsections; i++)
		free(f->sections[i].relocs);
	free(f->sections);
	free(f->alloc_by_addr);
	hashmap_free(&f->symbol_names);
	hashmap_free(&f->relative);
	if (f->elf)
		elf_end(f->elf);
	if (f->fd >= 0)
		close(f->fd);
	memset(f, 0, sizeof(*f));
	f->fd = -1;
}

size_t kelf_find_section(const struct kelf_file *f, const char *name)
{
	size_t i;

	for (i = 1; i < f->nsections; i++)
		if (!strcmp(f->sections[i].name, name))
			return i;
	return 0;
}

int kelf_section_load(struct kelf_file *f, size_t index)
{
	struct kelf_section *sec = &f->sections[index];
	Elf_Data *data;

	if (sec->loaded)
		return 0;
	if (sec->shdr.sh_type == SHT_NOBITS) {
		sec->loaded = true;
		return 0;
	}
	if ((sec->shdr.sh_flags & SHF_COMPRESSED) &&
	    elf_compress(sec->scn, 0, 0) < 0)
		return diag_error(f->diag, KABI_E_BAD_ELF,
				  DIAG_AT_SECTION(f->path, sec->name, 0),
				  "cannot decompress section: %s",
				  elf_errmsg(-1));
	data = elf_getdata(sec->scn, NULL);
	if (!data)
		return diag_error(f->diag, KABI_E_BAD_ELF,
				  DIAG_AT_SECTION(f->path, sec->name, 0),
				  "cannot read section: %s", elf_errmsg(-1));
	sec->data = data->d_buf;
	sec->size = data->d_buf ? data->d_size : 0;
	sec->loaded = true;
	return 0;
}

static int compare_relocs(const void *a, const void *b)
{
	const struct kelf_reloc *x = a, *y = b;

	return x->offset < y->offset ? -1 : x->offset > y->offset;
}

static int read_reloc(struct kelf_file *f, const struct kelf_section *rsec,
		      Elf_Data *data, size_t i, struct kelf_reloc *out)
{
	if (rsec->shdr.sh_type == SHT_RELA) {
		GElf_Rela rela;

		if (!gelf_getrela(data, (int)i, &rela))
			return -1;
		out->offset = rela.r_offset;
		out->symbol = GELF_R_SYM(rela.r_info);
		out->type = (unsigned)GELF_R_TYPE(rela.r_info);
		out->addend = rela.r_addend;
		out->has_addend = true;
	} else {
		GElf_Rel rel;

		if (!gelf_getrel(data, (int)i, &rel))
			return -1;
		out->offset = rel.r_offset;
		out->symbol = GELF_R_SYM(rel.r_info);
		out->type = (unsigned)GELF_R_TYPE(rel.r_info);
		out->has_addend = false;
	}
	(void)f;
	return 0;
}

static int add_relocs(struct kelf_file *f, struct kelf_section *target,
		      const struct kelf_section *rsec, size_t *alloc)
{
	Elf_Type type = rsec->shdr.sh_type == SHT_RELA ? ELF_T_RELA : ELF_T_REL;
	size_t entsize = gelf_fsize(f->elf, type, 1, EV_CURRENT);
	Elf_Data *data = elf_getdata(rsec->scn, NULL);
	size_t i, n;

	if (!data || rsec->shdr.sh_entsize != entsize)
		return diag_error(f->diag, KABI_E_BAD_ELF,
				  DIAG_AT_SECTION(f->path, rsec->name, 0),
				  "malformed relocation section");
	n = data->d_size / entsize;
	for (i = 0; i < n; i++) {
		struct kelf_reloc r;

		if (read_reloc(f, rsec, data, i, &r) < 0)
			return diag_error(
			    f->diag, KABI_E_BAD_ELF,
			    DIAG_AT_SECTION(f->path, rsec->name, i * entsize),
			    "cannot read relocation: %s", elf_errmsg(-1));
		if (r.offset >= target->shdr.sh_size)
			return diag_error(
			    f->diag, KABI_E_BAD_ELF,
			    DIAG_AT_SECTION(f->path, rsec->name, i * entsize),
			    "relocation at 0x%" PRIx64
			    " points outside section '%s'",
			    r.offset, target->name);
		if (r.symbol >= f->nsymbols)
			return diag_error(
			    f->diag, KABI_E_BAD_ELF,
			    DIAG_AT_SECTION(f->path, rsec->name, i * entsize),
			    "relocation refers to symbol %" PRIu64
			    " past the symbol table",
			    r.symbol);
		ALLOC_GROW(target->relocs, target->nrelocs + 1, *alloc);
		target->relocs[target->nrelocs++] = r;
	}
	return 0;
}

int kelf_section_load_relocs(struct kelf_file *f, size_t index)
{
	struct kelf_section *target = &f->sections[index];
	size_t i, alloc = 0;
	int err;

	if (target->relocs_loaded || !f->is_rel)
		return 0;
	for (i = 1; i < f->nsections; i++) {
		const struct kelf_section *rsec = &f->sections[i];

		if ((rsec->shdr.sh_type != SHT_RELA &&
		     rsec->shdr.sh_type != SHT_REL) ||
		    rsec->shdr.sh_info != index)
			continue;
		if (rsec->shdr.sh_link != f->symtab || !f->symtab)
			return diag_error(
			    f->diag, KABI_E_BAD_ELF,
			    DIAG_AT_SECTION(f->path, rsec->name, 0),
			    "relocations do not use the symbol table");
		err = add_relocs(f, target, rsec, &alloc);
		if (err) {
			free(target->relocs);
			target->relocs = NULL;
			target->nrelocs = 0;
			return err;
		}
	}
	array_sort(target->relocs, target->nrelocs, sizeof(*target->relocs),
		   compare_relocs);
	target->relocs_loaded = true;
	return 0;
}

const struct kelf_reloc *kelf_section_reloc_at(const struct kelf_section *sec,
					       uint64_t offset)
{
	size_t lo = 0, hi = sec->nrelocs;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (sec->relocs[mid].offset < offset)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < sec->nrelocs && sec->relocs[lo].offset == offset)
		return &sec->relocs[lo];
	return NULL;
}

int kelf_symbol_at(struct kelf_file *f, size_t index, struct kelf_symbol *out)
{
	Elf_Data *data;
	GElf_Word xndx = 0;
	size_t strtab;

	if (!f->symtab || index >= f->nsymbols)
		return diag_error(f->diag, KABI_E_BAD_ELF,
				  DIAG_AT_FILE(f->path),
				  "symbol %zu is past the symbol table", index);
	data = elf_getdata(f->sections[f->symtab].scn, NULL);
	if (!data || !gelf_getsymshndx(data, f->symtab_shndx, (int)index,
				       &out->sym, &xndx))
		return diag_error(
		    f->diag, KABI_E_BAD_ELF,
		    DIAG_AT_SECTION(f->path, f->sections[f->symtab].name, 0),
		    "cannot read symbol %zu: %s", index, elf_errmsg(-1));
	strtab = f->sections[f->symtab].shdr.sh_link;
	out->name = out->sym.st_name
			? elf_strptr(f->elf, strtab, out->sym.st_name)
			: "";
	if (!out->name)
		return diag_error(
		    f->diag, KABI_E_BAD_ELF,
		    DIAG_AT_SECTION(f->path, f->sections[f->symtab].name, 0),
		    "name of symbol %zu lies outside the string table", index);
	out->shndx = out->sym.st_shndx == SHN_XINDEX ? xndx : out->sym.st_shndx;
	/* an extended index names a real section, however large */
	if (out->shndx >= f->nsections &&
	    (out->shndx < SHN_LORESERVE || out->sym.st_shndx == SHN_XINDEX))
		return diag_error(
		    f->diag, KABI_E_BAD_ELF,
		    DIAG_AT_SECTION(f->path, f->sections[f->symtab].name, 0),
		    "symbol '%s' is in section %zu, past the section table",
		    out->name, out->shndx);
	return 0;
}

static int build_symbol_names(struct kelf_file *f)
{
	struct kelf_symbol sym;
	size_t i;
	int err;

	f->symbol_names_built = true;
	for (i = 1; i < f->nsymbols; i++) {
		err = kelf_symbol_at(f, i, &sym);
		if (err)
			return err;
		if (*sym.name)
			hashmap_add(&f->symbol_names, hash_string(sym.name), i,
				    0);
	}
	return 0;
}

struct kelf_loc kelf_symbol_loc(const struct kelf_file *f,
				const struct kelf_symbol *sym)
{
	struct kelf_loc loc = {0, sym->sym.st_value};

	if (sym->shndx == SHN_UNDEF || sym->shndx >= f->nsections)
		return loc;
	loc.section = sym->shndx;
	if (!f->is_rel)
		loc.offset -= f->sections[sym->shndx].shdr.sh_addr;
	return loc;
}

/* Higher is better: where the caller expects it, then defined, typed. */
static int symbol_rank(const struct kelf_file *f, const struct kelf_symbol *s,
		       const struct kelf_loc *prefer)
{
	struct kelf_loc loc = kelf_symbol_loc(f, s);
	int type = GELF_ST_TYPE(s->sym.st_info);
	int rank = 0;

	if (prefer && loc.section == prefer->section &&
	    loc.offset == prefer->offset)
		rank += 4;
	if (s->shndx != SHN_UNDEF)
		rank += 2;
	if (type == STT_FUNC || type == STT_OBJECT)
		rank += 1;
	return rank;
}

int kelf_lookup_symbol(struct kelf_file *f, const char *name,
		       const struct kelf_loc *prefer, struct kelf_symbol *out)
{
	struct hashmap_iter iter;
	struct hashmap_entry *e;
	struct kelf_symbol cand;
	uint64_t best_index = 0;
	int best = -1, err;

	if (!f->symbol_names_built) {
		err = build_symbol_names(f);
		if (err)
			return err;
	}
	for (e = hashmap_first(&f->symbol_names, hash_string(name), &iter); e;
	     e = hashmap_next(&f->symbol_names, &iter)) {
		int rank;

		err = kelf_symbol_at(f, e->key, &cand);
		if (err)
			return err;
		if (strcmp(cand.name, name))
			continue;
		rank = symbol_rank(f, &cand, prefer);
		/* ties go to the lower symbol index, whatever the map order */
		if (rank > best || (rank == best && e->key < best_index)) {
			best = rank;
			best_index = e->key;
			*out = cand;
		}
	}
	return best >= 0;
}

size_t kelf_section_at(const struct kelf_file *f, uint64_t addr)
{
	size_t lo = 0, hi = f->nalloc, found = 0;

	/* the last section starting at or below addr */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (f->sections[f->alloc_by_addr[mid]].shdr.sh_addr <= addr) {
			found = mid + 1;
			lo = mid + 1;
		} else {
			hi = mid;
		}
	}
	if (found) {
		const GElf_Shdr *sh =
		    &f->sections[f->alloc_by_addr[found - 1]].shdr;

		if (addr - sh->sh_addr < sh->sh_size)
			return f->alloc_by_addr[found - 1];
	}
	return 0;
}

int kelf_read_uint(struct kelf_file *f, size_t section, uint64_t offset,
		   unsigned size, uint64_t *out)
{
	struct kelf_section *sec = &f->sections[section];
	const unsigned char *p;
	uint64_t v = 0;
	unsigned i;
	int err;

	err = kelf_section_load(f, section);
	if (err)
		return err;
	if (offset > sec->size || sec->size - offset < size)
		return diag_error(f->diag, KABI_E_BAD_ELF,
				  DIAG_AT_SECTION(f->path, sec->name, offset),
				  "read of %u bytes past the end of the "
				  "section (0x%zx bytes)",
				  size, sec->size);
	p = sec->data + offset;
	for (i = 0; i < size; i++) {
		unsigned shift = f->big_endian ? (size - 1 - i) * 8 : i * 8;

		v |= (uint64_t)p[i] << shift;
	}
	*out = v;
	return 0;
}

int kelf_read_u32(struct kelf_file *f, size_t section, uint64_t offset,
		  uint32_t *out)
{
	uint64_t v;
	int err = kelf_read_uint(f, section, offset, 4, &v);

	if (!err)
		*out = (uint32_t)v;
	return err;
}

/*
 * A debug file made by objcopy --only-keep-debug keeps the headers of
 * every section but the bytes of none but the debug ones (SHT_NOBITS).
 */
bool kelf_has_export_tables(const struct kernel_input *in)
{
	struct diag quiet;
	bool found = false;
	struct kelf_file f;
	size_t i;

	diag_init(&quiet); /* unreadable: the reader will say so */
	if (kelf_open(&f, in, &quiet)) {
		diag_free(&quiet);
		return false;
	}
	for (i = 0; i < f.nsections && !found; i++)
		found = f.sections[i].shdr.sh_type != SHT_NOBITS &&
			f.sections[i].name &&
			(!strcmp(f.sections[i].name, "__ksymtab_strings") ||
			 !strcmp(f.sections[i].name, ".modinfo"));
	kelf_close(&f);
	diag_free(&quiet);
	return found;
}

/* The GNU build-id note among a file's notes, if any. */
static size_t find_build_id(Elf *elf, unsigned char *id, size_t max)
{
	Elf_Scn *scn = NULL;

	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		GElf_Nhdr nh;
		Elf_Data *data;
		size_t off = 0, name, desc;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_NOTE ||
		    !(data = elf_getdata(scn, NULL)))
			continue;
		/* gelf_getnote checks each note against the data's size */
		while ((off = gelf_getnote(data, off, &nh, &name, &desc)) > 0)
			if (nh.n_type == NT_GNU_BUILD_ID && nh.n_namesz == 4 &&
			    !memcmp((const char *)data->d_buf + name, "GNU",
				    4) &&
			    nh.n_descsz && nh.n_descsz <= max) {
				memcpy(id, (const char *)data->d_buf + desc,
				       nh.n_descsz);
				return nh.n_descsz;
			}
	}
	return 0;
}

size_t kelf_build_id(const struct kernel_input *in, unsigned char *id,
		     size_t max)
{
	struct diag quiet;
	size_t len = 0;
	Elf *elf;
	int fd;

	diag_init(&quiet); /* unreadable: the reader will say so */
	fd = kelf_open_input(in, NULL, &quiet);
	diag_free(&quiet);
	if (fd < 0)
		return 0;
	elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (elf && elf_kind(elf) == ELF_K_ELF)
		len = find_build_id(elf, id, max);
	if (elf)
		elf_end(elf);
	close(fd);
	return len;
}

/* .rela.dyn's relative relocations (64-bit RELA: 24-byte entries). */
static void index_relative(struct kelf_file *f)
{
	size_t sec = kelf_find_section(f, ".rela.dyn");
	uint64_t off, where, info, addend;

	f->relative_built = true;
	hashmap_init(&f->relative);
	if (!sec || f->ptr_size != 8 || !f->machine ||
	    !f->machine->reloc_relative ||
	    f->sections[sec].shdr.sh_type != SHT_RELA ||
	    kelf_section_load(f, sec))
		return;
	for (off = 0; off + 24 <= f->sections[sec].size; off += 24) {
		if (kelf_read_uint(f, sec, off, 8, &where) ||
		    kelf_read_uint(f, sec, off + 8, 8, &info) ||
		    kelf_read_uint(f, sec, off + 16, 8, &addend))
			return;
		if (GELF_R_TYPE(info) == f->machine->reloc_relative)
			hashmap_add(&f->relative, hash_u64(where), where,
				    addend);
	}
}

int kelf_linked_word(struct kelf_file *f, uint64_t addr, uint64_t *out)
{
	size_t sec = kelf_section_at(f, addr);
	struct hashmap_iter it;
	struct hashmap_entry *e;

	if (!sec || kelf_read_uint(f, sec, addr - f->sections[sec].shdr.sh_addr,
				   f->ptr_size, out))
		return -1;
	if (*out)
		return 0;
	if (!f->relative_built)
		index_relative(f);
	for (e = hashmap_first(&f->relative, hash_u64(addr), &it); e;
	     e = hashmap_next(&f->relative, &it))
		if (e->key == addr) {
			*out = e->value;
			return 0;
		}
	return 0;
}
