// SPDX-License-Identifier: GPL-2.0-or-later
/* A stream that shows a terminal's control bytes as text; see term.h. */
#include "term.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "utf8.h"
#include "xalloc.h"
#include "banned.h"

struct term_safe {
	FILE *out;
	/* the start of a UTF-8 sequence the last write cut */
	unsigned char pending[4];
	size_t npending;
};

static void put_escaped(FILE *out, unsigned char c)
{
	fprintf(out, "\\x%02x", c);
}

static bool plain(unsigned char c)
{
	return (c >= 0x20 && c < 0x7f) || c == '\n' || c == '\t';
}

/* The bytes a lead byte says its sequence has; 1 for any other byte. */
static size_t sequence_length(unsigned char c)
{
	return c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
}

/* One whole sequence (or stray byte), written as is or escaped. */
static void put_sequence(FILE *out, const unsigned char *s, size_t n)
{
	unsigned char buf[5] = {0};
	uint32_t cp = 0;
	size_t i;

	memcpy(buf, s, n);
	if (n == 1 && plain(buf[0])) {
		fputc(buf[0], out);
		return;
	}
	/* valid, and no C1 control (U+0080 to U+009F) */
	if (n > 1 && utf8_sequence(buf, &cp) == n && cp >= 0xa0) {
		fwrite(buf, 1, n, out);
		return;
	}
	for (i = 0; i < n; i++)
		put_escaped(out, buf[i]);
}

static ssize_t term_write(void *cookie, const char *data, size_t len)
{
	struct term_safe *t = cookie;
	const unsigned char *s = (const unsigned char *)data;
	size_t i = 0;

	while (i < len) {
		unsigned char seq[4];
		size_t want, have = t->npending, run = i;

		/* most of a report is plain ASCII: written a run at once */
		while (!have && run < len && plain(s[run]))
			run++;
		if (run > i) {
			fwrite(s + i, 1, run - i, t->out);
			i = run;
			continue;
		}
		want = sequence_length(have ? t->pending[0] : s[i]);
		memcpy(seq, t->pending, have);
		while (have < want && i < len &&
		       (!have || (s[i] & 0xc0) == 0x80))
			seq[have++] = s[i++];
		if (have < want && i == len) { /* cut by the write: later */
			memcpy(t->pending, seq, have);
			t->npending = have;
			return (ssize_t)len;
		}
		t->npending = 0;
		put_sequence(t->out, seq, have);
	}
	return (ssize_t)len;
}

static int term_close(void *cookie)
{
	struct term_safe *t = cookie;
	size_t i;

	for (i = 0; i < t->npending; i++)
		put_escaped(t->out, t->pending[i]);
	free(t);
	return 0;
}

FILE *term_safe_open(FILE *out)
{
	cookie_io_functions_t io = {NULL, term_write, NULL, term_close};
	struct term_safe *t = xcalloc(1, sizeof(*t));
	FILE *f = fopencookie(t, "w", io);

	if (!f)
		free(t);
	else
		t->out = out;
	return f;
}
