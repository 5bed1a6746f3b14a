// SPDX-License-Identifier: GPL-2.0-or-later
/* Anonymous memory files; see memfile.h. */
#include "memfile.h"

#include <errno.h>
#include <sys/mman.h>
#include <unistd.h>

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
