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
 *   show. A diff_filter records, for each, the rule that hid it; the
 *   report renders what it lets through and the exit status counts only
 *   that.
 *
 * See docs/suppressions.md.
 */
#ifndef KABI_SUPPRESS_H
#define KABI_SUPPRESS_H

#include <regex.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "../diff/diff.h"
#include "../model/model.h"
#include "../util/diag.h"
#include "../util/glob.h"
#include "../util/strset.h"

/* --- symbol lists -------------------------------------------------------- */

/*
 * What a list says of an export beyond its name: Red Hat's Module.kabi
 * lines and kabi-module files carry the CRC, module, export kind and
 * namespace as the reference kernel had them, and check-kabi holds the
 * new kernel to the list: to its CRC and module, and to have the export
 * at all.
 */
struct listed_export {
	uint32_t name;	 /* in names */
	uint32_t module; /* in fields */
	uint32_t ns;	 /* in fields; 0: none */
	uint32_t crc;
	bool gpl;
	char *where; /* "FILE:LINE", for messages */
};

struct symbol_list {
	struct strset names;
	size_t count;	      /* distinct names */
	struct strset fields; /* the modules and namespaces of pins */
	struct listed_export *pins;
	size_t npins, pins_alloc;
};

void symbol_list_init(struct symbol_list *l);
void symbol_list_free(struct symbol_list *l);
/*
 * Add the names of a file: one a line, '#' comments, [section] headers
 * (Android's KMI lists, Red Hat's kabi_stablelist_ARCH), or lines of
 * Module.symvers' form (Red Hat's Module.kabi_ARCH); or of a folder of
 * Red Hat's kabi-module files, one an export (docs/suppressions.md).
 */
int symbol_list_load(struct symbol_list *l, const char *path, struct diag *d);
bool symbol_list_has(const struct symbol_list *l, const char *name);
/* Add one name (the imports of modules make a list too). */
void symbol_list_add(struct symbol_list *l, const char *name);
/*
 * Hold OLD to what the list says of its exports, as check-kabi holds the
 * new kernel: the list's CRC and module become OLD's (NEW is compared
 * with them; a move is module-moved-pinned), and a listed export OLD
 * lacks is added to it as the list has it, without a type
 * (KABI_SYM_FROM_LIST), so that NEW without it has it removed. Where
 * the list's module or CRC is not OLD's, a warning says so.
 */
void symbol_list_pin(const struct symbol_list *l, struct kabi_model *old,
		     struct diag *d);
/*
 * The list as a kernel of its own, for a check of one kernel against it
 * (kabi diff --symbols LIST NEW, as check-kabi checks): its exports,
 * named by LABEL, without types, into out, an empty model. An error if a
 * listed name has no CRC.
 */
int symbol_list_model(const struct symbol_list *l, const char *label,
		      struct kabi_model *out, struct diag *d);
/* Restrict a model to the listed exports and the types they reach. */
void symbol_list_restrict(const struct symbol_list *l, struct kabi_model *m);
/*
 * Warn of listed names without a CRC that none of the models exports
 * (one with its CRC is a removal); an error if none of the names is
 * exported at all.
 */
int symbol_list_check(const struct symbol_list *l,
		      const struct kabi_model *const *models, size_t n,
		      struct diag *d);

/* --- approvals ----------------------------------------------------------- */

/*
 * A breaking change accepted once, by its cause (approvals.c): a type
 * whose root cause it accepts, or an export whose own changes it
 * accepts, for the rules it names (none: any), with why and until when.
 * Read from kabi's [approve] files and from Android's
 * abi.stg.allowed_breaks (stgdiff's report text) alike.
 */
enum approval_kind { APPROVE_TYPE, APPROVE_EXPORT };

struct approval {
	enum approval_kind kind;
	char *name;	/* "struct scm_fp_list", or "kfree" */
	uint64_t rules; /* a bit per change_kind; 0: any */
	char *reason;
	char *until;  /* "YYYY-MM-DD", or NULL */
	bool expired; /* past until: not applied */
	char *where;  /* "FILE:LINE" */
};

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

/*
 * A line of a distribution's own rule file on exports: SUSE's
 * kabi/severities ("drivers/scsi/qla2xxx PASS") or an ignore-changes
 * entry of Debian's debian/config defines ("module:fs/nfs/nfs", with
 * globs). It matches an export by its name, its module or its
 * namespace; the first line to match decides.
 */
enum export_match { MATCH_SYMBOL, MATCH_MODULE, MATCH_NAMESPACE };

#define SEVERITY_FAIL UINT32_MAX

struct export_rule {
	char *label; /* "FILE:LINE" */
	struct glob pattern;
	enum export_match match;
	/* PASS 0, FAIL SEVERITY_FAIL, or SUSE's number; Debian's: 0 */
	uint32_t severity;
	/*
	 * The module of NEW where it still exports the symbol (Debian's
	 * buildcheck reads the new Module.symvers' line of a changed
	 * export), else OLD's (SUSE's kabi.pl reads the old one's).
	 */
	bool new_module;
	/*
	 * Debian's: the kernels its defines file and section are about, by
	 * arch, featureset and flavour (NULL: any); superseded by a later
	 * ignore-changes of the same scope; inactive for another kernel.
	 */
	bool debian, superseded, inactive;
	char *arch, *featureset, *flavour;
};

/* A kernel a Debian defines tree builds: an arch, featureset, flavour. */
struct debian_kernel {
	char *arch, *featureset, *flavour;
	char *kernel_arch; /* [base] kernel-arch: "x86", "arm64", ... */
};

/* An export as the distributions' rules see it. */
struct export_subject {
	const char *name, *ns;
	const char *old_module, *new_module; /* NULL: not on that side */
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
	/* --severities, --debian-abi: the distributions' rules on exports */
	struct export_rule *exports;
	size_t nexports, exports_alloc;
	bool numeric_severities; /* a number in a severities file */
	uint32_t max_badness;	 /* --max-badness: numbers up to it pass */
	/* --debian-abi: the abiname of its [abi], if it names one */
	char *abiname;
	char *abiname_where; /* "FILE:LINE" */
	/* --debian-abi: the kernels its trees build; --debian-scope's */
	struct debian_kernel *debian_kernels;
	size_t ndebian_kernels, debian_kernels_alloc;
	char *debian_scope; /* "ARCH/FEATURESET/FLAVOUR", or NULL */
	bool debian;	    /* --debian-abi given */
	/* --approved: breaking changes accepted, in the order read */
	struct approval *approvals;
	size_t napprovals, approvals_alloc;
	bool fail_stale; /* --fail-stale-approvals */
};

void suppressions_init(struct suppressions *s);
void suppressions_free(struct suppressions *s);
int suppressions_load(struct suppressions *s, const char *path, struct diag *d);
void suppressions_add_header_dir(struct suppressions *s, const char *dir);
/* SUSE's kabi/severities (docs/suppressions.md). */
int severities_load(struct suppressions *s, const char *path, struct diag *d);
/*
 * Debian's debian/config tree of defines files (debian.c), the [abi]
 * sections of each in the scope of the kernels its place says.
 */
int debian_abi_load(struct suppressions *s, const char *path, struct diag *d);
/* An ignore-changes value, and an abiname, of FILE:LINE (distro_rules.c). */
int debian_ignore_changes(struct suppressions *s, const char *path,
			  unsigned long line, const char *value,
			  struct diag *d);
int debian_abiname(struct suppressions *s, const char *path, unsigned long line,
		   const char *value, struct diag *d);
/* The kernels a tree builds, taken over (debian.c). */
void debian_add_kernels(struct suppressions *s, struct debian_kernel *k,
			size_t n);
/*
 * The rule deciding an export's changes: its index in exports, or
 * KABI_NONE where none matches; *tolerated whether its changes pass.
 */
struct rule_index;
/* The rules on exports of s indexed for export_rule_find (rule_index.h). */
void export_rules_index(const struct suppressions *s, struct rule_index *x);
uint32_t export_rule_find(const struct suppressions *s,
			  const struct rule_index *x,
			  const struct export_subject *e, bool *tolerated);
/*
 * Debian's rules for the kernel NEW is: its arch, featureset and flavour
 * from --debian-scope, or from its release and machine, else an error;
 * the rules of other kernels set aside. A warning where the abiname is
 * another ABI's.
 */
int debian_abi_apply(struct suppressions *s, const struct kabi_model *old,
		     const struct kabi_model *new, struct diag *d);
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
/*
 * Approvals of a file, in kabi's [approve] syntax or as Android's
 * abi.stg.allowed_breaks, told apart by their first line; an entry
 * whose until date has passed is kept, marked expired.
 */
int approvals_load(struct suppressions *s, const char *path, struct diag *d);
void approvals_free(struct suppressions *s);

/* --- what shows of a diff ------------------------------------------------ */

#define SHOWN KABI_NONE /* hidden by no rule */

struct diff_filter {
	const struct kabi_diff *d;
	const struct suppressions *s;
	uint32_t *root_rule;   /* per root cause: SHOWN, or what hid it */
	uint32_t *symbol_rule; /* per symbol change: for its own changes */
	bool *symbol_type;     /* per symbol change: reaches a shown root */
	/* per symbol change: a shown root beyond its units' view reaches it */
	bool *symbol_beyond;
	enum severity *symbol_severity; /* of what shows of it */
	size_t *hits;	     /* per rule (see filter_rule_name): what it hid */
	size_t ignored_crcs; /* CRC changes --ignore-crc kept out of sight */
	bool *syscall_shown; /* per system call change */
	bool *uapi_shown;    /* per uapi type change */
	size_t nrules;
	struct filter_index *index; /* the rules, indexed for judging */
	/*
	 * --approved: per root cause and per export change, the first
	 * approval that matched it (KABI_NONE: none); whether a root's
	 * every breaking item is approved, so that it breaks nothing; per
	 * item of d->items, whether an approval accepts it; per export,
	 * whether an approved root reaches it (its CRC goes with it).
	 */
	uint32_t *root_approval, *symbol_approval;
	bool *root_approved, *item_approved, *symbol_crc_approved;
	size_t *approval_hits;	   /* per approval: what it matched */
	uint32_t *approval_dup_of; /* per approval: an earlier one, or NONE */
};

/* Decide what shows; s may be empty. */
void diff_filter_build(struct diff_filter *f, const struct kabi_diff *d,
		       const struct suppressions *s);
void diff_filter_free(struct diff_filter *f);
/*
 * A warning for each rule that decided nothing (unused.c): an export rule
 * no export of either kernel takes its verdict from, a suppression that
 * hid nothing.
 */
void suppressions_warn_unused(const struct diff_filter *f, struct diag *d);
/*
 * Match the approvals against what shows (approvals.c): after the
 * rules have judged, before the exports' severities are settled.
 */
void approvals_match(struct diff_filter *f);
/* Whether an item of an export is approved: by itself or its cause. */
bool filter_item_approved(const struct diff_filter *f, size_t symbol,
			  uint32_t item);
/*
 * Warnings (errors with --fail-stale-approvals) for approvals that
 * matched nothing shown, approve what an earlier one does, or expired;
 * how many are stale or duplicate.
 */
size_t approvals_warn(const struct diff_filter *f, struct diag *d);
size_t approvals_stale(const struct diff_filter *f);
/* An approvals file for every breaking change not yet approved. */
void approvals_write(FILE *out, const struct diff_filter *f);
/* Which rule an index of root_rule/symbol_rule/hits names. */
const char *filter_rule_name(const struct diff_filter *f, uint32_t rule);
/*
 * The exports a root cause reaches as a report counts them (as their
 * units see the types, or through every pointer for a root beyond every
 * unit's view).
 */
const struct root_exports *filter_root_exports(const struct kabi_diff *d,
					       const struct root_cause *r);
/* Whether anything of a symbol change shows; whether one of its items does. */
bool filter_symbol_shown(const struct diff_filter *f, size_t symbol);
bool filter_item_shown(const struct diff_filter *f, size_t symbol,
		       uint32_t item);
/* Whether an item of a shown system call or uapi type change shows. */
bool filter_change_item_shown(const struct diff_filter *f,
			      const struct change_item *it);

#endif
