// SPDX-License-Identifier: GPL-2.0-or-later
/* Escaping of attribute values in baselines; see xml_escape.h. */
#include "xml_escape.h"
#include "store.h"

#include <string.h>

#include "../util/utf8.h"
#include "../util/banned.h"

/* The valid UTF-8 sequence at s that XML can hold, or 0. */
static size_t utf8_length(const unsigned char *s)
{
	uint32_t cp;
	size_t n = utf8_sequence(s, &cp);

	/* U+FFFE and U+FFFF are not XML characters */
	return n && cp != 0xfffe && cp != 0xffff ? n : 0;
}

void xml_escape(struct strbuf *out, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	while (*p) {
		size_t n;

		switch (*p) {
		case '&':
			strbuf_adds(out, "&amp;");
			p++;
			continue;
		case '<':
			strbuf_adds(out, "&lt;");
			p++;
			continue;
		case '>':
			strbuf_adds(out, "&gt;");
			p++;
			continue;
		case '"':
			strbuf_adds(out, "&quot;");
			p++;
			continue;
		case '\\':
			strbuf_adds(out, "\\\\");
			p++;
			continue;
		default:
			break;
		}
		n = *p < 0x20 || *p == 0x7f ? 0 : utf8_length(p);
		if (!n) {
			strbuf_addf(out, "\\x%02x", *p++);
			continue;
		}
		strbuf_add(out, p, n);
		p += n;
	}
}

bool xml_unescape(struct strbuf *out, const char *s, size_t len)
{
	const char *end = s + len;

	while (s < end) {
		const char *slash = memchr(s, '\\', (size_t)(end - s));

		/* nearly every name has no escape: copied a run at a time */
		if (slash != s) {
			const char *run_end = slash ? slash : end;

			strbuf_add(out, s, (size_t)(run_end - s));
			s = run_end;
		} else if (end - s >= 2 && s[1] == '\\') {
			strbuf_addch(out, '\\');
			s += 2;
		} else if (end - s >= 4 && s[1] == 'x' &&
			   hex_digit_value(s[2]) >= 0 &&
			   hex_digit_value(s[3]) >= 0) {
			int c =
			    hex_digit_value(s[2]) * 16 + hex_digit_value(s[3]);

			/* a name holds no NUL: it would end it */
			if (!c)
				return false;
			strbuf_addch(out, (char)c);
			s += 4;
		} else {
			strbuf_addch(out, *s++);
		}
	}
	return true;
}

/*
 * Without entity substitution, libxml2 hands an attribute value over with
 * every '&' it decoded written as "&#38;" (for a tree builder to decode
 * again); a '&' appears in no other way. Other references are decoded.
 */
const char *xml_decode_ampersands(struct strbuf *spare, const char *value,
				  size_t *len)
{
	const char *end = value + *len, *amp;

	if (!memchr(value, '&', *len))
		return value;
	strbuf_reset(spare);
	while ((amp = memchr(value, '&', (size_t)(end - value)))) {
		strbuf_add(spare, value, (size_t)(amp - value) + 1);
		value =
		    amp + (end - amp >= 5 && !memcmp(amp, "&#38;", 5) ? 5 : 1);
	}
	strbuf_add(spare, value, (size_t)(end - value));
	*len = spare->len;
	return spare->buf;
}
