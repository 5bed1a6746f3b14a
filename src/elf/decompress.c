// SPDX-License-Identifier: GPL-2.0-or-later
/* zstd-compressed modules decompressed into a memory file; see decompress.h. */
#include "decompress.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#ifdef HAVE_ZSTD
#include <zstd.h>
#endif

#include "../util/xalloc.h"
#include "../util/banned.h"

/* No kernel file comes near this; a bigger output is a decompression bomb. */
#define MAX_DECOMPRESSED (UINT64_C(4) << 30)

bool is_zstd_magic(const unsigned char magic[4])
{
	return magic[0] == 0x28 && magic[1] == 0xb5 && magic[2] == 0x2f &&
	       magic[3] == 0xfd;
}

#ifdef HAVE_ZSTD
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

static int decompress_stream(ZSTD_DStream *zs, int in_fd, int out_fd,
			     const char *path, struct diag *d)
{
	size_t in_size = ZSTD_DStreamInSize(), out_size = ZSTD_DStreamOutSize();
	char *in_buf = xmalloc(in_size), *out_buf = xmalloc(out_size);
	uint64_t total = 0;
	size_t last = 0;
	int err = 0;
	ssize_t n;

	while (!err && (n = read(in_fd, in_buf, in_size)) != 0) {
		ZSTD_inBuffer in = { in_buf, n > 0 ? (size_t)n : 0, 0 };

		if (n < 0) {
			err = diag_error(d, KABI_E_IO, DIAG_AT_FILE(path),
					 "cannot read: %s", strerror(errno));
			break;
		}
		while (!err && in.pos < in.size) {
			ZSTD_outBuffer out = { out_buf, out_size, 0 };

			last = ZSTD_decompressStream(zs, &out, &in);
			if (ZSTD_isError(last))
				err = diag_error(d, KABI_E_BAD_ELF,
						 DIAG_AT_FILE(path),
						 "zstd decompression failed: %s",
						 ZSTD_getErrorName(last));
			else if ((total += out.pos) > MAX_DECOMPRESSED)
				err = diag_error(d, KABI_E_BAD_ELF,
						 DIAG_AT_FILE(path),
						 "decompresses to more than 4 GiB");
			else if (write_all(out_fd, out_buf, out.pos) < 0)
				err = diag_error(d, KABI_E_IO,
						 DIAG_AT_FILE(path),
						 "cannot buffer decompressed data: %s",
						 strerror(errno));
		}
	}
	if (!err && last != 0)
		err = diag_error(d, KABI_E_BAD_ELF, DIAG_AT_FILE(path),
				 "zstd data is truncated");
	free(in_buf);
	free(out_buf);
	return err;
}

int zstd_to_memfd(int fd, const char *path, struct diag *d)
{
	ZSTD_DStream *zs = ZSTD_createDStream();
	int out, err;

	out = memfd_create("kabi-zstd", MFD_CLOEXEC);
	if (out < 0 || !zs) {
		if (out >= 0)
			close(out);
		ZSTD_freeDStream(zs);
		return diag_error(d, KABI_E_IO, DIAG_AT_FILE(path),
				  "cannot create a memory file: %s",
				  strerror(errno));
	}
	err = decompress_stream(zs, fd, out, path, d);
	ZSTD_freeDStream(zs);
	if (err) {
		close(out);
		return err;
	}
	return out;
}
#else
int zstd_to_memfd(int fd, const char *path, struct diag *d)
{
	(void)fd;
	return diag_error(d, KABI_E_UNSUPPORTED, DIAG_AT_FILE(path),
			  "zstd-compressed, and this kabi was built without libzstd");
}
#endif
