// SPDX-License-Identifier: GPL-2.0-or-later
/* Text files read line by line within bounds; see lines.h. */
#include "lines.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fifo.h"
#include "banned.h"

int lines_open(struct line_reader *r, const char *path, struct diag *d)
{
	struct stat st;
	int fd;

	memset(r, 0, sizeof(*r));
	strbuf_init(&r->buf);
	r->path = path;
	fd = fifo_safe_open(path, &st, d);
	if (fd < 0)
		return fd;
	if (!S_ISREG(st.st_mode) && !S_ISFIFO(st.st_mode)) {
		int err = diag_error(
		    d, KABI_E_IO, DIAG_AT_FILE(path), "cannot read: %s",
		    S_ISDIR(st.st_mode) ? "a folder" : "not a file nor a pipe");

		close(fd);
		return err;
	}
	r->f = fdopen(fd, "r");
	if (!r->f) {
		close(fd);
		return diag_error(d, KABI_E_IO, DIAG_AT_FILE(path),
				  "cannot read: %s", strerror(errno));
	}
	return 0;
}

int lines_next(struct line_reader *r, char **line, struct diag *d)
{
	int c;

	strbuf_reset(&r->buf);
	r->line++;
	while ((c = getc(r->f)) != EOF && c != '\n') {
		if (++r->total > LINES_MAX_FILE)
			return diag_error(
			    d, KABI_E_USAGE, DIAG_AT_FILE(r->path),
			    "larger than %u MiB: not a list or rules file",
			    LINES_MAX_FILE >> 20);
		if (r->buf.len >= LINES_MAX_LINE)
			return diag_error(
			    d, KABI_E_USAGE, DIAG_AT_LINE(r->path, r->line),
			    "line longer than %u KiB", LINES_MAX_LINE >> 10);
		if (!c)
			return diag_error(d, KABI_E_USAGE,
					  DIAG_AT_LINE(r->path, r->line),
					  "a NUL byte: not a text file");
		strbuf_addch(&r->buf, (char)c);
	}
	if (c == EOF && ferror(r->f))
		return diag_error(d, KABI_E_IO, DIAG_AT_FILE(r->path),
				  "cannot read: %s", strerror(errno));
	if (c == EOF && !r->buf.len)
		return 0;
	r->total++;
	/* a file written on Windows */
	if (r->buf.len && r->buf.buf[r->buf.len - 1] == '\r')
		strbuf_setlen(&r->buf, r->buf.len - 1);
	*line = r->buf.buf;
	return 1;
}

void lines_close(struct line_reader *r)
{
	if (r->f)
		fclose(r->f);
	strbuf_release(&r->buf);
	memset(r, 0, sizeof(*r));
}

char *lines_trim(char *s)
{
	char *end;

	while (isspace((unsigned char)*s))
		s++;
	end = s + strlen(s);
	while (end > s && isspace((unsigned char)end[-1]))
		*--end = '\0';
	return s;
}
