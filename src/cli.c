// SPDX-License-Identifier: GPL-2.0-or-later
/* Helpers shared by the subcommands; see cli.h. */
#include "cli.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "kabi.h"
#include "util/banned.h"

int cli_usage_error(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "kabi %s: error: ", cmd);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry 'kabi %s --help'.\n", cmd);
	return KABI_EXIT_USAGE;
}

bool cli_parse_jobs(const char *arg, unsigned *jobs)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(arg, &end, 10);
	if (errno || end == arg || *end || v == 0 || v > 1024)
		return false;
	*jobs = (unsigned)v;
	return true;
}

int cli_finish(struct diag *d, int status)
{
	diag_flush(d, stderr);
	if (d->errors && status == KABI_EXIT_OK)
		status = KABI_EXIT_ERROR;
	diag_free(d);
	return status;
}
