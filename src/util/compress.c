// SPDX-License-Identifier: GPL-2.0-or-later
/* Output compressed as its file's name asks; see compress.h. */
#include "compress.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <lzma.h>
#include <zlib.h>
#ifdef HAVE_ZSTD
#include <zstd.h>
#endif

#include "xalloc.h"
#include "banned.h"

static int ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);

	return n > k && !strcmp(s + n - k, suffix);
}

enum inflate_format compress_format_of_name(const char *path)
{
	if (ends_with(path, ".gz"))
		return INFLATE_GZIP;
	if (ends_with(path, ".xz"))
		return INFLATE_XZ;
	if (ends_with(path, ".zst"))
		return INFLATE_ZSTD;
	return INFLATE_NONE;
}

/* gzip by zlib's deflate, in blocks: its sizes are 32-bit. */
static int write_gzip(FILE *out, const void *data, size_t len, const char **why)
{
	unsigned char buf[65536];
	z_stream z;
	size_t done = 0;
	int ret = Z_OK;

	memset(&z, 0, sizeof(z));
	/* 16 + the window: a gzip header, with no name and no time */
	if (deflateInit2(&z, 6, Z_DEFLATED, 16 + MAX_WBITS, 8,
			 Z_DEFAULT_STRATEGY) != Z_OK) {
		*why = "zlib cannot start";
		return -1;
	}
	while (ret != Z_STREAM_END) {
		size_t chunk = len - done < (1u << 30) ? len - done : 1u << 30;

		z.next_in = (unsigned char *)data + done;
		z.avail_in = (uInt)chunk;
		do {
			z.next_out = buf;
			z.avail_out = sizeof(buf);
			ret = deflate(&z, done + chunk == len ? Z_FINISH
							      : Z_NO_FLUSH);
			fwrite(buf, 1, sizeof(buf) - z.avail_out, out);
		} while (z.avail_out == 0 && ret != Z_STREAM_END);
		done += chunk - z.avail_in;
	}
	deflateEnd(&z);
	return 0;
}

static int write_xz(FILE *out, const void *data, size_t len, const char **why)
{
	size_t bound = lzma_stream_buffer_bound(len), pos = 0;
	uint8_t *buf = xmalloc(bound);
	lzma_ret ret = lzma_easy_buffer_encode(6, LZMA_CHECK_CRC64, NULL, data,
					       len, buf, &pos, bound);

	if (ret != LZMA_OK) {
		*why = inflate_xz_error(ret);
		free(buf);
		return -1;
	}
	fwrite(buf, 1, pos, out);
	free(buf);
	return 0;
}

static int write_zstd(FILE *out, const void *data, size_t len, const char **why)
{
#ifdef HAVE_ZSTD
	size_t bound = ZSTD_compressBound(len), n;
	void *buf = xmalloc(bound);

	n = ZSTD_compress(buf, bound, data, len, 10);
	if (ZSTD_isError(n)) {
		*why = ZSTD_getErrorName(n);
		free(buf);
		return -1;
	}
	fwrite(buf, 1, n, out);
	free(buf);
	return 0;
#else
	(void)out;
	(void)data;
	(void)len;
	*why = "this kabi was built without libzstd";
	return -1;
#endif
}

int compress_write(FILE *out, enum inflate_format format, const void *data,
		   size_t len, const char **why)
{
	/* no file: whether this kabi can write the format at all */
	if (!out) {
#ifndef HAVE_ZSTD
		if (format == INFLATE_ZSTD) {
			*why = "this kabi was built without libzstd";
			return -1;
		}
#endif
		return 0;
	}
	switch (format) {
	case INFLATE_GZIP:
		return write_gzip(out, data, len, why);
	case INFLATE_XZ:
		return write_xz(out, data, len, why);
	case INFLATE_ZSTD:
		return write_zstd(out, data, len, why);
	default:
		fwrite(data, 1, len, out);
		return 0;
	}
}
