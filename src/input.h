/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the commands that take a kernel share: the options that say how
 * to read one (--vmlinux, --debug-root, --jobs) and loading the model of
 * what paths name, a baseline file or kernel files.
 */
#ifndef KABI_INPUT_H
#define KABI_INPUT_H

#include "dwarf/dwarf.h"
#include "elf/elf.h"
#include "impact/impact.h"
#include "model/model.h"
#include "util/progress.h"

struct input_options {
	struct tree_options tree;
	unsigned jobs;	  /* threads */
	char *debug_root; /* absolute, owned; NULL: none */
	bool quiet;	  /* no progress display */
	bool syscalls;	  /* also the system calls of the vmlinux */
	bool uapi;	  /* also every type of the uapi headers */
	/* when set, what a load reports its progress to, not the terminal */
	struct progress progress;
};

struct input_stats {
	struct model_builder_stats builder;
	double exports;		 /* seconds reading export tables */
	double dwarf;		 /* seconds reading DWARF or BTF */
	double file;		 /* seconds reading a baseline file, or 0 */
	struct kdwarf_times cpu; /* of reading DWARF */
};

/*
 * Where a read reports its progress: the caller's (o->progress), else a
 * line on the terminal, the phase and how far, kept in *shown; else none
 * (quiet, or not a terminal).
 */
struct input_shown {
	const char *phase;
	int percent;
};
struct progress input_progress(const struct input_options *o,
			       struct input_shown *shown);

void input_options_init(struct input_options *o);
void input_options_free(struct input_options *o);
/*
 * Load the model of a baseline file (given alone) or of kernel files
 * and trees. Returns nonzero when nothing usable was read.
 */
int input_load(int npaths, char **paths, const struct input_options *o,
	       struct kabi_model *m, struct input_stats *st, struct diag *d);

/*
 * What the modules that paths name (modules, folders) import, with their
 * licences, imported namespaces and own exports. Returns nonzero when no
 * module could be read.
 */
int input_load_consumers(int npaths, char **paths,
			 const struct input_options *o, struct consumers *c,
			 struct diag *d);

#endif
