/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Small helpers shared by the cmd-*.c files: option values and errors. */
#ifndef KABI_CLI_H
#define KABI_CLI_H

#include <getopt.h>
#include <stdbool.h>

#include "util/diag.h"

/* Print a usage error for a subcommand and return KABI_EXIT_USAGE. */
__attribute__((format(printf, 2, 3)))
int cli_usage_error(const char *cmd, const char *fmt, ...);
/*
 * getopt_long with its own messages turned off: a bad option becomes
 * kabi's usage error (see cli_bad_option), not getopt's "diff: ...".
 * optstring must start with ':'.
 */
int cli_getopt(int argc, char **argv, const char *optstring,
	       const struct option *longopts);
/* The usage error for what cli_getopt returned as '?' or ':'. */
int cli_bad_option(const char *cmd, int c, char **argv);
/* Parse a --jobs value: a positive number. */
bool cli_parse_jobs(const char *arg, unsigned *jobs);
/* Print the collected diagnostics and turn them into an exit status. */
int cli_finish(struct diag *d, int status);

#endif
