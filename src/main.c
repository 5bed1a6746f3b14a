// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kabi: what changed in a Linux kernel's module interface, and why.
 * This file only dispatches to the subcommands in cmd-*.c.
 */
#include <stdio.h>
#include <string.h>

#include "kabi.h"
#include "elf/elf.h"
#include "store/store.h"
#include "util/fault.h"
#include "util/xalloc.h"
#include "util/banned.h"

struct command {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *summary;
};

static const struct command commands[] = {
    {"exports", cmd_exports,
     "list the symbols a kernel exports, in Module.symvers format"},
    {"dump", cmd_dump,
     "write a kernel's ABI (exports and their types) as an XML baseline"},
    {"diff", cmd_diff,
     "what changed between two kernels or baselines, and why"},
    {"explain", cmd_explain,
     "why one export's CRC or types changed, with the path to each cause"},
    {"imports", cmd_imports,
     "list the symbols modules import, with the CRCs they were built against"},
    {"syscalls", cmd_syscalls,
     "list a kernel's system calls, by table and number, with parameters"},
};

static void print_usage(FILE *out)
{
	size_t i;

	fprintf(
	    out,
	    "Usage: kabi [--version] [--help] COMMAND [ARGS]\n"
	    "\n"
	    "kabi reports what changed in a Linux kernel's module interface:\n"
	    "the symbols it exports to modules and the types they use.\n"
	    "\n"
	    "Commands:\n");
	for (i = 0; i < sizeof(commands) / sizeof(*commands); i++)
		fprintf(out, "  %-10s %s\n", commands[i].name,
			commands[i].summary);
	fprintf(
	    out,
	    "\n"
	    "'kabi help COMMAND' or 'kabi COMMAND --help' describes a "
	    "command;\n"
	    "man kabi has it all; coming from STG or libabigail, kabi reads\n"
	    "their files as they are (docs/comparison.md has each command's\n"
	    "counterpart).\n"
	    "Exit status: 0 success, 1 error, 2 usage error; kabi diff adds\n"
	    "4 (the interface changed) and 8 (a change is breaking).\n");
}

/* kabi help [COMMAND]: the usage, or a command's --help. */
static int help(int argc, char **argv)
{
	char opt[] = "--help";
	char *args[] = {argv[1], opt, NULL};
	size_t i;

	if (argc < 2) {
		print_usage(stdout);
		return KABI_EXIT_OK;
	}
	for (i = 0; i < sizeof(commands) / sizeof(*commands); i++)
		if (!strcmp(argv[1], commands[i].name))
			return commands[i].run(2, args);
	fprintf(stderr, "kabi help: error: no command '%s'\n", argv[1]);
	print_usage(stderr);
	return KABI_EXIT_USAGE;
}

/* The version, and what this build can read. */
static void print_version(void)
{
	printf("kabi %s\n", KABI_VERSION);
#ifdef HAVE_ZSTD
	printf("zstd: yes (.ko.zst modules, zstd-compressed debug sections and "
	       "baselines)\n");
#else
	printf("zstd: no (built without libzstd: .ko.zst modules, "
	       "zstd-compressed debug sections and baselines are refused)\n");
#endif
}

int main(int argc, char **argv)
{
	const char *name;
	size_t i;

	/* malloc, libelf and libxml2 must be ready before any thread starts */
	xalloc_init();
	fault_init();
	kelf_init();
	store_init();
	if (argc < 2) {
		print_usage(stderr);
		return KABI_EXIT_USAGE;
	}
	name = argv[1];
	if (!strcmp(name, "--help") || !strcmp(name, "-h"))
		return help(1, argv + 1);
	if (!strcmp(name, "help"))
		return help(argc - 1, argv + 1);
	if (!strcmp(name, "--version") || !strcmp(name, "-V")) {
		print_version();
		return KABI_EXIT_OK;
	}
	for (i = 0; i < sizeof(commands) / sizeof(*commands); i++)
		if (!strcmp(name, commands[i].name))
			return commands[i].run(argc - 1, argv + 1);
	fprintf(stderr, "kabi: error: unknown command '%s'\n", name);
	print_usage(stderr);
	return KABI_EXIT_USAGE;
}
