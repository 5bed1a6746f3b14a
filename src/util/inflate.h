/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Reading a descriptor through the decompressor its first bytes call for:
 * gzip (zlib), xz (liblzma), zstd (libzstd), or none. One pass, no seek,
 * so that pipes and standard input work as files do. Used for baselines
 * kept compressed and for .ko.zst modules (Debian 12's elfutils reads
 * .xz and .gz modules itself, not zstd).
 */
#ifndef KABI_UTIL_INFLATE_H
#define KABI_UTIL_INFLATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

enum inflate_format {
	INFLATE_NONE,
	INFLATE_GZIP,
	INFLATE_XZ,
	INFLATE_ZSTD,
};

/* The format the first bytes of a file say (len may be short). */
enum inflate_format inflate_detect(const unsigned char *head, size_t len);
/* "gzip", "xz", "zstd", or "uncompressed" */
const char *inflate_format_name(enum inflate_format format);
/* What a liblzma return code (lzma_ret) means, in kabi's words. */
const char *inflate_xz_error(int ret);
/* liblzma's memory, at most, to decode one xz stream */
#define INFLATE_XZ_MEMLIMIT (UINT64_C(256) << 20)

/*
 * How far a file of compressed_size bytes is let expand, at most cap:
 * kernel files and packages expand 3 to 7 times (Debian's largest -dbg
 * package 6.7, a vmlinuz 4 to 6); a file that claims more than 32 times
 * its size, and more than 64 MiB, is a decompression bomb, refused
 * before it costs memory or minutes. Not for baselines: XML shrinks more.
 */
#define INFLATE_MAX_RATIO 32
#define INFLATE_MIN_BOUND (UINT64_C(64) << 20)
uint64_t inflate_bound(uint64_t compressed_size, uint64_t cap);

struct inflate_stream;

/*
 * A stream over fd, which stays the caller's. Whatever the format, at
 * most limit bytes come out (more is a decompression bomb): a read past
 * it fails. NULL if the format needs a library this kabi lacks; *why
 * then says so.
 */
/*
 * INFLATE_SINGLE_STREAM: the first gzip member, xz stream or zstd frame
 * only, and what follows it is ignored (a kernel image's payload is
 * followed by more of the image).
 */
#define INFLATE_SINGLE_STREAM 1u

struct inflate_stream *inflate_open(int fd, uint64_t limit, unsigned flags,
				    const char **why);
/*
 * Up to len bytes of the decompressed data; 0 at its end, -1 on error
 * (inflate_error says what).
 */
ssize_t inflate_read(struct inflate_stream *s, void *buf, size_t len);
const char *inflate_error(const struct inflate_stream *s);
/* Whether the error is the limit: more would have come out. */
bool inflate_over_limit(const struct inflate_stream *s);
enum inflate_format inflate_format_of(const struct inflate_stream *s);
void inflate_close(struct inflate_stream *s);

#endif
