// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What a module needs from the kernel it is loaded into: its undefined
 * symbols, and the CRCs it was built against (the __versions table that
 * modpost writes, one 64-byte entry per symbol on 64-bit machines: the
 * CRC as an unsigned long, then the name). The kernel's loader checks
 * each such CRC against the exporter's (kernel/module/version.c).
 */
#include <stdlib.h>
#include <string.h>

#include "elf_file.h"
#include "elf.h"
#include "imports.h"
#include "../util/sort.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

/* struct modversion_info: an unsigned long and the rest of 64 bytes */
#define MODVERSION_SIZE 64

static struct kabi_import *add_import(struct export_table *t, uint32_t module,
				      uint32_t name)
{
	struct kabi_import *im;

	ALLOC_GROW(t->imports, t->import_count + 1, t->import_alloc);
	im = &t->imports[t->import_count++];
	memset(im, 0, sizeof(*im));
	im->module = module;
	im->name = name;
	return im;
}

static void read_undefined(struct kelf_file *f, uint32_t module,
			   struct export_table *t)
{
	size_t i;

	for (i = 1; i < f->nsymbols; i++) {
		struct kelf_symbol sym;
		unsigned bind;

		if (kelf_symbol_at(f, i, &sym) || sym.shndx != SHN_UNDEF ||
		    !sym.name || !*sym.name)
			continue;
		bind = GELF_ST_BIND(sym.sym.st_info);
		if (bind != STB_GLOBAL && bind != STB_WEAK)
			continue;
		add_import(t, module, strset_add(&t->strings, sym.name))->weak =
		    bind == STB_WEAK;
		t->imports[t->import_count - 1].undefined = true;
	}
}

static void read_versions(struct kelf_file *f, uint32_t module,
			  struct export_table *t)
{
	size_t idx = kelf_find_section(f, "__versions");
	const struct kelf_section *sec;
	uint64_t pos;

	if (!idx || kelf_section_load(f, idx))
		return;
	sec = &f->sections[idx];
	if (sec->size % MODVERSION_SIZE)
		diag_warning(f->diag, DIAG_AT_SECTION(f->path, sec->name, 0),
			     "size 0x%zx is not a whole number of %d-byte "
			     "entries; the last is ignored",
			     sec->size, MODVERSION_SIZE);
	for (pos = 0; pos + MODVERSION_SIZE <= sec->size;
	     pos += MODVERSION_SIZE) {
		const char *name = (const char *)sec->data + pos + f->ptr_size;
		size_t max = MODVERSION_SIZE - f->ptr_size;
		size_t len = strnlen(name, max);
		struct kabi_import *im;
		uint64_t crc;

		if (len == max || !len ||
		    kelf_read_uint(f, idx, pos, f->ptr_size, &crc)) {
			diag_warning(f->diag,
				     DIAG_AT_SECTION(f->path, sec->name, pos),
				     "an entry without a name: ignored");
			continue;
		}
		im = add_import(t, module,
				strset_add_len(&t->strings, name, len));
		im->crc = (uint32_t)crc;
		im->has_crc = true;
	}
}

static int compare_imports(const void *a, const void *b, void *ctx)
{
	const struct strset *s = ctx;
	const struct kabi_import *x = a, *y = b;

	if (x->module != y->module)
		return x->module < y->module ? -1 : 1;
	return strcmp(strset_str(s, x->name), strset_str(s, y->name));
}

/* One entry per name: the symbol table's and __versions' joined. */
static void join_imports(struct export_table *t, size_t from)
{
	size_t n = t->import_count - from, i, out = 0;
	struct kabi_import *v;

	if (!n)
		return; /* a module that imports nothing: no array at all */
	v = t->imports + from;
	array_sort_r(v, n, sizeof(*v), compare_imports, &t->strings);
	for (i = 0; i < n; i++) {
		if (out && v[out - 1].name == v[i].name) {
			struct kabi_import *into = &v[out - 1];

			into->undefined |= v[i].undefined;
			into->weak |= v[i].weak;
			if (v[i].has_crc) {
				into->crc = v[i].crc;
				into->has_crc = true;
			}
			continue;
		}
		v[out++] = v[i];
	}
	t->import_count = from + out;
}

void imports_read(struct kelf_file *f, uint32_t module, struct export_table *t)
{
	size_t from = t->import_count;

	/* a vmlinux resolves its own symbols at link time */
	if (!f->is_rel)
		return;
	read_undefined(f, module, t);
	read_versions(f, module, t);
	join_imports(t, from);
}
