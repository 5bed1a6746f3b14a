// SPDX-License-Identifier: GPL-2.0-or-later
/* Named pipes given as input files; see fifo.h. */
#include "fifo.h"

#include <errno.h>
#include <poll.h>

#include "banned.h"

/*
 * Linux reports POLLHUP on a FIFO only once a writer has opened it and
 * closed it again, not before any writer came: poll then waits for the
 * first writer, as a blocking open would, but within a bound.
 */
bool fifo_wait_writer(int fd)
{
	struct pollfd p = {.fd = fd, .events = POLLIN};
	int n;

	do
		n = poll(&p, 1, FIFO_WRITER_WAIT_MS);
	while (n < 0 && errno == EINTR);
	return n > 0;
}
