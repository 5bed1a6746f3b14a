// SPDX-License-Identifier: GPL-2.0-or-later
/* Diagnostics collected by the stages and printed by main; see diag.h. */
#include "diag.h"
#include "term.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "strbuf.h"
#include "xalloc.h"
#include "banned.h"

static const char *const error_texts[] = {
#define KABI_ERROR(code, text) [KABI_E_##code] = text,
    KABI_ERRORS
#undef KABI_ERROR
};

const char *kabi_strerror(enum kabi_error code)
{
	if ((unsigned)code >= KABI_E_COUNT)
		return "unknown error";
	return error_texts[code];
}

void diag_init(struct diag *d)
{
	memset(d, 0, sizeof(*d));
}

void diag_free(struct diag *d)
{
	size_t i;

	for (i = 0; i < d->count; i++)
		free(d->msgs[i].text);
	free(d->msgs);
	diag_init(d);
}

static void format_loc(struct strbuf *sb, const struct diag_loc *loc)
{
	if (!loc->path) {
		strbuf_adds(sb, "kabi");
		return;
	}
	strbuf_adds(sb, loc->path);
	if (loc->line)
		strbuf_addf(sb, ":%lu", loc->line);
	else if (loc->section && loc->has_offset)
		strbuf_addf(sb, ":%s+0x%" PRIx64, loc->section, loc->offset);
	else if (loc->section)
		strbuf_addf(sb, ":%s", loc->section);
	else if (loc->has_offset)
		strbuf_addf(sb, ":0x%" PRIx64, loc->offset);
}

/*
 * Names in messages come from the input; a damaged file must not be able
 * to send control characters to the terminal.
 */
static void replace_control_chars(char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			*s = '?';
}

__attribute__((format(printf, 5, 0))) static void
add_message(struct diag *d, enum diag_level level, enum kabi_error code,
	    const struct diag_loc *loc, const char *fmt, va_list ap)
{
	struct strbuf sb = STRBUF_INIT;
	struct diag_message *m;

	format_loc(&sb, loc);
	strbuf_adds(&sb, level == DIAG_ERROR ? ": error: " : ": warning: ");
	strbuf_vaddf(&sb, fmt, ap);
	ALLOC_GROW(d->msgs, d->count + 1, d->alloc);
	m = &d->msgs[d->count++];
	m->level = level;
	m->code = code;
	m->text = strbuf_detach(&sb);
	replace_control_chars(m->text);
}

int diag_verror(struct diag *d, enum kabi_error code, struct diag_loc loc,
		const char *fmt, va_list ap)
{
	add_message(d, DIAG_ERROR, code, &loc, fmt, ap);
	d->errors++;
	return -(int)code;
}

int diag_error(struct diag *d, enum kabi_error code, struct diag_loc loc,
	       const char *fmt, ...)
{
	va_list ap;
	int err;

	va_start(ap, fmt);
	err = diag_verror(d, code, loc, fmt, ap);
	va_end(ap);
	return err;
}

void diag_warning(struct diag *d, struct diag_loc loc, const char *fmt, ...)
{
	va_list ap;

	if (d->warnings++ >= DIAG_WARNING_CAP) {
		d->warnings_dropped++;
		return;
	}
	va_start(ap, fmt);
	add_message(d, DIAG_WARNING, KABI_E_OK, &loc, fmt, ap);
	va_end(ap);
}

struct diag_mark diag_mark(const struct diag *d)
{
	struct diag_mark m = {d->count, d->errors, d->warnings,
			      d->warnings_dropped};

	return m;
}

void diag_rollback(struct diag *d, struct diag_mark mark)
{
	while (d->count > mark.count)
		free(d->msgs[--d->count].text);
	d->errors = mark.errors;
	d->warnings = mark.warnings;
	d->warnings_dropped = mark.warnings_dropped;
}

void diag_move(struct diag *dst, struct diag *src)
{
	size_t i;

	for (i = 0; i < src->count; i++) {
		ALLOC_GROW(dst->msgs, dst->count + 1, dst->alloc);
		dst->msgs[dst->count++] = src->msgs[i];
	}
	dst->errors += src->errors;
	dst->warnings += src->warnings;
	dst->warnings_dropped += src->warnings_dropped;
	free(src->msgs);
	diag_init(src);
}

void diag_flush(struct diag *d, FILE *to)
{
	/* messages quote names from the files read: text, not commands */
	FILE *safe = term_safe_open(to), *out = safe ? safe : to;
	size_t i;

	for (i = 0; i < d->count; i++)
		fprintf(out, "%s\n", d->msgs[i].text);
	if (d->warnings_dropped)
		fprintf(out, "kabi: warning: %zu more warnings not shown\n",
			d->warnings_dropped);
	if (safe)
		fclose(safe);
	fflush(to);
	for (i = 0; i < d->count; i++)
		free(d->msgs[i].text);
	d->count = 0;
	d->warnings_dropped = 0;
}
