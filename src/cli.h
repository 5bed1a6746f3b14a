/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Small helpers shared by the cmd-*.c files: option values and errors. */
#ifndef KABI_CLI_H
#define KABI_CLI_H

#include <getopt.h>
#include <stdbool.h>

#include "util/diag.h"

/* Print a usage error for a subcommand and return KABI_EXIT_USAGE. */
__attribute__((format(printf, 2, 3))) int cli_usage_error(const char *cmd,
							  const char *fmt, ...);
struct input_options;

/*
 * The options every command that reads kernels with their DWARF takes,
 * for its table. (--vmlinux, "which file of this tree", names one file
 * of one kernel: dump takes it, diff with its two kernels does not.)
 */
#define CLI_INPUT_OPTIONS                                                      \
	{"debug-root", required_argument, NULL, 'D'},                          \
	    {"jobs", required_argument, NULL, 'j'},                            \
	{                                                                      \
		"help", no_argument, NULL, 'h'                                 \
	}

/* A command's options: its table, and what takes those of its own. */
struct cli_command {
	const char *name;	       /* "diff" */
	const char *usage;	       /* what --help prints */
	const char *shortopts;	       /* getopt's, without the leading ':' */
	const struct option *longopts; /* ends with CLI_INPUT_OPTIONS, {0} */
	struct input_options *input;   /* takes -V, -D, -j; NULL: none */
	/* one option of the command's own: 0, or an exit status */
	int (*option)(int c, const char *value, void *ctx);
	void *ctx;
	/* printed after usage (C caps one string literal at 4095 bytes) */
	const char *usage_tail;
};

/*
 * Parse argv: --help prints the usage (-1: done), a bad option or value
 * is a usage error in kabi's words, not getopt's (its exit status), the
 * shared options go to the input options, the rest to cmd->option. 0
 * when the command goes on; its operands start at optind.
 */
int cli_parse(const struct cli_command *cmd, int argc, char **argv);
/* Parse a --jobs value: a positive number. */
bool cli_parse_jobs(const char *arg, unsigned *jobs);
/*
 * After errors reading the input, an output file that exists is not
 * replaced by what was read of it: 0 when it may be written (standard
 * output, a new file, or allowed), else the error, which says so. what:
 * "a baseline", "the exports"; how: how to write it all the same.
 */
int cli_keep_output(const char *output, const char *what, const char *how,
		    bool allowed, struct diag *d);
/* Print the collected diagnostics and turn them into an exit status. */
int cli_finish(struct diag *d, int status);

#endif
