/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * UTF-8, as names from the kernel's files are: valid sequences pass into
 * XML and JSON as they are, anything else is escaped by the writer.
 */
#ifndef KABI_UTIL_UTF8_H
#define KABI_UTIL_UTF8_H

#include <stddef.h>
#include <stdint.h>

/*
 * The length of the valid UTF-8 sequence at s (1 to 4), its code point
 * in *cp; 0 if the bytes there are not one (overlong forms, surrogates
 * and values past U+10FFFF are not). s is NUL-terminated.
 */
size_t utf8_sequence(const unsigned char *s, uint32_t *cp);

/* A hexadecimal digit's value, -1 for none: the readers undo \xNN. */
static inline int hex_digit_value(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

#endif
