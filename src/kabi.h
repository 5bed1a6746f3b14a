/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Version and the subcommands main dispatches to. */
#ifndef KABI_KABI_H
#define KABI_KABI_H

#include "version.h"

/* Exit statuses shared by all subcommands; diff adds its own bits. */
enum kabi_exit {
	KABI_EXIT_OK = 0,
	KABI_EXIT_ERROR = 1,
	KABI_EXIT_USAGE = 2,
};

int cmd_exports(int argc, char **argv);
int cmd_dump(int argc, char **argv);
int cmd_diff(int argc, char **argv);
int cmd_explain(int argc, char **argv);
int cmd_imports(int argc, char **argv);
int cmd_syscalls(int argc, char **argv);

#endif
