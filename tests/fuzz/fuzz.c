// SPDX-License-Identifier: GPL-2.0-or-later
/* The input as a file; see fuzz.h. */
#include "fuzz.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char folder[256];

const char *fuzz_file(const uint8_t *data, size_t size, const char *name)
{
	static char path[512];
	int fd;

	if (!folder[0]) {
		snprintf(folder, sizeof(folder), "%s/kabi-fuzz.XXXXXX",
			 getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
		if (!mkdtemp(folder))
			abort();
	}
	snprintf(path, sizeof(path), "%s/%s", folder, name);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fd < 0 || (size && write(fd, data, size) != (ssize_t)size))
		abort();
	close(fd);
	return path;
}
