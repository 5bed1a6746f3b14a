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
#include "util/parallel.h"
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

/* The two sides, read at the same time, each with half the threads. */
struct sides {
	char **paths;
	struct input_options opts[2];
	struct kabi_model models[2];
	struct diag diags[2];
	int err[2];
};

static void load_side(size_t i, void *ctx)
{
	struct sides *s = ctx;
	struct input_stats stats = { 0 };

	s->err[i] = input_load(1, &s->paths[i], &s->opts[i], &s->models[i],
			       &stats, &s->diags[i]);
}

/*
 * Reading one kernel keeps a thread adding its units to the model in
 * order; reading both at once keeps the cores busier than one after the
 * other. Errors come out in the order of the sides.
 */
static int load_sides(struct sides *s, const struct input_options *o,
		      struct diag *d)
{
	unsigned threads = o->dwarf.jobs, i;
	int err = 0;

	for (i = 0; i < 2; i++) {
		s->opts[i] = *o;
		s->opts[i].debug_root = NULL;	/* o keeps it */
		s->opts[i].dwarf.jobs = threads > 1 ? (threads + i) / 2 : 1;
		s->opts[i].quiet = true;	/* two progress lines would mix */
		model_init(&s->models[i]);
		diag_init(&s->diags[i]);
	}
	parallel_run(2, threads > 1 ? 2 : 1, load_side, s);
	for (i = 0; i < 2; i++) {
		err = err ? err : s->err[i];
		diag_move(d, &s->diags[i]);
	}
	return err;
}

int cmd_diff(int argc, char **argv)
{
	struct diff_options opts = { .output = "-", .report = { .examples = 1 } };
	struct sides sides;
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
	sides.paths = &argv[optind];
	err = load_sides(&sides, &opts.input, &d);
	/* a side with errors gives no report: it would be a wrong one */
	if (!err && !d.errors) {
		diff_models(&sides.models[0], &sides.models[1], &diff);
		if (!write_report(&opts, &diff, &d))
			status = report_exit_status(&diff);
		diff_free(&diff);
	}
	model_free(&sides.models[0]);
	model_free(&sides.models[1]);
	input_options_free(&opts.input);
	if (d.errors)
		status = KABI_EXIT_ERROR;
	return cli_finish(&d, status);
}
