// SPDX-License-Identifier: GPL-2.0-or-later
/* Escaping of attribute values in baselines; see xml_escape.h. */
#include "xml_escape.h"

#include <string.h>

#include "../util/banned.h"

/* Length of the valid UTF-8 sequence at s, or 0. */
static size_t utf8_length(const unsigned char *s)
{
	size_t n, i;
	unsigned cp;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2, cp = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3, cp = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4, cp = s[0] & 0x07;
	else
		return 0;
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	/* overlong forms, surrogates, beyond Unicode */
	if ((n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) ||
	    (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
		return 0;
	/* U+FFFE and U+FFFF are not XML characters either */
	if (cp == 0xfffe || cp == 0xffff)
		return 0;
	return n;
}

void xml_escape(struct strbuf *out, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	while (*p) {
		size_t n;

		switch (*p) {
		case '&': strbuf_adds(out, "&amp;"); p++; continue;
		case '<': strbuf_adds(out, "&lt;"); p++; continue;
		case '>': strbuf_adds(out, "&gt;"); p++; continue;
		case '"': strbuf_adds(out, "&quot;"); p++; continue;
		case '\\': strbuf_adds(out, "\\\\"); p++; continue;
		default: break;
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

static int hex_value(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

void xml_unescape(struct strbuf *out, const char *s)
{
	while (*s) {
		if (s[0] == '\\' && s[1] == '\\') {
			strbuf_addch(out, '\\');
			s += 2;
		} else if (s[0] == '\\' && s[1] == 'x' && hex_value(s[2]) >= 0 &&
			   hex_value(s[3]) >= 0) {
			strbuf_addch(out, (char)(hex_value(s[2]) * 16 +
						 hex_value(s[3])));
			s += 4;
		} else {
			strbuf_addch(out, *s++);
		}
	}
}
