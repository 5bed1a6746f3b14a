// SPDX-License-Identifier: GPL-2.0-or-later
/* Compressed modules decompressed into a memory file; see decompress.h. */
#include "decompress.h"

#include <archive.h>
#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../util/inflate.h"
#include "../util/memfile.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

/*
 * No kernel file comes near this; a bigger output is a decompression
 * bomb, as is one more than inflate_bound allows for its compressed size.
 */
#define MAX_DECOMPRESSED (UINT64_C(4) << 30)
/* A kernel image (vmlinuz) is some 10 MB; places in it worth trying */
#define MAX_IMAGE (UINT64_C(256) << 20)
#define MAX_TRIES 64

static int copy_out(struct inflate_stream *in, int out, const char *path,
		    struct diag *d)
{
	char *buf = xmalloc(1 << 16);
	ssize_t n;
	int err = 0;

	while (!err && (n = inflate_read(in, buf, 1 << 16)) != 0) {
		if (n < 0 && inflate_over_limit(in))
			err = diag_error(
			    d, KABI_E_BAD_ELF, DIAG_AT_FILE(path),
			    "%s-compressed: %s",
			    inflate_format_name(inflate_format_of(in)),
			    inflate_error(in));
		else if (n < 0)
			err = diag_error(
			    d, KABI_E_BAD_ELF, DIAG_AT_FILE(path),
			    "%s-compressed, and damaged: %s",
			    inflate_format_name(inflate_format_of(in)),
			    inflate_error(in));
		else if (memfile_write(out, buf, (size_t)n) < 0)
			err = diag_error(d, KABI_E_IO, DIAG_AT_FILE(path),
					 "cannot buffer decompressed data: %s",
					 strerror(errno));
	}
	free(buf);
	return err;
}

/* What the compressed file of fd is let expand to (inflate_bound). */
static uint64_t bound_of(int fd)
{
	struct stat st;

	if (fstat(fd, &st) < 0 || st.st_size < 0)
		return INFLATE_MIN_BOUND;
	return inflate_bound((uint64_t)st.st_size, MAX_DECOMPRESSED);
}

int decompress_to_memfd(int fd, const char *path, struct diag *d)
{
	const char *why;
	struct inflate_stream *in = inflate_open(fd, bound_of(fd), 0, &why);
	int out, err;

	if (!in)
		return diag_error(d, KABI_E_UNSUPPORTED, DIAG_AT_FILE(path),
				  "%s", why);
	out = memfile_create("kabi-module");
	if (out < 0) {
		inflate_close(in);
		return diag_error(d, KABI_E_IO, DIAG_AT_FILE(path),
				  "cannot create a memory file: %s",
				  strerror(errno));
	}
	err = copy_out(in, out, path, d);
	inflate_close(in);
	if (err) {
		close(out);
		return err;
	}
	return out;
}

/* A kernel image the boot loader takes: a PE/EFI stub, or x86's "HdrS". */
bool is_kernel_image(int fd)
{
	unsigned char head[0x206];
	ssize_t n = pread(fd, head, sizeof(head), 0);

	return n >= 2 && ((head[0] == 'M' && head[1] == 'Z') ||
			  (n == (ssize_t)sizeof(head) &&
			   !memcmp(head + 0x202, "HdrS", 4)));
}

/* What the image's payloads said, for the error if none is vmlinux. */
struct damage {
	char text[256];
};

static void note_damage(struct damage *damage, const char *format, size_t off,
			const char *why)
{
	if (!damage->text[0])
		snprintf(damage->text, sizeof(damage->text),
			 "the %s data at offset %zu is damaged: %s", format,
			 off, why ? why : "unreadable");
}

/*
 * The payload starting at offset, if it decompresses to ELF: its memory
 * file, else -1 (nothing said: the next place is tried).
 */
static int try_payload(int fd, off_t offset, uint64_t bound, const char *path,
		       struct diag *d, struct damage *damage)
{
	struct inflate_stream *in;
	unsigned char magic[4];
	const char *why;
	ssize_t n;
	int out = -1;

	if (lseek(fd, offset, SEEK_SET) != offset)
		return -1;
	in = inflate_open(fd, bound, INFLATE_SINGLE_STREAM, &why);
	if (!in)
		return -1;
	n = inflate_read(in, magic, sizeof(magic));
	/* a stream that fails before its first bytes: damaged, or cut */
	if (n < 0)
		note_damage(damage, inflate_format_name(inflate_format_of(in)),
			    (size_t)offset, inflate_error(in));
	if (n == (ssize_t)sizeof(magic) && !memcmp(magic, "\177ELF", 4) &&
	    (out = memfile_create("kabi-vmlinux")) >= 0 &&
	    (memfile_write(out, magic, sizeof(magic)) < 0 ||
	     copy_out(in, out, path, d))) {
		close(out);
		out = -1;
	}
	inflate_close(in);
	return out;
}

/*
 * The formats inflate does not read (kernels may also be compressed with
 * lz4's legacy frames, bzip2 or lzma), through libarchive's raw format
 * over the image in memory: the payload at off, if it decompresses to
 * ELF, as a memory file, else -1. libarchive stops at the end of the lz4
 * blocks and ignores what follows, as the kernel's own decompressor does.
 * A stream libarchive takes but cannot decompress is noted in *damage.
 */
static int try_archive_payload(const unsigned char *image, size_t size,
			       size_t off, const char *format, uint64_t bound,
			       const char *path, struct diag *d,
			       struct damage *damage)
{
	struct archive *a = archive_read_new();
	struct archive_entry *entry;
	unsigned char *buf = xmalloc(1 << 16);
	uint64_t total = 0;
	la_ssize_t n;
	int out = -1, err = 0;

	/* only decoders built in: never an external program on the image */
	if (archive_liblz4_version())
		archive_read_support_filter_lz4(a);
	if (archive_bzlib_version())
		archive_read_support_filter_bzip2(a);
	if (archive_liblzma_version())
		archive_read_support_filter_lzma(a);
	archive_read_support_format_raw(a);
	/* raw takes any bytes: a failure here is a filter's, on its data */
	if (archive_read_open_memory(a, image + off, size - off) !=
		ARCHIVE_OK ||
	    archive_read_next_header(a, &entry) != ARCHIVE_OK) {
		note_damage(damage, format, off, archive_error_string(a));
		goto done;
	}
	if (archive_filter_count(a) < 2)
		goto done;
	while (!err && (n = archive_read_data(a, buf, 1 << 16)) != 0) {
		if (n < 0) {
			const char *why = archive_error_string(a);

			if (out >= 0) /* vmlinux, cut short */
				err = diag_error(
				    d, KABI_E_BAD_ELF, DIAG_AT_FILE(path),
				    "the %s data at offset %zu is damaged: %s",
				    format, off, why ? why : "unreadable");
			else
				note_damage(damage, format, off, why);
			break;
		}
		if (out < 0 && (n < 4 || memcmp(buf, "\177ELF", 4) ||
				(out = memfile_create("kabi-vmlinux")) < 0))
			break;
		total += (uint64_t)n;
		if (total > bound)
			err = diag_error(d, KABI_E_BAD_ELF, DIAG_AT_FILE(path),
					 "%s-compressed: expands past %" PRIu64
					 " MiB, the most kabi takes from it (a "
					 "decompression bomb?)",
					 format, bound >> 20);
		else if (memfile_write(out, buf, (size_t)n) < 0)
			err = diag_error(d, KABI_E_IO, DIAG_AT_FILE(path),
					 "cannot buffer decompressed data: %s",
					 strerror(errno));
	}
	if (err && out >= 0) {
		close(out);
		out = -1;
	}
done:
	archive_read_free(a);
	free(buf);
	return out;
}

/* Where a payload may start, and which reader decompresses it. */
struct payload_magic {
	const char *format;
	const char *bytes;
	size_t len;
	bool by_archive;
};

static const struct payload_magic payload_magics[] = {
    {"gzip", "\x1f\x8b\x08", 3, false},
    {"xz", "\xfd\x37\x7a\x58\x5a", 5, false},
    {"zstd", "\x28\xb5\x2f\xfd", 4, false},
    {"lz4", "\x02\x21\x4c\x18", 4, true}, /* legacy frames (lz4 -l) */
    {"bzip2", "BZh", 3, true},
    {"lzma", "\x5d\x00\x00\x00", 4, true}, /* as extract-vmlinux */
};

int extract_vmlinux(int fd, const char *path, struct diag *d)
{
	const size_t kinds = sizeof(payload_magics) / sizeof(payload_magics[0]);
	unsigned char *image;
	struct stat st;
	size_t off, k, tried = 0, errors_before = d->errors;
	struct damage damage = {{0}};
	uint64_t bound;
	ssize_t n;
	int out = -1;

	if (fstat(fd, &st) < 0 || st.st_size < 16 ||
	    (uint64_t)st.st_size > MAX_IMAGE)
		return diag_error(d, KABI_E_NOT_ELF, DIAG_AT_FILE(path),
				  "a kernel image of an unlikely size");
	bound = inflate_bound((uint64_t)st.st_size, MAX_DECOMPRESSED);
	image = xmalloc((size_t)st.st_size);
	n = pread(fd, image, (size_t)st.st_size, 0);
	if (n != st.st_size) {
		free(image);
		return diag_error(d, KABI_E_IO, DIAG_AT_FILE(path),
				  "cannot read: %s",
				  n < 0 ? strerror(errno)
					: "shorter than its size said (changed "
					  "while kabi read it?)");
	}
	/* each place a compressed stream may start, in the file's order */
	for (off = 0; out < 0 && d->errors == errors_before &&
		      tried < MAX_TRIES && off + 6 <= (size_t)st.st_size;
	     off++)
		for (k = 0; k < kinds && out < 0 && d->errors == errors_before;
		     k++) {
			const struct payload_magic *m = &payload_magics[k];

			if (memcmp(image + off, m->bytes, m->len))
				continue;
			tried++;
			out = m->by_archive
				  ? try_archive_payload(
					image, (size_t)st.st_size, off,
					m->format, bound, path, d, &damage)
				  : try_payload(fd, (off_t)off, bound, path, d,
						&damage);
		}
	free(image);
	if (out >= 0)
		return out;
	if (d->errors > errors_before)
		return -KABI_E_BAD_ELF;
	if (damage.text[0])
		return diag_error(
		    d, KABI_E_BAD_ELF, DIAG_AT_FILE(path),
		    "a kernel image, but no vmlinux found inside: "
		    "%s",
		    damage.text);
	return diag_error(d, KABI_E_NOT_ELF, DIAG_AT_FILE(path),
			  "a kernel image, but no vmlinux found inside "
			  "(kabi reads payloads compressed with gzip, xz, "
			  "zstd, lz4, bzip2 or lzma)");
}
