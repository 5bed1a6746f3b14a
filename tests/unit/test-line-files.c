// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * File names from line table headers built by hand: DWARF 4 and 5, both
 * byte orders, the 64-bit format, and headers cut short or lying about
 * their sizes, which must fail without reading past the section.
 */
#include <dwarf.h>
#include <stdlib.h>

#include "tap.h"
#include "dwarf/line_files.h"
#include "util/strbuf.h"

/* A section being built, in a chosen byte order. */
struct bytes {
	struct strbuf sb;
	bool big_endian;
};

static void put(struct bytes *b, uint64_t v, unsigned size)
{
	unsigned i;

	for (i = 0; i < size; i++) {
		unsigned shift = 8 * (b->big_endian ? size - 1 - i : i);

		strbuf_addch(&b->sb, (char)(v >> shift));
	}
}

static void put_str(struct bytes *b, const char *s)
{
	strbuf_add(&b->sb, s, strlen(s) + 1);
}

/* The length fields, written once what follows them is known. */
static void patch(struct bytes *b, size_t at, uint64_t v, unsigned size)
{
	struct bytes tmp = {STRBUF_INIT, b->big_endian};

	put(&tmp, v, size);
	memcpy(b->sb.buf + at, tmp.sb.buf, size);
	strbuf_release(&tmp.sb);
}

/* The fields from minimum_instruction_length to the opcode lengths. */
static void put_fixed_fields(struct bytes *b, unsigned version)
{
	put(b, 1, 1); /* minimum instruction length */
	if (version >= 4)
		put(b, 1, 1); /* maximum operations per instruction */
	put(b, 1, 1);	      /* default_is_stmt */
	put(b, 0xfb, 1);      /* line base */
	put(b, 14, 1);	      /* line range */
	put(b, 13, 1);	      /* opcode base */
	strbuf_add(&b->sb, "\0\1\1\1\1\0\0\0\1\0\0\1", 12);
}

/* A DWARF 4 header: two folders, three files. */
static void build_v4(struct bytes *b)
{
	size_t len_at, hlen_at, start;

	len_at = b->sb.len;
	put(b, 0, 4);
	start = b->sb.len;
	put(b, 4, 2);
	hlen_at = b->sb.len;
	put(b, 0, 4);
	put_fixed_fields(b, 4);
	put_str(b, "include/linux");
	put_str(b, "/usr/include");
	put_str(b, "");
	put_str(b, "fs/demo.c");
	strbuf_add(&b->sb, "\0\0\0", 3);
	put_str(b, "list.h");
	strbuf_add(&b->sb, "\1\0\0", 3);
	put_str(b, "stddef.h");
	strbuf_add(&b->sb, "\2\0\0", 3);
	put_str(b, "");
	patch(b, hlen_at, b->sb.len - hlen_at - 4, 4);
	strbuf_add(&b->sb, "\0\1\1", 3); /* a line program, not read */
	patch(b, len_at, b->sb.len - start, 4);
}

/* A DWARF 5 header in the 64-bit format, names in .debug_line_str. */
static void build_v5(struct bytes *b, struct strbuf *line_str)
{
	size_t len_at, hlen_at, start;

	put(b, 0xffffffff, 4);
	len_at = b->sb.len;
	put(b, 0, 8);
	start = b->sb.len;
	put(b, 5, 2);
	put(b, 8, 1); /* address size */
	put(b, 0, 1); /* segment selector size */
	hlen_at = b->sb.len;
	put(b, 0, 8);
	put_fixed_fields(b, 5);
	/* folders: a path as a line_strp */
	put(b, 1, 1);
	put(b, DW_LNCT_path, 1);
	put(b, DW_FORM_line_strp, 1);
	put(b, 2, 1);
	put(b, line_str->len, 8);
	strbuf_add(line_str, "/build/linux", 13);
	put(b, line_str->len, 8);
	strbuf_add(line_str, "include", 8);
	/* files: an inline path, a folder index, an MD5 */
	put(b, 3, 1);
	put(b, DW_LNCT_path, 1);
	put(b, DW_FORM_string, 1);
	put(b, DW_LNCT_directory_index, 1);
	put(b, DW_FORM_udata, 1);
	put(b, DW_LNCT_MD5, 1);
	put(b, DW_FORM_data16, 1);
	put(b, 2, 1);
	put_str(b, "kernel/fork.c");
	put(b, 0, 1);
	strbuf_add(&b->sb, "0123456789abcdef", 16);
	put_str(b, "linux/sched.h");
	put(b, 1, 1);
	strbuf_add(&b->sb, "0123456789abcdef", 16);
	patch(b, hlen_at, b->sb.len - hlen_at - 8, 8);
	patch(b, len_at, b->sb.len - start, 8);
}

static int parse(const struct bytes *b, const struct strbuf *line_str,
		 size_t len, const char *comp_dir, struct line_files *out)
{
	struct line_sections s = {(const uint8_t *)b->sb.buf,
				  line_str ? (const uint8_t *)line_str->buf
					   : NULL,
				  NULL,
				  len,
				  line_str ? line_str->len : 0,
				  0,
				  b->big_endian};

	return line_files_parse(&s, 0, comp_dir, out);
}

static void check_v4(bool big_endian)
{
	struct bytes b = {STRBUF_INIT, big_endian};
	struct line_files f;
	size_t cut, failed = 0;

	build_v4(&b);
	ok(!parse(&b, NULL, b.sb.len, "/build/linux", &f), "DWARF 4 read");
	is_int(f.n, 4, "DWARF 4: file 0 and three files");
	is_str(line_file(&f, 0), "???", "DWARF 4: file 0 as libdw names it");
	is_str(line_file(&f, 1), "/build/linux/fs/demo.c",
	       "DWARF 4: folder 0 is the unit's");
	is_str(line_file(&f, 2), "include/linux/list.h",
	       "DWARF 4: a relative folder");
	is_str(line_file(&f, 3), "/usr/include/stddef.h",
	       "DWARF 4: an absolute folder");
	ok(!line_file(&f, 4), "DWARF 4: no file past the table");
	line_files_free(&f);
	ok(!parse(&b, NULL, b.sb.len, NULL, &f) &&
	       !strcmp(line_file(&f, 1), "fs/demo.c"),
	   "DWARF 4: without a unit folder, the name alone");
	line_files_free(&f);
	for (cut = 0; cut + 3 < b.sb.len; cut++) {
		failed += !parse(&b, NULL, cut, NULL, &f);
		line_files_free(&f);
	}
	is_int(failed, 0, "DWARF 4 cut anywhere in its header: refused");
	strbuf_release(&b.sb);
}

static void check_v5(bool big_endian)
{
	struct bytes b = {STRBUF_INIT, big_endian};
	struct strbuf line_str = STRBUF_INIT;
	struct line_files f;
	size_t cut, failed = 0;

	strbuf_addch(&line_str, '\0');
	build_v5(&b, &line_str);
	ok(!parse(&b, &line_str, b.sb.len, NULL, &f), "DWARF 5 read");
	is_int(f.n, 2, "DWARF 5: two files");
	is_str(line_file(&f, 0), "/build/linux/kernel/fork.c",
	       "DWARF 5: file 0 is a file");
	is_str(line_file(&f, 1), "include/linux/sched.h",
	       "DWARF 5: a folder in .debug_line_str");
	line_files_free(&f);
	for (cut = 0; cut < b.sb.len; cut++) {
		failed += !parse(&b, &line_str, cut, NULL, &f);
		line_files_free(&f);
	}
	is_int(failed, 0, "DWARF 5 cut anywhere: refused");
	ok(parse(&b, NULL, b.sb.len, NULL, &f),
	   "DWARF 5 without its .debug_line_str: refused");
	line_files_free(&f);
	strbuf_release(&line_str);
	strbuf_release(&b.sb);
}

int main(void)
{
	struct bytes b = {STRBUF_INIT, false};
	struct line_files f;

	check_v4(false);
	check_v4(true);
	check_v5(false);
	check_v5(true);
	put(&b, 40, 4);
	put(&b, 6, 2);
	strbuf_add(&b.sb, "\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0", 21);
	ok(parse(&b, NULL, b.sb.len, NULL, &f), "version 6: refused");
	line_files_free(&f);
	patch(&b, 0, 0xfffffff0, 4);
	patch(&b, 4, 4, 2);
	ok(parse(&b, NULL, b.sb.len, NULL, &f),
	   "a length past the section: refused");
	line_files_free(&f);
	strbuf_release(&b.sb);
	return tap_done();
}
