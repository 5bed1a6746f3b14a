// SPDX-License-Identifier: GPL-2.0-or-later
/* Fields of tab-separated output; see field.h. */
#include "field.h"

#include "banned.h"

void fput_field(FILE *out, const char *s)
{
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c < 0x20 || c == 0x7f)
			fprintf(out, "\\x%02x", c);
		else
			fputc(c, out);
	}
}
