// SPDX-License-Identifier: GPL-2.0-or-later
/* File names from a line table's header; see line_files.h. */
#include "line_files.h"

#include <dwarf.h>
#include <gelf.h>
#include <stdlib.h>
#include <string.h>

#include "../util/xalloc.h"
#include "../util/banned.h"

/* Bytes read in order; any read past the end clears ok. */
struct cursor {
	const uint8_t *p, *end;
	bool big_endian, ok;
};

static uint64_t read_fixed(struct cursor *c, unsigned size)
{
	uint64_t v = 0;
	unsigned i;

	if (!c->ok || (size_t)(c->end - c->p) < size) {
		c->ok = false;
		return 0;
	}
	for (i = 0; i < size; i++)
		v |= (uint64_t)c->p[c->big_endian ? size - 1 - i : i]
		     << (8 * i);
	c->p += size;
	return v;
}

static uint64_t read_uleb(struct cursor *c)
{
	uint64_t v = 0;
	unsigned shift = 0;

	while (c->ok && c->p < c->end) {
		uint8_t b = *c->p++;

		if (shift < 64)
			v |= (uint64_t)(b & 0x7f) << shift;
		shift += 7;
		if (!(b & 0x80))
			return v;
	}
	c->ok = false;
	return 0;
}

static void skip(struct cursor *c, uint64_t n)
{
	if (!c->ok || (uint64_t)(c->end - c->p) < n) {
		c->ok = false;
		return;
	}
	c->p += n;
}

/* A NUL-ended string in place, or NULL. */
static const char *read_cstr(struct cursor *c)
{
	const char *s = (const char *)c->p;
	const uint8_t *nul;

	if (!c->ok)
		return NULL;
	nul = memchr(c->p, 0, (size_t)(c->end - c->p));
	if (!nul) {
		c->ok = false;
		return NULL;
	}
	c->p = nul + 1;
	return s;
}

/* The NUL-ended string at off in a string section, or NULL. */
static const char *section_str(const uint8_t *sec, size_t len, uint64_t off)
{
	if (!sec || off >= len || !memchr(sec + off, 0, len - off))
		return NULL;
	return (const char *)sec + off;
}

/* What a header says, as it is read. */
struct header {
	const struct line_sections *s;
	struct cursor c;
	unsigned version, offset_size;
	/* directories as read: offsets in dirs, NUL-ended */
	struct strbuf dirs;
	size_t *dir, ndirs, dirs_alloc;
};

static void add_dir(struct header *h, const char *dir)
{
	ALLOC_GROW(h->dir, h->ndirs + 1, h->dirs_alloc);
	h->dir[h->ndirs++] = dir ? h->dirs.len : SIZE_MAX;
	if (dir)
		strbuf_add(&h->dirs, dir, strlen(dir) + 1);
}

static const char *dir_name(const struct header *h, uint64_t i)
{
	return i < h->ndirs && h->dir[i] != SIZE_MAX ? h->dirs.buf + h->dir[i]
						     : NULL;
}

/* A file's name as libdw gives it: relative names within their folder. */
static void add_file(struct header *h, struct line_files *out, const char *name,
		     uint64_t dir)
{
	const char *folder = dir_name(h, dir);

	ALLOC_GROW(out->offset, out->n + 1, out->alloc);
	if (!name) {
		out->offset[out->n++] = SIZE_MAX;
		return;
	}
	out->offset[out->n++] = out->names.len;
	if (name[0] != '/' && folder && *folder) {
		strbuf_adds(&out->names, folder);
		strbuf_addch(&out->names, '/');
	}
	strbuf_add(&out->names, name, strlen(name) + 1);
}

/* Before DWARF 5: lists of strings, each ended by an empty one. */
static int read_v4_tables(struct header *h, const char *comp_dir,
			  struct line_files *out)
{
	const char *s;

	add_dir(h, comp_dir);
	while ((s = read_cstr(&h->c)) && *s)
		add_dir(h, s);
	/* file 0 is none, and libdw names it so */
	add_file(h, out, "???", UINT64_MAX);
	while ((s = read_cstr(&h->c)) && *s) {
		uint64_t dir = read_uleb(&h->c);

		read_uleb(&h->c); /* modification time */
		read_uleb(&h->c); /* length */
		add_file(h, out, s, dir);
	}
	return h->c.ok ? 0 : -1;
}

/* One DWARF 5 entry field: a path or a directory index, or skipped. */
static bool read_field(struct header *h, uint64_t content, uint64_t form,
		       const char **path, uint64_t *dir)
{
	struct cursor *c = &h->c;
	const struct line_sections *s = h->s;
	uint64_t v = 0;

	switch (form) {
	case DW_FORM_string:
		if (content == DW_LNCT_path)
			*path = read_cstr(c);
		else
			read_cstr(c);
		return c->ok;
	case DW_FORM_line_strp:
	case DW_FORM_strp:
		v = read_fixed(c, h->offset_size);
		if (content == DW_LNCT_path) {
			*path =
			    form == DW_FORM_line_strp
				? section_str(s->line_str, s->line_str_len, v)
				: section_str(s->str, s->str_len, v);
			return c->ok && *path;
		}
		return c->ok;
	case DW_FORM_udata:
		v = read_uleb(c);
		break;
	case DW_FORM_data1:
		v = read_fixed(c, 1);
		break;
	case DW_FORM_data2:
		v = read_fixed(c, 2);
		break;
	case DW_FORM_data4:
		v = read_fixed(c, 4);
		break;
	case DW_FORM_data8:
		v = read_fixed(c, 8);
		break;
	case DW_FORM_data16:
		skip(c, 16);
		break;
	case DW_FORM_block:
		skip(c, read_uleb(c));
		break;
	default: /* strx and others: left to libdw */
		return false;
	}
	if (content == DW_LNCT_directory_index)
		*dir = v;
	else if (content == DW_LNCT_path)
		return false; /* a path that is not a string */
	return c->ok;
}

/* DWARF 5: entries described by a list of (content, form) pairs. */
static int read_v5_entries(struct header *h, struct line_files *out, bool files)
{
	uint64_t format[2 * 16], count, i, k;
	unsigned nformat = (unsigned)read_fixed(&h->c, 1);

	if (nformat > 16)
		return -1;
	for (k = 0; k < nformat; k++) {
		format[2 * k] = read_uleb(&h->c);
		format[2 * k + 1] = read_uleb(&h->c);
	}
	count = read_uleb(&h->c);
	if (!h->c.ok || count > (uint64_t)(h->c.end - h->c.p))
		return -1; /* each entry takes a byte at least */
	for (i = 0; i < count; i++) {
		const char *path = NULL;
		uint64_t dir = 0;

		for (k = 0; k < nformat; k++)
			if (!read_field(h, format[2 * k], format[2 * k + 1],
					&path, &dir))
				return -1;
		if (!path)
			return -1;
		if (files)
			add_file(h, out, path, dir);
		else
			add_dir(h, path);
	}
	return 0;
}

static int read_header(struct header *h, const char *comp_dir,
		       struct line_files *out)
{
	struct cursor *c = &h->c;
	uint64_t length = read_fixed(c, 4), header_length;
	uint8_t opcode_base;

	h->offset_size = 4;
	if (length == 0xffffffff) {
		length = read_fixed(c, 8);
		h->offset_size = 8;
	}
	if (!c->ok || length > (uint64_t)(c->end - c->p))
		return -1;
	c->end = c->p + length;
	h->version = (unsigned)read_fixed(c, 2);
	if (h->version < 2 || h->version > 5)
		return -1;
	if (h->version >= 5)
		skip(c, 2); /* address and segment selector sizes */
	header_length = read_fixed(c, h->offset_size);
	if (!c->ok || header_length > (uint64_t)(c->end - c->p))
		return -1;
	c->end = c->p + header_length;
	skip(c, h->version >= 4 ? 5 : 4); /* up to line_range */
	opcode_base = (uint8_t)read_fixed(c, 1);
	skip(c, opcode_base ? opcode_base - 1u : 0);
	if (!c->ok)
		return -1;
	if (h->version < 5)
		return read_v4_tables(h, comp_dir, out);
	if (read_v5_entries(h, out, false) || read_v5_entries(h, out, true))
		return -1;
	return 0;
}

int line_files_parse(const struct line_sections *sections, uint64_t off,
		     const char *comp_dir, struct line_files *out)
{
	struct header h = {.s = sections};
	int err;

	memset(out, 0, sizeof(*out));
	strbuf_init(&out->names);
	strbuf_init(&h.dirs);
	if (!sections->line || off >= sections->line_len)
		return -1;
	h.c.p = sections->line + off;
	h.c.end = sections->line + sections->line_len;
	h.c.big_endian = sections->big_endian;
	h.c.ok = true;
	err = read_header(&h, comp_dir, out);
	strbuf_release(&h.dirs);
	free(h.dir);
	if (err)
		line_files_free(out);
	return err;
}

/* A section's bytes, as libdw sees them (relocated, decompressed), or NULL. */
static const uint8_t *section_bytes(Elf_Scn *scn, const GElf_Shdr *shdr,
				    size_t *len)
{
	Elf_Data *data;

	if (shdr->sh_type == SHT_NOBITS || (shdr->sh_flags & SHF_COMPRESSED))
		return NULL;
	data = elf_getdata(scn, NULL);
	if (!data || !data->d_buf)
		return NULL;
	*len = data->d_size;
	return data->d_buf;
}

/* The three sections a header may refer to, in one pass over them all. */
static void find_sections(Elf *elf, size_t shstrndx, struct line_sections *s)
{
	Elf_Scn *scn = NULL;

	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr shdr;
		const char *name;

		if (!gelf_getshdr(scn, &shdr) ||
		    !(name = elf_strptr(elf, shstrndx, shdr.sh_name)))
			continue;
		if (!strcmp(name, ".debug_line"))
			s->line = section_bytes(scn, &shdr, &s->line_len);
		else if (!strcmp(name, ".debug_line_str"))
			s->line_str =
			    section_bytes(scn, &shdr, &s->line_str_len);
		else if (!strcmp(name, ".debug_str"))
			s->str = section_bytes(scn, &shdr, &s->str_len);
	}
}

int line_files_read(Dwarf_Die *cu, const char *comp_dir, struct line_files *out)
{
	Elf *elf = dwarf_getelf(dwarf_cu_getdwarf(cu->cu));
	struct line_sections s = {0};
	Dwarf_Attribute attr;
	Dwarf_Word off;
	uint8_t unit_type;
	const char *ident;
	size_t shstrndx;

	memset(out, 0, sizeof(*out));
	strbuf_init(&out->names);
	if (dwarf_cu_info(cu->cu, NULL, &unit_type, NULL, NULL, NULL, NULL,
			  NULL) != 0 ||
	    (unit_type != DW_UT_compile && unit_type != DW_UT_partial) ||
	    !dwarf_attr(cu, DW_AT_stmt_list, &attr) ||
	    dwarf_formudata(&attr, &off) != 0 || !elf ||
	    elf_getshdrstrndx(elf, &shstrndx) != 0)
		return -1;
	ident = elf_getident(elf, NULL);
	s.big_endian = ident && ident[EI_DATA] == ELFDATA2MSB;
	find_sections(elf, shstrndx, &s);
	return line_files_parse(&s, off, comp_dir, out);
}

void line_files_free(struct line_files *f)
{
	strbuf_release(&f->names);
	free(f->offset);
	memset(f, 0, sizeof(*f));
}
