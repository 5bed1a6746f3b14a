// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Reading a kernel's export table. Each EXPORT_SYMBOL leaves an entry in
 * __ksymtab (or __ksymtab_gpl) that refers to the symbol, to its name in
 * __ksymtab_strings and, since v5.4, to its namespace there. Two layouts
 * exist: on arches with PREL32 relocations (x86-64, arm64, ...) each field
 * is an int32 offset relative to the field itself; elsewhere, and before
 * v4.19, each field is a pointer. In a module the fields are zero in the
 * file and filled in by relocations, which are applied here.
 *
 * The layout is not recorded anywhere, so every candidate is tried and
 * the one under which most entries decode is used; entries that do not
 * decode under it are reported one by one.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "elf.h"
#include "elf_file.h"
#include "imports.h"
#include "../util/strbuf.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

enum ref_kind { REF_PREL32, REF_ABSOLUTE };

struct ksymtab_layout {
	enum ref_kind kind;
	unsigned field_size; /* 0: the file's pointer size */
	unsigned fields;     /* 3 with a namespace (v5.4+), 2 before */
};

static const struct ksymtab_layout layouts[] = {
    {REF_PREL32, 4, 3},
    {REF_ABSOLUTE, 0, 3},
    {REF_PREL32, 4, 2},
    {REF_ABSOLUTE, 0, 2},
};
#define NLAYOUTS (sizeof(layouts) / sizeof(layouts[0]))

/* Bad entries reported per table before the rest are only counted. */
#define BAD_ENTRY_CAP 3

/* A decoded reference from an entry field. */
struct ksymtab_ref {
	bool null; /* a zero field: "no namespace" */
	struct kelf_loc loc;
};

struct ksymtab_entry {
	struct kelf_loc value;
	const char *name;
	const char *ns;
};

struct ksymtab_reader {
	struct kelf_file *f;
	size_t strings; /* index of __ksymtab_strings */
	const struct ksymtab_layout *layout;
};

static unsigned field_size(const struct ksymtab_reader *r)
{
	return r->layout->field_size ? r->layout->field_size : r->f->ptr_size;
}

static unsigned entry_size(const struct ksymtab_reader *r)
{
	return field_size(r) * r->layout->fields;
}

static bool reloc_type_fits(const struct ksymtab_reader *r, unsigned type)
{
	const struct machine_desc *m = r->f->machine;

	if (r->layout->kind == REF_PREL32)
		return type == m->reloc_prel32;
	return type == (field_size(r) == 8 ? m->reloc_abs64 : m->reloc_abs32);
}

static int64_t sign_extend(uint64_t v, unsigned size)
{
	return size == 4 ? (int64_t)(int32_t)(uint32_t)v : (int64_t)v;
}

/*
 * Only the namespace field may be null (a zero field means "none"); the
 * value field of a linked image can hold 0 as an address, that of the
 * first per-CPU variable.
 */
enum field_role { FIELD_VALUE, FIELD_NAME, FIELD_NAMESPACE };

/* A field of a module's table: where its relocation points. */
static int resolve_relocated(const struct ksymtab_reader *r, size_t section,
			     uint64_t offset, uint64_t raw,
			     struct ksymtab_ref *out)
{
	struct kelf_file *f = r->f;
	const char *sec_name = f->sections[section].name;
	const struct kelf_reloc *rel;
	struct kelf_symbol sym;
	int64_t addend;
	int err;

	rel = kelf_section_reloc_at(&f->sections[section], offset);
	if (!rel) {
		if (raw == 0) {
			out->null = true;
			return 0;
		}
		return diag_error(f->diag, KABI_E_BAD_KSYMTAB,
				  DIAG_AT_SECTION(f->path, sec_name, offset),
				  "field has a value but no relocation");
	}
	if (!reloc_type_fits(r, rel->type))
		return diag_error(
		    f->diag, KABI_E_BAD_KSYMTAB,
		    DIAG_AT_SECTION(f->path, sec_name, offset),
		    "relocation type %u does not fit the table layout",
		    rel->type);
	err = kelf_symbol_at(f, rel->symbol, &sym);
	if (err)
		return err;
	if (sym.shndx == SHN_UNDEF)
		return diag_error(f->diag, KABI_E_BAD_KSYMTAB,
				  DIAG_AT_SECTION(f->path, sec_name, offset),
				  "field refers to undefined symbol '%s'",
				  sym.name);
	addend =
	    rel->has_addend ? rel->addend : sign_extend(raw, field_size(r));
	out->loc = kelf_symbol_loc(f, &sym);
	out->loc.offset += (uint64_t)addend;
	return 0;
}

/* A field of a linked image: the address it holds, or points to. */
static void resolve_linked(const struct ksymtab_reader *r, size_t section,
			   uint64_t offset, uint64_t raw, enum field_role role,
			   struct ksymtab_ref *out)
{
	const struct kelf_file *f = r->f;
	uint64_t addr;

	if (raw == 0 && role != FIELD_VALUE) {
		out->null = true;
		return;
	}
	/*
	 * Unsigned arithmetic wraps modulo 2^64 as the CPU does: a per-CPU
	 * variable linked at a small address is reached from a table near
	 * the top of the address space only through the wrap.
	 */
	if (r->layout->kind == REF_PREL32)
		addr = f->sections[section].shdr.sh_addr + offset +
		       (uint64_t)sign_extend(raw, 4);
	else
		addr = raw;
	out->loc.section = kelf_section_at(f, addr);
	out->loc.offset =
	    out->loc.section ? addr - f->sections[out->loc.section].shdr.sh_addr
			     : addr;
}

static int resolve_field(const struct ksymtab_reader *r, size_t section,
			 uint64_t offset, enum field_role role,
			 struct ksymtab_ref *out)
{
	uint64_t raw;
	int err;

	memset(out, 0, sizeof(*out));
	err = kelf_read_uint(r->f, section, offset, field_size(r), &raw);
	if (err)
		return err;
	if (r->f->is_rel)
		return resolve_relocated(r, section, offset, raw, out);
	resolve_linked(r, section, offset, raw, role, out);
	return 0;
}

/* The string a name or namespace field refers to. */
static int ref_string(const struct ksymtab_reader *r, size_t section,
		      uint64_t offset, const struct ksymtab_ref *ref,
		      const char *what, const char **out)
{
	struct kelf_file *f = r->f;
	const struct kelf_section *strings = &f->sections[r->strings];
	const char *sec_name = f->sections[section].name;
	const char *s;

	if (ref->loc.section != r->strings)
		return diag_error(f->diag, KABI_E_BAD_KSYMTAB,
				  DIAG_AT_SECTION(f->path, sec_name, offset),
				  "%s does not point into '__ksymtab_strings'",
				  what);
	if (ref->loc.offset >= strings->size)
		return diag_error(f->diag, KABI_E_BAD_KSYMTAB,
				  DIAG_AT_SECTION(f->path, sec_name, offset),
				  "%s offset 0x%" PRIx64
				  " is past the end of '__ksymtab_strings'",
				  what, ref->loc.offset);
	s = (const char *)strings->data + ref->loc.offset;
	if (!memchr(s, '\0', strings->size - ref->loc.offset))
		return diag_error(f->diag, KABI_E_BAD_KSYMTAB,
				  DIAG_AT_SECTION(f->path, sec_name, offset),
				  "%s runs past the end of '__ksymtab_strings'",
				  what);
	/* symbol names and namespaces are identifiers, printable and unspaced
	 */
	for (; *s; s++)
		if ((unsigned char)*s <= 0x20 || (unsigned char)*s >= 0x7f)
			return diag_error(
			    f->diag, KABI_E_BAD_KSYMTAB,
			    DIAG_AT_SECTION(f->path, sec_name, offset),
			    "%s holds byte 0x%02x, which no symbol name has",
			    what, (unsigned char)*s);
	*out = (const char *)strings->data + ref->loc.offset;
	return 0;
}

static int decode_entry(const struct ksymtab_reader *r, size_t section,
			uint64_t base, struct ksymtab_entry *out)
{
	unsigned fs = field_size(r);
	struct ksymtab_ref value, name, ns;
	int err;

	err = resolve_field(r, section, base, FIELD_VALUE, &value);
	if (!err)
		err = resolve_field(r, section, base + fs, FIELD_NAME, &name);
	if (err)
		return err;
	if (value.null || name.null)
		return diag_error(
		    r->f->diag, KABI_E_BAD_KSYMTAB,
		    DIAG_AT_SECTION(r->f->path, r->f->sections[section].name,
				    base),
		    "entry has no %s", value.null ? "symbol" : "name");
	out->value = value.loc;
	err = ref_string(r, section, base + fs, &name, "name", &out->name);
	if (err)
		return err;
	if (!*out->name)
		return diag_error(r->f->diag, KABI_E_BAD_KSYMTAB,
				  DIAG_AT_SECTION(r->f->path,
						  r->f->sections[section].name,
						  base),
				  "entry has an empty name");
	out->ns = "";
	if (r->layout->fields < 3)
		return 0;
	err = resolve_field(r, section, base + 2 * fs, FIELD_NAMESPACE, &ns);
	if (err || ns.null)
		return err;
	return ref_string(r, section, base + 2 * fs, &ns, "namespace",
			  &out->ns);
}

/* How many entries of a table decode under the reader's layout. */
static size_t count_decodable(struct ksymtab_reader *r, size_t section)
{
	struct kelf_section *sec = &r->f->sections[section];
	struct diag_mark mark = diag_mark(r->f->diag);
	struct ksymtab_entry entry;
	size_t n = sec->size / entry_size(r), i, good = 0;

	/* failures while guessing the layout are not the user's business */
	for (i = 0; i < n; i++)
		if (!decode_entry(r, section, i * entry_size(r), &entry))
			good++;
	diag_rollback(r->f->diag, mark);
	return good;
}

static const struct ksymtab_layout *
guess_layout(struct ksymtab_reader *r, const size_t *tables, size_t ntables)
{
	size_t best_good = 0, i, t;
	const struct ksymtab_layout *best = &layouts[0];

	for (i = 0; i < NLAYOUTS; i++) {
		size_t good = 0;

		r->layout = &layouts[i];
		for (t = 0; t < ntables; t++)
			good += count_decodable(r, tables[t]);
		if (good > best_good) {
			best_good = good;
			best = &layouts[i];
		}
	}
	return best;
}

/* The 32-bit CRC at a place: a literal, or a module's relocated value. */
static int read_crc_at(struct kelf_file *f, struct kelf_loc loc, uint32_t *crc)
{
	const struct kelf_reloc *rel = NULL;
	struct kelf_symbol sym;
	int err;

	err = kelf_read_u32(f, loc.section, loc.offset, crc);
	if (err)
		return err;
	if (f->is_rel) {
		err = kelf_section_load_relocs(f, loc.section);
		if (err)
			return err;
		rel = kelf_section_reloc_at(&f->sections[loc.section],
					    loc.offset);
	}
	if (!rel)
		return 0;
	/* older kernels: the entry refers to an absolute __crc_ symbol */
	err = kelf_symbol_at(f, rel->symbol, &sym);
	if (err)
		return err;
	*crc = (uint32_t)(sym.sym.st_value +
			  (uint64_t)(rel->has_addend ? rel->addend : *crc));
	return 0;
}

struct crc_source {
	size_t table;  /* __kcrctab(_gpl) index, or 0 */
	bool parallel; /* entry i of the table is the CRC of entry i */
};

/* The CRC of an export, if it has one; a problem is recorded, and no CRC. */
static void find_crc(struct kelf_file *f, const char *name,
		     const struct crc_source *src, size_t index,
		     struct kabi_export *out)
{
	struct strbuf crc_name = STRBUF_INIT;
	struct kelf_symbol sym;
	int found;

	strbuf_addf(&crc_name, "__crc_%s", name);
	found = kelf_lookup_symbol(f, crc_name.buf, NULL, &sym);
	strbuf_release(&crc_name);
	if (found < 0)
		return;
	if (found && sym.shndx == SHN_ABS) {
		out->crc = (uint32_t)sym.sym.st_value;
		out->has_crc = true;
	} else if (found && sym.sym.st_shndx >= SHN_LORESERVE &&
		   sym.sym.st_shndx != SHN_XINDEX) {
		/* common, or processor-specific: no section to read it from */
		diag_error(f->diag, KABI_E_BAD_KSYMTAB,
			   DIAG_AT_SECTION(f->path, ".symtab", 0),
			   "'__crc_%s' is in reserved section 0x%x, not a CRC",
			   name, (unsigned)sym.shndx);
	} else if (found && sym.shndx != SHN_UNDEF) {
		out->has_crc =
		    !read_crc_at(f, kelf_symbol_loc(f, &sym), &out->crc);
	} else if (src->parallel) {
		struct kelf_loc loc = {src->table, (uint64_t)index * 4};

		out->has_crc = !read_crc_at(f, loc, &out->crc);
	}
}

static void describe_symbol(struct kelf_file *f, const struct ksymtab_entry *e,
			    struct export_table *t, struct kabi_export *out)
{
	struct kelf_symbol sym;
	struct kelf_loc loc = e->value;
	int type = STT_NOTYPE;

	out->size = 0;
	if (kelf_lookup_symbol(f, e->name, &e->value, &sym) > 0 &&
	    sym.shndx != SHN_UNDEF) {
		loc = kelf_symbol_loc(f, &sym);
		type = GELF_ST_TYPE(sym.sym.st_info);
		out->size = sym.sym.st_size;
	}
	out->value = loc.offset;
	out->section = strset_add(
	    &t->strings, loc.section ? f->sections[loc.section].name : "");
	if (type == STT_FUNC)
		out->type = EXPORT_FUNCTION;
	else if (type == STT_OBJECT || type == STT_TLS || !loc.section)
		out->type = EXPORT_VARIABLE;
	else /* untyped labels, as assembly leaves them: ask the section */
		out->type =
		    (f->sections[loc.section].shdr.sh_flags & SHF_EXECINSTR)
			? EXPORT_FUNCTION
			: EXPORT_VARIABLE;
}

static void read_table(struct ksymtab_reader *r, size_t section,
		       const struct crc_source *crcs, bool gpl, uint32_t module,
		       struct export_table *t)
{
	struct kelf_file *f = r->f;
	struct kelf_section *sec = &f->sections[section];
	unsigned esize = entry_size(r);
	size_t n = sec->size / esize, i, bad = 0;

	if (sec->size % esize)
		diag_error(f->diag, KABI_E_BAD_KSYMTAB,
			   DIAG_AT_SECTION(f->path, sec->name, 0),
			   "size 0x%zx is not a multiple of the %u-byte entry",
			   sec->size, esize);
	for (i = 0; i < n; i++) {
		struct diag_mark mark = diag_mark(f->diag);
		struct ksymtab_entry entry;
		struct kabi_export *x;
		int err;

		err = decode_entry(r, section, i * esize, &entry);
		/* past the cap, bad entries are counted in one message */
		if (err && bad >= BAD_ENTRY_CAP)
			diag_rollback(f->diag, mark);
		if (err) {
			bad++;
			continue;
		}
		ALLOC_GROW(t->exports, t->count + 1, t->alloc);
		x = &t->exports[t->count++];
		memset(x, 0, sizeof(*x));
		x->name = strset_add(&t->strings, entry.name);
		x->ns = strset_add(&t->strings, entry.ns);
		x->module = module;
		x->gpl_only = gpl;
		describe_symbol(f, &entry, t, x);
		find_crc(f, entry.name, crcs, i, x);
	}
	if (bad > BAD_ENTRY_CAP)
		diag_error(f->diag, KABI_E_BAD_KSYMTAB,
			   DIAG_AT_SECTION(f->path, sec->name, 0),
			   "%zu more entries cannot be decoded",
			   bad - BAD_ENTRY_CAP);
}

static void read_modinfo(struct kelf_file *f, uint32_t module,
			 struct export_table *t)
{
	size_t idx = kelf_find_section(f, ".modinfo");
	const struct kelf_section *sec;
	size_t pos = 0;

	/* a vmlinux's .modinfo describes built-in modules: not ours */
	if (!idx || !f->is_rel || kelf_section_load(f, idx))
		return;
	sec = &f->sections[idx];
	while (pos < sec->size) {
		const char *s = (const char *)sec->data + pos;
		const char *end = memchr(s, '\0', sec->size - pos);
		size_t len = end ? (size_t)(end - s) : sec->size - pos;
		const char *eq = memchr(s, '=', len);
		struct modinfo_entry *m;

		pos += len + 1;
		if (!eq)
			continue; /* padding between entries */
		ALLOC_GROW(t->modinfo, t->modinfo_count + 1, t->modinfo_alloc);
		m = &t->modinfo[t->modinfo_count++];
		m->module = module;
		m->key = strset_add_len(&t->strings, s, (size_t)(eq - s));
		m->value = strset_add_len(&t->strings, eq + 1,
					  len - (size_t)(eq - s) - 1);
	}
}

/* The __kcrctab matching a table, and whether it lines up entry by entry. */
static struct crc_source crc_source_for(struct kelf_file *f,
					const struct ksymtab_reader *r,
					size_t table, const char *crc_name)
{
	struct crc_source src = {kelf_find_section(f, crc_name), false};

	if (src.table && !kelf_section_load(f, src.table))
		src.parallel = f->sections[src.table].size / 4 ==
			       f->sections[table].size / entry_size(r);
	return src;
}

static int load_tables(struct kelf_file *f, size_t *tables, size_t ntables)
{
	size_t i;
	int err;

	for (i = 0; i < ntables; i++) {
		err = kelf_section_load(f, tables[i]);
		if (!err)
			err = kelf_section_load_relocs(f, tables[i]);
		if (err)
			return err;
	}
	return 0;
}

/*
 * A separate debug file keeps the headers of the sections of its binary
 * but not their bytes: read alone, it would seem to export nothing.
 */
static bool debug_sections_only(const struct kelf_file *f)
{
	size_t idx = kelf_find_section(f, ".modinfo");

	if (!idx)
		idx = kelf_find_section(f, "__ksymtab_strings");
	return idx && f->sections[idx].shdr.sh_type == SHT_NOBITS;
}

void exports_read_file(const struct kernel_file *file, struct export_table *t,
		       struct diag *d)
{
	static const char *const table_names[] = {"__ksymtab", "__ksymtab_gpl"};
	static const char *const crc_names[] = {"__kcrctab", "__kcrctab_gpl"};
	struct ksymtab_reader r = {0};
	size_t tables[2], gpl[2], ntables = 0, i;
	struct kelf_file f;
	uint32_t module;
	int err = 0;

	if (kelf_open(&f, &file->elf, d))
		return;
	if (debug_sections_only(&f)) {
		diag_error(d, KABI_E_NO_INPUT, DIAG_AT_FILE(file->elf.name),
			   "a debug file whose export tables and '.modinfo' "
			   "are left empty (objcopy --only-keep-debug): name "
			   "its binary too");
		kelf_close(&f);
		return;
	}
	t->machine = f.ehdr.e_machine;
	t->elf_class = f.ehdr.e_ident[EI_CLASS];
	t->byte_order = f.ehdr.e_ident[EI_DATA];
	module = strset_add(&t->strings, file->module);
	read_modinfo(&f, module, t);
	if (t->read_imports)
		imports_read(&f, module, t);
	for (i = 0; i < 2; i++) {
		size_t idx = kelf_find_section(&f, table_names[i]);

		if (idx && f.sections[idx].shdr.sh_type != SHT_NOBITS) {
			gpl[ntables] = i;
			tables[ntables++] = idx;
		}
	}
	r.f = &f;
	r.strings = kelf_find_section(&f, "__ksymtab_strings");
	if (ntables && !r.strings)
		err = diag_error(d, KABI_E_BAD_KSYMTAB,
				 DIAG_AT_FILE(file->elf.name),
				 "export table without '__ksymtab_strings'");
	if (!err && ntables)
		err = kelf_section_load(&f, r.strings);
	if (!err)
		err = load_tables(&f, tables, ntables);
	if (err)
		goto out;
	r.layout = guess_layout(&r, tables, ntables);
	for (i = 0; i < ntables; i++) {
		struct crc_source crcs =
		    crc_source_for(&f, &r, tables[i], crc_names[gpl[i]]);

		/* a bad entry is recorded, and the rest of the table read */
		read_table(&r, tables[i], &crcs, gpl[i] == 1, module, t);
	}
out:
	kelf_close(&f);
}
