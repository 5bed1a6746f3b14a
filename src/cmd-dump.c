// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kabi dump: the ABI of a kernel (its exports and the types they use, read
 * from DWARF, or BTF) written as an XML baseline, or a baseline read and
 * written again.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "kabi.h"
#include "input.h"
#include "model/model.h"
#include "store/store.h"
#include "suppress/suppress.h"
#include "util/atomic_file.h"
#include "util/clock.h"
#include "util/parallel.h"
#include "util/banned.h"

static const char usage[] =
    "Usage: kabi dump [OPTIONS] PATH...\n"
    "\n"
    "Write the ABI of a kernel as an XML baseline: every exported symbol\n"
    "with its type, and the types those reach, read from DWARF (from BTF\n"
    "when vmlinux has .BTF and no DWARF). PATH is a vmlinux, modules, a\n"
    "folder holding a kernel tree or kernel packages (.deb, .rpm: an image\n"
    "package with its debug package), as for 'kabi exports', or a baseline\n"
    "file, which is read and written again: kabi's own, STG's (.stg) or\n"
    "libabigail's (ABIXML), converted.\n"
    "\n"
    "Options:\n"
    "  -o, --output FILE     write to FILE (default: standard output); the\n"
    "                        file is replaced whole, never half-written\n"
    "      --vmlinux FILE    the vmlinux of a tree, when it is elsewhere or\n"
    "                        the tree holds several\n"
    "      --debug-root DIR  look for separate debug files in DIR (by\n"
    "                        build-id, and by path as /usr/lib/debug has "
    "them)\n"
    "  -j, --jobs N          read with N threads (default: one per CPU)\n"
    "      --symbols FILE    keep only the exports listed in FILE (one name a\n"
    "                        line, or an Android KMI list) and the types they\n"
    "                        reach; repeatable\n"
    "      --syscalls        also the system calls of the vmlinux (see\n"
    "                        'kabi syscalls'), for 'kabi diff --syscalls'\n"
    "      --uapi            also every struct, union and enum the kernel\n"
    "                        defines in a uapi header, exported or not\n"
    "      --stats           print figures on the model to standard error\n"
    "      --allow-incomplete  replace an existing FILE even when files of "
    "the\n"
    "                        kernel could not be read (the baseline says so)\n"
    "  -h, --help            show this help\n"
    "\n"
    "Exit status: 0 success, 1 error, 2 usage error. When files of the kernel\n"
    "cannot be read, what was read is written with the errors in it, but an\n"
    "existing FILE is kept unless --allow-incomplete.\n";

struct dump_options {
	const char *output;
	struct input_options input;
	struct symbol_list symbols;
	bool have_symbols;
	bool stats;
	bool allow_incomplete;
};

struct dump_parse {
	struct dump_options *opts;
	struct diag *d;
};

static int take_option(int c, const char *value, void *ctx)
{
	struct dump_parse *p = ctx;
	struct dump_options *opts = p->opts;

	switch (c) {
	case 'o':
		opts->output = value;
		return 0;
	case 'S':
		opts->stats = true;
		return 0;
	case 'A':
		opts->allow_incomplete = true;
		return 0;
	case 'Y':
		opts->input.syscalls = true;
		return 0;
	case 'U':
		opts->input.uapi = true;
		return 0;
	case 'L':
		opts->have_symbols = true;
		return symbol_list_load(&opts->symbols, value, p->d)
			   ? KABI_EXIT_ERROR
			   : 0;
	default: /* in the table, not taken: kabi's own mistake */
		return cli_usage_error("dump", "option not handled");
	}
}

static int parse_options(int argc, char **argv, struct dump_options *opts,
			 struct diag *d)
{
	static const struct option longopts[] = {
	    {"output", required_argument, NULL, 'o'},
	    {"syscalls", no_argument, NULL, 'Y'},
	    {"uapi", no_argument, NULL, 'U'},
	    {"stats", no_argument, NULL, 'S'},
	    {"symbols", required_argument, NULL, 'L'},
	    {"allow-incomplete", no_argument, NULL, 'A'},
	    {"vmlinux", required_argument, NULL, 'V'},
	    CLI_INPUT_OPTIONS,
	    {NULL, 0, NULL, 0},
	};
	struct dump_parse p = {opts, d};
	const struct cli_command cmd = {"dump",	  usage,	"o:j:h",
					longopts, &opts->input, take_option,
					&p,	  NULL};
	int err = cli_parse(&cmd, argc, argv);

	if (!err && optind >= argc)
		return cli_usage_error("dump", "no PATH given");
	return err;
}

/*
 * What could not be read goes into the baseline, which then says it
 * describes an incomplete kernel. An existing baseline, what a team
 * keeps in git, is not replaced by such a one unless asked.
 */
static int write_baseline(const struct dump_options *opts, struct kabi_model *m,
			  struct diag *d)
{
	struct atomic_file af;
	size_t i;
	int err;

	for (i = 0; i < d->count; i++)
		if (d->msgs[i].level == DIAG_ERROR &&
		    d->msgs[i].code != KABI_E_INCOMPLETE)
			model_add_error(m, d->msgs[i].text);
	err = cli_keep_output(opts->output, "a baseline",
			      "--allow-incomplete replaces it all the same",
			      opts->allow_incomplete, d);
	if (!err)
		err = atomic_file_open(&af, opts->output, d);
	if (err)
		return err;
	store_write(m, af.fp, opts->input.jobs);
	return atomic_file_commit(&af, d);
}

/*
 * Where reading DWARF spent its CPU: the main thread's part (planning,
 * merging fragments in order, resolving declarations, deduplicating) is
 * serial; the workers' is not. Amdahl's law then bounds what more cores
 * can give.
 */
static void print_cpu(const struct kdwarf_times *c)
{
	const struct parallel_times *t = &c->threads;
	double workers = 0, total, serial;
	unsigned i, cores[] = {8, 16, 64};

	if (!t->workers)
		return; /* -j1: all on one thread, nothing to split */
	fprintf(stderr,
		"kabi: CPU seconds reading DWARF: %.2f on the main thread "
		"(serial: %.2f listing units, %.2f merging, %.2f resolving "
		"declarations, %.2f deduplicating; %.2f on jobs beside the "
		"workers), workers",
		t->main_cpu, c->plan, c->merge, c->resolve,
		c->finish - t->main_parallel_cpu, t->main_parallel_cpu);
	for (i = 0; i < t->workers; i++) {
		workers += t->worker_cpu[i];
		fprintf(stderr, "%s %.2f", i ? "," : "", t->worker_cpu[i]);
	}
	total = t->main_cpu + workers;
	serial = total > 0 ? (t->main_cpu - t->main_parallel_cpu) / total : 1;
	fprintf(stderr,
		"\nkabi: serial fraction %.0f%%: by Amdahl's law at "
		"most",
		100 * serial);
	for (i = 0; i < 3; i++)
		fprintf(stderr, "%s %.1fx on %u cores", i ? "," : "",
			1 / (serial + (1 - serial) / cores[i]), cores[i]);
	fputc('\n', stderr);
}

static void print_stats(const struct kabi_model *m,
			const struct input_stats *in, double write)
{
	const struct model_builder_stats *st = &in->builder;
	size_t typed = 0, i;

	for (i = 0; i < m->nsymbols; i++)
		typed += !!(m->symbols[i].flags & KABI_SYM_HAS_TYPE);
	fprintf(
	    stderr,
	    "kabi: %zu symbols, %zu with type information, %zu without\n"
	    "kabi: %zu types: %zu named types from %zu instances in %zu units "
	    "(%zu shapes, %zu refinement rounds, %zu declarations left "
	    "ambiguous)\n",
	    m->nsymbols, typed, m->nsymbols - typed, m->ntypes, st->blocks,
	    st->instances, st->fragments, st->shapes, st->rounds,
	    st->opaque_names);
	if (in->file) { /* a baseline, read again */
		fprintf(stderr,
			"kabi: seconds: %.2f reading the %s file, %.2f "
			"writing\n",
			in->file,
			m->foreign ? model_foreign_name(m) : "baseline", write);
		return;
	}
	fprintf(stderr,
		"kabi: seconds: %.2f export tables, %.2f reading %s and "
		"collecting types, %.2f deduplicating, %.2f writing\n",
		in->exports, in->dwarf - st->finish_seconds,
		m->from_btf ? "BTF" : "DWARF", st->finish_seconds, write);
	print_cpu(&in->cpu);
}

int cmd_dump(int argc, char **argv)
{
	struct dump_options opts = {.output = "-"};
	struct input_stats stats = {0};
	struct kabi_model m;
	double start, write;
	struct diag d;
	int err;

	diag_init(&d);
	input_options_init(&opts.input);
	symbol_list_init(&opts.symbols);
	err = parse_options(argc, argv, &opts, &d);
	if (err) {
		input_options_free(&opts.input);
		symbol_list_free(&opts.symbols);
		return cli_finish(&d, err < 0 ? KABI_EXIT_OK : err);
	}
	model_init(&m);
	err = input_load(argc - optind, argv + optind, &opts.input, &m, &stats,
			 &d);
	if (!err && opts.have_symbols) {
		const struct kabi_model *models[1] = {&m};

		err = symbol_list_check(&opts.symbols, models, 1, &d);
		if (!err)
			symbol_list_restrict(&opts.symbols, &m);
	}
	/* a baseline that cannot be read leaves nothing worth writing */
	start = clock_seconds();
	if (!err)
		err = write_baseline(&opts, &m, &d);
	write = clock_seconds() - start;
	if (opts.stats)
		print_stats(&m, &stats, write);
	model_free(&m);
	input_options_free(&opts.input);
	symbol_list_free(&opts.symbols);
	return cli_finish(&d, KABI_EXIT_OK);
}
