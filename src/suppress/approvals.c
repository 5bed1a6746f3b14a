// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Reading approvals: breaking changes accepted once, by their cause.
 * Two formats give the same list (struct approval), told apart by their
 * first line that is not a comment:
 *
 *   kabi's, in the INI syntax of the suppression files:
 *     [approve]
 *     type = struct scm_fp_list       (or: export = kfree)
 *     rule = size-changed             (optional, comma-separated)
 *     reason = ANDROID_KABI_USE slot, b/123456
 *     until = 2027-06-30              (optional)
 *
 *   Android's abi.stg.allowed_breaks: stgdiff's report text, pasted
 *   under comments, one entry a paragraph:
 *     type 'struct scm_fp_list' changed      (then indented details)
 *     1 function symbol(s) removed           (then '...' a line)
 *     function symbol 'int bar(int)' changed
 *
 * Each mistake is an error with file and line; the files go through
 * util/lines.h, which bounds their size and their lines'.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "suppress.h"
#include "../util/lines.h"
#include "../util/strbuf.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

_Static_assert(CHANGE_COUNT <= 64, "a rule is a bit of approval.rules");

void approvals_free(struct suppressions *s)
{
	size_t i;

	for (i = 0; i < s->napprovals; i++) {
		free(s->approvals[i].name);
		free(s->approvals[i].reason);
		free(s->approvals[i].until);
		free(s->approvals[i].where);
	}
	free(s->approvals);
	s->approvals = NULL;
	s->napprovals = s->approvals_alloc = 0;
}

struct approvals_reader {
	struct suppressions *s;
	struct diag *d;
	const char *path;
	unsigned long line;
	char today[11]; /* "YYYY-MM-DD", UTC */
	/* kabi's format: the section being read, and its keys seen */
	struct approval *open;
	unsigned long open_line;
	unsigned keys;
	/* Android's: comments right above an entry, and a removed list */
	struct strbuf comment;
	bool in_entry;
	uint64_t list_rule; /* the list's rule: removed or added; 0: none */
	unsigned long list_count, list_seen, list_line;
};

__attribute__((format(printf, 2, 3))) static int
reader_fail(struct approvals_reader *r, const char *fmt, ...)
{
	va_list ap;
	int err;

	va_start(ap, fmt);
	err = diag_verror(r->d, KABI_E_USAGE, DIAG_AT_LINE(r->path, r->line),
			  fmt, ap);
	va_end(ap);
	return err;
}

/* A new approval of FILE:LINE, at the end of the list. */
static struct approval *add_approval(struct approvals_reader *r,
				     enum approval_kind kind, const char *name,
				     uint64_t rules)
{
	struct suppressions *s = r->s;
	struct approval *a;
	struct strbuf where = STRBUF_INIT;

	ALLOC_GROW(s->approvals, s->napprovals + 1, s->approvals_alloc);
	a = &s->approvals[s->napprovals++];
	memset(a, 0, sizeof(*a));
	a->kind = kind;
	a->name = name ? xstrdup(name) : NULL;
	a->rules = rules;
	strbuf_addf(&where, "%s:%lu", r->path, r->line);
	a->where = strbuf_detach(&where);
	return a;
}

static void drop_last(struct suppressions *s)
{
	struct approval *a = &s->approvals[--s->napprovals];

	free(a->name);
	free(a->reason);
	free(a->until);
	free(a->where);
}

/* --- kabi's [approve] sections ------------------------------------------ */

enum {
	KEY_TYPE = 1,
	KEY_EXPORT = 2,
	KEY_RULE = 4,
	KEY_REASON = 8,
	KEY_UNTIL = 16
};

/* "size-changed, member-removed": their bits. */
static int parse_rules(struct approvals_reader *r, char *value, uint64_t *bits)
{
	char *item = value;

	*bits = 0;
	while (item) {
		char *comma = strchr(item, ',');
		unsigned k;

		if (comma)
			*comma = '\0';
		item = lines_trim(item);
		for (k = 0; k < CHANGE_COUNT && strcmp(item, change_rule(k));
		     k++)
			;
		if (k == CHANGE_COUNT)
			return reader_fail(r,
					   "unknown rule '%s' (docs/changes.md "
					   "lists them)",
					   item);
		*bits |= (uint64_t)1 << k;
		item = comma ? comma + 1 : NULL;
	}
	return 0;
}

/* A calendar date, YYYY-MM-DD, that exists. */
static bool valid_date(const char *v)
{
	static const int days[] = {31, 29, 31, 30, 31, 30,
				   31, 31, 30, 31, 30, 31};
	int i, year, month, day;

	if (strlen(v) != 10 || v[4] != '-' || v[7] != '-')
		return false;
	for (i = 0; i < 10; i++)
		if (i != 4 && i != 7 && !isdigit((unsigned char)v[i]))
			return false;
	year = (v[0] - '0') * 1000 + (v[1] - '0') * 100 + (v[2] - '0') * 10 +
	       (v[3] - '0');
	month = (v[5] - '0') * 10 + (v[6] - '0');
	day = (v[8] - '0') * 10 + (v[9] - '0');
	if (month == 2 && day == 29)
		return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
	return month >= 1 && month <= 12 && day >= 1 && day <= days[month - 1];
}

static int set_until(struct approvals_reader *r, struct approval *a,
		     const char *value)
{
	if (!valid_date(value))
		return reader_fail(
		    r,
		    "bad date '%s': until is a day of the calendar, YYYY-MM-DD",
		    value);
	a->until = xstrdup(value);
	/* the last day named is still within it */
	a->expired = strcmp(value, r->today) < 0;
	return 0;
}

static int approve_key(struct approvals_reader *r, const char *key, char *value)
{
	static const struct {
		const char *name;
		unsigned bit;
	} keys[] = {{"type", KEY_TYPE},
		    {"export", KEY_EXPORT},
		    {"rule", KEY_RULE},
		    {"reason", KEY_REASON},
		    {"until", KEY_UNTIL}};
	struct approval *a = r->open;
	unsigned bit = 0, k;

	for (k = 0; k < sizeof(keys) / sizeof(*keys); k++)
		if (!strcmp(key, keys[k].name))
			bit = keys[k].bit;
	if (!bit)
		return reader_fail(r,
				   "unknown property '%s' in [approve]: type, "
				   "export, rule, reason or until",
				   key);
	if (r->keys & bit)
		return reader_fail(r, "'%s' given twice in this section", key);
	r->keys |= bit;
	if (!*value)
		return reader_fail(r, "'%s' without a value", key);
	switch (bit) {
	case KEY_TYPE:
	case KEY_EXPORT:
		if (a->name)
			return reader_fail(r, "an approval names a type or an "
					      "export, not both");
		a->kind = bit == KEY_TYPE ? APPROVE_TYPE : APPROVE_EXPORT;
		a->name = xstrdup(value);
		return 0;
	case KEY_RULE:
		return parse_rules(r, value, &a->rules);
	case KEY_REASON:
		a->reason = xstrdup(value);
		return 0;
	default:
		return set_until(r, a, value);
	}
}

/* The section read is whole: it names what it approves, and why. */
static int close_section(struct approvals_reader *r)
{
	const char *missing = NULL;
	int err;

	if (!r->open)
		return 0;
	if (!r->open->name)
		missing = "a type or an export ('type = struct foo', "
			  "'export = foo')";
	else if (!r->open->reason)
		missing = "a reason ('reason = ...')";
	r->open = NULL;
	if (!missing)
		return 0;
	err =
	    diag_error(r->d, KABI_E_USAGE, DIAG_AT_LINE(r->path, r->open_line),
		       "[approve] without %s", missing);
	drop_last(r->s);
	return err;
}

static int kabi_line(struct approvals_reader *r, char *line)
{
	char *eq;
	int err;

	if (*line == '[') {
		err = close_section(r);
		if (err)
			return err;
		if (strcmp(line, "[approve]"))
			return reader_fail(r,
					   "unknown section %s: approvals are "
					   "[approve] sections",
					   line);
		r->open = add_approval(r, APPROVE_TYPE, NULL, 0);
		r->open_line = r->line;
		r->keys = 0;
		return 0;
	}
	if (!r->open)
		return reader_fail(r, "a property outside any [approve]");
	eq = strchr(line, '=');
	if (!eq)
		return reader_fail(r, "'%s' is not a property (name = value)",
				   line);
	*eq = '\0';
	/* a value is taken whole: a reason may hold '#' and ';' */
	return approve_key(r, lines_trim(line), lines_trim(eq + 1));
}

/* --- Android's abi.stg.allowed_breaks ----------------------------------- */

static bool ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == '$' || c == '.';
}

/*
 * The name of a symbol as stgdiff describes it: "{sym}" after the
 * quotes when it differs from the C name; else the function's name
 * (the identifier right before the first '(' that follows one: "int
 * (*get(int))(void)" is get), or the variable's, its last identifier
 * before any array bounds.
 */
static char *stg_symbol_name(const char *desc, const char *after)
{
	const char *p, *end;

	while (*after == ' ')
		after++;
	if (*after == '{' && (end = strchr(after, '}')) && end > after + 1)
		return xstrndup(after + 1, (size_t)(end - after - 1));
	for (p = desc; (p = strchr(p, '(')); p++)
		if (p > desc && ident_char(p[-1]))
			break;
	end = p ? p : desc + strlen(desc);
	while (!p && end > desc && end[-1] == ']') {
		while (end > desc && *--end != '[')
			;
	}
	while (end > desc && end[-1] == ' ')
		end--;
	for (p = end; p > desc && ident_char(p[-1]); p--)
		;
	return p < end ? xstrndup(p, (size_t)(end - p)) : NULL;
}

/* The text between the first quote and the last, and what follows it. */
static char *quoted(char *s, char **after)
{
	char *open = strchr(s, '\''), *close = strrchr(s, '\'');

	if (!open || close == open)
		return NULL;
	*close = '\0';
	*after = close + 1;
	return open + 1;
}

/* The comments right above an entry are its reason, if any. */
static void set_stg_reason(struct approvals_reader *r, struct approval *a)
{
	a->reason = xstrdup(r->comment.len ? r->comment.buf
					   : "listed in stgdiff's allowed "
					     "breaks");
}

static int stg_symbol(struct approvals_reader *r, char *desc, char *after,
		      uint64_t rules)
{
	char *name = stg_symbol_name(desc, after);

	if (!name)
		return reader_fail(r, "no symbol name in '%s'", desc);
	set_stg_reason(r, add_approval(r, APPROVE_EXPORT, name, rules));
	free(name);
	return 0;
}

/* A removed or added list ends: it held as many as it said. */
static int end_list(struct approvals_reader *r)
{
	unsigned long line = r->line;
	int err = 0;

	if (r->list_rule && r->list_seen != r->list_count) {
		r->line = r->list_line;
		err =
		    reader_fail(r, "the list says %lu symbol(s), and holds %lu",
				r->list_count, r->list_seen);
		r->line = line;
	}
	r->list_rule = 0;
	return err;
}

/* "2 function symbol(s) removed": a list of symbols follows. */
static bool stg_list_head(struct approvals_reader *r, const char *line)
{
	char *end, what[16], how[16];
	unsigned long n = strtoul(line, &end, 10);
	int used = 0;

	if (end == line ||
	    sscanf(end, " %15s symbol(s) %15s%n", what, how, &used) != 2 ||
	    end[used] || (strcmp(what, "function") && strcmp(what, "variable")))
		return false;
	if (!strcmp(how, "removed"))
		r->list_rule = (uint64_t)1 << CHANGE_SYMBOL_REMOVED;
	else if (!strcmp(how, "added"))
		r->list_rule = (uint64_t)1 << CHANGE_SYMBOL_ADDED;
	else
		return false;
	r->list_count = n;
	r->list_seen = 0;
	r->list_line = r->line;
	return true;
}

/* A line of an entry, below its head: a listed symbol, or a detail. */
static int stg_detail(struct approvals_reader *r, char *line)
{
	char *after, *desc;

	if (!r->in_entry)
		return reader_fail(r, "an indented line outside any entry");
	if (!r->list_rule)
		return 0; /* what changed: the entry approves it all */
	line = lines_trim(line);
	desc = quoted(line, &after);
	if (*line != '\'' || !desc)
		return reader_fail(r,
				   "'%s' is not a symbol of the list ('int "
				   "foo(void)', quoted)",
				   line);
	r->list_seen++;
	return stg_symbol(r, desc, after, r->list_rule);
}

static int stg_head(struct approvals_reader *r, char *line)
{
	char *after, *desc;
	size_t len = strlen(line);
	bool changed = len > 8 && !strcmp(line + len - 8, " changed");

	r->in_entry = true;
	if (stg_list_head(r, line))
		return 0;
	desc = changed ? quoted(line, &after) : NULL;
	if (desc && !strncmp(line, "type '", 6) && !strcmp(after, " changed")) {
		set_stg_reason(r, add_approval(r, APPROVE_TYPE, desc, 0));
		return 0;
	}
	if (desc && (!strncmp(line, "function symbol '", 17) ||
		     !strncmp(line, "variable symbol '", 17))) {
		after[strlen(after) - 8] = '\0';
		return stg_symbol(r, desc, after, 0);
	}
	/* kabi's format starts with its section: say so to who forgot it */
	if (strchr(line, '='))
		return reader_fail(r, "a property outside any [approve]");
	return reader_fail(r,
			   "'%s' is no entry of stgdiff's report: \"type 'X' "
			   "changed\", \"N function symbol(s) removed\", "
			   "\"function symbol 'X' changed\"",
			   line);
}

static int stg_line(struct approvals_reader *r, char *raw)
{
	char *line = lines_trim(raw);
	int err;

	if (!*line) {
		strbuf_reset(&r->comment);
		r->in_entry = false;
		return end_list(r);
	}
	if (*line == '#') {
		/* comments right above an entry are its reason */
		if (r->in_entry)
			strbuf_reset(&r->comment);
		r->in_entry = false;
		line = lines_trim(line + 1);
		if (*line && r->comment.len)
			strbuf_addch(&r->comment, ' ');
		strbuf_adds(&r->comment, line);
		return end_list(r);
	}
	if (isspace((unsigned char)*raw))
		return stg_detail(r, raw);
	err = end_list(r);
	if (!err && r->in_entry)
		strbuf_reset(&r->comment);
	return err ? err : stg_head(r, line);
}

/* --- both --------------------------------------------------------------- */

static void set_today(struct approvals_reader *r)
{
	time_t now = time(NULL);
	struct tm tm;

	if (!gmtime_r(&now, &tm) ||
	    !strftime(r->today, sizeof(r->today), "%Y-%m-%d", &tm))
		r->today[0] = '\0';
}

/* The first line that says something tells the format. */
static bool is_kabi_format(const char *line)
{
	return *line == '[';
}

int approvals_load(struct suppressions *s, const char *path, struct diag *d)
{
	struct approvals_reader r = {.s = s, .d = d, .path = path};
	struct line_reader lr;
	int err = lines_open(&lr, path, d), more = 0, format = -1;
	char *buf;

	if (err)
		return err;
	strbuf_init(&r.comment);
	set_today(&r);
	while (!err && (more = lines_next(&lr, &buf, d)) > 0) {
		char *line = lines_trim(buf);

		r.line = lr.line;
		if (format < 0 && *line && *line != '#' && *line != ';')
			format = is_kabi_format(line);
		if (format == 1 && (*line == '#' || *line == ';' || !*line))
			continue;
		if (format == 1)
			err = kabi_line(&r, line);
		else
			err = stg_line(&r, buf);
	}
	if (!err && more < 0)
		err = more;
	if (!err && format == 1)
		err = close_section(&r);
	if (!err && format == 0)
		err = end_list(&r);
	if (err && r.open)
		drop_last(s);
	strbuf_release(&r.comment);
	lines_close(&lr);
	return err;
}
