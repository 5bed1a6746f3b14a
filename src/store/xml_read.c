// SPDX-License-Identifier: GPL-2.0-or-later
/* Reading a baseline (placeholder until the reader lands). */
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "store.h"
#include "../util/banned.h"

bool store_is_xml(const char *path)
{
	char head[5];
	int fd = open(path, O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return false;
	n = read(fd, head, sizeof(head));
	close(fd);
	return n == (ssize_t)sizeof(head) && !memcmp(head, "<?xml", 5);
}

int store_read(const char *path, struct kabi_model *out, struct diag *d)
{
	(void)out;
	return diag_error(d, KABI_E_UNSUPPORTED, DIAG_AT_FILE(path),
			  "reading baselines is not implemented yet");
}
