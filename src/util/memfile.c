// SPDX-License-Identifier: GPL-2.0-or-later
/* Anonymous memory files; see memfile.h. */
#include "memfile.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "xalloc.h"
#include "banned.h"

int memfile_create(const char *tag)
{
	return memfd_create(tag, MFD_CLOEXEC);
}

int memfile_write(int fd, const void *buf, size_t len)
{
	const char *p = buf;

	while (len) {
		ssize_t n = write(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			if (!n)
				errno = EIO;
			return -1;
		}
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

int memfile_read_all(int fd, size_t limit, char **buf, size_t *len)
{
	struct stat st;
	size_t size, got = 0;
	char *p;

	if (fstat(fd, &st) < 0)
		return -1;
	if (st.st_size < 0 || (uint64_t)st.st_size > limit) {
		errno = EFBIG;
		return -1;
	}
	size = (size_t)st.st_size;
	p = xmalloc(size ? size : 1);
	while (got < size) {
		ssize_t n = pread(fd, p + got, size - got, (off_t)got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			if (!n)
				errno = EIO; /* shorter than it said */
			free(p);
			return -1;
		}
		got += (size_t)n;
	}
	*buf = p;
	*len = size;
	return 0;
}
