// SPDX-License-Identifier: GPL-2.0-or-later
/* The growable string buffer. */
#include <stdlib.h>

#include "tap.h"
#include "util/strbuf.h"

int main(void)
{
	struct strbuf sb = STRBUF_INIT;
	char *s;
	int i;

	is_str(sb.buf, "", "a new buffer reads as empty");
	strbuf_adds(&sb, "vmlinux");
	strbuf_addch(&sb, ':');
	strbuf_addf(&sb, "%s+0x%x", "__ksymtab", 0x1c);
	is_str(sb.buf, "vmlinux:__ksymtab+0x1c", "add, addch and addf");
	is_int(sb.len, 22, "length");
	strbuf_setlen(&sb, 7);
	is_str(sb.buf, "vmlinux", "setlen cuts");
	for (i = 0; i < 1000; i++)
		strbuf_addf(&sb, "%d", i % 10);
	is_int(sb.len, 1007, "grows past its first allocation");
	s = strbuf_detach(&sb);
	is_str(sb.buf, "", "detach leaves an empty buffer");
	ok(s && s[1006] == '9' && s[1007] == '\0', "detached string is whole");
	free(s);
	s = strbuf_detach(&sb);
	is_str(s, "", "detaching an empty buffer gives an empty string");
	free(s);
	strbuf_release(&sb);
	return tap_done();
}
