/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The report's sections of user-space changes, the system calls
 * (report/syscalls.c) and the uapi types (report/uapi.c), as data: what
 * each holds and how it is walked, and nothing of how a format writes
 * it. Every format renders every section from this one model, so the
 * sections know no format and a new section is one more table entry.
 * Likewise the modules' verdicts, module by module.
 */
#ifndef KABI_REPORT_SECTION_H
#define KABI_REPORT_SECTION_H

#include "report.h"

/* A fact of a change for tools: a string, or when str is NULL a number. */
struct report_field {
	const char *key; /* "abi", "old_number" */
	const char *str;
	uint32_t number;
};
#define REPORT_FIELDS_MAX 4

/* One shown change of a section, as the section describes it. */
struct change_head {
	enum severity severity;
	const char *label; /* "x86-64 4 stat", "struct stat" */
	/* what a tool reads of it, in the order it is written */
	size_t nfields;
	struct report_field fields[REPORT_FIELDS_MAX];
};

/*
 * A format's writer of a section's changes: each shown change, each of
 * its shown items as words, for a uapi type changed only by what it
 * holds the nearest change ("struct timespec"), and its end. Any
 * callback may be NULL; what they are given lasts for the call.
 */
struct change_writer {
	void (*head)(void *ctx, const struct change_head *c);
	void (*item)(void *ctx, const struct change_item *it, const char *text);
	void (*through)(void *ctx, const char *label);
	void (*end)(void *ctx);
};

enum change_which {
	WHICH_ALL,
	WHICH_REMOVED,
	WHICH_ADDED,
	WHICH_CHANGED, /* in both kernels */
};

struct report_section {
	const char *title;  /* "System calls" */
	const char *anchor; /* the HTML page's id: "syscalls" */
	const char *key;    /* the JSON report's member: "syscalls" */
	/*
	 * Whether a change's label says it breaks: its items cannot always
	 * (a uapi type changed only through one it holds has none).
	 */
	bool severity_on_label;
	/* the rules of a change removed and added, listed by name alone */
	enum change_kind removed, added;
	/* Walk the shown changes of one kind, in the diff's order. */
	void (*each)(const struct diff_filter *f, enum change_which which,
		     const struct change_writer *w, void *ctx);
	/*
	 * Whether the diff compared the section at all: a tool then finds
	 * it, empty or not, where it looks.
	 */
	bool (*compared)(const struct kabi_diff *d);
};

extern const struct report_section report_syscall_section;
extern const struct report_section report_uapi_section;
/* Every section, in the order the reports show them; NULL at the end. */
extern const struct report_section *const report_sections[];

/*
 * How many of a section's shown changes are of one kind: as many as its
 * walk gives, so that the two cannot disagree.
 */
size_t report_section_count(const struct report_section *sec,
			    const struct diff_filter *f,
			    enum change_which which);
/* Whether a change present in_old and in_new is of the kind asked. */
static inline bool report_which_holds(enum change_which which, bool in_old,
				      bool in_new)
{
	switch (which) {
	case WHICH_REMOVED:
		return in_old && !in_new;
	case WHICH_ADDED:
		return !in_old && in_new;
	case WHICH_CHANGED:
		return in_old && in_new;
	default:
		return true;
	}
}

/*
 * The per-module verdicts of kabi diff --modules (report/modules.c): each
 * module given, why it would not load into NEW, and which shown root
 * causes reach what it imports.
 */
struct module_problem {
	const char *symbol;  /* the import */
	const char *problem; /* "crc-mismatch" */
	const char *text;    /* "'foo' was built against CRC 0x...; ..." */
};

struct module_reach {
	size_t number;	   /* the root cause's, as the report shows it */
	const char *how;   /* the nearest way: "by-value" */
	const char *title; /* "struct net_device" */
	enum severity severity;
	/* its change may need the module's source changed, not only a
	   rebuild: a member removed or retyped, a prototype changed */
	bool source;
};

struct module_facts {
	const char *name; /* "extra/foo" */
	uint32_t imports;
	size_t nproblems; /* none: it loads */
	const struct module_problem *problems;
	size_t nroots;
	const struct module_reach *roots;
	/*
	 * What its owner should do, in words: "nothing", or rebuild against
	 * NEW's headers, and where its source must change.
	 */
	const char *advice;
};

typedef void (*module_write)(void *ctx, const struct module_facts *m);
/*
 * Each module given, in order, to write (what it is given lasts for the
 * call), with the root causes reaching what it imports and its advice.
 */
void report_each_module(const struct diff_filter *f,
			const struct module_impact *mi, module_write write,
			void *ctx);

#endif
