// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What ABIXML's elements are read with: attributes (libxml2's SAX2 gives
 * them), numbers, ids numbered, and the first error, held until the
 * parser moves on (a truncated tag is reported as such, not as what the
 * half-read element lacks), then reported, and the input ends. Unknown
 * attributes are let be: libabigail adds some in each version (a
 * location, an access, a hash), and those a layout depends on are read.
 */
#include "abixml_impl.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/SAX2.h>

#include "../store/store.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

int abixml_fail(struct abixml_reader *r, const char *fmt, ...)
{
	va_list ap;

	if (r->err)
		return r->err;
	va_start(ap, fmt);
	strbuf_vaddf(&r->held, fmt, ap);
	va_end(ap);
	r->held_line = r->line;
	r->err = -KABI_E_BAD_ABIXML;
	return r->err;
}

void abixml_commit_error(struct abixml_reader *r)
{
	if (!r->held.len)
		return;
	if (!r->src->error) /* a decompression error is said instead */
		diag_error(r->d, KABI_E_BAD_ABIXML,
			   DIAG_AT_LINE(r->path, r->held_line), "%s",
			   r->held.buf);
	strbuf_reset(&r->held);
	r->stopped = true;
}

void abixml_xml_error(void *arg, xmlErrorPtr error)
{
	struct abixml_reader *r = arg;
	size_t len;

	if (error->level < XML_ERR_ERROR)
		return;
	if (r->held.len) { /* the element held an error: this says more */
		strbuf_reset(&r->held);
		r->err = 0;
	}
	r->line = error->line > 0 ? (unsigned long)error->line : 0;
	len = error->message ? strlen(error->message) : 0;
	while (len && error->message[len - 1] == '\n')
		len--;
	abixml_fail(r, "not well-formed XML: %.*s", (int)len,
		    error->message ? error->message : "");
	abixml_commit_error(r);
}

/* --- text --------------------------------------------------------------- */

int abixml_give(const char *text, size_t len, size_t *pos, char *buf, int room)
{
	size_t n = len - *pos;

	if (room <= 0)
		return 0;
	if (n > (size_t)room)
		n = (size_t)room;
	memcpy(buf, text + *pos, n);
	*pos += n;
	return (int)n;
}

/* Called for every indentation: no strchr per character. */
bool abixml_blank(const xmlChar *text, int len)
{
	int i;

	for (i = 0; i < len && (text[i] == ' ' || text[i] == '\n' ||
				text[i] == '\t' || text[i] == '\r');
	     i++)
		;
	return i == len;
}

/* --- attributes ------------------------------------------------------- */

/*
 * Kept as libxml2 gives them, decoded only when asked for: most of
 * ABIXML's (a location, an access, a visibility) are never read. A NUL
 * can only be there as libxml2 hands the value over ('&' decodes to no
 * NUL), so it is looked for in every value, read or not.
 */
int abixml_read_attrs(struct abixml_reader *r, int nattrs,
		      const xmlChar **attrs)
{
	size_t room = 0;
	int i;

	r->nattrs = 0;
	for (i = 0; i < nattrs; i++) {
		const xmlChar **at = &attrs[5 * i];
		struct abixml_attr *a = &r->attrs[r->nattrs];

		if (r->nattrs == ABIXML_MAX_ATTRS)
			return abixml_fail(r, "too many attributes on <%s>",
					   r->element);
		a->name = (const char *)at[0];
		a->raw = (const char *)at[3];
		a->len = (size_t)(at[4] - at[3]);
		a->value = NULL;
		if (memchr(a->raw, '\0', a->len))
			return abixml_fail(
			    r, "a NUL byte in the '%s' attribute", a->name);
		room += a->len + 1;
		r->nattrs++;
	}
	/* room for every value decoded: no pointer given out moves */
	strbuf_reset(&r->values);
	strbuf_grow(&r->values, room);
	return 0;
}

static const char *decode(struct abixml_reader *r, struct abixml_attr *a)
{
	size_t len = a->len;
	const char *value = xml_decode_ampersands(&r->spare, a->raw, &len);

	a->value = r->values.buf + r->values.len;
	strbuf_add(&r->values, value, len);
	strbuf_addch(&r->values, '\0');
	return a->value;
}

/* Attribute names come from libxml2's dictionary: most differ at once. */
const char *abixml_get(struct abixml_reader *r, const char *name)
{
	size_t i;

	for (i = 0; i < r->nattrs; i++) {
		struct abixml_attr *a = &r->attrs[i];

		if (a->name[0] == name[0] && !strcmp(a->name, name))
			return a->value ? a->value : decode(r, a);
	}
	return NULL;
}

const char *abixml_need(struct abixml_reader *r, const char *name)
{
	const char *v = abixml_get(r, name);

	if (!v)
		abixml_fail(r, "<%s> lacks the '%s' attribute", r->element,
			    name);
	return v;
}

bool abixml_flag(struct abixml_reader *r, const char *name)
{
	const char *v = abixml_get(r, name);

	if (v && strcmp(v, "yes") && strcmp(v, "no"))
		abixml_fail(r, "the '%s' attribute is '%s', not 'yes' or 'no'",
			    name, v);
	return v && !strcmp(v, "yes");
}

/* Decimal, or 0x and hex digits (CRCs); nothing else, no sign. */
static bool parse_u64(const char *s, uint64_t *out)
{
	int base = 10;
	char *end;

	if (s[0] == '0' && s[1] == 'x') {
		base = 16;
		s += 2;
	}
	if (!((*s >= '0' && *s <= '9') ||
	      (base == 16 && *s && strchr("abcdefABCDEF", *s))))
		return false;
	errno = 0;
	*out = strtoull(s, &end, base);
	return !errno && !*end;
}

bool abixml_u64(struct abixml_reader *r, const char *name, bool required,
		uint64_t *out)
{
	const char *v = required ? abixml_need(r, name) : abixml_get(r, name);

	*out = 0;
	if (!v)
		return !required;
	if (parse_u64(v, out))
		return true;
	abixml_fail(r, "bad number '%s' in the '%s' attribute", v, name);
	return false;
}

bool abixml_i64(struct abixml_reader *r, const char *name, int64_t *out)
{
	const char *v = abixml_need(r, name);
	uint64_t u;
	bool negative;

	*out = 0;
	if (!v)
		return false;
	negative = *v == '-';
	if (!parse_u64(v + negative, &u) ||
	    u > (uint64_t)INT64_MAX + negative) {
		abixml_fail(r, "bad number '%s' in the '%s' attribute", v,
			    name);
		return false;
	}
	*out = negative ? (int64_t)(0 - u) : (int64_t)u;
	return true;
}

/* --- ids ---------------------------------------------------------------- */

static uint32_t number(struct abixml_reader *r, uint32_t string)
{
	uint32_t n = ++r->next;

	ALLOC_GROW(r->numbered, (size_t)n + 1, r->numbered_alloc);
	r->numbered[n].string = string;
	r->numbered[n].used = r->numbered[n].defined = 0;
	return n;
}

uint32_t abixml_new_id(struct abixml_reader *r)
{
	return number(r, ABIXML_NONE);
}

/*
 * Hashed once, by its text: a number's string is interned only when it
 * is new, not on every reference to it.
 */
uint32_t abixml_id(struct abixml_reader *r, const char *id, bool used)
{
	uint64_t hash = hash_run(id, strlen(id));
	struct hashmap_iter it;
	struct hashmap_entry *e;
	uint32_t n = 0;

	for (e = hashmap_first(&r->numbers, hash, &it); e && !n;
	     e = hashmap_next(&r->numbers, &it))
		if (!strcmp(strset_str(&r->ids, (uint32_t)e->key), id))
			n = (uint32_t)e->value;
	if (!n) {
		uint32_t s = strset_add(&r->ids, id);

		n = number(r, s);
		hashmap_add(&r->numbers, hash, s, n);
	}
	if (used && !r->numbered[n].used)
		r->numbered[n].used = (uint32_t)r->line;
	return n;
}

uint32_t abixml_ref(struct abixml_reader *r, const char *name)
{
	const char *v = abixml_need(r, name);

	return v ? abixml_id(r, v, true) : 0;
}

const char *abixml_id_name(const struct abixml_reader *r, uint32_t n)
{
	return r->numbered[n].string == ABIXML_NONE
		   ? "(unnamed)"
		   : strset_str(&r->ids, r->numbered[n].string);
}
