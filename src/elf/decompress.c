// SPDX-License-Identifier: GPL-2.0-or-later
/* Compressed modules decompressed into a memory file; see decompress.h. */
#include "decompress.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../util/inflate.h"
#include "../util/memfile.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

/* No kernel file comes near this; a bigger output is a decompression bomb. */
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
		if (n < 0)
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

int decompress_to_memfd(int fd, const char *path, struct diag *d)
{
	const char *why;
	struct inflate_stream *in = inflate_open(fd, MAX_DECOMPRESSED, 0, &why);
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

/*
 * The payload starting at offset, if it decompresses to ELF: its memory
 * file, else -1 (nothing said: the next place is tried).
 */
static int try_payload(int fd, off_t offset, const char *path, struct diag *d)
{
	struct inflate_stream *in;
	unsigned char magic[4];
	const char *why;
	int out = -1;

	if (lseek(fd, offset, SEEK_SET) != offset)
		return -1;
	in = inflate_open(fd, MAX_DECOMPRESSED, INFLATE_SINGLE_STREAM, &why);
	if (!in)
		return -1;
	if (inflate_read(in, magic, sizeof(magic)) == (ssize_t)sizeof(magic) &&
	    !memcmp(magic, "\177ELF", 4) &&
	    (out = memfile_create("kabi-vmlinux")) >= 0 &&
	    (memfile_write(out, magic, sizeof(magic)) < 0 ||
	     copy_out(in, out, path, d))) {
		close(out);
		out = -1;
	}
	inflate_close(in);
	return out;
}

int extract_vmlinux(int fd, const char *path, struct diag *d)
{
	static const unsigned char *const magics[] = {
	    (const unsigned char *)"\x1f\x8b\x08",
	    (const unsigned char *)"\xfd"
				   "7zXZ",
	    (const unsigned char *)"\x28\xb5\x2f\xfd",
	};
	static const size_t lens[] = {3, 5, 4};
	unsigned char *image;
	struct stat st;
	size_t off, k, tried = 0;
	int out = -1;

	if (fstat(fd, &st) < 0 || st.st_size < 16 ||
	    (uint64_t)st.st_size > MAX_IMAGE)
		return diag_error(d, KABI_E_NOT_ELF, DIAG_AT_FILE(path),
				  "a kernel image of an unlikely size");
	image = xmalloc((size_t)st.st_size);
	if (pread(fd, image, (size_t)st.st_size, 0) != st.st_size) {
		free(image);
		return diag_error(d, KABI_E_IO, DIAG_AT_FILE(path),
				  "cannot read: %s", strerror(errno));
	}
	/* each place a compressed stream may start, in the file's order */
	for (off = 0;
	     out < 0 && tried < MAX_TRIES && off + 6 <= (size_t)st.st_size;
	     off++)
		for (k = 0; k < 3 && out < 0; k++)
			if (!memcmp(image + off, magics[k], lens[k])) {
				tried++;
				out = try_payload(fd, (off_t)off, path, d);
			}
	free(image);
	if (out >= 0)
		return out;
	return diag_error(d, KABI_E_NOT_ELF, DIAG_AT_FILE(path),
			  "a kernel image, but no vmlinux found inside "
			  "(kabi reads payloads compressed with gzip, xz or "
			  "zstd)");
}
