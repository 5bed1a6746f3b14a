// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kabi syscalls: the system calls a kernel offers user space, read from
 * its system call tables: one line per system call, by table and number,
 * with its parameters where the kernel kept their names and types.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "input.h"
#include "kabi.h"
#include "elf/elf.h"
#include "package/package.h"
#include "util/atomic_file.h"
#include "util/field.h"
#include "util/banned.h"

static const char usage[] =
    "Usage: kabi syscalls [OPTIONS] PATH...\n"
    "\n"
    "List the system calls of a kernel, from the system call tables of its\n"
    "vmlinux (x86-64's native, i386 and x32 tables; arm64's native and\n"
    "compat ones): one line each, tab-separated: table, number, name, and\n"
    "the parameters as the source declares them (from the syscall metadata\n"
    "of CONFIG_FTRACE_SYSCALLS; '?' when the kernel kept none). Slots with\n"
    "no system call (sys_ni_syscall) are counted on standard error. PATH is\n"
    "a vmlinux, or a folder holding a kernel tree.\n"
    "\n"
    "Options:\n"
    "      --vmlinux FILE  the vmlinux of a tree, when it is elsewhere\n"
    "  -o, --output FILE   write to FILE (replaced whole)\n"
    "  -h, --help          show this help\n"
    "\n"
    "Exit status: 0 success, 1 no table could be read, 2 usage error.\n";

struct syscalls_options {
	const char *output;
	struct input_options input; /* --vmlinux */
};

static int take_option(int c, const char *value, void *ctx)
{
	struct syscalls_options *opts = ctx;

	if (c != 'o')
		return cli_usage_error("syscalls", "option not handled");
	opts->output = value;
	return 0;
}

static int parse_options(int argc, char **argv, struct syscalls_options *opts)
{
	static const struct option longopts[] = {
	    {"output", required_argument, NULL, 'o'},
	    {"vmlinux", required_argument, NULL, 'V'},
	    {"help", no_argument, NULL, 'h'},
	    {NULL, 0, NULL, 0},
	};
	const struct cli_command cmd = {"syscalls", usage,	  "o:h",
					longopts,   &opts->input, take_option,
					opts,	    NULL};
	int err = cli_parse(&cmd, argc, argv);

	if (!err && optind >= argc)
		return cli_usage_error("syscalls", "no PATH given");
	return err;
}

static void print_call(FILE *out, const struct syscall_tables *t,
		       const struct syscall_slot *c)
{
	const struct strset *s = &t->strings;
	int i;

	fprintf(out, "%s\t%u\t", strset_str(s, c->abi), c->number);
	fput_field(out, strset_str(s, c->name));
	fputc('\t', out);
	if (c->nparams < 0)
		fputs("?", out);
	else if (!c->nparams)
		fputs("void", out);
	for (i = 0; i < c->nparams; i++) {
		const char *type = strset_str(s, c->param_types[i]);
		size_t len = strlen(type);

		/* "char *buf", "size_t count": as C declares them */
		fputs(i ? ", " : "", out);
		fput_field(out, type);
		fputs(len && type[len - 1] == '*' ? "" : " ", out);
		fput_field(out, strset_str(s, c->param_names[i]));
	}
	fputc('\n', out);
}

/* The vmlinux the paths name: a file, or the one of a tree. */
static const struct kernel_input *find_vmlinux(const struct kernel_files *kf,
					       struct diag *d)
{
	size_t i;

	for (i = 0; i < kf->count; i++)
		if (kf->files[i].is_vmlinux)
			return &kf->files[i].elf;
	diag_error(d, KABI_E_NO_INPUT, DIAG_AT_FILE(kf->tree),
		   "no vmlinux found: system calls are in the kernel's own "
		   "image");
	return NULL;
}

int cmd_syscalls(int argc, char **argv)
{
	struct syscalls_options opts = {.output = "-"};
	struct syscall_tables t;
	struct kernel_files kf;
	struct atomic_file af;
	const struct kernel_input *vmlinux;
	struct diag d;
	size_t i;
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
	syscall_tables_init(&t);
	package_add_paths(&kf, argc - optind, argv + optind, &opts.input.tree,
			  1, &progress, &d);
	kernel_files_warn_unused_btf(&kf, &d);
	vmlinux = find_vmlinux(&kf, &d);
	err = !vmlinux || syscalls_read(vmlinux, &t, &d);
	if (!err)
		err = atomic_file_open(&af, opts.output, &d);
	if (!err) {
		for (i = 0; i < t.count; i++)
			print_call(af.fp, &t, &t.calls[i]);
		err = atomic_file_commit(&af, &d);
	}
	if (!err && t.unimplemented)
		fprintf(stderr,
			"kabi syscalls: %zu slot%s with no system call "
			"(sys_ni_syscall)%s\n",
			t.unimplemented, t.unimplemented == 1 ? "" : "s",
			t.has_params ? ""
				     : "; no syscall metadata: parameters "
				       "unknown");
	syscall_tables_free(&t);
	kernel_files_free(&kf);
	input_options_free(&opts.input);
	return cli_finish(&d, err ? KABI_EXIT_ERROR : KABI_EXIT_OK);
}
