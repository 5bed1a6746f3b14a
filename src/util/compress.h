/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Compressing an output file as its name asks (".gz", ".xz", ".zst"), so
 * that "-o kabi.xml.xz" writes what the name says and what kabi, xz and
 * every other reader of the name expect. The same libraries read them
 * back (inflate.h). Deterministic: the same bytes in, the same bytes
 * out (no time in the gzip header, one thread).
 */
#ifndef KABI_UTIL_COMPRESS_H
#define KABI_UTIL_COMPRESS_H

#include <stddef.h>
#include <stdio.h>

#include "inflate.h"

/* The format a file's name asks for: INFLATE_NONE for any other name. */
enum inflate_format compress_format_of_name(const char *path);
/*
 * Write len bytes of data to out, compressed in format; 0, or -1 with
 * *why saying what failed (this kabi built without the library, or the
 * library's error). Write errors are out's, for its owner to find.
 * out NULL: only whether this kabi can write the format.
 */
int compress_write(FILE *out, enum inflate_format format, const void *data,
		   size_t len, const char **why);

#endif
