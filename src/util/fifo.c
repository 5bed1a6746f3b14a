// SPDX-License-Identifier: GPL-2.0-or-later
/* Input files that may be named pipes; see fifo.h. */
#include "fifo.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdbool.h>
#include <string.h>
#include <unistd.h>

#include "banned.h"

/*
 * Linux reports POLLHUP on a FIFO only once a writer has opened it and
 * closed it again, not before any writer came: poll then waits for the
 * first writer, as a blocking open would, but within a bound.
 */
static bool wait_for_writer(int fd)
{
	struct pollfd p = {.fd = fd, .events = POLLIN};
	int n;

	do
		n = poll(&p, 1, FIFO_WRITER_WAIT_MS);
	while (n < 0 && errno == EINTR);
	return n > 0;
}

int fifo_safe_open(const char *path, struct stat *st, struct diag *d)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);

	if (fd < 0)
		return diag_error(d, KABI_E_IO, DIAG_AT_FILE(path),
				  "cannot open: %s", strerror(errno));
	if (fstat(fd, st) < 0 ||
	    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) < 0) {
		int err = diag_error(d, KABI_E_IO, DIAG_AT_FILE(path),
				     "cannot read: %s", strerror(errno));

		close(fd);
		return err;
	}
	if (S_ISFIFO(st->st_mode) && !wait_for_writer(fd)) {
		close(fd);
		return diag_error(d, KABI_E_IO, DIAG_AT_FILE(path),
				  "a named pipe nobody wrote to within %d s",
				  FIFO_WRITER_WAIT_MS / 1000);
	}
	return fd;
}
