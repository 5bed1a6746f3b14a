// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kabi diff: what changed in the module interface between two kernels,
 * each given as a baseline or as kernel files, and why; each root cause
 * once, with the exports it reaches.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "input.h"
#include "kabi.h"
#include "diff/diff.h"
#include "report/report.h"
#include "util/atomic_file.h"
#include "util/banned.h"

static const char usage[] =
	"Usage: kabi diff [OPTIONS] OLD NEW\n"
	"\n"
	"Report what changed in the module interface from OLD to NEW: exports\n"
	"added or removed, export kinds, namespaces and CRCs, and every change\n"
	"of the types exports use, each root cause once with the exports it\n"
	"reaches. OLD and NEW are each a baseline written by 'kabi dump', or a\n"
	"vmlinux, a module or a folder holding a kernel tree.\n"
	"\n"
	"Options:\n"
	"      --format text|json  the report for people (default) or tools\n"
	"      --full            every export a root cause reaches, with its path,\n"
	"                        and every export in the lists\n"
	"  -o, --output FILE     write the report to FILE\n"
	"      --debug-root DIR  separate debug files, as for 'kabi dump'\n"
	"  -j, --jobs N          read kernels with N threads\n"
	"  -h, --help            show this help\n"
	"\n"
	"Exit status: a bit mask. 0 no change; 4 the interface changed; 8 a\n"
	"change is breaking (so 12 = changed and breaking); 1 error; 2 usage\n"
	"error. docs/changes.md lists the rules that classify each change.\n";

struct diff_options {
	const char *output;
	bool json;
	struct report_options report;
	struct input_options input;
};

static int parse_options(int argc, char **argv, struct diff_options *opts)
{
	static const struct option longopts[] = {
		{ "format", required_argument, NULL, 'F' },
		{ "full", no_argument, NULL, 'f' },
		{ "output", required_argument, NULL, 'o' },
		{ "debug-root", required_argument, NULL, 'D' },
		{ "jobs", required_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	while ((c = getopt_long(argc, argv, "o:j:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'F':
			if (strcmp(optarg, "text") && strcmp(optarg, "json"))
				return cli_usage_error("diff",
						       "unknown format '%s'",
						       optarg);
			opts->json = !strcmp(optarg, "json");
			break;
		case 'f':
			opts->report.full = true;
			break;
		case 'o':
			opts->output = optarg;
			break;
		case 'D':
		case 'j':
			if (input_option(&opts->input, c, optarg, "diff"))
				return KABI_EXIT_USAGE;
			break;
		case 'h':
			fputs(usage, stdout);
			return -1;
		default:
			return cli_usage_error("diff", "bad option");
		}
	}
	if (argc - optind != 2)
		return cli_usage_error("diff", "give two kernels or baselines, OLD and NEW");
	return 0;
}

static int write_report(const struct diff_options *opts,
			const struct kabi_diff *diff, struct diag *d)
{
	struct atomic_file af;
	int err = atomic_file_open(&af, opts->output, d);

	if (err)
		return err;
	if (opts->json)
		report_json(af.fp, diff, &opts->report);
	else
		report_text(af.fp, diff, &opts->report);
	return atomic_file_commit(&af, d);
}

int cmd_diff(int argc, char **argv)
{
	struct diff_options opts = { .output = "-", .report = { .examples = 1 } };
	struct input_stats stats = { 0 };
	struct kabi_model old, new;
	struct kabi_diff diff;
	struct diag d;
	int err, status = KABI_EXIT_OK;

	input_options_init(&opts.input);
	err = parse_options(argc, argv, &opts);
	if (err) {
		input_options_free(&opts.input);
		return err < 0 ? KABI_EXIT_OK : err;
	}
	diag_init(&d);
	model_init(&old);
	model_init(&new);
	/* a side with errors gives no report: it would be a wrong one */
	err = input_load(1, &argv[optind], &opts.input, &old, &stats, &d);
	if (!err && !d.errors)
		err = input_load(1, &argv[optind + 1], &opts.input, &new,
				 &stats, &d);
	if (!err && !d.errors) {
		diff_models(&old, &new, &diff);
		if (!write_report(&opts, &diff, &d))
			status = report_exit_status(&diff);
		diff_free(&diff);
	}
	model_free(&old);
	model_free(&new);
	input_options_free(&opts.input);
	if (d.errors)
		status = KABI_EXIT_ERROR;
	return cli_finish(&d, status);
}
