// SPDX-License-Identifier: GPL-2.0-or-later
/* Decompressing a descriptor as it is read; see inflate.h. */
#include "inflate.h"

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <lzma.h>
#include <zlib.h>
#ifdef HAVE_ZSTD
#include <zstd.h>
#endif

#include "xalloc.h"
#include "banned.h"

#define IN_SIZE 65536

struct inflate_stream {
	int fd;
	enum inflate_format format;
	unsigned char in[IN_SIZE];
	size_t in_pos, in_len;
	bool eof;    /* of the descriptor */
	bool done;   /* of the decompressed data */
	bool single; /* INFLATE_SINGLE_STREAM */
	bool over;   /* the limit was passed */
	uint64_t out_total, limit;
	const char *error;
	char error_buf[160];
	z_stream z;
	lzma_stream x;
#ifdef HAVE_ZSTD
	ZSTD_DStream *zs;
#endif
};

enum inflate_format inflate_detect(const unsigned char *head, size_t len)
{
	if (len >= 2 && head[0] == 0x1f && head[1] == 0x8b)
		return INFLATE_GZIP;
	if (len >= 6 && !memcmp(head,
				"\xfd"
				"7zXZ\0",
				6))
		return INFLATE_XZ;
	if (len >= 4 && !memcmp(head, "\x28\xb5\x2f\xfd", 4))
		return INFLATE_ZSTD;
	return INFLATE_NONE;
}

const char *inflate_format_name(enum inflate_format format)
{
	switch (format) {
	case INFLATE_GZIP:
		return "gzip";
	case INFLATE_XZ:
		return "xz";
	case INFLATE_ZSTD:
		return "zstd";
	default:
		return "uncompressed";
	}
}

static ssize_t fail(struct inflate_stream *s, const char *what)
{
	snprintf(s->error_buf, sizeof(s->error_buf), "%s", what);
	s->error = s->error_buf;
	return -1;
}

/* More input, when what is buffered is used up; false at its end. */
static bool fill(struct inflate_stream *s)
{
	ssize_t n;

	if (s->in_pos < s->in_len)
		return true;
	if (s->eof)
		return false;
	do
		n = read(s->fd, s->in, sizeof(s->in));
	while (n < 0 && errno == EINTR);
	if (n < 0) {
		snprintf(s->error_buf, sizeof(s->error_buf), "cannot read: %s",
			 strerror(errno));
		s->error = s->error_buf;
		s->eof = true;
		return false;
	}
	s->in_pos = 0;
	s->in_len = (size_t)n;
	s->eof = n == 0;
	return n > 0;
}

static ssize_t read_plain(struct inflate_stream *s, unsigned char *buf,
			  size_t len)
{
	size_t n;

	if (!fill(s))
		return s->error ? -1 : 0;
	n = s->in_len - s->in_pos < len ? s->in_len - s->in_pos : len;
	memcpy(buf, s->in + s->in_pos, n);
	s->in_pos += n;
	return (ssize_t)n;
}

/* gzip, member after member (as `cat a.gz b.gz` makes) */
static ssize_t read_gzip(struct inflate_stream *s, unsigned char *buf,
			 size_t len)
{
	s->z.next_out = buf;
	s->z.avail_out = (uInt)len;
	while (s->z.avail_out == len && !s->done) {
		int ret;

		if (!fill(s))
			return s->error ? -1
					: fail(s, "gzip data is truncated");
		s->z.next_in = s->in + s->in_pos;
		s->z.avail_in = (uInt)(s->in_len - s->in_pos);
		ret = inflate(&s->z, Z_NO_FLUSH);
		s->in_pos = s->in_len - s->z.avail_in;
		if (ret == Z_STREAM_END) {
			/* another member may follow, unless one is wanted */
			if (s->single)
				s->done = true;
			else if (!fill(s))
				s->done = !s->error;
			else if (inflateReset(&s->z) != Z_OK)
				return fail(s, "gzip data is corrupt");
		} else if (ret != Z_OK && ret != Z_BUF_ERROR) {
			return fail(s, s->z.msg ? s->z.msg
						: "gzip data is corrupt");
		}
	}
	return s->error ? -1 : (ssize_t)(len - s->z.avail_out);
}

const char *inflate_xz_error(int ret)
{
	switch ((lzma_ret)ret) {
	case LZMA_MEM_ERROR:
		return "out of memory decompressing xz data";
	case LZMA_MEMLIMIT_ERROR:
		return "xz data that needs more than 256 MiB to decompress";
	case LZMA_FORMAT_ERROR:
		return "not xz data";
	case LZMA_OPTIONS_ERROR:
		return "unsupported xz options";
	case LZMA_DATA_ERROR:
		return "xz data is corrupt";
	case LZMA_BUF_ERROR:
		return "xz data is truncated";
	default:
		return "xz decompression failed";
	}
}

static ssize_t read_xz(struct inflate_stream *s, unsigned char *buf, size_t len)
{
	s->x.next_out = buf;
	s->x.avail_out = len;
	while (s->x.avail_out == len && !s->done) {
		lzma_action action = LZMA_RUN;
		lzma_ret ret;

		if (!fill(s)) {
			if (s->error)
				return -1;
			action = LZMA_FINISH;
		}
		s->x.next_in = s->in + s->in_pos;
		s->x.avail_in = s->in_len - s->in_pos;
		ret = lzma_code(&s->x, action);
		s->in_pos = s->in_len - s->x.avail_in;
		if (ret == LZMA_STREAM_END)
			s->done = true;
		else if (ret != LZMA_OK)
			return fail(s, inflate_xz_error(ret));
		else if (action == LZMA_FINISH && s->x.avail_out == len)
			return fail(s, "xz data is truncated");
	}
	return (ssize_t)(len - s->x.avail_out);
}

#ifdef HAVE_ZSTD
static ssize_t read_zstd(struct inflate_stream *s, unsigned char *buf,
			 size_t len)
{
	ZSTD_outBuffer out = {buf, len, 0};
	size_t last = 1;

	while (out.pos == 0) {
		ZSTD_inBuffer in;

		if (s->single && s->done)
			return 0; /* one frame, and what follows it is not ours
				   */
		if (!fill(s)) {
			if (s->error)
				return -1;
			/* 0 from the last call: a frame ended where input did
			 */
			return last == 0 || s->done
				   ? 0
				   : fail(s, "zstd data is truncated");
		}
		in.src = s->in;
		in.size = s->in_len;
		in.pos = s->in_pos;
		last = ZSTD_decompressStream(s->zs, &out, &in);
		s->in_pos = in.pos;
		if (ZSTD_isError(last))
			return fail(s, ZSTD_getErrorName(last));
		s->done = last == 0;
	}
	return (ssize_t)out.pos;
}
#endif

struct inflate_stream *inflate_open(int fd, uint64_t limit, unsigned flags,
				    const char **why)
{
	struct inflate_stream *s = xcalloc(1, sizeof(*s));

	s->fd = fd;
	s->limit = limit;
	s->single = flags & INFLATE_SINGLE_STREAM;
	/* the first bytes say the format; they stay buffered for reading */
	while (s->in_len < 6 && !s->eof) {
		ssize_t n =
		    read(fd, s->in + s->in_len, sizeof(s->in) - s->in_len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			s->eof = true;
			if (n < 0)
				fail(s, strerror(errno));
			break;
		}
		s->in_len += (size_t)n;
	}
	s->format = inflate_detect(s->in, s->in_len);
	*why = NULL;
	switch (s->format) {
	case INFLATE_GZIP:
		/* 16 + MAX_WBITS: a gzip header, not a raw zlib one */
		if (inflateInit2(&s->z, 16 + MAX_WBITS) != Z_OK)
			*why = "cannot start gzip decompression";
		break;
	case INFLATE_XZ:
		/* xz -9 needs 65 MiB; more is not a file kabi should read */
		if (lzma_stream_decoder(&s->x, INFLATE_XZ_MEMLIMIT,
					s->single ? 0 : LZMA_CONCATENATED) !=
		    LZMA_OK)
			*why = "cannot start xz decompression";
		break;
	case INFLATE_ZSTD:
#ifdef HAVE_ZSTD
		s->zs = ZSTD_createDStream();
		if (!s->zs)
			*why = "cannot start zstd decompression";
#else
		*why =
		    "zstd-compressed, and this kabi was built without libzstd";
#endif
		break;
	default:
		break;
	}
	if (*why) {
		inflate_close(s);
		return NULL;
	}
	return s;
}

ssize_t inflate_read(struct inflate_stream *s, void *buf, size_t len)
{
	ssize_t n;

	if (s->error)
		return -1;
	if (!len)
		return 0;
	switch (s->format) {
	case INFLATE_GZIP:
		n = read_gzip(s, buf, len);
		break;
	case INFLATE_XZ:
		n = read_xz(s, buf, len);
		break;
#ifdef HAVE_ZSTD
	case INFLATE_ZSTD:
		n = read_zstd(s, buf, len);
		break;
#endif
	default:
		n = read_plain(s, buf, len);
		break;
	}
	if (n > 0 && (s->out_total += (uint64_t)n) > s->limit) {
		if (s->format == INFLATE_NONE)
			snprintf(s->error_buf, sizeof(s->error_buf),
				 "larger than %" PRIu64 " MiB, the most kabi "
				 "takes from it",
				 s->limit >> 20);
		else
			snprintf(s->error_buf, sizeof(s->error_buf),
				 "expands past %" PRIu64 " MiB, the most kabi "
				 "takes from it (a decompression bomb?)",
				 s->limit >> 20);
		s->error = s->error_buf;
		s->over = true;
		return -1;
	}
	return n;
}

uint64_t inflate_bound(uint64_t compressed_size, uint64_t cap)
{
	uint64_t bound = INFLATE_MIN_BOUND;

	if (compressed_size > bound / INFLATE_MAX_RATIO)
		bound = compressed_size > cap / INFLATE_MAX_RATIO
			    ? cap
			    : compressed_size * INFLATE_MAX_RATIO;
	return bound < cap ? bound : cap;
}

bool inflate_over_limit(const struct inflate_stream *s)
{
	return s->over;
}

const char *inflate_error(const struct inflate_stream *s)
{
	return s->error ? s->error : "no error";
}

enum inflate_format inflate_format_of(const struct inflate_stream *s)
{
	return s->format;
}

void inflate_close(struct inflate_stream *s)
{
	if (!s)
		return;
	if (s->format == INFLATE_GZIP)
		inflateEnd(&s->z);
	else if (s->format == INFLATE_XZ)
		lzma_end(&s->x);
#ifdef HAVE_ZSTD
	ZSTD_freeDStream(s->zs);
#endif
	free(s);
}
