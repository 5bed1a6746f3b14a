// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kabi dump: the ABI of a kernel (its exports and the types they use, read
 * from DWARF) written as an XML baseline, or a baseline read and written
 * again.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "kabi.h"
#include "dwarf/dwarf.h"
#include "elf/elf.h"
#include "model/model.h"
#include "store/store.h"
#include "util/atomic_file.h"
#include "util/clock.h"
#include "util/parallel.h"
#include "util/banned.h"

static const char usage[] =
	"Usage: kabi dump [OPTIONS] PATH...\n"
	"\n"
	"Write the ABI of a kernel as an XML baseline: every exported symbol\n"
	"with its type, and the types those reach, read from DWARF. PATH is a\n"
	"vmlinux, modules or a folder holding a kernel tree, as for 'kabi\n"
	"exports', or a baseline file, which is read and written again.\n"
	"\n"
	"Options:\n"
	"  -o, --output FILE     write to FILE (default: standard output); the\n"
	"                        file is replaced whole, never half-written\n"
	"      --vmlinux FILE    the vmlinux of a tree, when it is elsewhere or\n"
	"                        the tree holds several\n"
	"      --debug-root DIR  look for separate debug files in DIR (by\n"
	"                        build-id, and by path as /usr/lib/debug has them)\n"
	"  -j, --jobs N          read with N threads (default: one per CPU)\n"
	"      --stats           print figures on the model to standard error\n"
	"  -h, --help            show this help\n"
	"\n"
	"Exit status: 0 success, 1 error (what could be read is still written),\n"
	"2 usage error.\n";

struct dump_options {
	const char *output;
	char *debug_root;	/* absolute */
	struct tree_options tree;
	struct dwarf_options dwarf;
	bool stats;
};

static int parse_options(int argc, char **argv, struct dump_options *opts)
{
	static const struct option longopts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "vmlinux", required_argument, NULL, 'V' },
		{ "debug-root", required_argument, NULL, 'D' },
		{ "jobs", required_argument, NULL, 'j' },
		{ "stats", no_argument, NULL, 'S' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	while ((c = getopt_long(argc, argv, "o:j:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'o':
			opts->output = optarg;
			break;
		case 'V':
			opts->tree.vmlinux = optarg;
			break;
		case 'D':
			/* libdwfl takes relative folders as relative to each file */
			opts->debug_root = realpath(optarg, NULL);
			if (!opts->debug_root)
				return cli_usage_error("dump",
						       "cannot use --debug-root '%s': %s",
						       optarg, strerror(errno));
			opts->dwarf.debug_root = opts->debug_root;
			break;
		case 'j':
			if (!cli_parse_jobs(optarg, &opts->dwarf.jobs))
				return cli_usage_error("dump",
						       "bad --jobs value '%s'",
						       optarg);
			break;
		case 'S':
			opts->stats = true;
			break;
		case 'h':
			fputs(usage, stdout);
			return -1;
		default:
			return cli_usage_error("dump", "bad option");
		}
	}
	if (optind >= argc)
		return cli_usage_error("dump", "no PATH given");
	return 0;
}

static void show_progress(size_t done, size_t total, void *ctx)
{
	int *shown = ctx;
	int percent = (int)(done * 100 / (total ? total : 1));

	if (percent == *shown)
		return;
	*shown = percent;
	fprintf(stderr, "\rkabi: reading DWARF: %d%%", percent);
	if (done == total)
		fputs("\r\033[K", stderr);
}

/* Where the time goes, for --stats. */
struct dump_times {
	double exports, dwarf, finish, write;
};

static void print_stats(const struct kabi_model *m,
			const struct model_builder_stats *st,
			const struct dump_times *t)
{
	size_t typed = 0, i;

	for (i = 0; i < m->nsymbols; i++)
		typed += !!(m->symbols[i].flags & KABI_SYM_HAS_TYPE);
	fprintf(stderr,
		"kabi: %zu symbols, %zu with type information, %zu without\n"
		"kabi: %zu types: %zu named types from %zu instances in %zu units "
		"(%zu shapes, %zu refinement rounds, %zu names defined several ways)\n",
		m->nsymbols, typed, m->nsymbols - typed, m->ntypes,
		st->blocks, st->instances, st->fragments, st->shapes,
		st->rounds, st->opaque_names);
	fprintf(stderr,
		"kabi: seconds: %.2f export tables, %.2f reading DWARF and "
		"collecting types, %.2f deduplicating, %.2f writing\n",
		t->exports, t->dwarf - st->finish_seconds, st->finish_seconds,
		t->write);
}

/* The model of the kernel the paths name. */
static int load_kernel(int argc, char **argv, struct dump_options *opts,
		       struct kabi_model *m, struct model_builder_stats *stats,
		       struct dump_times *times, struct diag *d)
{
	double start = clock_seconds();
	struct kernel_files kf;
	struct export_table table;
	int i, err = 0, shown = -1;

	kernel_files_init(&kf);
	for (i = 0; i < argc; i++)
		kernel_files_add(&kf, argv[i], &opts->tree, d);
	export_table_init(&table);
	exports_read_files(&kf, opts->dwarf.jobs, &table, d);
	times->exports = clock_seconds() - start;
	m->arch = model_intern(m, table.machine ? elf_machine_name(table.machine)
						: "");
	m->release = kf.release ? model_intern(m, kf.release) : 0;
	/* nothing could be read at all: no baseline is better than an empty one */
	if (!table.count && d->errors) {
		err = -KABI_E_NO_INPUT;
		goto out;
	}
	if (isatty(STDERR_FILENO)) {
		opts->dwarf.progress = show_progress;
		opts->dwarf.progress_ctx = &shown;
	}
	start = clock_seconds();
	dwarf_load(&kf, &table, &opts->dwarf, m, stats, d);
	times->dwarf = clock_seconds() - start;
out:
	export_table_free(&table);
	kernel_files_free(&kf);
	return err;
}

int cmd_dump(int argc, char **argv)
{
	struct dump_options opts = { .output = "-" };
	struct model_builder_stats stats = { 0 };
	struct dump_times times = { 0 };
	struct kabi_model m;
	struct atomic_file af;
	double start;
	struct diag d;
	int err;

	opts.dwarf.jobs = parallel_default_threads();
	err = parse_options(argc, argv, &opts);
	if (err) {
		free(opts.debug_root);
		return err < 0 ? KABI_EXIT_OK : err;
	}
	diag_init(&d);
	model_init(&m);
	if (argc - optind == 1 && store_is_xml(argv[optind]))
		err = store_read(argv[optind], &m, &d);
	else
		err = load_kernel(argc - optind, argv + optind, &opts, &m,
				  &stats, &times, &d);
	/* a baseline that cannot be read leaves nothing worth writing */
	start = clock_seconds();
	if (!err && !atomic_file_open(&af, opts.output, &d)) {
		store_write(&m, af.fp);
		atomic_file_commit(&af, &d);
	}
	times.write = clock_seconds() - start;
	if (opts.stats)
		print_stats(&m, &stats, &times);
	model_free(&m);
	free(opts.debug_root);
	return cli_finish(&d, KABI_EXIT_OK);
}
