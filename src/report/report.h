/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The report/ stage: a diff rendered for people (text, Markdown, HTML)
 * or tools (JSON), and the exit status it calls for. Rendering never
 * re-derives a change: everything it says comes from the diff, and what
 * shows of it from the filter the suppress/ stage built. The sections of
 * user-space changes and the modules' verdicts are data (section.h) that
 * each format renders; they know no format.
 */
#ifndef KABI_REPORT_H
#define KABI_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "../diff/diff.h"
#include "../impact/impact.h"
#include "../suppress/suppress.h"
#include "../util/strbuf.h"

/* Exit status bits of kabi diff (see the man page). */
enum {
	REPORT_EXIT_INCOMPLETE = 1, /* files could not be read */
	REPORT_EXIT_CHANGED = 4,
	REPORT_EXIT_BREAKING = 8,
	/* --fail-stale-approvals: an approval stale or duplicate */
	REPORT_EXIT_STALE = 16,
};

/* Modules given as consumers, and whether each loads into NEW. */
struct module_impact {
	const struct consumers *consumers;
	const struct load_verdicts *verdicts;
};

struct report_options {
	bool full;	      /* every symbol and path, not a few */
	unsigned examples;    /* symbols shown per root cause when not full */
	bool show_suppressed; /* list what rules hid, and which rule */
	bool list_exports;    /* text: every export changed, a line each */
	/* Markdown: the most characters it may take (0: no limit) */
	size_t markdown_limit;
	/* files of a kernel could not be read: the rest was compared */
	bool incomplete;
	/* kabi diff --modules: the per-module verdicts; NULL: none */
	const struct module_impact *modules;
};

void report_text(FILE *out, const struct diff_filter *f,
		 const struct report_options *o);
void report_json(FILE *out, const struct diff_filter *f,
		 const struct report_options *o);
/* One self-contained HTML page, with a filter box */
void report_html(FILE *out, const struct diff_filter *f,
		 const struct report_options *o);
/* Markdown, short: for a merge request comment or a CI summary */
void report_markdown(FILE *out, const struct diff_filter *f,
		     const struct report_options *o);
/*
 * kabi explain: one symbol change's story (explain.c); 0, or
 * REPORT_EXIT_CHANGED and REPORT_EXIT_BREAKING as it changed.
 */
int report_explain(FILE *out, const struct diff_filter *f, size_t symbol);
/*
 * 0, REPORT_EXIT_CHANGED, or that and REPORT_EXIT_BREAKING: what shows;
 * with REPORT_EXIT_INCOMPLETE when the input was.
 */
int report_exit_status(const struct diff_filter *f,
		       const struct report_options *o);

/* Shared by the writers (describe.c). */

/*
 * What a root cause is, as the summary counts them: "struct", "union",
 * "enum", "typedef", "function", "variable" (an exported variable's
 * declared type), "base" (a base type), "other".
 */
#define REPORT_ROOT_KINDS 8
const char *report_root_kind_label(unsigned index);
/*
 * An export's module as reports show it: NEW's, else OLD's; "module not
 * known" where its side names none (an STG baseline).
 */
const char *report_module_of(const struct kabi_diff *d,
			     const struct symbol_change *s);
unsigned report_root_kind(const struct kabi_diff *d,
			  const struct root_cause *r);

struct report_summary {
	size_t old_symbols, new_symbols;
	size_t added, removed, changed; /* changed: paired, with any change */
	size_t by_type, crc_only, by_export;
	size_t roots, breaking_roots;
	/*
	 * Root causes no export reaches as its unit sees the types, and the
	 * exports they alone reach (counted in none of the above).
	 */
	size_t beyond_roots, beyond_symbols;
	/*
	 * Exports' type changes against their CRCs (diff.h, crc_class), of
	 * exports no rule hides; crcs_compared false when a side has none.
	 */
	bool crcs_compared;
	size_t crc_agree, crc_unexplained, crc_hidden, crc_hidden_breaking;
	size_t crc_hidden_approved; /* breaking, all approved: not above */
	size_t crc_beyond;
	size_t roots_by_kind[REPORT_ROOT_KINDS];
	bool breaking;
	/*
	 * What set the breaking bit, by rule: shown root causes with a
	 * breaking item of the rule, shown exports with one of their own.
	 */
	size_t breaking_roots_by_rule[CHANGE_COUNT];
	size_t breaking_exports_by_rule[CHANGE_COUNT];
	/* only CRCs make it breaking: no other rule does */
	bool breaking_by_crc_alone;
	/* false when a side is a list of exports alone (Module.symvers) */
	bool types_compared;
	size_t hidden_roots, hidden_symbols; /* by suppressions */
	/*
	 * --approved: breaking root causes whose every breaking item an
	 * approval accepts (not in breaking_roots), and exports with an
	 * approved change of their own
	 */
	size_t approved_roots, approved_symbols;
	/* kabi diff --syscalls */
	size_t syscalls_added, syscalls_removed, syscalls_changed;
	size_t hidden_syscalls; /* by --breaking-only */
	size_t breaking_syscalls_by_rule[CHANGE_COUNT];
	/* kabi diff --uapi */
	size_t uapi_added, uapi_removed, uapi_changed;
	size_t hidden_uapi; /* by --breaking-only */
	size_t breaking_uapi_by_rule[CHANGE_COUNT];
};

void report_summarize(const struct diff_filter *f, struct report_summary *s);
/*
 * What made the verdict breaking: "root causes: size-changed 3; exports:
 * symbol-removed 1; modules that will not load: 1", glue between a rule
 * and its count (a space, or a mark that keeps them on one line).
 */
void report_add_because(struct strbuf *sb, const struct report_summary *s,
			const struct report_options *o, char glue);
/* Why the verdict is breaking when CRCs alone make it so, or NULL. */
const char *report_verdict_note(const struct report_summary *s);
/*
 * The exports a root cause reaches that show, nearest first (for a root
 * beyond every unit's view: those it reaches through every pointer, by
 * index): a new array, *n of them.
 */
uint32_t *report_root_symbols(const struct diff_filter *f, size_t root,
			      size_t *n);
/*
 * The other count of a root's shown exports: through every pointer, or
 * with --reach=transitive as their units see the types (0 for a root
 * beyond every unit's view).
 */
size_t report_root_other(const struct diff_filter *f, size_t root);
/* How many shown exports reach a root cause each way (REACH_KINDS). */
void report_root_reach(const struct diff_filter *f, size_t root,
		       size_t *counts);
/*
 * "reaches 3 exports (within one pointer); 9 following every pointer",
 * or for a root beyond every unit's view "reaches 2 exports, only
 * through types their units leave opaque": n is how many show.
 */
void report_describe_reach(struct strbuf *sb, const struct diff_filter *f,
			   size_t root, size_t n);
/* " (3 by value, 1 further)", or " (within one pointer)" when all are alike */
void report_add_reach(struct strbuf *sb, const size_t *counts);
/*
 * What a root cause is called: "struct sk_buff", "kf_read() signature",
 * "type of kf_counter", or where an unnamed type sits
 * ("struct kf_dev::ops (struct {anon:...})").
 */
void report_root_title(struct strbuf *sb, const struct kabi_diff *d,
		       const struct root_cause *r);
/* "member 'len' type changed from int to long int" */
void report_describe_item(struct strbuf *sb, const struct kabi_diff *d,
			  uint32_t pair, const struct change_item *it);
/* "dev_queue_xmit(skb) -> struct sk_buff * -> struct sk_buff" */
void report_describe_path(struct strbuf *sb, struct diff_paths *paths,
			  const struct kabi_diff *d, uint32_t symbol,
			  const struct root_cause *root);
/* "'name'", or "(anonymous)" for an anonymous member. */
void report_add_member_label(struct strbuf *sb, const char *name);
/*
 * Why a CRC changed with no type change its export's unit sees: "its unit
 * now sees the definition of struct sctp_association".
 */
void report_crc_reason(struct strbuf *sb, const struct kabi_diff *d,
		       size_t symbol);
/*
 * "9721 changed with a type change their units see, 0 without; 1 kept
 * over one (hidden from modversions, 1 breaking)", or why not reconciled.
 */
void report_describe_crcs(struct strbuf *sb, const struct kabi_diff *d,
			  const struct report_summary *s);
/*
 * How exports reach a root cause beyond every unit's view: "only through
 * types their units leave opaque", or, where units are not known, by
 * what their CRCs say.
 */
const char *report_beyond_how(const struct kabi_diff *d, size_t n);
/* Why the root causes beyond every unit's view are compatible. */
const char *report_beyond_why(const struct kabi_diff *d);
/*
 * Where neither side knows exports' units (d->units_unknown), how their
 * reach was judged instead, said once in the summary; false when there
 * is nothing to say.
 */
bool report_describe_units(struct strbuf *sb, const struct diff_filter *f,
			   const struct report_summary *s);
/* Whether the summary has that to say: something changed, CRCs shown. */
bool report_crcs_to_say(const struct diff_filter *f,
			const struct report_summary *s);
/* Why a type change its unit sees left the CRC as it was. */
void report_hidden_reason(struct strbuf *sb, const struct kabi_diff *d,
			  size_t symbol);
/*
 * Per export, the first root cause (index in d->roots) reaching it as its
 * unit sees the types, KABI_NONE if none, and how many do: for exports
 * whose layout changed under a kept CRC.
 */
struct crc_roots {
	uint32_t *first, *count;
};
struct crc_roots *report_crc_roots(const struct kabi_diff *d);
void report_crc_roots_free(struct crc_roots *c);
void report_count_crcs(const struct diff_filter *f, struct report_summary *s);
/* Whether an export shows as hidden from modversions: a shown root reaches it.
 */
bool report_hidden_crc(const struct diff_filter *f, size_t symbol);
/*
 * How such an export's change stands: breaking, breaking but every
 * breaking cause reaching it approved (--approved), or compatible.
 */
enum hidden_verdict { HIDDEN_COMPATIBLE, HIDDEN_APPROVED, HIDDEN_BREAKING };
enum hidden_verdict report_hidden_verdict(const struct diff_filter *f,
					  size_t symbol);
/*
 * Each shown item of an export's change of itself (kind, namespace,
 * module; not its CRC, which the CRC lists say), in the exports' order,
 * up to limit of them; how many there are in all.
 */
typedef void report_export_item_fn(void *ctx, size_t symbol,
				   const struct change_item *it, size_t n);
size_t report_each_export_item(const struct diff_filter *f, size_t limit,
			       report_export_item_fn *fn, void *ctx);
/* Whether an export has only a CRC change to show. */
bool report_crc_only(const struct diff_filter *f, size_t symbol);

/*
 * An approval as reports show it: "b/123: slot used (approve.ini:3,
 * until 2027-06-30)".
 */
void report_describe_approval(struct strbuf *sb, const struct diff_filter *f,
			      uint32_t approval);

/* Modules that would not load into NEW (0 without --modules). */
size_t report_failing_modules(const struct report_options *o);
/* ", breaking" after a rule of a breaking kind, else "" */
const char *report_breaking_mark(enum change_kind kind);

/*
 * Per export, the shown root causes reaching it as the report counts
 * them (those beyond every unit's view too, if beyond), by index in
 * d->roots, in order: a row for each export (util/rows.h).
 */
struct rows;
void report_roots_by_export(const struct diff_filter *f, bool beyond,
			    struct rows *rows);

/*
 * Text as HTML shows it, its specials as entities, a newline a space (so
 * that Markdown's HTML blocks hold no blank line that would end them).
 */
void report_html_text(FILE *out, const char *s);

/* Each root cause's number as the report shows it, 0 if hidden. */
size_t *report_root_numbers(const struct diff_filter *f);

#endif
