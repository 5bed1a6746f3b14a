// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The rule files distributions keep for their own kABI checks, read as
 * they are, so that a maintainer need not translate them:
 *
 * - SUSE's kabi/severities, as rpm/kabi.pl and ksymvers read it: a
 *   pattern and a verdict a line, the pattern's kind named before it
 *   (MODULE, NAMESPACE, SYMBOL) or told by its look: a '/', or
 *   "vmlinux", is a module; letters all capitals, a namespace; any
 *   other, the export's name. The verdict is PASS or FAIL, or (the
 *   older symsets.pl form) a number, a module pattern's severity,
 *   passing while at most --max-badness. The first matching line
 *   decides; an export no line matches fails (severity 8 in a file of
 *   numbers).
 *
 * - The ignore-changes entries of Debian's debian/config defines files
 *   (debian.c reads the tree), as debian/bin/buildcheck.py reads them:
 *   export names and "module:" paths whose changes pass, '*' within a
 *   path part, '**' across; abiname names the ABI the rules belong to.
 *
 * Each rule is an export_rule; the filter lets through the changes of
 * the exports they pass (filter.c), as a [suppress_function] would.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "suppress.h"
#include "rule_index.h"
#include "../util/lines.h"
#include "../util/strbuf.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

/* SUSE's default severity of an unmatched export, in a file of numbers. */
#define SEVERITY_DEFAULT 8

static char *where(const char *path, unsigned long line)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addf(&sb, "%s:%lu", path, line);
	return strbuf_detach(&sb);
}

static int add_rule(struct suppressions *s, const struct line_reader *r,
		    const char *pattern, enum export_match match,
		    enum glob_style style, uint32_t severity, struct diag *d)
{
	struct export_rule *rule;

	if (strlen(pattern) > GLOB_MAX_PATTERN)
		return diag_error(
		    d, KABI_E_USAGE, DIAG_AT_LINE(r->path, r->line),
		    "pattern longer than %u characters", GLOB_MAX_PATTERN);
	ALLOC_GROW(s->exports, s->nexports + 1, s->exports_alloc);
	rule = &s->exports[s->nexports++];
	memset(rule, 0, sizeof(*rule));
	rule->label = where(r->path, r->line);
	glob_compile(&rule->pattern, pattern, style);
	rule->match = match;
	rule->severity = severity;
	rule->new_module = style == GLOB_DEBIAN;
	return 0;
}

/* The next word of a line, '#' ending it; NULL at its end. */
static char *next_word(char **line)
{
	char *p = *line, *word;

	while (isspace((unsigned char)*p))
		p++;
	if (!*p || *p == '#')
		return NULL;
	word = p;
	while (*p && !isspace((unsigned char)*p) && *p != '#')
		p++;
	if (*p == '#')
		*p = '\0'; /* the rest is a comment: no more words */
	else if (*p)
		*p++ = '\0';
	*line = p;
	return word;
}

/*
 * A namespace by its look: letters, all of them capitals. "*" alone has
 * none, and is every export's name, not only a namespaced one's.
 */
static bool all_capitals(const char *s)
{
	bool letters = false;

	for (; *s; s++) {
		if (islower((unsigned char)*s))
			return false;
		letters |= isupper((unsigned char)*s) != 0;
	}
	return letters;
}

/* suse-kabi-tools' explicit types: "MODULE drivers/scsi/qla2xxx PASS". */
static bool rule_type(const char *word, enum export_match *match)
{
	static const struct {
		const char *word;
		enum export_match match;
	} types[] = {{"MODULE", MATCH_MODULE},
		     {"NAMESPACE", MATCH_NAMESPACE},
		     {"SYMBOL", MATCH_SYMBOL}};
	size_t i;

	for (i = 0; i < sizeof(types) / sizeof(types[0]); i++)
		if (!strcmp(word, types[i].word)) {
			*match = types[i].match;
			return true;
		}
	return false;
}

/* The kind of an untyped pattern, by its look, as kabi.pl and ksymvers. */
static enum export_match pattern_match(const char *pattern)
{
	if (strchr(pattern, '/') || !strcmp(pattern, "vmlinux"))
		return MATCH_MODULE;
	return all_capitals(pattern) ? MATCH_NAMESPACE : MATCH_SYMBOL;
}

/* PASS, FAIL (in any case, as kabi.pl reads them) or a number. */
static int parse_verdict(const struct line_reader *r, const char *word,
			 uint32_t *severity, bool *number, struct diag *d)
{
	char *end;
	unsigned long n;

	*number = false;
	if (!strcasecmp(word, "PASS")) {
		*severity = 0;
		return 0;
	}
	if (!strcasecmp(word, "FAIL")) {
		*severity = SEVERITY_FAIL;
		return 0;
	}
	n = isdigit((unsigned char)*word) ? strtoul(word, &end, 10) : 0;
	if (!isdigit((unsigned char)*word) || *end || n >= SEVERITY_FAIL)
		return diag_error(
		    d, KABI_E_USAGE, DIAG_AT_LINE(r->path, r->line),
		    "verdict '%s' is not PASS, FAIL or a number", word);
	*severity = (uint32_t)n;
	*number = true;
	return 0;
}

static int severities_line(struct suppressions *s, const struct line_reader *r,
			   char *line, struct diag *d)
{
	char *pattern = next_word(&line), *verdict, *extra;
	enum export_match match = MATCH_SYMBOL;
	uint32_t severity = SEVERITY_FAIL;
	bool number = false, typed;
	int err;

	if (!pattern)
		return 0;
	verdict = next_word(&line);
	extra = next_word(&line);
	/* "SYMBOL PASS" is the namespace SYMBOL's rule: a type needs three */
	typed = extra && rule_type(pattern, &match);
	if (typed) {
		pattern = verdict;
		verdict = extra;
		extra = next_word(&line);
	}
	if (!verdict)
		return diag_error(
		    d, KABI_E_USAGE, DIAG_AT_LINE(r->path, r->line),
		    "pattern '%s' has no verdict (PASS or FAIL)", pattern);
	if (extra)
		return diag_error(d, KABI_E_USAGE,
				  DIAG_AT_LINE(r->path, r->line),
				  "'%s' after the verdict", extra);
	err = parse_verdict(r, verdict, &severity, &number, d);
	if (err)
		return err;
	if (!typed)
		match = pattern_match(pattern);
	/* symsets.pl's numbers are the severities of modules alone */
	if (number && match != MATCH_MODULE)
		return diag_error(
		    d, KABI_E_USAGE, DIAG_AT_LINE(r->path, r->line),
		    "severity %s of '%s': a number is a module's severity, "
		    "and '%s' is no module (a path with '/', or vmlinux)",
		    verdict, pattern, pattern);
	s->numeric_severities |= number;
	return add_rule(s, r, pattern, match, GLOB_SUSE, severity, d);
}

int severities_load(struct suppressions *s, const char *path, struct diag *d)
{
	struct line_reader r;
	char *line;
	int err = lines_open(&r, path, d), more = 0;

	if (err)
		return err;
	while (!err && (more = lines_next(&r, &line, d)) > 0)
		err = severities_line(s, &r, line, d);
	if (!err && more < 0)
		err = more;
	lines_close(&r);
	return err;
}

/* --- Debian's ignore-changes ------------------------------------------ */

/* One entry of ignore-changes: "name", "name:NAME" or "module:PATH". */
static int ignore_entry(struct suppressions *s, const struct line_reader *r,
			const char *entry, struct diag *d)
{
	const char *colon = strchr(entry, ':');
	enum export_match match = MATCH_SYMBOL;
	int err;

	if (colon) {
		size_t kind = (size_t)(colon - entry);

		/* buildcheck's split(':') into two: one colon at most */
		if (strchr(colon + 1, ':'))
			return diag_error(
			    d, KABI_E_USAGE, DIAG_AT_LINE(r->path, r->line),
			    "'%s' in ignore-changes: one ':' at most", entry);
		if (kind == 6 && !strncmp(entry, "module", 6))
			match = MATCH_MODULE;
		else if (kind != 4 || strncmp(entry, "name", 4))
			return diag_error(
			    d, KABI_E_USAGE, DIAG_AT_LINE(r->path, r->line),
			    "'%.*s:' in ignore-changes: only 'name:' and "
			    "'module:' are known",
			    (int)kind, entry);
		entry = colon + 1;
	}
	err = add_rule(s, r, entry, match, GLOB_DEBIAN, 0, d);
	if (!err)
		s->exports[s->nexports - 1].debian = true;
	return err;
}

int debian_ignore_changes(struct suppressions *s, const char *path,
			  unsigned long line, const char *value, struct diag *d)
{
	struct line_reader r = {.path = path, .line = line};
	char *copy = xstrdup(value), *p = copy, *word;
	int err = 0;

	/* configparser's value split at whitespace: '#' is no comment */
	while (!err && (word = strtok_r(p, " \t\n", &p)))
		err = ignore_entry(s, &r, word, d);
	free(copy);
	return err;
}

int debian_abiname(struct suppressions *s, const char *path, unsigned long line,
		   const char *value, struct diag *d)
{
	char *word = xstrdup(value), *end;
	int err = 0;

	for (end = word + strlen(word);
	     end > word && isspace((unsigned char)end[-1]);)
		*--end = '\0';
	while (isspace((unsigned char)*word))
		memmove(word, word + 1, strlen(word));
	if (!*word || strpbrk(word, " \t"))
		err = diag_error(d, KABI_E_USAGE, DIAG_AT_LINE(path, line),
				 "abiname '%s' is not one word", word);
	else if (s->abiname && strcmp(s->abiname, word))
		err = diag_error(d, KABI_E_USAGE, DIAG_AT_LINE(path, line),
				 "abiname %s, but %s gave %s", word,
				 s->abiname_where, s->abiname);
	else if (!s->abiname) {
		s->abiname = xstrdup(word);
		s->abiname_where = where(path, line);
	}
	free(word);
	return err;
}

/* --- deciding ----------------------------------------------------------- */

static const char *subject_of(const struct export_rule *r,
			      const struct export_subject *e)
{
	if (r->match == MATCH_NAMESPACE)
		return e->ns;
	if (r->match == MATCH_SYMBOL)
		return e->name;
	if (r->new_module && e->new_module)
		return e->new_module;
	return e->old_module ? e->old_module : e->new_module;
}

void export_rules_index(const struct suppressions *s, struct rule_index *x)
{
	uint32_t k;

	for (k = 0; k < s->nexports; k++) {
		const struct export_rule *r = &s->exports[k];
		struct rule_key key = {r->match, r->pattern.literal};

		if (!r->inactive)
			rule_index_add(x, k, key.name ? &key : NULL);
	}
}

struct export_lookup {
	const struct suppressions *s;
	const struct export_subject *e;
};

static bool export_rule_matches(uint32_t k, void *ctx)
{
	const struct export_lookup *l = ctx;
	const struct export_rule *r = &l->s->exports[k];
	const char *subject = subject_of(r, l->e);

	/* an export with no namespace meets no namespace rule */
	return !r->inactive && *subject && glob_matches(&r->pattern, subject);
}

uint32_t export_rule_find(const struct suppressions *s,
			  const struct rule_index *x,
			  const struct export_subject *e, bool *tolerated)
{
	struct export_lookup l = {s, e};
	const struct rule_key keys[] = {{MATCH_SYMBOL, e->name},
					{MATCH_NAMESPACE, e->ns},
					{MATCH_MODULE, e->old_module},
					{MATCH_MODULE, e->new_module}};
	uint32_t found = rule_index_first(x, keys, sizeof(keys) / sizeof(*keys),
					  export_rule_matches, &l);
	uint32_t severity = found != UINT32_MAX	    ? s->exports[found].severity
			    : s->numeric_severities ? SEVERITY_DEFAULT
						    : SEVERITY_FAIL;

	*tolerated = severity != SEVERITY_FAIL && severity <= s->max_badness;
	return found == UINT32_MAX ? KABI_NONE : found;
}
