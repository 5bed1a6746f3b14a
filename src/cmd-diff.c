// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kabi diff: what changed in the module interface between two kernels,
 * each given as a baseline or as kernel files, and why; each root cause
 * once, with the exports it reaches.
 */
#include <getopt.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "input.h"
#include "kabi.h"
#include "diff/diff.h"
#include "report/report.h"
#include "suppress/suppress.h"
#include "util/atomic_file.h"
#include "util/parallel.h"
#include "util/xalloc.h"
#include "util/banned.h"

static const char usage[] =
    "Usage: kabi diff [OPTIONS] OLD NEW\n"
    "       kabi diff --symbols LIST [OPTIONS] NEW\n"
    "\n"
    "Report what changed in the module interface from OLD to NEW: exports\n"
    "added or removed, export kinds, namespaces and CRCs, and every change\n"
    "of the types exports use, each root cause once with the exports it\n"
    "reaches. OLD and NEW are each a baseline written by 'kabi dump', by\n"
    "STG (.stg) or by libabigail's abidw (ABIXML), a Module.symvers, or a\n"
    "vmlinux, a module, a folder holding a kernel tree, or a kernel package\n"
    "(.deb, .rpm). A kernel in several packages is OLD or NEW with --d1 or\n"
    "--d2 for each other one, as with abipkgdiff:\n"
    "  kabi diff --d1 old-dbg.deb --d2 new-dbg.deb old-image.deb "
    "new-image.deb\n"
    "\n"
    "Options:\n"
    "      --symbols FILE    compare only the exports listed in FILE (one "
    "name\n"
    "                        a line, an Android KMI list, a Red Hat\n"
    "                        stablelist, Module.kabi or kabi-module folder,\n"
    "                        whose CRCs and modules NEW is held to);\n"
    "                        repeatable\n"
    "      --headers-dir DIR report only changes to types declared in headers\n"
    "                        below DIR (include/linux); repeatable\n"
    "      --suppressions FILE  suppression rules, in libabigail's syntax\n"
    "                        (docs/suppressions.md); repeatable\n"
    "      --severities FILE SUSE's kabi/severities: PASS or FAIL of an\n"
    "                        export by module, namespace or name\n"
    "      --max-badness N   numeric severities pass up to N (default 0)\n"
    "      --debian-abi DIR  Debian's debian/config tree of [abi] rules\n"
    "      --debian-scope A/F/FL  NEW's arch, featureset and flavour\n"
    "      --show-suppressed list what the rules hid, and which rule did\n"
    "      --syscalls        also compare the system calls (the user-space\n"
    "                        interface): added, removed, renumbered, their\n"
    "                        parameters; baselines need 'dump --syscalls'\n"
    "      --uapi            also compare the structs, unions and enums of\n"
    "                        the uapi headers, exported or not; baselines\n"
    "                        need 'dump --uapi'\n"
    "      --breaking-only   show only what makes the verdict breaking;\n"
    "                        the rest is counted as suppressed\n"
    "      --modules PATH    the modules (files or folders) whose view "
    "counts:\n"
    "                        compare only the exports they import, and say\n"
    "                        of each whether it would load into NEW and\n"
    "                        which root causes reach what it uses; "
    "repeatable\n"
    "      --reach visible|transitive  which exports a type change "
    "reaches:\n"
    "                        those whose compilation units see the changed\n"
    "                        definition, as modversions' CRCs do (default),\n"
    "                        or every export whose types lead to it through\n"
    "                        any pointer; the other count is shown too\n"
    "      --ignore-crc      judge by types and exports alone: CRC changes\n"
    "                        are not shown and set no exit bit (kernels\n"
    "                        without modversions, policies that accept them)\n"
    "      --format text|json|markdown|html  the report for people\n"
    "                        (default), for tools, for a merge request\n"
    "                        comment, or as one self-contained page\n"
    "      --d1 PATH         more of OLD: its debug package, or any package,\n"
    "                        file or folder of the same kernel; repeatable\n"
    "      --d2 PATH         more of NEW, likewise\n"
    "      --markdown-limit N  Markdown of at most N characters, fewer\n"
    "                        root causes and modules shown if need be\n"
    "                        (default 65536, a GitHub comment's; 0: none)\n"
    "      --full            every export a root cause reaches, with its "
    "path,\n"
    "                        and every export in the lists\n"
    "      --list-exports    end the text report with every export that\n"
    "                        changed, one a line: its module, verdict, CRCs\n"
    "                        and the root causes reaching it\n";

/* apart: C99 compilers need take no string past 4,095 bytes */
static const char usage_tail[] =
    "  -o, --output FILE     write the report to FILE\n"
    "      --debug-root DIR  separate debug files, as for 'kabi dump'\n"
    "  -j, --jobs N          read kernels with N threads\n"
    "  -h, --help            show this help\n"
    "\n"
    "Approvals:\n"
    "      --approved FILE   breaking changes accepted, by their cause: "
    "kabi's\n"
    "                        [approve] file or Android's\n"
    "                        abi.stg.allowed_breaks; shown as approved, and\n"
    "                        not breaking (docs/suppressions.md); repeatable\n"
    "      --fail-stale-approvals  an approval that matched nothing, or\n"
    "                        approves again, is an error: exit status bit 16\n"
    "      --write-approvals FILE  write an [approve] for every breaking\n"
    "                        change not yet approved, its reason TODO\n"
    "\n"
    "Given NEW alone, a list with each export's CRC and module (Red Hat's\n"
    "Module.kabi_ARCH or kabi-module) is OLD: NEW is checked against it as\n"
    "check-kabi checks it (a listed export lost, moved or its CRC changed).\n"
    "\n"
    "Exit status: a bit mask. 0 no change; 4 the interface changed; 8 a\n"
    "change is breaking (so 12 = changed and breaking); 1 error: with 4\n"
    "and 8 when files of a kernel could not be read but the rest was\n"
    "compared (13 = error, changed, breaking); 2 usage error; 16 with\n"
    "--fail-stale-approvals: an approval is stale or a duplicate.\n"
    "docs/changes.md lists the rules that classify each change.\n";

static const char explain_usage[] =
    "Usage: kabi explain [OPTIONS] SYMBOL OLD NEW\n"
    "\n"
    "Say why one export's CRC or types changed from OLD to NEW: its CRCs and\n"
    "compilation units on each side, how its type change stands against its\n"
    "CRC (they agree; the CRC changed with no type change its unit sees, and\n"
    "why; a type change hidden from modversions; a change beyond its unit's\n"
    "view), and each root cause that reaches it, with the path from the\n"
    "export, those its unit sees first. OLD and NEW are as for 'kabi diff'.\n"
    "\n"
    "Options:\n"
    "      --module NAME     the export of this module (vmlinux, "
    "fs/fat/fat),\n"
    "                        where several modules export SYMBOL\n"
    "      --reach visible|transitive  as for 'kabi diff'\n"
    "      --d1 PATH, --d2 PATH  more of OLD, of NEW, as for 'kabi diff'\n"
    "  -o, --output FILE     write to FILE\n"
    "      --debug-root DIR  separate debug files, as for 'kabi dump'\n"
    "  -j, --jobs N          read kernels with N threads\n"
    "  -h, --help            show this help\n"
    "\n"
    "Exit status: 0 the export did not change; 4 it changed; 12 it changed\n"
    "and breaks modules; 1 error (it is exported by neither kernel); 2\n"
    "usage error.\n";

enum report_format { FORMAT_TEXT, FORMAT_JSON, FORMAT_MARKDOWN, FORMAT_HTML };

/* GitHub's limit on a comment's characters: Markdown stays within it. */
#define MARKDOWN_LIMIT 65536

struct diff_options {
	const char *output;
	enum report_format format;
	struct report_options report;
	struct input_options input;
	struct symbol_list symbols;
	bool have_symbols;
	const char *list_path; /* the first --symbols FILE */
	bool transitive;       /* --reach transitive */
	/* kabi explain: the export, and its module when given */
	const char *explain, *explain_module;
	struct suppressions rules;
	const char *write_approvals; /* --write-approvals FILE */
	char **modules;		     /* --modules paths */
	size_t nmodules, modules_alloc;
	/* --d1, --d2: more paths of OLD and NEW, after the one named */
	const char **more[2];
	size_t nmore[2], more_alloc[2];
};

struct diff_parse {
	struct diff_options *opts;
	struct diag *d;
	const char *command; /* "diff" or "explain", for its errors */
};

static int take_option(int c, const char *value, void *ctx)
{
	struct diff_parse *p = ctx;
	struct diff_options *opts = p->opts;

	switch (c) {
	case 'F':
		if (!strcmp(value, "text"))
			opts->format = FORMAT_TEXT;
		else if (!strcmp(value, "json"))
			opts->format = FORMAT_JSON;
		else if (!strcmp(value, "markdown"))
			opts->format = FORMAT_MARKDOWN;
		else if (!strcmp(value, "html"))
			opts->format = FORMAT_HTML;
		else
			return cli_usage_error(p->command,
					       "unknown format '%s'", value);
		return 0;
	case 'f':
		opts->report.full = true;
		return 0;
	case 'R':
		if (strcmp(value, "visible") && strcmp(value, "transitive"))
			return cli_usage_error(
			    p->command,
			    "--reach is 'visible' or 'transitive', not '%s'",
			    value);
		opts->transitive = !strcmp(value, "transitive");
		return 0;
	case 'L':
		opts->have_symbols = true;
		if (!opts->list_path)
			opts->list_path = value;
		return symbol_list_load(&opts->symbols, value, p->d)
			   ? KABI_EXIT_ERROR
			   : 0;
	case 'H':
		if (!*value)
			return cli_usage_error("diff",
					       "--headers-dir needs a folder");
		suppressions_add_header_dir(&opts->rules, value);
		return 0;
	case 'S':
		return suppressions_load(&opts->rules, value, p->d)
			   ? KABI_EXIT_ERROR
			   : 0;
	case 's':
		opts->report.show_suppressed = true;
		return 0;
	case 'a':
		return approvals_load(&opts->rules, value, p->d)
			   ? KABI_EXIT_ERROR
			   : 0;
	case 'Z':
		opts->rules.fail_stale = true;
		return 0;
	case 'W':
		opts->write_approvals = value;
		return 0;
	case 'l':
		opts->report.list_exports = true;
		return 0;
	case 'K': {
		char *end;
		unsigned long long n = strtoull(value, &end, 10);

		if (!*value || *end || *value == '-' || (n && n < 1024))
			return cli_usage_error(
			    p->command,
			    "--markdown-limit is a count of characters, 1024 "
			    "or more (0: no limit), not '%s'",
			    value);
		opts->report.markdown_limit = (size_t)n;
		return 0;
	}
	case 'E':
		return severities_load(&opts->rules, value, p->d)
			   ? KABI_EXIT_ERROR
			   : 0;
	case 'b': {
		char *end;
		unsigned long n = strtoul(value, &end, 10);

		if (!*value || *end || n >= SEVERITY_FAIL || *value == '-')
			return cli_usage_error(
			    p->command, "--max-badness is a number, not '%s'",
			    value);
		opts->rules.max_badness = (uint32_t)n;
		return 0;
	}
	case 'A':
		return debian_abi_load(&opts->rules, value, p->d)
			   ? KABI_EXIT_ERROR
			   : 0;
	case 'Q':
		free(opts->rules.debian_scope);
		opts->rules.debian_scope = xstrdup(value);
		return 0;
	case 'C':
		opts->rules.ignore_crc = true;
		return 0;
	case 'B':
		opts->rules.breaking_only = true;
		return 0;
	case 'Y':
		opts->input.syscalls = true;
		return 0;
	case 'U':
		opts->input.uapi = true;
		return 0;
	case 'm':
		ALLOC_GROW(opts->modules, opts->nmodules + 1,
			   opts->modules_alloc);
		opts->modules[opts->nmodules++] = (char *)value;
		return 0;
	case 'o':
		opts->output = value;
		return 0;
	case 'M':
		opts->explain_module = value;
		return 0;
	case '1':
	case '2': {
		size_t i = (size_t)(c - '1');

		ALLOC_GROW(opts->more[i], opts->nmore[i] + 1,
			   opts->more_alloc[i]);
		opts->more[i][opts->nmore[i]++] = value;
		return 0;
	}
	default: /* in the table, not taken: kabi's own mistake */
		return cli_usage_error(p->command, "option not handled");
	}
}

static int parse_options(int argc, char **argv, struct diff_options *opts,
			 struct diag *d)
{
	static const struct option longopts[] = {
	    {"symbols", required_argument, NULL, 'L'},
	    {"headers-dir", required_argument, NULL, 'H'},
	    {"suppressions", required_argument, NULL, 'S'},
	    {"show-suppressed", no_argument, NULL, 's'},
	    {"approved", required_argument, NULL, 'a'},
	    {"fail-stale-approvals", no_argument, NULL, 'Z'},
	    {"write-approvals", required_argument, NULL, 'W'},
	    {"list-exports", no_argument, NULL, 'l'},
	    {"markdown-limit", required_argument, NULL, 'K'},
	    {"severities", required_argument, NULL, 'E'},
	    {"max-badness", required_argument, NULL, 'b'},
	    {"debian-abi", required_argument, NULL, 'A'},
	    {"debian-scope", required_argument, NULL, 'Q'},
	    {"ignore-crc", no_argument, NULL, 'C'},
	    {"breaking-only", no_argument, NULL, 'B'},
	    {"syscalls", no_argument, NULL, 'Y'},
	    {"uapi", no_argument, NULL, 'U'},
	    {"modules", required_argument, NULL, 'm'},
	    {"format", required_argument, NULL, 'F'},
	    {"full", no_argument, NULL, 'f'},
	    {"reach", required_argument, NULL, 'R'},
	    {"output", required_argument, NULL, 'o'},
	    {"d1", required_argument, NULL, '1'},
	    {"d2", required_argument, NULL, '2'},
	    CLI_INPUT_OPTIONS,
	    {NULL, 0, NULL, 0},
	};
	struct diff_parse p = {opts, d, "diff"};
	const struct cli_command cmd = {"diff",	  usage,	"o:j:h",
					longopts, &opts->input, take_option,
					&p,	  usage_tail};
	int err = cli_parse(&cmd, argc, argv);

	if (!err && argc - optind == 1 && opts->have_symbols && !opts->nmore[0])
		return 0; /* NEW against the list */
	if (!err && argc - optind != 2)
		return cli_usage_error(
		    "diff", "give two kernels or baselines, OLD and NEW");
	return err;
}

/*
 * One progress line for both sides read at once, on a terminal: each
 * side's loader reports its phase to its own slot ("reading the
 * packages", "reading DWARF"), and the line shows the sides that have
 * one: a baseline read in a moment shows nothing.
 */
struct progress_line {
	pthread_mutex_t lock;
	const char *phase[2];
	int percent[2];
	bool shown;
};

struct side_progress {
	struct progress_line *line;
	unsigned side;
};

static void show_side_progress(const char *phase, uint64_t done, uint64_t total,
			       void *ctx)
{
	static const char *const names[2] = {"OLD", "NEW"};
	struct side_progress *sp = ctx;
	struct progress_line *l = sp->line;
	int percent = (int)(done * 100 / (total ? total : 1));
	unsigned i;

	pthread_mutex_lock(&l->lock);
	if (phase != l->phase[sp->side] || percent != l->percent[sp->side]) {
		l->phase[sp->side] = phase;
		l->percent[sp->side] = percent;
		fputs("\rkabi:", stderr);
		for (i = 0; i < 2; i++)
			if (l->phase[i])
				fprintf(stderr, "%s %s %s %d%%",
					i && l->phase[0] ? ";" : "", names[i],
					l->phase[i], l->percent[i]);
		fputs("\033[K", stderr);
		l->shown = true;
	}
	pthread_mutex_unlock(&l->lock);
}

/* The two sides, read at the same time, each with half the threads. */
struct sides {
	char **paths;	  /* OLD and NEW as named */
	bool old_is_list; /* kabi diff --symbols LIST NEW */
	char **sides[2];  /* each with its --d1 or --d2 paths */
	int npaths[2];
	struct input_options opts[2];
	struct kabi_model models[2];
	struct diag diags[2];
	int err[2];
	struct progress_line line;
	struct side_progress progress[2];
};

static void load_side(size_t i, void *ctx)
{
	struct sides *s = ctx;
	struct input_stats stats = {0};

	s->err[i] = 0;
	if (!i && s->old_is_list)
		return; /* built from the list (load_sides) */
	s->err[i] = input_load(s->npaths[i], s->sides[i], &s->opts[i],
			       &s->models[i], &stats, &s->diags[i]);
}

/*
 * Reading one kernel keeps a thread adding its units to the model in
 * order; reading both at once keeps the cores busier than one after the
 * other. Errors come out in the order of the sides.
 */
static int load_sides(struct sides *s, const struct diff_options *opts,
		      struct diag *d)
{
	const struct input_options *o = &opts->input;
	unsigned threads = o->jobs, i;
	size_t k;
	int err = 0;

	bool tty = !o->quiet && isatty(STDERR_FILENO);

	memset(&s->line, 0, sizeof(s->line));
	pthread_mutex_init(&s->line.lock, NULL);
	for (i = 0; i < 2; i++) {
		s->npaths[i] = (int)opts->nmore[i] + 1;
		s->sides[i] = xcalloc((size_t)s->npaths[i], sizeof(char *));
		s->sides[i][0] = s->paths[i];
		for (k = 0; k < opts->nmore[i]; k++)
			s->sides[i][k + 1] = (char *)opts->more[i][k];
		s->opts[i] = *o; /* debug_root stays o's */
		s->opts[i].jobs = threads > 1 ? (threads + i) / 2 : 1;
		s->opts[i].quiet = true; /* two progress lines would mix */
		s->progress[i].line = &s->line;
		s->progress[i].side = i;
		if (tty) { /* one line for both */
			s->opts[i].progress.report = show_side_progress;
			s->opts[i].progress.ctx = &s->progress[i];
		}
		model_init(&s->models[i]);
		diag_init(&s->diags[i]);
	}
	parallel_run(2, threads > 1 ? 2 : 1, load_side, s);
	if (s->line.shown)
		fputs("\r\033[K", stderr);
	pthread_mutex_destroy(&s->line.lock);
	for (i = 0; i < 2; i++) {
		err = err ? err : s->err[i];
		diag_move(d, &s->diags[i]);
	}
	if (!err && s->old_is_list)
		err = symbol_list_model(&opts->symbols, s->paths[0],
					&s->models[0], d);
	return err;
}

/* The symbol change kabi explain asks for, or an error. */
static int find_explained(const struct diff_options *opts,
			  const struct kabi_diff *diff, size_t *symbol,
			  struct diag *d)
{
	size_t i, found = 0;

	for (i = 0; i < diff->nsymbols; i++) {
		const struct symbol_change *s = &diff->symbols[i];
		const struct kabi_model *m =
		    s->old_symbol != KABI_NONE ? diff->old : diff->new;
		const struct kabi_symbol *sym =
		    &m->symbols[s->old_symbol != KABI_NONE ? s->old_symbol
							   : s->new_symbol];

		if (strcmp(diff_symbol_name(diff, s), opts->explain) ||
		    (opts->explain_module &&
		     strcmp(model_str(m, sym->module), opts->explain_module)))
			continue;
		*symbol = i;
		found++;
	}
	if (found == 1)
		return 0;
	if (found)
		diag_error(d, KABI_E_USAGE, DIAG_AT_FILE(NULL),
			   "'%s' is exported by %zu modules: say which with "
			   "--module",
			   opts->explain, found);
	else
		diag_error(d, KABI_E_USAGE, DIAG_AT_FILE(NULL),
			   "'%s'%s%s%s is exported by neither kernel",
			   opts->explain, opts->explain_module ? " of '" : "",
			   opts->explain_module ? opts->explain_module : "",
			   opts->explain_module ? "'" : "");
	return KABI_EXIT_ERROR;
}

/* kabi explain's report, and its exit status. */
static int write_explain(const struct diff_options *opts,
			 const struct diff_filter *filter, struct diag *d)
{
	struct atomic_file af;
	size_t symbol = 0;
	int status;

	if (find_explained(opts, filter->d, &symbol, d) ||
	    atomic_file_open(&af, opts->output, d))
		return KABI_EXIT_ERROR;
	status = report_explain(af.fp, filter, symbol);
	return atomic_file_commit(&af, d) ? KABI_EXIT_ERROR : status;
}

static int write_report(const struct diff_options *opts,
			const struct diff_filter *filter, struct diag *d)
{
	struct atomic_file af;
	int err = atomic_file_open(&af, opts->output, d);

	if (err)
		return err;
	switch (opts->format) {
	case FORMAT_JSON:
		report_json(af.fp, filter, &opts->report);
		break;
	case FORMAT_MARKDOWN:
		report_markdown(af.fp, filter, &opts->report);
		break;
	case FORMAT_HTML:
		report_html(af.fp, filter, &opts->report);
		break;
	default:
		report_text(af.fp, filter, &opts->report);
	}
	return atomic_file_commit(&af, d);
}

/* --write-approvals: the breaking changes found, for a maintainer to edit. */
static int write_approvals(const struct diff_options *opts,
			   const struct diff_filter *filter, struct diag *d)
{
	struct atomic_file af;
	int err;

	if (!opts->write_approvals)
		return 0;
	err = atomic_file_open(&af, opts->write_approvals, d);
	if (err)
		return err;
	approvals_write(af.fp, filter);
	return atomic_file_commit(&af, d);
}

/*
 * The symbol list cuts both kernels down before they are compared; what
 * it and the rule files say of OLD's exports (CRCs, modules) holds NEW.
 */
static int restrict_sides(struct diff_options *opts, struct sides *s,
			  struct diag *d)
{
	const struct kabi_model *models[2] = {&s->models[0], &s->models[1]};
	size_t i;

	/* buildcheck compares every field but the module, and wants CRCs */
	if (opts->rules.debian) {
		for (i = 0; i < s->models[0].nsymbols; i++)
			s->models[0].symbols[i].flags |= KABI_SYM_FIELDS_PINNED;
		for (i = 0; i < s->models[1].nsymbols; i++)
			s->models[1].symbols[i].flags |= KABI_SYM_CRC_REQUIRED;
	}
	if (debian_abi_apply(&opts->rules, &s->models[0], &s->models[1], d))
		return -1;
	if (!opts->have_symbols)
		return 0;
	if (symbol_list_check(&opts->symbols, models, 2, d))
		return -1;
	symbol_list_restrict(&opts->symbols, &s->models[0]);
	symbol_list_restrict(&opts->symbols, &s->models[1]);
	symbol_list_pin(&opts->symbols, &s->models[0], d);
	return 0;
}

/* Kernels of two machines have nothing to compare. */
static int check_machines(const struct sides *s, struct diag *d)
{
	char a[128], b[128];

	if (model_same_machine(&s->models[0], &s->models[1], a, b, sizeof(a)))
		return 0;
	return diag_error(d, KABI_E_USAGE, DIAG_AT_FILE(NULL),
			  "'%s' is %s and '%s' is %s: kernels of different "
			  "machines cannot be compared",
			  s->paths[0], a, s->paths[1], b);
}

/* --syscalls: both sides must hold their system calls. */
static int check_syscalls(const struct sides *s, struct diag *d)
{
	unsigned i;

	for (i = 0; i < 2; i++)
		if (!s->models[i].has_syscalls)
			return diag_error(
			    d, KABI_E_USAGE, DIAG_AT_FILE(s->paths[i]),
			    "no system calls to compare: a baseline written "
			    "without 'kabi dump --syscalls', or a list of "
			    "exports");
	return 0;
}

/* --uapi: both sides must hold their uapi types. */
static int check_uapi(const struct sides *s, struct diag *d)
{
	unsigned i;

	for (i = 0; i < 2; i++)
		if (!s->models[i].has_uapi)
			return diag_error(
			    d, KABI_E_USAGE, DIAG_AT_FILE(s->paths[i]),
			    "no uapi types to compare: a baseline written "
			    "without 'kabi dump --uapi', or a list of "
			    "exports");
	return 0;
}

/* The version a release starts with: "6.1.0-57-" of "6.1.0-57-cloud-amd64". */
static size_t version_length(const char *release)
{
	return strspn(release, "0123456789.-+~");
}

/*
 * NEW older than OLD: most often the two named the wrong way round,
 * which reports every change backwards (an export added as removed).
 */
static void warn_backwards(const struct sides *s, struct diag *d)
{
	const char *o = model_str(&s->models[0], s->models[0].release);
	const char *n = model_str(&s->models[1], s->models[1].release);
	size_t lo = version_length(o), ln = version_length(n);
	char *ov, *nv;

	if (!lo || !ln)
		return;
	ov = xstrndup(o, lo);
	nv = xstrndup(n, ln);
	if (strverscmp(nv, ov) < 0)
		diag_warning(d, DIAG_AT_FILE(NULL),
			     "NEW (%s) is an older release than OLD (%s): "
			     "changes are reported from OLD to NEW; were "
			     "they named the wrong way round?",
			     n, o);
	free(ov);
	free(nv);
}

static size_t core_exports(const struct kabi_model *m)
{
	size_t i, n = 0;

	for (i = 0; i < m->nsymbols; i++)
		n += !strcmp(model_str(m, m->symbols[i].module), "vmlinux");
	return n;
}

/*
 * A side without vmlinux against one with it (a module named alone as
 * OLD): every export of vmlinux counts as added or removed, which says
 * nothing of the module. Judging a module is --modules' work.
 */
static void warn_lone_modules(const struct diff_options *opts,
			      const struct sides *s, struct diag *d)
{
	size_t core[2] = {core_exports(&s->models[0]),
			  core_exports(&s->models[1])};
	unsigned i;

	/* STG and ABIXML name no module, vmlinux or other (model.h) */
	if (opts->have_symbols || opts->nmodules || !core[0] == !core[1] ||
	    model_either_foreign(&s->models[0], &s->models[1]))
		return;
	i = core[0] ? 1 : 0;
	diag_warning(d, DIAG_AT_FILE(s->paths[i]),
		     "%s has no vmlinux, %s has one: its %zu exports count "
		     "as %s. To judge modules against a kernel, name them "
		     "with --modules, and two kernels as OLD and NEW",
		     i ? "NEW" : "OLD", i ? "OLD" : "NEW", core[!i],
		     i ? "removed" : "added");
}

/*
 * What must hold before a comparison can be trusted: one machine, a
 * symbol list that names something, header folders that hold something.
 */
static int check_comparable(struct diff_options *opts, struct sides *s,
			    struct diag *d)
{
	const struct kabi_model *models[2] = {&s->models[0], &s->models[1]};

	warn_backwards(s, d);
	warn_lone_modules(opts, s, d);
	if (check_machines(s, d) || restrict_sides(opts, s, d) ||
	    (opts->input.syscalls && check_syscalls(s, d)) ||
	    (opts->input.uapi && check_uapi(s, d)))
		return -1;
	return suppressions_check_header_dirs(&opts->rules, models, 2, d);
}

/*
 * With --modules: both kernels cut down to what the modules import, and
 * each module judged as NEW's module loader would judge it.
 */
static int judge_modules(struct diff_options *opts, struct sides *s,
			 struct consumers *c, struct load_verdicts *verdicts,
			 struct diag *d)
{
	struct symbol_list imports;
	size_t i;
	int err = input_load_consumers((int)opts->nmodules, opts->modules,
				       &opts->input, c, d);

	if (err)
		return err;
	symbol_list_init(&imports);
	for (i = 0; i < c->nimports; i++)
		symbol_list_add(&imports,
				strset_str(&c->strings, c->imports[i].name));
	symbol_list_restrict(&imports, &s->models[0]);
	symbol_list_restrict(&imports, &s->models[1]);
	symbol_list_free(&imports);
	load_verdicts_judge(c, &s->models[1], opts->rules.ignore_crc, verdicts);
	return 0;
}

/*
 * The report of what was read, even when some files of a side could not
 * be: the exit status then has the error bit beside what was found.
 */
/*
 * A test hook, for kabi's own tests (tests/fixtures/check-report): with
 * KABI_TEST_REACH_BATCH=N the reach stage works in batches of N groups
 * and checks itself against a slow walk from each export.
 */
static unsigned test_flags(void)
{
	const char *batch = getenv("KABI_TEST_REACH_BATCH");
	unsigned long n;

	if (!batch || !*batch)
		return 0;
	n = strtoul(batch, NULL, 10);
	return DIFF_TEST_BATCH(n < 1 ? 1 : n > 512 ? 512 : n);
}

static int compare(struct diff_options *opts, struct sides *s, struct diag *d)
{
	struct kabi_diff diff;
	struct diff_filter filter;
	struct consumers consumers;
	struct load_verdicts verdicts = {0};
	struct module_impact impact = {&consumers, &verdicts};
	int status = KABI_EXIT_ERROR;

	consumers_init(&consumers);
	if (check_comparable(opts, s, d) ||
	    (opts->nmodules &&
	     judge_modules(opts, s, &consumers, &verdicts, d))) {
		consumers_free(&consumers);
		return KABI_EXIT_ERROR;
	}
	if (opts->nmodules)
		opts->report.modules = &impact;
	opts->report.incomplete = d->errors > 0;
	diff_models(&s->models[0], &s->models[1],
		    (opts->input.uapi ? DIFF_UAPI : 0) |
			(opts->transitive ? DIFF_TRANSITIVE : 0) | test_flags(),
		    opts->input.jobs, &diff);
	if (opts->input.syscalls)
		diff_syscalls(&diff);
	diff_filter_build(&filter, &diff, &opts->rules);
	if (!opts->explain) {
		suppressions_warn_unused(&filter, d);
		approvals_warn(&filter, d);
	}
	if (opts->explain)
		status = write_explain(opts, &filter, d);
	else if (!write_report(opts, &filter, d) &&
		 !write_approvals(opts, &filter, d))
		status = report_exit_status(&filter, &opts->report);
	diff_filter_free(&filter);
	diff_free(&diff);
	opts->report.modules = NULL;
	load_verdicts_free(&verdicts);
	consumers_free(&consumers);
	return status;
}

static void free_options(struct diff_options *opts)
{
	input_options_free(&opts->input);
	free(opts->more[0]);
	free(opts->more[1]);
	symbol_list_free(&opts->symbols);
	suppressions_free(&opts->rules);
	free(opts->modules);
}

static int parse_explain(int argc, char **argv, struct diff_options *opts,
			 struct diag *d)
{
	static const struct option longopts[] = {
	    {"module", required_argument, NULL, 'M'},
	    {"reach", required_argument, NULL, 'R'},
	    {"output", required_argument, NULL, 'o'},
	    {"d1", required_argument, NULL, '1'},
	    {"d2", required_argument, NULL, '2'},
	    CLI_INPUT_OPTIONS,
	    {NULL, 0, NULL, 0},
	};
	struct diff_parse p = {opts, d, "explain"};
	const struct cli_command cmd = {"explain", explain_usage, "o:j:h",
					longopts,  &opts->input,  take_option,
					&p,	   NULL};
	int err = cli_parse(&cmd, argc, argv);

	if (!err && argc - optind != 3)
		return cli_usage_error("explain",
				       "give an export, then OLD and NEW");
	if (!err)
		opts->explain = argv[optind++];
	return err;
}

static int run(int argc, char **argv, bool explain)
{
	struct diff_options opts = {
	    .output = "-",
	    .report = {.examples = 1, .markdown_limit = MARKDOWN_LIMIT}};
	struct sides sides;
	char *list_sides[2];
	struct diag d;
	int err, status = KABI_EXIT_OK;

	diag_init(&d);
	input_options_init(&opts.input);
	symbol_list_init(&opts.symbols);
	suppressions_init(&opts.rules);
	err = explain ? parse_explain(argc, argv, &opts, &d)
		      : parse_options(argc, argv, &opts, &d);
	if (err) {
		free_options(&opts);
		return cli_finish(&d, err < 0 ? KABI_EXIT_OK : err);
	}
	sides.paths = &argv[optind];
	sides.old_is_list = argc - optind == 1;
	if (sides.old_is_list) {
		list_sides[0] = (char *)opts.list_path;
		list_sides[1] = argv[optind];
		sides.paths = list_sides;
	}
	err = load_sides(&sides, &opts, &d);
	/* a side that could not be read at all gives no report */
	status = err ? KABI_EXIT_ERROR : compare(&opts, &sides, &d);
	model_free(&sides.models[0]);
	model_free(&sides.models[1]);
	free(sides.sides[0]);
	free(sides.sides[1]);
	free_options(&opts);
	return cli_finish(&d, status);
}

int cmd_diff(int argc, char **argv)
{
	return run(argc, argv, false);
}

int cmd_explain(int argc, char **argv)
{
	return run(argc, argv, true);
}
