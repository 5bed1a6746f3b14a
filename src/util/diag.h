/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Errors and warnings. Code below main never prints and never exits: it
 * records a diagnostic here; main decides what to print and which exit
 * status to use. A diagnostic names the file and, where known, the
 * section and offset or the line:
 *
 *   vmlinux:__ksymtab+0x1c: error: name of entry 2 points outside
 * '__ksymtab_strings'
 *
 * One convention for every function below main:
 *
 *  - A function that fails as a whole returns 0 or a negative error code
 *    (the code of the diagnostic it recorded: `return diag_error(...)`),
 *    and its caller checks what it returns.
 *  - A function that goes on past bad input (a tree with one unreadable
 *    module) records each problem and returns void; a caller that must
 *    know asks the diag (d->errors).
 *  - A trial whose failures are not the user's business (guessing a
 *    layout) takes a diag_mark first and rolls back to it; nothing swaps
 *    the diag a callee writes to, and a message names the place it is
 *    about, not the place being read.
 *
 * Error codes are defined once, with their generic text, in KABI_ERRORS.
 */
#ifndef KABI_DIAG_H
#define KABI_DIAG_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define KABI_ERRORS                                                            \
	KABI_ERROR(OK, "no error")                                             \
	KABI_ERROR(USAGE, "usage error")                                       \
	KABI_ERROR(IO, "cannot read file")                                     \
	KABI_ERROR(NOT_ELF, "not an ELF file")                                 \
	KABI_ERROR(BAD_ELF, "malformed ELF file")                              \
	KABI_ERROR(UNSUPPORTED, "unsupported input")                           \
	KABI_ERROR(BAD_KSYMTAB, "malformed export table")                      \
	KABI_ERROR(BAD_DWARF, "malformed debug information")                   \
	KABI_ERROR(NO_DEBUG, "no debug information")                           \
	KABI_ERROR(BAD_XML, "malformed baseline file")                         \
	KABI_ERROR(BAD_SYMVERS, "malformed Module.symvers")                    \
	KABI_ERROR(BAD_STG, "malformed STG file")                              \
	KABI_ERROR(BAD_ABIXML, "malformed ABIXML file")                        \
	KABI_ERROR(BAD_PACKAGE, "malformed package")                           \
	KABI_ERROR(NO_INPUT, "no kernel found")                                \
	KABI_ERROR(INCOMPLETE, "a baseline of an incomplete kernel")           \
	KABI_ERROR(WRITE, "cannot write file")

enum kabi_error {
#define KABI_ERROR(code, text) KABI_E_##code,
	KABI_ERRORS
#undef KABI_ERROR
	    KABI_E_COUNT
};

/* Generic text of an error code. */
const char *kabi_strerror(enum kabi_error code);

enum diag_level { DIAG_WARNING, DIAG_ERROR };

/* Where a diagnostic points: a file, maybe a section, offset or line. */
struct diag_loc {
	const char *path;
	const char *section; /* NULL: offset is a file offset */
	uint64_t offset;
	unsigned long line; /* 0: no line */
	int has_offset;
};

#define DIAG_AT_FILE(p) ((struct diag_loc){.path = (p)})
#define DIAG_AT_SECTION(p, sec, off)                                           \
	((struct diag_loc){                                                    \
	    .path = (p), .section = (sec), .offset = (off), .has_offset = 1})
#define DIAG_AT_LINE(p, l) ((struct diag_loc){.path = (p), .line = (l)})

struct diag_message {
	enum diag_level level;
	enum kabi_error code;
	char *text; /* the whole formatted line, without '\n' */
};

/*
 * Collected diagnostics of one piece of work. Kept in order so that work
 * done on several threads can be reported in a fixed order afterwards.
 */
struct diag {
	struct diag_message *msgs;
	size_t count;
	size_t alloc;
	size_t errors;
	size_t warnings_dropped; /* past the cap */
	size_t warnings;
};

/* More warnings than this in one diag are counted, not kept. */
#define DIAG_WARNING_CAP 20

void diag_init(struct diag *d);
void diag_free(struct diag *d);
/* Record an error and return -code, for `return diag_error(...)`. */
__attribute__((format(printf, 4, 5))) int diag_error(struct diag *d,
						     enum kabi_error code,
						     struct diag_loc loc,
						     const char *fmt, ...);
/*
 * The same with the arguments as a va_list: for a reader's own
 * error(reader, fmt, ...) that adds where it stands in its file.
 */
__attribute__((format(printf, 4, 0))) int
diag_verror(struct diag *d, enum kabi_error code, struct diag_loc loc,
	    const char *fmt, va_list ap);
__attribute__((format(printf, 3, 4))) void
diag_warning(struct diag *d, struct diag_loc loc, const char *fmt, ...);
/* Where a diag stands, to roll back to. */
struct diag_mark {
	size_t count, errors, warnings, warnings_dropped;
};

struct diag_mark diag_mark(const struct diag *d);
/* Forget what was recorded since the mark. */
void diag_rollback(struct diag *d, struct diag_mark mark);
/* Move every message of src to the end of dst. */
void diag_move(struct diag *dst, struct diag *src);
/* Print all messages, one line each, then forget them. */
void diag_flush(struct diag *d, FILE *out);

#endif
