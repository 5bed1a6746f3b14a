/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Where a baseline is read from: a file, or standard input ("-"), opened
 * once, as a pipe (`kabi diff <(git show HEAD~1:kabi.xml) tree`) can be
 * read only once, and decompressed as its first bytes say (gzip, xz,
 * zstd). Its first bytes tell a baseline from a kernel file. Internal to
 * store/.
 */
#ifndef KABI_STORE_SOURCE_H
#define KABI_STORE_SOURCE_H

#include <stdbool.h>
#include <stddef.h>

#include "../util/diag.h"
#include "../util/inflate.h"

#define SOURCE_HEAD 512

struct baseline_source {
	const char *path; /* as given; "-" for standard input */
	const char *name; /* for messages */
	int fd;
	bool regular; /* a regular file: it can be opened again */
	struct inflate_stream *in;
	/* the first decompressed bytes, looked at, then read again */
	char head[SOURCE_HEAD];
	size_t head_len, head_pos;
	const char *error; /* a read failed: why */
};

/* Open and look at the first bytes; 0, or -error reported in d. */
int source_open(struct baseline_source *s, const char *path, struct diag *d);
/* Whether the first bytes are XML: "<", after white space or a BOM. */
bool source_looks_like_xml(const struct baseline_source *s);
/* Read up to len decompressed bytes: libxml2's input callback. */
int source_read(void *ctx, char *buf, int len);
void source_close(struct baseline_source *s);

#endif
