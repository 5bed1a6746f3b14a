// SPDX-License-Identifier: GPL-2.0-or-later
/* Helpers shared by the subcommands; see cli.h. */
#include "cli.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "input.h"
#include "kabi.h"
#include "util/strbuf.h"
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

static int bad_option(const char *cmd, int c, char **argv)
{
	const char *arg = argv[optind - 1];

	if (c == ':')
		return cli_usage_error(cmd, "option '%s' needs a value", arg);
	if (optopt && strncmp(arg, "--", 2))
		return cli_usage_error(cmd, "unknown option '-%c'", optopt);
	return cli_usage_error(cmd, "unknown option '%s'", arg);
}

/*
 * One of the options every command that reads kernels shares: 'V'
 * (--vmlinux), 'D' (--debug-root), 'j' (--jobs), into the input options.
 */
static int input_option(struct input_options *o, int option, const char *value,
			const char *cmd)
{
	switch (option) {
	case 'V':
		o->tree.vmlinux = value;
		return 0;
	case 'D':
		/* libdwfl takes relative folders as relative to each file */
		free(o->debug_root);
		o->debug_root = realpath(value, NULL);
		if (!o->debug_root)
			return cli_usage_error(
			    cmd, "cannot use --debug-root '%s': %s", value,
			    strerror(errno));
		return 0;
	case 'j':
		if (!cli_parse_jobs(value, &o->jobs))
			return cli_usage_error(cmd, "bad --jobs value '%s'",
					       value);
		return 0;
	default:
		return cli_usage_error(cmd, "bad option");
	}
}

int cli_parse(const struct cli_command *cmd, int argc, char **argv)
{
	struct strbuf shortopts = STRBUF_INIT;
	int c, err = 0;

	/* ':' first: a missing value is told from an unknown option */
	strbuf_addf(&shortopts, ":%s", cmd->shortopts);
	opterr = 0;
	while (!err && (c = getopt_long(argc, argv, shortopts.buf,
					cmd->longopts, NULL)) != -1) {
		switch (c) {
		case 'h':
			fputs(cmd->usage, stdout);
			if (cmd->usage_tail)
				fputs(cmd->usage_tail, stdout);
			err = -1;
			break;
		case ':':
		case '?':
			err = bad_option(cmd->name, c, argv);
			break;
		case 'V':
		case 'D':
		case 'j':
			if (cmd->input) {
				err = input_option(cmd->input, c, optarg,
						   cmd->name);
				break;
			}
			/* fall through */
		default:
			err = cmd->option(c, optarg, cmd->ctx);
			break;
		}
	}
	strbuf_release(&shortopts);
	return err;
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

int cli_keep_output(const char *output, const char *what, const char *how,
		    bool allowed, struct diag *d)
{
	struct stat st;

	if (!d->errors || allowed || !strcmp(output, "-") || stat(output, &st))
		return 0;
	return diag_error(d, KABI_E_WRITE, DIAG_AT_FILE(output),
			  "not replaced by %s of an incomplete kernel (%zu "
			  "error%s above): %s",
			  what, d->errors, d->errors == 1 ? "" : "s", how);
}

int cli_finish(struct diag *d, int status)
{
	diag_flush(d, stderr);
	if (d->errors && status == KABI_EXIT_OK)
		status = KABI_EXIT_ERROR;
	diag_free(d);
	return status;
}
