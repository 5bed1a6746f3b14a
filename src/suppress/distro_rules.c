// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The rule files distributions keep for their own kABI checks, read as
 * they are, so that a maintainer need not translate them:
 *
 * - SUSE's kabi/severities, as rpm/kabi.pl and ksymvers read it: a
 *   pattern and a verdict a line. A pattern with a '/', or "vmlinux",
 *   matches the module; one in capitals only, the namespace; any other,
 *   the export's name. The verdict is PASS or FAIL, or (the older
 *   symsets.pl form) a number, a module pattern's severity, passing
 *   while at most --max-badness. The first matching line decides; an
 *   export no line matches fails (severity 8 in a file of numbers).
 *
 * - The [abi] sections of Debian's debian/config defines files, as
 *   debian/bin/buildcheck.py reads them: ignore-changes lists export
 *   names and "module:" paths whose changes pass, '*' within a path
 *   part, '**' across; abiname names the ABI the rules belong to.
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

static bool all_capitals(const char *s)
{
	for (; *s; s++)
		if (islower((unsigned char)*s))
			return false;
	return true;
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
	bool number = false;
	int err;

	if (!pattern)
		return 0;
	verdict = next_word(&line);
	if (!verdict)
		return diag_error(
		    d, KABI_E_USAGE, DIAG_AT_LINE(r->path, r->line),
		    "pattern '%s' has no verdict (PASS or FAIL)", pattern);
	extra = next_word(&line);
	if (extra)
		return diag_error(d, KABI_E_USAGE,
				  DIAG_AT_LINE(r->path, r->line),
				  "'%s' after the verdict", extra);
	err = parse_verdict(r, verdict, &severity, &number, d);
	if (err)
		return err;
	/* symsets.pl matched its numbers against modules alone */
	if (number || strchr(pattern, '/') || !strcmp(pattern, "vmlinux"))
		match = MATCH_MODULE;
	else if (all_capitals(pattern))
		match = MATCH_NAMESPACE;
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

/* --- Debian's defines ---------------------------------------------------- */

/*
 * Python's configparser, as Debian reads the files: "[section]",
 * "key: value" or "key = value", a value going on over the indented
 * lines after it, full-line comments ('#', ';') anywhere.
 */
struct defines {
	const char *path;
	bool in_abi;   /* [abi], or a flavour's [FLAVOUR_abi] */
	char *flavour; /* of the latter */
	enum { KEY_NONE, KEY_IGNORE, KEY_OTHER } key;
};

/* "[abi]", or "[cloud-amd64_abi]", whose flavour goes to *flavour. */
static bool abi_section(const char *line, char **flavour)
{
	size_t len = strlen(line);

	*flavour = NULL;
	if (!strcmp(line, "[abi]"))
		return true;
	if (len <= 6 || strcmp(line + len - 5, "_abi]"))
		return false;
	*flavour = xstrndup(line + 1, len - 6);
	return true;
}

/* One entry of ignore-changes: "name", "name:NAME" or "module:PATH". */
static int ignore_entry(struct suppressions *s, const struct defines *df,
			const struct line_reader *r, const char *entry,
			struct diag *d)
{
	int err;

	const char *colon = strchr(entry, ':');
	enum export_match match = MATCH_SYMBOL;

	if (colon) {
		size_t kind = (size_t)(colon - entry);

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
	if (!*entry)
		return diag_error(d, KABI_E_USAGE,
				  DIAG_AT_LINE(r->path, r->line),
				  "an empty pattern in ignore-changes");
	err = add_rule(s, r, entry, match, GLOB_DEBIAN, 0, d);
	if (!err && df->flavour)
		s->exports[s->nexports - 1].flavour = xstrdup(df->flavour);
	return err;
}

static int ignore_entries(struct suppressions *s, const struct defines *df,
			  const struct line_reader *r, char *value,
			  struct diag *d)
{
	char *word;
	int err = 0;

	while (!err && (word = next_word(&value)))
		err = ignore_entry(s, df, r, word, d);
	return err;
}

static int set_abiname(struct suppressions *s, const struct line_reader *r,
		       char *value, struct diag *d)
{
	char *end = value + strlen(value);

	while (end > value && isspace((unsigned char)end[-1]))
		*--end = '\0';
	if (!*value || strpbrk(value, " \t"))
		return diag_error(d, KABI_E_USAGE,
				  DIAG_AT_LINE(r->path, r->line),
				  "abiname '%s' is not one word", value);
	if (s->abiname && strcmp(s->abiname, value))
		return diag_error(d, KABI_E_USAGE,
				  DIAG_AT_LINE(r->path, r->line),
				  "abiname %s, but %s gave %s", value,
				  s->abiname_where, s->abiname);
	if (!s->abiname) {
		s->abiname = xstrdup(value);
		s->abiname_where = where(r->path, r->line);
	}
	return 0;
}

static int defines_key(struct suppressions *s, struct defines *df,
		       const struct line_reader *r, char *line, struct diag *d)
{
	char *sep = strpbrk(line, ":="), *value, *end;

	if (!sep)
		return diag_error(d, KABI_E_USAGE,
				  DIAG_AT_LINE(r->path, r->line),
				  "neither a [section] nor 'key: value'");
	value = sep + 1;
	end = sep;
	while (end > line && isspace((unsigned char)end[-1]))
		end--;
	*end = '\0';
	while (isspace((unsigned char)*value))
		value++;
	df->key = KEY_OTHER;
	if (!df->in_abi)
		return 0;
	if (!strcmp(line, "ignore-changes")) {
		df->key = KEY_IGNORE;
		return ignore_entries(s, df, r, value, d);
	}
	/* the arch's or the package's: a flavour has no abiname of its own */
	if (!strcmp(line, "abiname") && !df->flavour)
		return set_abiname(s, r, value, d);
	return 0;
}

static int defines_line(struct suppressions *s, struct defines *df,
			const struct line_reader *r, char *line, struct diag *d)
{
	char *text = line;

	while (isspace((unsigned char)*text))
		text++;
	if (!*text || *text == '#' || *text == ';')
		return 0;
	if (text != line) { /* indented: the value goes on */
		if (df->key == KEY_NONE)
			return diag_error(d, KABI_E_USAGE,
					  DIAG_AT_LINE(r->path, r->line),
					  "an indented line before any key");
		return df->key == KEY_IGNORE ? ignore_entries(s, df, r, text, d)
					     : 0;
	}
	if (*text == '[') {
		char *close = strchr(text, ']');

		if (!close || close[1])
			return diag_error(
			    d, KABI_E_USAGE, DIAG_AT_LINE(r->path, r->line),
			    "section header '%s' is not closed", text);
		free(df->flavour);
		df->in_abi = abi_section(text, &df->flavour);
		df->key = KEY_NONE;
		return 0;
	}
	return defines_key(s, df, r, text, d);
}

int debian_abi_load(struct suppressions *s, const char *path, struct diag *d)
{
	struct defines df = {.path = path};
	struct line_reader r;
	size_t len = strlen(path);
	char *line;
	int err, more = 0;

	/* the form Debian's packaging took after bookworm */
	if (len > 5 && !strcmp(path + len - 5, ".toml"))
		return diag_error(
		    d, KABI_E_USAGE, DIAG_AT_FILE(path),
		    "TOML defines are not read yet: give the "
		    "INI defines files (debian/config/**/defines)");
	err = lines_open(&r, path, d);
	if (err)
		return err;
	while (!err && (more = lines_next(&r, &line, d)) > 0)
		err = defines_line(s, &df, &r, line, d);
	if (!err && more < 0)
		err = more;
	if (!err)
		s->pin_modules = true;
	free(df.flavour);
	lines_close(&r);
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

/* "6.1.0-28-cloud-amd64": the part after the version, before the flavour. */
static bool release_has_abiname(const char *release, const char *abiname)
{
	const char *dash = strchr(release, '-');
	size_t len = strlen(abiname);

	return dash && !strncmp(dash + 1, abiname, len) &&
	       (dash[1 + len] == '-' || !dash[1 + len]);
}

/* "6.1.0-28-cloud-amd64" is of the flavour "cloud-amd64". */
static bool release_of_flavour(const char *release, const char *flavour)
{
	size_t rlen = strlen(release), flen = strlen(flavour);

	return rlen > flen && release[rlen - flen - 1] == '-' &&
	       !strcmp(release + rlen - flen, flavour);
}

void debian_abi_apply(struct suppressions *s, const struct kabi_model *old,
		      const struct kabi_model *new, struct diag *d)
{
	const char *o = model_str(old, old->release),
		   *n = model_str(new, new->release);
	size_t k;

	for (k = 0; k < s->nexports; k++)
		s->exports[k].inactive =
		    s->exports[k].flavour &&
		    !release_of_flavour(n, s->exports[k].flavour);
	if (!s->abiname || !*n)
		return;
	if (!release_has_abiname(n, s->abiname))
		diag_warning(d, DIAG_AT_FILE(NULL),
			     "%s: abiname %s, but the new kernel is %s: these "
			     "rules are another ABI's",
			     s->abiname_where, s->abiname, n);
	else if (*o && !release_has_abiname(o, s->abiname))
		diag_warning(d, DIAG_AT_FILE(NULL),
			     "%s: abiname %s is the new kernel's, not the old "
			     "one's (%s): Debian's buildcheck compares only "
			     "within one ABI name, and a new one may break it",
			     s->abiname_where, s->abiname, o);
}
