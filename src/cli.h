/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Small helpers shared by the cmd-*.c files: option values and errors. */
#ifndef KABI_CLI_H
#define KABI_CLI_H

#include <stdbool.h>

#include "util/diag.h"

/* Print a usage error for a subcommand and return KABI_EXIT_USAGE. */
__attribute__((format(printf, 2, 3)))
int cli_usage_error(const char *cmd, const char *fmt, ...);
/* Parse a --jobs value: a positive number. */
bool cli_parse_jobs(const char *arg, unsigned *jobs);
/* Print the collected diagnostics and turn them into an exit status. */
int cli_finish(struct diag *d, int status);

#endif
