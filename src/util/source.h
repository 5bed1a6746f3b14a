/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A file a reader of text formats takes (a baseline, a Module.symvers):
 * a path, or standard input ("-"), opened once, as a pipe (`kabi diff
 * <(git show HEAD~1:kabi.xml) tree`) can be read only once, decompressed
 * as its first bytes say (gzip, xz, zstd), with its first bytes held to
 * be looked at: they tell a baseline from a Module.symvers from a kernel
 * file.
 */
#ifndef KABI_UTIL_SOURCE_H
#define KABI_UTIL_SOURCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "inflate.h"
#include "strbuf.h"

#define SOURCE_HEAD 512

struct source {
	const char *path; /* as given; "-" for standard input */
	const char *name; /* for messages */
	int fd;
	bool regular;	/* a regular file: it can be opened again */
	uint64_t limit; /* at most this many bytes come out */
	struct inflate_stream *in;
	/* the first decompressed bytes, looked at, then read again */
	char head[SOURCE_HEAD];
	size_t head_len, head_pos;
	const char *error; /* a read failed: why */
};

/* Open and look at the first bytes; 0, or -error reported in d. */
/*
 * Open and read the first bytes; at most limit bytes come out in all.
 * 0, or -error reported in d.
 */
int source_open(struct source *s, const char *path, uint64_t limit,
		struct diag *d);
/* Whether the first bytes are XML: "<", after white space or a BOM. */
bool source_looks_like_xml(const struct source *s);
/* Read up to len decompressed bytes: libxml2's input callback. */
int source_read(void *ctx, char *buf, int len);

/*
 * All its bytes in memory, for a reader that goes back and forth (STG's
 * text, ABIXML in pieces): a plain file mapped (fresh memory costs a
 * page fault a page, more than the bytes' reading), anything else read
 * whole. Taken before any byte is read past the first ones held.
 */
struct source_text {
	const char *buf;
	size_t len;
	void *map; /* the mapping, or NULL: read into `read` */
	struct strbuf read;
};
/* 0, or -1 and s->error says why. */
int source_text_get(struct source *s, struct source_text *t);
void source_text_release(struct source_text *t);
void source_close(struct source *s);

#endif
