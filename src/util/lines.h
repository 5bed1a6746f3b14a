/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Small text files a user names (symbol lists, suppression rules), read
 * line by line within bounds, as they may come from anywhere: a regular
 * file or a pipe (not a folder, not a device such as /dev/zero), at most
 * LINES_MAX_FILE bytes, lines at most LINES_MAX_LINE bytes, no NUL byte.
 * Each breach is an error naming the file and line.
 */
#ifndef KABI_UTIL_LINES_H
#define KABI_UTIL_LINES_H

#include <stdio.h>

#include "diag.h"
#include "strbuf.h"

#define LINES_MAX_FILE (64u << 20)
#define LINES_MAX_LINE (64u << 10)

struct line_reader {
	const char *path;
	FILE *f;
	unsigned long line; /* of the line last read, from 1 */
	size_t total;
	struct strbuf buf;
};

int lines_open(struct line_reader *r, const char *path, struct diag *d);
/*
 * The next line, without its end of line, in *line (valid until the next
 * call): 1; 0 at the end of the file; negative on an error, reported.
 */
int lines_next(struct line_reader *r, char **line, struct diag *d);
void lines_close(struct line_reader *r);
/* A line, or a part of one, without the blanks at its ends (in place). */
char *lines_trim(char *s);

#endif
