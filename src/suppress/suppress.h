/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The suppress/ stage: what of a diff is reported.
 *
 * - Symbol lists (the frozen interface a vendor promises) restrict the
 *   models before dump and diff: only the listed exports and the types
 *   they reach are kept.
 * - Header folders and suppression files, in the INI syntax libabigail
 *   users keep ([suppress_type], [suppress_function],
 *   [suppress_variable]), decide which root causes and export changes
 *   show. A diff_view records, for each, the rule that hid it; the report
 *   renders the view and the exit status counts only what shows.
 *
 * See docs/suppressions.md.
 */
#ifndef KABI_SUPPRESS_H
#define KABI_SUPPRESS_H

#include <regex.h>
#include <stdbool.h>
#include <stddef.h>

#include "../diff/diff.h"
#include "../model/model.h"
#include "../util/diag.h"
#include "../util/strset.h"

/* --- symbol lists -------------------------------------------------------- */

struct symbol_list {
	struct strset names;
	size_t count; /* distinct names */
};

void symbol_list_init(struct symbol_list *l);
void symbol_list_free(struct symbol_list *l);
/* Add the names of a file: one a line, '#' comments, [section] headers. */
int symbol_list_load(struct symbol_list *l, const char *path, struct diag *d);
bool symbol_list_has(const struct symbol_list *l, const char *name);
/* Add one name (the imports of modules make a list too). */
void symbol_list_add(struct symbol_list *l, const char *name);
/* Restrict a model to the listed exports and the types they reach. */
void symbol_list_restrict(const struct symbol_list *l, struct kabi_model *m);
/*
 * Warn of listed names that none of the models exports; an error if none
 * of the names is exported at all.
 */
int symbol_list_check(const struct symbol_list *l,
		      const struct kabi_model *const *models, size_t n,
		      struct diag *d);

/* --- rules --------------------------------------------------------------- */

enum rule_section { RULE_TYPE, RULE_FUNCTION, RULE_VARIABLE };

/* An offset in a has_data_member_inserted_* property. */
struct rule_offset {
	enum { OFFSET_BITS, OFFSET_END, OFFSET_OF, OFFSET_AFTER } kind;
	uint64_t bits;
	char *member;
};

struct rule_regex {
	regex_t re;
	bool set;
};

struct suppress_rule {
	enum rule_section section;
	char *label; /* "label", or "FILE:LINE" */
	char *name;
	struct rule_regex name_re, name_not_re;
	char *symbol_name;
	struct rule_regex symbol_name_re;
	int type_kind; /* kabi_kind, or -1 for any */
	char **not_in; /* source_location_not_in */
	size_t nnot_in;
	struct rule_regex source_not_re, file_re;
	bool has_insertion;
	struct rule_offset insert_from, insert_to;
	char **enumerators; /* changed_enumerators */
	size_t nenumerators;
	unsigned change_kinds; /* functions and variables: CHANGE_KIND_* */
};

enum {
	CHANGE_KIND_SUBTYPE = 1,
	CHANGE_KIND_ADDED = 2,
	CHANGE_KIND_DELETED = 4,
	CHANGE_KIND_ALL = 7,
};

struct suppressions {
	struct suppress_rule *rules;
	size_t nrules, rules_alloc;
	char **header_dirs;
	size_t nheader_dirs, header_dirs_alloc;
	/* --ignore-crc: judge by types and exports alone, CRCs unseen */
	bool ignore_crc;
	/* --breaking-only: only what sets the breaking bit shows */
	bool breaking_only;
};

void suppressions_init(struct suppressions *s);
void suppressions_free(struct suppressions *s);
int suppressions_load(struct suppressions *s, const char *path, struct diag *d);
void suppressions_add_header_dir(struct suppressions *s, const char *dir);
/*
 * An error for a header folder that no type of the models is declared
 * below: a typo, which would hide every change. Also for header folders
 * or rules on source locations where a model's types came from BTF,
 * which has no source files.
 */
int suppressions_check_header_dirs(const struct suppressions *s,
				   const struct kabi_model *const *models,
				   size_t n, struct diag *d);
bool suppressions_empty(const struct suppressions *s);

/* --- what shows of a diff ------------------------------------------------ */

#define SHOWN KABI_NONE /* hidden by no rule */

struct diff_view {
	const struct kabi_diff *d;
	const struct suppressions *s;
	uint32_t *root_rule;   /* per root cause: SHOWN, or what hid it */
	uint32_t *symbol_rule; /* per symbol change: for its own changes */
	bool *symbol_type;     /* per symbol change: reaches a shown root */
	/* per symbol change: a shown root beyond its units' view reaches it */
	bool *symbol_beyond;
	enum severity *symbol_severity; /* of what shows of it */
	size_t *hits;	     /* per rule (see view_rule_name): what it hid */
	size_t ignored_crcs; /* CRC changes --ignore-crc kept out of sight */
	bool *syscall_shown; /* per system call change */
	bool *uapi_shown;    /* per uapi type change */
	size_t nrules;
};

/* Decide what shows; s may be empty. */
void diff_view_build(struct diff_view *v, const struct kabi_diff *d,
		     const struct suppressions *s);
void diff_view_free(struct diff_view *v);
/* Which rule an index of root_rule/symbol_rule/hits names. */
const char *view_rule_name(const struct diff_view *v, uint32_t rule);
/*
 * The exports a root cause reaches as a report counts them (as their
 * units see the types, or through every pointer for a root beyond every
 * unit's view), into *list; how many.
 */
size_t view_root_exports(const struct root_cause *r, const uint32_t **list);
/* Whether anything of a symbol change shows; whether one of its items does. */
bool view_symbol_shown(const struct diff_view *v, size_t symbol);
bool view_item_shown(const struct diff_view *v, size_t symbol, uint32_t item);
/* Whether an item of a shown system call or uapi type change shows. */
bool view_change_item_shown(const struct diff_view *v,
			    const struct change_item *it);

#endif
