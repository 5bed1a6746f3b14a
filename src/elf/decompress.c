// SPDX-License-Identifier: GPL-2.0-or-later
/* Compressed modules decompressed into a memory file; see decompress.h. */
#include "decompress.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "../util/inflate.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

/* No kernel file comes near this; a bigger output is a decompression bomb. */
#define MAX_DECOMPRESSED (UINT64_C(4) << 30)

static int write_all(int fd, const void *buf, size_t len)
{
	const char *p = buf;

	while (len) {
		ssize_t n = write(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

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
		else if (write_all(out, buf, (size_t)n) < 0)
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
	struct inflate_stream *in = inflate_open(fd, MAX_DECOMPRESSED, &why);
	int out, err;

	if (!in)
		return diag_error(d, KABI_E_UNSUPPORTED, DIAG_AT_FILE(path),
				  "%s", why);
	out = memfd_create("kabi-module", MFD_CLOEXEC);
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
