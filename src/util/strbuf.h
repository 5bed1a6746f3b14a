/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A growable, always NUL-terminated byte buffer (git's strbuf, in small).
 * Used to build paths, messages and output lines without fixed-size
 * buffers.
 */
#ifndef KABI_STRBUF_H
#define KABI_STRBUF_H

#include <stdarg.h>
#include <stddef.h>

struct strbuf {
	char *buf; /* always NUL-terminated; "" when empty */
	size_t len;
	size_t alloc;
};

#define STRBUF_INIT                                                            \
	{                                                                      \
		.buf = strbuf_empty, .len = 0, .alloc = 0                      \
	}
extern char strbuf_empty[];

void strbuf_init(struct strbuf *sb);
void strbuf_release(struct strbuf *sb);
/* Hand the buffer to the caller (free it) and reset sb. */
char *strbuf_detach(struct strbuf *sb);
void strbuf_reset(struct strbuf *sb);
void strbuf_grow(struct strbuf *sb, size_t extra);
void strbuf_add(struct strbuf *sb, const void *data, size_t len);
void strbuf_adds(struct strbuf *sb, const char *s);
void strbuf_addch(struct strbuf *sb, char c);
__attribute__((format(printf, 2, 3))) void strbuf_addf(struct strbuf *sb,
						       const char *fmt, ...);
__attribute__((format(printf, 2, 0))) void
strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap);
void strbuf_setlen(struct strbuf *sb, size_t len);

#endif
