/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The dwarf/ stage: the types of a kernel's exported symbols, read from
 * DWARF through elfutils' libdwfl (which relocates the DWARF of modules,
 * decompresses sections and finds separate debug files), into the model.
 * Only what the exports reach is read.
 */
#ifndef KABI_DWARF_H
#define KABI_DWARF_H

#include <stdbool.h>

#include "../elf/elf.h"
#include "../model/builder.h"
#include "../model/model.h"
#include "../util/diag.h"
#include "../util/parallel.h"
#include "../util/progress.h"

struct kdwarf_options {
	unsigned jobs;
	/* where separate debug files are looked up (build-id, debuglink) */
	const char *debug_root;
	/* told as units of work (CUs of vmlinux, modules) are done, from
	 * the main thread, for a progress display */
	const struct progress *progress;
	/*
	 * Also every struct, union and enum vmlinux defines in a user-space
	 * header (include/uapi/...), and the types they reach, exported or
	 * not: the user-space interface of kabi dump --uapi. Modules' own
	 * are not sought (most are not read at all).
	 */
	bool uapi;
	/* when set, where the CPU time went (kabi dump --stats) */
	struct kdwarf_times *times;
};

/*
 * CPU seconds of reading DWARF: the workers', and the main thread's,
 * split by what it does alone (the serial part) and what it waits on.
 */
struct kdwarf_times {
	struct parallel_times threads; /* main_cpu: the whole of it */
	double plan;		       /* listing vmlinux's units */
	double merge;	/* adding each unit's fragments, in order */
	double resolve; /* declarations, and --uapi's definitions */
	double finish;	/* deduplicating and writing out the types */
};

/*
 * Give the symbols of out, the exports of the table in its order, their
 * types where DWARF describes them, and put the types they reach into
 * out. Files without debug information are reported; the rest is still
 * read.
 */
void kdwarf_load(const struct kernel_files *kf,
		 const struct kdwarf_options *opts, struct kabi_model *out,
		 struct model_builder_stats *stats, struct diag *d);

#endif
