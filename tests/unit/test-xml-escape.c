// SPDX-License-Identifier: GPL-2.0-or-later
/* Attribute escaping: XML specials, control bytes, invalid UTF-8, round trip.
 */
#include "tap.h"
#include "store/xml_escape.h"

static void check(const char *in, const char *want)
{
	struct strbuf esc = STRBUF_INIT, back = STRBUF_INIT;

	xml_escape(&esc, in);
	is_str(esc.buf, want, want);
	/* libxml2 undoes the entities; here by hand for the test */
	strbuf_reset(&back);
	{
		struct strbuf plain = STRBUF_INIT;
		const char *p = esc.buf;

		while (*p) {
			if (!strncmp(p, "&amp;", 5)) {
				strbuf_addch(&plain, '&');
				p += 5;
			} else if (!strncmp(p, "&lt;", 4)) {
				strbuf_addch(&plain, '<');
				p += 4;
			} else if (!strncmp(p, "&gt;", 4)) {
				strbuf_addch(&plain, '>');
				p += 4;
			} else if (!strncmp(p, "&quot;", 6)) {
				strbuf_addch(&plain, '"');
				p += 6;
			} else
				strbuf_addch(&plain, *p++);
		}
		xml_unescape(&back, plain.buf, plain.len);
		strbuf_release(&plain);
	}
	is_str(back.buf, in, "and back");
	strbuf_release(&esc);
	strbuf_release(&back);
}

int main(void)
{
	check("sk_buff", "sk_buff");
	check("a<b>&\"c\"", "a&lt;b&gt;&amp;&quot;c&quot;");
	check("back\\slash", "back\\\\slash");
	check("tab\there", "tab\\x09here");
	check("caf\xc3\xa9", "caf\xc3\xa9");	  /* valid UTF-8 kept */
	check("bad\xc3(", "bad\\xc3(");		  /* truncated sequence */
	check("\xc0\xaf", "\\xc0\\xaf");	  /* overlong */
	check("\xed\xa0\x80", "\\xed\\xa0\\x80"); /* surrogate */
	check("del\x7f", "del\\x7f");
	return tap_done();
}
