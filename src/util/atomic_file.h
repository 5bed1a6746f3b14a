/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Writing an output file so that readers only ever see the old file or
 * the whole new one: the content goes to a temporary file beside it,
 * which is renamed over the target once complete. If kabi is interrupted
 * by a signal, the temporary file is removed. A device or a pipe
 * (/dev/null) is written in place: renaming over it would replace it.
 * A name ending in .gz, .xz or .zst is written compressed so (the
 * content kept in memory until the commit compresses it).
 */
#ifndef KABI_ATOMIC_FILE_H
#define KABI_ATOMIC_FILE_H

#include <stdbool.h>
#include <stdio.h>

#include "diag.h"

struct atomic_file {
	char *path;
	char *tmp_path;
	FILE *fp;      /* what the writer writes to */
	bool in_place; /* a device or a pipe, written as it is */
	/* compressed: fp is in memory, raw the file it goes to at the end */
	FILE *raw;
	char *buf;
	size_t len;
	int format; /* enum inflate_format */
	char *name; /* as given, for messages */
};

/* Start writing path; "-" means standard output, written directly. */
int atomic_file_open(struct atomic_file *af, const char *path, struct diag *d);
/* Flush, check for write errors, and move the file into place. */
int atomic_file_commit(struct atomic_file *af, struct diag *d);
/* Give up: remove the temporary file. */
void atomic_file_abort(struct atomic_file *af);
/*
 * Remove the temporary file being written, if any: from a signal
 * handler, as the process dies (async-signal-safe).
 */
void atomic_file_remove_pending(void);

#endif
