// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kabi imports: what modules need from the kernel, as a symbol list that
 * --symbols takes: each symbol once, sorted, with the CRC each module
 * was built against and the modules that use it, as a comment.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "input.h"
#include "kabi.h"
#include "impact/impact.h"
#include "util/atomic_file.h"
#include "util/field.h"
#include "util/sort.h"
#include "util/xalloc.h"
#include "util/banned.h"

static const char usage[] =
    "Usage: kabi imports [OPTIONS] PATH...\n"
    "\n"
    "List the symbols that modules import from the kernel: their undefined\n"
    "symbols and the names of their __versions table, each once, sorted,\n"
    "with the CRC each module was built against and the modules that use\n"
    "it. The list is a symbol list for 'kabi dump --symbols' and 'kabi diff\n"
    "--symbols'. PATH is a module (.ko, .ko.xz, .ko.gz, .ko.zst) or a\n"
    "folder of modules; a vmlinux among them is skipped.\n"
    "\n"
    "Options:\n"
    "      --format plain|kmi  one name a line with a comment (default), or\n"
    "                        an Android KMI list ([abi_symbol_list])\n"
    "  -o, --output FILE     write to FILE (replaced whole)\n"
    "  -j, --jobs N          read with N threads (default: one per CPU)\n"
    "  -h, --help            show this help\n"
    "\n"
    "Exit status: 0 success, 1 a file could not be read (the others are\n"
    "still listed), 2 usage error.\n";

struct imports_options {
	bool kmi;
	const char *output;
	struct input_options input;
};

static int take_option(int c, const char *value, void *ctx)
{
	struct imports_options *opts = ctx;

	switch (c) {
	case 'F':
		if (strcmp(value, "plain") && strcmp(value, "kmi"))
			return cli_usage_error("imports", "unknown format '%s'",
					       value);
		opts->kmi = !strcmp(value, "kmi");
		return 0;
	case 'o':
		opts->output = value;
		return 0;
	default: /* in the table, not taken: kabi's own mistake */
		return cli_usage_error("imports", "option not handled");
	}
}

static int parse_options(int argc, char **argv, struct imports_options *opts)
{
	static const struct option longopts[] = {
	    {"format", required_argument, NULL, 'F'},
	    {"output", required_argument, NULL, 'o'},
	    {"jobs", required_argument, NULL, 'j'},
	    {"help", no_argument, NULL, 'h'},
	    {NULL, 0, NULL, 0},
	};
	const struct cli_command cmd = {"imports", usage,	 "o:j:h",
					longopts,  &opts->input, take_option,
					opts,	   NULL};
	int err = cli_parse(&cmd, argc, argv);

	if (!err && optind >= argc)
		return cli_usage_error("imports", "no PATH given");
	return err;
}

/* One use of a symbol: which import of which module. */
struct use {
	const char *name;
	uint32_t module;
	uint32_t import;
};

static int compare_uses(const void *a, const void *b)
{
	const struct use *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	if (c)
		return c;
	return x->module < y->module ? -1 : x->module > y->module;
}

/* The uses of c's imports, by name then module. */
static struct use *collect_uses(const struct consumers *c, size_t *n)
{
	struct use *uses =
	    xcalloc(c->nimports ? c->nimports : 1, sizeof(*uses));
	size_t i, j;

	*n = 0;
	for (i = 0; i < c->nmodules; i++)
		for (j = 0; j < c->modules[i].nimports; j++) {
			uint32_t k = c->modules[i].first_import + (uint32_t)j;

			/* the modules' exports to each other are not the
			 * kernel's */
			if (consumers_exporter(
				c, strset_str(&c->strings, c->imports[k].name)))
				continue;
			uses[*n].name =
			    strset_str(&c->strings, c->imports[k].name);
			uses[*n].module = (uint32_t)i;
			uses[(*n)++].import = k;
		}
	qsort(uses, *n, sizeof(*uses), compare_uses);
	return uses;
}

/* "# 0x1234abcd drivers/a drivers/b": CRC and modules of one name. */
static void print_comment(FILE *out, const struct consumers *c,
			  const struct use *u, size_t n)
{
	size_t i;

	fputs("\t#", out);
	for (i = 0; i < n; i++) {
		const struct consumer_import *im = &c->imports[u[i].import];
		const struct consumer_import *prev =
		    i ? &c->imports[u[i - 1].import] : NULL;

		if (!prev || prev->has_crc != im->has_crc ||
		    prev->crc != im->crc) {
			if (i)
				fputc(';', out);
			if (im->has_crc)
				fprintf(out, " 0x%08x", im->crc);
			else
				fputs(" no-crc", out);
		}
		fputc(' ', out);
		fput_field(
		    out, strset_str(&c->strings, c->modules[u[i].module].name));
	}
	fputc('\n', out);
}

static void print_list(FILE *out, const struct consumers *c, bool kmi)
{
	size_t n, i, j;
	struct use *uses = collect_uses(c, &n);

	if (kmi)
		fputs("[abi_symbol_list]\n", out);
	else
		fprintf(
		    out,
		    "# kabi imports: %zu module%s; each symbol with the CRC "
		    "it was built against and the modules using it\n",
		    c->nmodules, c->nmodules == 1 ? "" : "s");
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && !strcmp(uses[j].name, uses[i].name);
		     j++)
			;
		if (kmi) {
			fputs("  ", out);
			fput_field(out, uses[i].name);
			fputc('\n', out);
			continue;
		}
		fput_field(out, uses[i].name);
		print_comment(out, c, uses + i, j - i);
	}
	free(uses);
}

int cmd_imports(int argc, char **argv)
{
	struct imports_options opts = {.output = "-"};
	struct consumers c;
	struct atomic_file af;
	struct diag d;
	int err;

	input_options_init(&opts.input);
	err = parse_options(argc, argv, &opts);
	if (err) {
		input_options_free(&opts.input);
		return err < 0 ? KABI_EXIT_OK : err;
	}
	diag_init(&d);
	consumers_init(&c);
	err = input_load_consumers(argc - optind, argv + optind, &opts.input,
				   &c, &d);
	if (!err)
		err = cli_keep_output(opts.output, "the imports",
				      "write to standard output for what was "
				      "read",
				      false, &d);
	if (!err)
		err = atomic_file_open(&af, opts.output, &d);
	if (!err) {
		print_list(af.fp, &c, opts.kmi);
		err = atomic_file_commit(&af, &d);
	}
	consumers_free(&c);
	input_options_free(&opts.input);
	/* what could be read is still listed; the exit status tells */
	return cli_finish(&d, err || d.errors ? KABI_EXIT_ERROR : KABI_EXIT_OK);
}
