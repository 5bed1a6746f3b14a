// SPDX-License-Identifier: GPL-2.0-or-later
/* A text file's bytes, read once; see source.h. */
#include "source.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fifo.h"
#include "banned.h"

/* A named pipe is given a bounded time to find a writer (fifo.h). */
static int open_path(struct source *s, struct diag *d)
{
	struct stat st;
	int fd;

	if (!strcmp(s->path, "-")) {
		s->name = "standard input";
		s->fd = STDIN_FILENO;
		return 0;
	}
	s->name = s->path;
	fd = fifo_safe_open(s->path, &st, d);
	if (fd < 0)
		return fd;
	s->fd = fd;
	s->regular = S_ISREG(st.st_mode);
	return 0;
}

int source_open(struct source *s, const char *path, uint64_t limit,
		struct diag *d)
{
	const char *why;
	ssize_t n = 0;
	int err;

	memset(s, 0, sizeof(*s));
	s->path = path;
	s->fd = -1;
	s->limit = limit;
	err = open_path(s, d);
	if (err)
		return err;
	s->in = inflate_open(s->fd, limit, 0, &why);
	if (!s->in) {
		err = diag_error(d, KABI_E_UNSUPPORTED, DIAG_AT_FILE(s->name),
				 "%s", why);
		source_close(s);
		return err;
	}
	while (s->head_len < sizeof(s->head) &&
	       (n = inflate_read(s->in, s->head + s->head_len,
				 sizeof(s->head) - s->head_len)) > 0)
		s->head_len += (size_t)n;
	if (n < 0)
		s->error = inflate_error(s->in);
	return 0;
}

bool source_looks_like_xml(const struct source *s)
{
	size_t i = 0;

	if (s->head_len >= 3 && !memcmp(s->head, "\xef\xbb\xbf", 3))
		i = 3;
	while (i < s->head_len && strchr(" \t\r\n", s->head[i]))
		i++;
	return i < s->head_len && s->head[i] == '<';
}

int source_read(void *ctx, char *buf, int len)
{
	struct source *s = ctx;
	ssize_t n;

	if (len <= 0)
		return 0;
	if (s->head_pos < s->head_len) {
		size_t k = s->head_len - s->head_pos;

		if (k > (size_t)len)
			k = (size_t)len;
		memcpy(buf, s->head + s->head_pos, k);
		s->head_pos += k;
		return (int)k;
	}
	n = inflate_read(s->in, buf, (size_t)len);
	if (n < 0) {
		s->error = inflate_error(s->in);
		return -1;
	}
	return (int)n;
}

/* The rest of its bytes added to out; 0, or -1 and s->error says why. */
static int read_all(struct source *s, struct strbuf *out)
{
	int n;

	do {
		strbuf_grow(out, 65536);
		n = source_read(s, out->buf + out->len, 65536);
		if (n > 0)
			strbuf_setlen(out, out->len + (size_t)n);
	} while (n > 0);
	if (n < 0 && !s->error)
		s->error = "cannot read";
	return n < 0 ? -1 : 0;
}

/* A plain regular file from its start, within the limit: mapped whole. */
static void *map_whole(const struct source *s, size_t *len)
{
	struct stat st;
	void *p;

	if (!s->regular || inflate_format_of(s->in) != INFLATE_NONE ||
	    s->head_pos || fstat(s->fd, &st) || st.st_size <= 0 ||
	    (uint64_t)st.st_size > s->limit ||
	    (uint64_t)st.st_size > SIZE_MAX / 2)
		return NULL;
	p = mmap(NULL, (size_t)st.st_size, PROT_READ,
		 MAP_PRIVATE | MAP_POPULATE, s->fd, 0);
	if (p == MAP_FAILED)
		return NULL;
	*len = (size_t)st.st_size;
	return p;
}

int source_text_get(struct source *s, struct source_text *t)
{
	memset(t, 0, sizeof(*t));
	strbuf_init(&t->read);
	t->map = map_whole(s, &t->len);
	if (t->map) {
		t->buf = t->map;
		return 0;
	}
	if (read_all(s, &t->read))
		return -1;
	t->buf = t->read.buf ? t->read.buf : "";
	t->len = t->read.len;
	return 0;
}

void source_text_release(struct source_text *t)
{
	if (t->map)
		munmap(t->map, t->len);
	strbuf_release(&t->read);
	t->map = NULL;
	t->buf = NULL;
}

void source_close(struct source *s)
{
	inflate_close(s->in);
	s->in = NULL;
	if (s->fd > STDIN_FILENO)
		close(s->fd);
	s->fd = -1;
}
