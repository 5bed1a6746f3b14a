// SPDX-License-Identifier: GPL-2.0-or-later
/* Module.symvers read into the model; see symvers.h. */
#include "symvers.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "../util/lines.h"
#include "../util/strbuf.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

/* "0x" and eight hex digits */
static bool is_crc(const char *s, size_t len)
{
	size_t i;

	if (len != 10 || s[0] != '0' || s[1] != 'x')
		return false;
	for (i = 2; i < len; i++)
		if (!strchr("0123456789abcdefABCDEF", s[i]))
			return false;
	return true;
}

bool symvers_looks_like(const struct source *src)
{
	size_t len = strcspn(src->head, "\t\n");

	return len <= src->head_len && is_crc(src->head, len) &&
	       len < src->head_len && src->head[len] == '\t';
}

/* The fields of a line, split at tabs in place. */
struct fields {
	char *v[6];
	size_t n;
};

static void split(char *line, struct fields *f)
{
	f->n = 0;
	while (f->n < 6) {
		f->v[f->n++] = line;
		line = strchr(line, '\t');
		if (!line)
			return;
		*line++ = '\0';
	}
}

static bool is_symbol_name(const char *s)
{
	if (!*s)
		return false;
	for (; *s; s++)
		if (!strchr(
			"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			"0123456789_.$",
			*s))
			return false;
	return true;
}

struct symvers_reader {
	struct source *src;
	struct kabi_model *m;
	struct diag *d;
	unsigned long line;
};

__attribute__((format(printf, 2, 3))) static int fail(struct symvers_reader *r,
						      const char *fmt, ...)
{
	va_list ap;
	int err;

	va_start(ap, fmt);
	err = diag_verror(r->d, KABI_E_BAD_SYMVERS,
			  DIAG_AT_LINE(r->src->name, r->line), fmt, ap);
	va_end(ap);
	return err;
}

/* One line: "CRC, name, module, export kind[, namespace]". */
static int read_line(struct symvers_reader *r, char *line)
{
	struct kabi_model *m = r->m;
	struct kabi_symbol s = {0};
	struct fields f;
	unsigned long crc;

	split(line, &f);
	if (f.n != 4 && f.n != 5)
		return fail(r,
			    "%zu fields: a Module.symvers line has 4 or 5, "
			    "separated by tabs",
			    f.n);
	if (!is_crc(f.v[0], strlen(f.v[0])))
		return fail(r, "bad CRC '%s'", f.v[0]);
	if (!is_symbol_name(f.v[1]))
		return fail(r, "'%s' is not a symbol name", f.v[1]);
	if (!*f.v[2])
		return fail(r, "no module for '%s'", f.v[1]);
	/* EXPORT_UNUSED_SYMBOL[_GPL] went with 5.13: the same kinds */
	if (strcmp(f.v[3], "EXPORT_SYMBOL") &&
	    strcmp(f.v[3], "EXPORT_SYMBOL_GPL") &&
	    strcmp(f.v[3], "EXPORT_UNUSED_SYMBOL") &&
	    strcmp(f.v[3], "EXPORT_UNUSED_SYMBOL_GPL"))
		return fail(r, "unknown export kind '%s'", f.v[3]);
	crc = strtoul(f.v[0] + 2, NULL, 16);
	s.name = model_intern(m, f.v[1]);
	s.module = model_intern(m, f.v[2]);
	s.ns = f.n == 5 ? model_intern(m, f.v[4]) : 0;
	s.crc = (uint32_t)crc;
	/* a kernel without modversions writes 0x00000000 for every CRC */
	if (crc)
		s.flags |= KABI_SYM_HAS_CRC;
	if (strlen(f.v[3]) > 4 && !strcmp(f.v[3] + strlen(f.v[3]) - 4, "_GPL"))
		s.flags |= KABI_SYM_GPL;
	model_add_symbol(m, &s);
	return 0;
}

/* After sorting: each export once. */
static int check_repeats(struct symvers_reader *r)
{
	const struct kabi_model *m = r->m;
	size_t i;

	for (i = 1; i < m->nsymbols; i++) {
		const struct kabi_symbol *a = &m->symbols[i - 1];
		const struct kabi_symbol *b = &m->symbols[i];

		if (a->name == b->name && a->module == b->module)
			return diag_error(r->d, KABI_E_BAD_SYMVERS,
					  DIAG_AT_FILE(r->src->name),
					  "'%s' of '%s' listed twice",
					  model_str(m, b->name),
					  model_str(m, b->module));
	}
	return 0;
}

/*
 * The release, when the file's name says it: /boot/symvers-RELEASE.gz,
 * or /usr/src/linux-headers-RELEASE/Module.symvers.
 */
static char *release_of(const char *path)
{
	const char *base = strrchr(path, '/'), *dir;
	size_t len;

	base = base ? base + 1 : path;
	if (!strncmp(base, "symvers-", 8) && base[8]) {
		len = strcspn(base + 8, "");
		if (len > 3 && !strcmp(base + 8 + len - 3, ".gz"))
			len -= 3;
		return xstrndup(base + 8, len);
	}
	if (base - path < 2)
		return NULL;
	/* the folder holding it: from after the slash before it */
	for (dir = base - 1; dir > path && dir[-1] != '/'; dir--)
		;
	len = (size_t)(base - 1 - dir);
	if (len > 14 && !strncmp(dir, "linux-headers-", 14))
		return xstrndup(dir + 14, len - 14);
	return NULL;
}

int symvers_read(struct source *src, struct kabi_model *out, struct diag *d)
{
	char *release = release_of(src->path);
	struct symvers_reader r = {src, out, d, 0};
	struct strbuf buf = STRBUF_INIT;
	char chunk[65536];
	int n, err = 0;
	size_t start, total = 0;

	out->no_types = true;
	if (release)
		out->release = model_intern(out, release);
	free(release);
	while (!err && (n = source_read(src, chunk, sizeof(chunk))) > 0) {
		total += (size_t)n;
		if (total > LINES_MAX_FILE) {
			err = diag_error(d, KABI_E_BAD_SYMVERS,
					 DIAG_AT_FILE(src->name),
					 "larger than %u MiB: not a "
					 "Module.symvers (a kernel's is 2 MiB)",
					 LINES_MAX_FILE >> 20);
			break;
		}
		strbuf_add(&buf, chunk, (size_t)n);
		/* every whole line in the buffer, the rest kept for later */
		start = 0;
		for (;;) {
			char *nl =
			    memchr(buf.buf + start, '\n', buf.len - start);

			if (!nl || err)
				break;
			*nl = '\0';
			if (nl > buf.buf + start && nl[-1] == '\r')
				nl[-1] = '\0';
			r.line++;
			if (nl > buf.buf + start)
				err = read_line(&r, buf.buf + start);
			start = (size_t)(nl - buf.buf) + 1;
		}
		memmove(buf.buf, buf.buf + start, buf.len - start);
		strbuf_setlen(&buf, buf.len - start);
		/* what is kept is one line's start: bounded, so reading is
		   linear in the file, however long its lines */
		if (!err && buf.len > LINES_MAX_LINE)
			err = diag_error(
			    d, KABI_E_BAD_SYMVERS,
			    DIAG_AT_LINE(src->name, r.line + 1),
			    "line longer than %u KiB: not a Module.symvers",
			    LINES_MAX_LINE >> 10);
	}
	if (!err && n < 0)
		err = diag_error(d, KABI_E_BAD_SYMVERS, DIAG_AT_FILE(src->name),
				 "%s", src->error ? src->error : "cannot read");
	if (!err && buf.len) { /* a last line without its newline */
		r.line++;
		strbuf_addch(&buf, '\0');
		err = read_line(&r, buf.buf);
	}
	strbuf_release(&buf);
	if (!err && !out->nsymbols)
		err = diag_error(d, KABI_E_BAD_SYMVERS, DIAG_AT_FILE(src->name),
				 "no exports listed");
	if (!err) {
		model_sort_symbols(out);
		err = check_repeats(&r);
	}
	if (err) {
		model_free(out);
		model_init(out);
	}
	return err;
}
