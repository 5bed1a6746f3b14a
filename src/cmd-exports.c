// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kabi exports: the exported symbols of a kernel, one line each in the
 * format of the kernel's Module.symvers (CRC, name, module, export kind,
 * namespace), sorted by name.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "input.h"
#include "package/package.h"
#include "kabi.h"
#include "elf/elf.h"
#include "util/atomic_file.h"
#include "util/field.h"
#include "util/banned.h"

static const char usage[] =
    "Usage: kabi exports [OPTIONS] PATH...\n"
    "\n"
    "List the symbols a kernel exports to modules, sorted by name, one line\n"
    "each as in Module.symvers: CRC, name, module, export kind, namespace.\n"
    "PATH is a vmlinux, a module (.ko, .ko.xz, .ko.gz, .ko.zst) or a folder\n"
    "holding a kernel tree: a build tree, or an unpacked Debian kernel\n"
    "package (boot/vmlinux-VERSION, lib/modules/VERSION/...), or a kernel\n"
    "package (.deb, .rpm), read in place. Name an image package and its\n"
    "debug package together: each binary is paired with its debug file.\n"
    "\n"
    "Options:\n"
    "  -l, --long          also print whether each symbol is a function or a\n"
    "                      variable, its ELF section and its size\n"
    "      --modinfo       print each module's .modinfo (module, key, value)\n"
    "                      instead of the exports\n"
    "      --vmlinux FILE  the vmlinux of a tree, when it is elsewhere or the\n"
    "                      tree holds several\n"
    "  -o, --output FILE   write to FILE (replaced whole, never half-written)\n"
    "  -j, --jobs N        read with N threads (default: one per CPU)\n"
    "  -h, --help          show this help\n"
    "\n"
    "Exit status: 0 success, 1 a file could not be read (the others are\n"
    "still listed), 2 usage error.\n";

struct exports_options {
	bool long_format;
	bool modinfo;
	const char *output;
	struct input_options input; /* --vmlinux, --jobs */
};

/* A tab, then a field from the file. */
static void put_tab_field(FILE *out, const char *s)
{
	fputc('\t', out);
	fput_field(out, s);
}

static void print_export(FILE *out, const struct export_table *t,
			 const struct kabi_export *x, bool long_format)
{
	const struct strset *s = &t->strings;

	fprintf(out, "0x%08x", x->has_crc ? x->crc : 0);
	put_tab_field(out, strset_str(s, x->name));
	put_tab_field(out, strset_str(s, x->module));
	fprintf(out, "\t%s",
		x->gpl_only ? "EXPORT_SYMBOL_GPL" : "EXPORT_SYMBOL");
	put_tab_field(out, strset_str(s, x->ns));
	if (long_format) {
		fprintf(out, "\t%s", export_symbol_type_name(x->type));
		put_tab_field(out, strset_str(s, x->section));
		fprintf(out, "\t%llu", (unsigned long long)x->size);
	}
	fputc('\n', out);
}

static void print_modinfo(FILE *out, const struct export_table *t)
{
	const struct strset *s = &t->strings;
	size_t i;

	for (i = 0; i < t->modinfo_count; i++) {
		fput_field(out, strset_str(s, t->modinfo[i].module));
		put_tab_field(out, strset_str(s, t->modinfo[i].key));
		put_tab_field(out, strset_str(s, t->modinfo[i].value));
		fputc('\n', out);
	}
}

static int write_output(const struct exports_options *opts,
			const struct export_table *t, struct diag *d)
{
	struct atomic_file af;
	size_t i;
	int err;

	err = cli_keep_output(opts->output, "the exports",
			      "write to standard output for what was read",
			      false, d);
	if (!err)
		err = atomic_file_open(&af, opts->output, d);
	if (err)
		return err;
	if (opts->modinfo)
		print_modinfo(af.fp, t);
	else
		for (i = 0; i < t->count; i++)
			print_export(af.fp, t, &t->exports[i],
				     opts->long_format);
	return atomic_file_commit(&af, d);
}

static int take_option(int c, const char *value, void *ctx)
{
	struct exports_options *opts = ctx;

	switch (c) {
	case 'l':
		opts->long_format = true;
		return 0;
	case 'M':
		opts->modinfo = true;
		return 0;
	case 'o':
		opts->output = value;
		return 0;
	default: /* in the table, not taken: kabi's own mistake */
		return cli_usage_error("exports", "option not handled");
	}
}

static int parse_options(int argc, char **argv, struct exports_options *opts)
{
	static const struct option longopts[] = {
	    {"long", no_argument, NULL, 'l'},
	    {"modinfo", no_argument, NULL, 'M'},
	    {"output", required_argument, NULL, 'o'},
	    {"vmlinux", required_argument, NULL, 'V'},
	    {"jobs", required_argument, NULL, 'j'},
	    {"help", no_argument, NULL, 'h'},
	    {NULL, 0, NULL, 0},
	};
	const struct cli_command cmd = {"exports", usage,	 "lo:j:h",
					longopts,  &opts->input, take_option,
					opts,	   NULL};
	int err = cli_parse(&cmd, argc, argv);

	if (!err && optind >= argc)
		return cli_usage_error("exports", "no PATH given");
	return err;
}

int cmd_exports(int argc, char **argv)
{
	struct exports_options opts = {.output = "-"};
	struct kernel_files kf;
	struct export_table table;
	struct diag d;
	int err;
	struct input_shown shown = {NULL, -1};
	struct progress progress;

	input_options_init(&opts.input);
	err = parse_options(argc, argv, &opts);
	if (err) {
		input_options_free(&opts.input);
		return err < 0 ? KABI_EXIT_OK : err;
	}
	diag_init(&d);
	progress = input_progress(&opts.input, &shown);
	kernel_files_init(&kf);
	package_add_paths(&kf, argc - optind, argv + optind, &opts.input.tree,
			  opts.input.jobs, &progress, &d);
	kernel_files_warn_no_vmlinux(&kf, &d);
	kernel_files_warn_unused_btf(&kf, &d);
	export_table_init(&table);
	exports_read_files(&kf, opts.input.jobs, &table, &d);
	/* what could be read is still listed; the exit status tells */
	err = write_output(&opts, &table, &d);
	export_table_free(&table);
	kernel_files_free(&kf);
	input_options_free(&opts.input);
	return cli_finish(&d, err ? KABI_EXIT_ERROR : KABI_EXIT_OK);
}
