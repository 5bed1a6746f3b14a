/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * How strings are written into baseline attributes. XML escapes the five
 * special characters; XML 1.0 cannot hold control characters at all, and
 * names from damaged debug information may hold any byte, so those bytes
 * (and invalid UTF-8) are written as \xNN and a backslash as \\, which
 * the reader turns back into the same bytes.
 */
#ifndef KABI_XML_ESCAPE_H
#define KABI_XML_ESCAPE_H

#include <stdbool.h>
#include <stdio.h>

#include "../util/strbuf.h"

/* Append s escaped for an XML attribute value in double quotes. */
void xml_escape(struct strbuf *out, const char *s);
/*
 * Undo the \xNN and \\ escapes in the len bytes at s (libxml2 has undone
 * the XML ones); false for \x00, which no name written by kabi holds.
 */
bool xml_unescape(struct strbuf *out, const char *s, size_t len);

#endif
