// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Protobuf text format, as STG writes it, by recursive descent: fields
 * `name: value` and messages `name { ... }` (the colon allowed before a
 * brace), values that are numbers (decimal, or hexadecimal with 0x, a
 * minus sign before either), strings in double or single quotes with C's
 * escapes (adjacent strings joined), and identifiers (enum values,
 * true, false); `#` comments; a `;` or `,` after a field. Nothing else
 * of the format (floats, octal, extensions, Any, lists in brackets): no
 * maintained C library parses text format (protobuf-c and upb read the
 * binary wire format only), and STG writes none of it.
 *
 * Bounded by the input: the text is in memory already (its size capped
 * by the caller), messages nest at most STG_MAX_DEPTH deep, a name or
 * string is at most STG_MAX_TOKEN bytes, and only one top-level field
 * is held at a time.
 */
#include "stg_impl.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "../util/utf8.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

void stg_text_init(struct stg_text *t, const char *path, const char *data,
		   size_t len, struct diag *d)
{
	memset(t, 0, sizeof(*t));
	t->path = path;
	t->p = data;
	t->end = data + len;
	t->line = 1;
	strbuf_init(&t->scratch);
	t->d = d;
}

void stg_text_free(struct stg_text *t)
{
	free(t->fields);
	strbuf_release(&t->scratch);
	memset(t, 0, sizeof(*t));
}

__attribute__((format(printf, 2, 3))) static int fail(struct stg_text *t,
						      const char *fmt, ...)
{
	va_list ap;
	int err;

	va_start(ap, fmt);
	err = diag_verror(t->d, KABI_E_BAD_STG, DIAG_AT_LINE(t->path, t->line),
			  fmt, ap);
	va_end(ap);
	return err;
}

static bool is_name_start(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static bool is_name_char(char c)
{
	return is_name_start(c) || (c >= '0' && c <= '9');
}

/* White space, line ends (counted) and comments. */
static int skip_blank(struct stg_text *t)
{
	while (t->p < t->end) {
		char c = *t->p;

		if (c == '\n') {
			t->line++;
		} else if (c == '#') {
			const char *nl =
			    memchr(t->p, '\n', (size_t)(t->end - t->p));

			t->p = nl ? nl : t->end;
			continue;
		} else if (c == '\0') {
			return fail(t, "a NUL byte: not a text file");
		} else if (c != ' ' && c != '\t' && c != '\r' && c != '\f' &&
			   c != '\v') {
			break; /* not strchr: the hottest loop of the reader */
		}
		t->p++;
	}
	return 0;
}

static uint32_t new_field(struct stg_text *t, uint8_t kind)
{
	struct stg_field *f;

	ALLOC_GROW(t->fields, t->nfields + 1, t->alloc);
	f = &t->fields[t->nfields];
	memset(f, 0, sizeof(*f));
	f->kind = kind;
	f->line = t->line;
	return (uint32_t)t->nfields++;
}

/* Bytes appended to the scratch, NUL-ended; their offset. */
static uint32_t add_scratch(struct stg_text *t, const char *s, size_t len)
{
	uint32_t off = (uint32_t)t->scratch.len;

	strbuf_add(&t->scratch, s, len);
	strbuf_addch(&t->scratch, '\0');
	return off;
}

/* A field's name or an identifier; its offset in the scratch. */
static int read_name(struct stg_text *t, uint32_t *off)
{
	const char *s = t->p;

	if (t->p == t->end || !is_name_start(*t->p))
		return fail(t, "expected a field name, found %s",
			    t->p == t->end ? "the end of the text"
					   : "another character");
	while (t->p < t->end && is_name_char(*t->p))
		t->p++;
	if ((size_t)(t->p - s) > STG_MAX_TOKEN)
		return fail(t, "a name longer than %u KiB",
			    STG_MAX_TOKEN >> 10);
	*off = add_scratch(t, s, (size_t)(t->p - s));
	return 0;
}

/* The digits of a number in base 10 or 16, without overflow. */
static int read_digits(struct stg_text *t, unsigned base, uint64_t *out)
{
	const char *s = t->p;
	uint64_t v = 0;
	int digit;

	while (t->p < t->end && (digit = hex_digit_value(*t->p)) >= 0 &&
	       (unsigned)digit < base) {
		if (v > (UINT64_MAX - (unsigned)digit) / base)
			return fail(t, "a number past 64 bits");
		v = v * base + (unsigned)digit;
		t->p++;
	}
	if (t->p == s)
		return fail(t, "a number without digits");
	*out = v;
	return 0;
}

static int read_number(struct stg_text *t, struct stg_field *f)
{
	const char *start;
	int err;

	if (*t->p == '-') {
		f->negative = true;
		t->p++;
	}
	start = t->p;
	if (t->end - t->p > 2 && t->p[0] == '0' &&
	    (t->p[1] == 'x' || t->p[1] == 'X')) {
		t->p += 2;
		err = read_digits(t, 16, &f->number);
	} else {
		err = read_digits(t, 10, &f->number);
		/* protobuf reads "017" as octal; STG writes no such number */
		if (!err && *start == '0' && t->p - start > 1)
			return fail(t, "a number with a leading zero");
	}
	if (!err && t->p < t->end && (is_name_char(*t->p) || *t->p == '.'))
		return fail(t, "a bad number (STG writes integers only)");
	return err;
}

/* One escape after a backslash, appended to sb. */
static int read_escape(struct stg_text *t, struct strbuf *sb)
{
	static const char from[] = "ntrabfv\\\"'?",
			  to[] = "\n\t\r\a\b\f\v\\\"'?";
	const char *hit;
	unsigned v = 0, n;

	if (t->p == t->end)
		return fail(t, "the text ends inside a string");
	hit = strchr(from, *t->p);
	if (*t->p && hit) {
		strbuf_addch(sb, to[hit - from]);
		t->p++;
		return 0;
	}
	if (*t->p >= '0' && *t->p <= '7') {
		for (n = 0;
		     n < 3 && t->p < t->end && *t->p >= '0' && *t->p <= '7';
		     n++)
			v = v * 8 + (unsigned)(*t->p++ - '0');
	} else if (*t->p == 'x' && t->p + 1 < t->end &&
		   hex_digit_value(t->p[1]) >= 0) {
		t->p++;
		for (n = 0;
		     n < 2 && t->p < t->end && hex_digit_value(*t->p) >= 0; n++)
			v = v * 16 + (unsigned)hex_digit_value(*t->p++);
	} else {
		return fail(t, "an unknown escape in a string");
	}
	if (!v || v > 0xff)
		return fail(t, "a string holding a NUL byte or past a byte");
	strbuf_addch(sb, (char)v);
	return 0;
}

/*
 * One quoted string, appended to sb (whose length before it is start);
 * on one line, as protobuf has it. Runs without escapes are copied at
 * once: names are most of a kernel's .stg.
 */
static int read_quoted(struct stg_text *t, struct strbuf *sb, size_t start)
{
	char quote = *t->p++;

	for (;;) {
		const char *run = t->p;

		while (t->p < t->end && *t->p != quote && *t->p != '\\' &&
		       *t->p != '\n' && *t->p != '\0')
			t->p++;
		strbuf_add(sb, run, (size_t)(t->p - run));
		if (sb->len - start > STG_MAX_TOKEN)
			return fail(t, "a string longer than %u KiB",
				    STG_MAX_TOKEN >> 10);
		if (t->p == t->end)
			return fail(t, "the text ends inside a string");
		if (*t->p == quote) {
			t->p++;
			return 0;
		}
		if (*t->p != '\\')
			return fail(t, "a string not closed on its line");
		t->p++;
		if (read_escape(t, sb))
			return -KABI_E_BAD_STG;
	}
}

/* Adjacent strings are one, as in C: into the scratch, NUL-ended. */
static int read_string(struct stg_text *t, struct stg_field *f)
{
	size_t start = t->scratch.len;
	int err = 0;

	while (!err && t->p < t->end && (*t->p == '"' || *t->p == '\'')) {
		err = read_quoted(t, &t->scratch, start);
		if (!err)
			err = skip_blank(t);
	}
	strbuf_addch(&t->scratch, '\0');
	f->value = (uint32_t)start;
	return err;
}

static int read_scalar(struct stg_text *t, uint32_t field)
{
	struct stg_field *f = &t->fields[field];
	char c = t->p < t->end ? *t->p : '\0';

	if (c == '"' || c == '\'') {
		f->kind = STG_STRING;
		return read_string(t, f);
	}
	if (c == '-' || (c >= '0' && c <= '9')) {
		f->kind = STG_NUMBER;
		return read_number(t, f);
	}
	if (is_name_start(c)) {
		f->kind = STG_IDENT;
		return read_name(t, &f->value);
	}
	return fail(t, "expected a value after '%s:'",
		    stg_text_str(t, f->name));
}

static int read_field(struct stg_text *t, unsigned depth, uint32_t *out);

/* The fields of a message, up to its closing brace. */
static int read_message(struct stg_text *t, unsigned depth, uint32_t field)
{
	unsigned long opened = t->line;
	uint32_t last = 0, child;
	int err;

	if (depth > STG_MAX_DEPTH)
		return fail(t, "messages nested more than %d deep",
			    STG_MAX_DEPTH);
	t->p++; /* the brace */
	for (;;) {
		if ((err = skip_blank(t)))
			return err;
		if (t->p == t->end)
			return fail(t,
				    "the text ends inside '%s', opened at "
				    "line %lu",
				    stg_text_str(t, t->fields[field].name),
				    opened);
		if (*t->p == '}') {
			t->p++;
			return 0;
		}
		if ((err = read_field(t, depth + 1, &child)))
			return err;
		if (last)
			t->fields[last].next = child;
		else
			t->fields[field].child = child;
		last = child;
	}
}

static int read_field(struct stg_text *t, unsigned depth, uint32_t *out)
{
	uint32_t field = new_field(t, STG_MESSAGE), name;
	bool colon = false;
	int err = read_name(t, &name);

	if (err)
		return err;
	t->fields[field].name = name;
	*out = field;
	if ((err = skip_blank(t)))
		return err;
	if (t->p < t->end && *t->p == ':') {
		colon = true;
		t->p++;
		if ((err = skip_blank(t)))
			return err;
	}
	if (t->p < t->end && *t->p == '{')
		err = read_message(t, depth, field);
	else if (colon)
		err = read_scalar(t, field);
	else
		return fail(t, "expected ':' or '{' after '%s'",
			    stg_text_str(t, name));
	if (!err)
		err = skip_blank(t);
	if (!err && t->p < t->end && (*t->p == ';' || *t->p == ','))
		t->p++;
	return err;
}

int stg_text_next(struct stg_text *t, uint32_t *top)
{
	int err;

	t->nfields = 1; /* 0 is none */
	strbuf_reset(&t->scratch);
	if ((err = skip_blank(t)))
		return err;
	if (t->p == t->end)
		return 0;
	if ((err = read_field(t, 1, top)))
		return err;
	return 1;
}
