// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Reading suppression files in the INI syntax of libabigail's
 * suppression specifications, so that files users already keep work:
 *
 *   # comment           ; comment too
 *   [suppress_type]
 *     label = private headers
 *     source_location_not_regexp = ^include/
 *
 * Every section and property kabi does not know is an error with file and
 * line, as is a bad regular expression (POSIX extended, as libabigail's).
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "suppress.h"
#include "../util/lines.h"
#include "../util/path.h"
#include "../util/strbuf.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

void suppressions_init(struct suppressions *s)
{
	memset(s, 0, sizeof(*s));
}

static void free_regex(struct rule_regex *r)
{
	if (r->set)
		regfree(&r->re);
}

static void free_list(char **v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

static void free_rule(struct suppress_rule *r)
{
	free(r->label);
	free(r->name);
	free(r->symbol_name);
	free_regex(&r->name_re);
	free_regex(&r->name_not_re);
	free_regex(&r->symbol_name_re);
	free_regex(&r->source_not_re);
	free_regex(&r->file_re);
	free_list(r->not_in, r->nnot_in);
	free_list(r->enumerators, r->nenumerators);
	free(r->insert_from.member);
	free(r->insert_to.member);
}

void suppressions_free(struct suppressions *s)
{
	size_t i;

	for (i = 0; i < s->nrules; i++)
		free_rule(&s->rules[i]);
	free(s->rules);
	free_list(s->header_dirs, s->nheader_dirs);
	for (i = 0; i < s->nexports; i++) {
		free(s->exports[i].label);
		free(s->exports[i].arch);
		free(s->exports[i].featureset);
		free(s->exports[i].flavour);
		glob_free(&s->exports[i].pattern);
	}
	free(s->exports);
	free(s->abiname);
	free(s->abiname_where);
	for (i = 0; i < s->ndebian_kernels; i++) {
		free(s->debian_kernels[i].arch);
		free(s->debian_kernels[i].featureset);
		free(s->debian_kernels[i].flavour);
		free(s->debian_kernels[i].kernel_arch);
	}
	free(s->debian_kernels);
	free(s->debian_scope);
	approvals_free(s);
	suppressions_init(s);
}

void suppressions_add_header_dir(struct suppressions *s, const char *dir)
{
	/* "./include/linux/" and "include/linux" are the same folder */
	char *clean = xstrdup(dir);

	path_normalize(clean);
	ALLOC_GROW(s->header_dirs, s->nheader_dirs + 1, s->header_dirs_alloc);
	s->header_dirs[s->nheader_dirs++] = clean;
}

bool suppressions_empty(const struct suppressions *s)
{
	return !s->nrules && !s->nheader_dirs && !s->ignore_crc &&
	       !s->breaking_only && !s->nexports;
}

/* --- parsing ----------------------------------------------------------- */

struct parser {
	const char *path;
	unsigned long line;
	struct diag *d;
	struct suppress_rule *rule; /* the section being read, or NULL */
	unsigned long rule_line;
	bool selects;	    /* the section selects something */
	struct strbuf keys; /* "|name|label|": its properties */
};

__attribute__((format(printf, 2, 3))) static int fail(struct parser *p,
						      const char *fmt, ...)
{
	va_list ap;
	int err;

	va_start(ap, fmt);
	err = diag_verror(p->d, KABI_E_USAGE, DIAG_AT_LINE(p->path, p->line),
			  fmt, ap);
	va_end(ap);
	return err;
}

static char *trim(char *s)
{
	char *end;

	s = lines_trim(s);
	end = s + strlen(s);
	/* a value may be quoted */
	if (end - s >= 2 && *s == '"' && end[-1] == '"') {
		end[-1] = '\0';
		s++;
	}
	return s;
}

/*
 * A property's value: quoted or not, but never with a quote left open,
 * nor with what looks like a comment after it, which libabigail would
 * take as part of the value and which would then match nothing.
 */
static int parse_value(struct parser *p, char *raw, char **value)
{
	char *v = raw, *end, *hash;

	while (isspace((unsigned char)*v))
		v++;
	end = v + strlen(v);
	while (end > v && isspace((unsigned char)end[-1]))
		*--end = '\0';
	if (*v == '"' || (end > v && end[-1] == '"')) {
		if (end - v < 2 || *v != '"' || end[-1] != '"')
			return fail(p, "unbalanced quote in '%s'", v);
		end[-1] = '\0';
		*value = v + 1;
		return 0;
	}
	for (hash = v; (hash = strpbrk(hash, "#;")); hash++)
		if (hash > v && isspace((unsigned char)hash[-1]))
			return fail(
			    p,
			    "'%c' after a value: comments take lines of their "
			    "own (quote the value if it holds one)",
			    *hash);
	*value = v;
	return 0;
}

/* A property given twice in a section would silently undo the first. */
static int check_repeated(struct parser *p, const char *key)
{
	struct strbuf k = STRBUF_INIT;
	bool seen;

	strbuf_addf(&k, "|%s|", key);
	seen = strstr(p->keys.buf, k.buf) != NULL;
	if (!seen)
		strbuf_addf(&p->keys, "%s|", key);
	strbuf_release(&k);
	return seen ? fail(p, "'%s' given twice in this section", key) : 0;
}

/*
 * What glibc's regcomp builds for a POSIX extended pattern, roughly
 * counted: it copies a repeated subexpression once per repetition
 * ("x{3}" becomes "xxx", "x+" "xx*"), so nested repetitions multiply.
 * A pattern counted past the bound would take gigabytes or minutes to
 * compile; it is refused before regcomp sees it. Syntax errors are left
 * to regcomp, whose words are better.
 */
#define REGEX_MAX_LENGTH 4096
#define REGEX_MAX_NODES	 100000
#define REGEX_MAX_DEPTH	 32

struct regex_scan {
	const char *s;
	unsigned depth;
	bool too_deep;
	bool stacked; /* "a**", "a+?+": repetitions of repetitions */
	bool backref; /* "\1": what no automaton matches in linear time */
};

static uint64_t sat_mul(uint64_t a, uint64_t b)
{
	return a && b > UINT64_MAX / 2 / a ? UINT64_MAX / 2 : a * b;
}

static uint64_t regex_branches(struct regex_scan *r);

/* "[...]" with "]" first and [:class:] inside */
static void skip_bracket(struct regex_scan *r)
{
	r->s++;
	if (*r->s == '^')
		r->s++;
	if (*r->s == ']')
		r->s++;
	while (*r->s && *r->s != ']') {
		if (r->s[0] == '[' && strchr(":.=", r->s[1] ? r->s[1] : ' ')) {
			const char *close = strchr(r->s + 2, r->s[1]);

			r->s = close && close[1] == ']' ? close + 2 : r->s + 1;
		} else {
			r->s++;
		}
	}
	if (*r->s)
		r->s++;
}

static uint64_t regex_atom(struct regex_scan *r)
{
	uint64_t n;

	switch (*r->s) {
	case '(':
		r->s++;
		if (++r->depth > REGEX_MAX_DEPTH) {
			r->too_deep = true;
			return UINT64_MAX / 2;
		}
		n = regex_branches(r) + 1;
		r->depth--;
		if (*r->s == ')')
			r->s++;
		return n;
	case '[':
		skip_bracket(r);
		return 1;
	case '\\':
		r->backref |= r->s[1] >= '1' && r->s[1] <= '9';
		r->s += r->s[1] ? 2 : 1;
		return 1;
	default:
		r->s++;
		return 1;
	}
}

/* The upper count of "{m}", "{m,}", "{m,n}" (and past its '}'). */
static uint64_t repeat_count(struct regex_scan *r)
{
	uint64_t m = 0, n = 0;
	bool comma = false;

	for (r->s++; *r->s && *r->s != '}'; r->s++) {
		if (*r->s == ',')
			comma = true;
		else if (*r->s >= '0' && *r->s <= '9') {
			uint64_t *v = comma ? &n : &m;

			*v = sat_mul(*v, 10) + (uint64_t)(*r->s - '0');
		}
	}
	if (*r->s)
		r->s++;
	return comma ? (n ? n : m + 1) : m;
}

static uint64_t regex_piece(struct regex_scan *r)
{
	uint64_t n = regex_atom(r);
	unsigned quantifiers = 0;

	/*
	 * Each repetition of a repetition nests an empty loop in glibc's
	 * automaton, whose closures it computes in exponential time ("a**"
	 * means nothing "a*" does not): two in a row at most.
	 */
	for (;; quantifiers++) {
		if (quantifiers > 2)
			r->stacked = true;
		if (*r->s == '*' || *r->s == '?')
			r->s++, n = sat_mul(n, 1) + 1;
		else if (*r->s == '+')
			r->s++, n = sat_mul(n, 2) + 1;
		else if (*r->s == '{')
			n = sat_mul(n, repeat_count(r) + 1) + 1;
		else
			return n;
	}
}

static uint64_t regex_branches(struct regex_scan *r)
{
	uint64_t n = 0;

	while (*r->s && *r->s != ')' && n < UINT64_MAX / 4) {
		if (*r->s == '|')
			r->s++, n++;
		else
			n += regex_piece(r);
	}
	return n;
}

static int check_regex_cost(struct parser *p, const char *value)
{
	struct regex_scan r = {.s = value};
	uint64_t nodes;

	if (strlen(value) > REGEX_MAX_LENGTH)
		return fail(p, "regular expression longer than %d bytes",
			    REGEX_MAX_LENGTH);
	/* past a ')' with no '(' too: regcomp will say what is wrong */
	for (nodes = 0; nodes <= REGEX_MAX_NODES; r.s++) {
		nodes += regex_branches(&r);
		if (!*r.s)
			break;
	}
	/*
	 * glibc matches a backreference by backtracking, in time that
	 * grows with each group ("^(.*)*(.*)*\\1\\2x$" takes minutes on a
	 * kernel's names); names need none.
	 */
	if (r.backref)
		return fail(p, "regular expression with a backreference "
			       "(\\1 to \\9): matching one costs time that "
			       "grows without bound; kabi takes none");
	if (r.stacked)
		return fail(p, "regular expression with more than two "
			       "repetitions in a row (as \"a***\"): too costly "
			       "to compile, and no different from one");
	if (r.too_deep)
		return fail(p,
			    "regular expression nested deeper than %d groups",
			    REGEX_MAX_DEPTH);
	if (nodes > REGEX_MAX_NODES)
		return fail(p,
			    "regular expression too costly to compile: its "
			    "repetitions multiply to more than %d copies",
			    REGEX_MAX_NODES);
	return 0;
}

static int set_regex(struct parser *p, struct rule_regex *r, const char *value)
{
	char msg[256];
	int rc;

	free_regex(r);
	rc = check_regex_cost(p, value);
	if (rc) {
		r->set = false;
		return rc;
	}
	rc = regcomp(&r->re, value, REG_EXTENDED | REG_NOSUB);
	if (rc) {
		regerror(rc, &r->re, msg, sizeof(msg));
		r->set = false;
		return fail(p, "bad regular expression '%s': %s", value, msg);
	}
	r->set = true;
	return 0;
}

/* A comma-separated list. */
static void set_list(char ***v, size_t *n, char *value)
{
	size_t alloc = 0;
	char *item, *rest = value;

	free_list(*v, *n);
	*v = NULL;
	*n = 0;
	while ((item = rest)) {
		char *comma = strchr(rest, ',');

		if (comma)
			*comma = '\0';
		rest = comma ? comma + 1 : NULL;
		item = trim(item);
		if (!*item)
			continue;
		ALLOC_GROW(*v, *n + 1, alloc);
		(*v)[(*n)++] = xstrdup(item);
	}
}

/* "64" (bits), "end", "offset_of(member)", "offset_after(member)" */
static int parse_offset(struct parser *p, char *value, struct rule_offset *o)
{
	static const struct {
		const char *fn;
		int kind;
	} fns[] = {
	    {"offset_of(", OFFSET_OF},
	    {"offset_after(", OFFSET_AFTER},
	};
	size_t i, len;
	char *end;

	value = trim(value);
	if (!strcmp(value, "end")) {
		o->kind = OFFSET_END;
		return 0;
	}
	for (i = 0; i < 2; i++) {
		len = strlen(fns[i].fn);
		if (!strncmp(value, fns[i].fn, len) &&
		    value[strlen(value) - 1] == ')') {
			o->kind = fns[i].kind;
			o->member =
			    xstrndup(value + len, strlen(value) - len - 1);
			return 0;
		}
	}
	errno = 0;
	o->bits = strtoull(value, &end, 0);
	if (errno || end == value || *end)
		return fail(p,
			    "bad offset '%s': a number of bits, end, "
			    "offset_of(member) or offset_after(member)",
			    value);
	o->kind = OFFSET_BITS;
	return 0;
}

static int parse_between(struct parser *p, char *value)
{
	char *comma;
	size_t len = strlen(value);
	int err;

	if (len < 2 || value[0] != '{' || value[len - 1] != '}' ||
	    !(comma = strchr(value, ',')))
		return fail(p, "bad range '%s': {start, end}", value);
	value[len - 1] = '\0';
	*comma = '\0';
	err = parse_offset(p, value + 1, &p->rule->insert_from);
	if (!err)
		err = parse_offset(p, comma + 1, &p->rule->insert_to);
	p->rule->has_insertion = !err;
	return err;
}

static int parse_type_kind(struct parser *p, const char *value)
{
	static const struct {
		const char *name;
		int kind;
	} kinds[] = {
	    {"class", KABI_STRUCT}, {"struct", KABI_STRUCT},
	    {"union", KABI_UNION},  {"enum", KABI_ENUM},
	    {"array", KABI_ARRAY},  {"typedef", KABI_TYPEDEF},
	    {"builtin", KABI_BASE}, {"pointer", KABI_POINTER},
	    {"reference", -2}, /* C has none: selects nothing */
	};
	size_t i;

	for (i = 0; i < sizeof(kinds) / sizeof(*kinds); i++)
		if (!strcmp(value, kinds[i].name)) {
			p->rule->type_kind = kinds[i].kind;
			return 0;
		}
	return fail(p, "unknown type_kind '%s'", value);
}

static int parse_change_kind(struct parser *p, char *value)
{
	const char *what =
	    p->rule->section == RULE_FUNCTION ? "function" : "variable";
	char **kinds = NULL;
	size_t n = 0, i;
	int err = 0;

	set_list(&kinds, &n, value);
	p->rule->change_kinds = 0;
	for (i = 0; i < n && !err; i++) {
		struct strbuf sub = STRBUF_INIT, add = STRBUF_INIT,
			      del = STRBUF_INIT;

		strbuf_addf(&sub, "%s-subtype-change", what);
		strbuf_addf(&add, "added-%s", what);
		strbuf_addf(&del, "deleted-%s", what);
		if (!strcmp(kinds[i], sub.buf))
			p->rule->change_kinds |= CHANGE_KIND_SUBTYPE;
		else if (!strcmp(kinds[i], add.buf))
			p->rule->change_kinds |= CHANGE_KIND_ADDED;
		else if (!strcmp(kinds[i], del.buf))
			p->rule->change_kinds |= CHANGE_KIND_DELETED;
		else if (!strcmp(kinds[i], "all"))
			p->rule->change_kinds |= CHANGE_KIND_ALL;
		else
			err = fail(p, "unknown change_kind '%s' for a %s",
				   kinds[i], what);
		strbuf_release(&sub);
		strbuf_release(&add);
		strbuf_release(&del);
	}
	free_list(kinds, n);
	return err;
}

/* Properties every section takes. */
static int common_property(struct parser *p, const char *key, char *value,
			   bool *known)
{
	struct suppress_rule *r = p->rule;

	*known = true;
	if (!strcmp(key, "label")) {
		free(r->label);
		r->label = xstrdup(value);
		return 0;
	}
	p->selects = true;
	if (!strcmp(key, "name")) {
		free(r->name);
		r->name = xstrdup(value);
		return 0;
	}
	if (!strcmp(key, "name_regexp"))
		return set_regex(p, &r->name_re, value);
	if (!strcmp(key, "file_name_regexp"))
		return set_regex(p, &r->file_re, value);
	*known = false;
	p->selects = false;
	return 0;
}

static int type_property(struct parser *p, const char *key, char *value,
			 bool *known)
{
	struct suppress_rule *r = p->rule;

	*known = true;
	p->selects = true;
	if (!strcmp(key, "name_not_regexp"))
		return set_regex(p, &r->name_not_re, value);
	if (!strcmp(key, "type_kind"))
		return parse_type_kind(p, value);
	if (!strcmp(key, "source_location_not_in")) {
		set_list(&r->not_in, &r->nnot_in, value);
		return 0;
	}
	if (!strcmp(key, "source_location_not_regexp"))
		return set_regex(p, &r->source_not_re, value);
	if (!strcmp(key, "has_data_member_inserted_at")) {
		int err = parse_offset(p, value, &r->insert_from);

		r->insert_to = r->insert_from;
		r->insert_to.member = r->insert_from.member
					  ? xstrdup(r->insert_from.member)
					  : NULL;
		r->has_insertion = !err;
		return err;
	}
	if (!strcmp(key, "has_data_member_inserted_between"))
		return parse_between(p, value);
	if (!strcmp(key, "changed_enumerators")) {
		set_list(&r->enumerators, &r->nenumerators, value);
		return 0;
	}
	*known = false;
	return 0;
}

static int symbol_property(struct parser *p, const char *key, char *value,
			   bool *known)
{
	struct suppress_rule *r = p->rule;

	*known = true;
	p->selects = true;
	if (!strcmp(key, "symbol_name")) {
		free(r->symbol_name);
		r->symbol_name = xstrdup(value);
		return 0;
	}
	if (!strcmp(key, "symbol_name_regexp"))
		return set_regex(p, &r->symbol_name_re, value);
	if (!strcmp(key, "change_kind"))
		return parse_change_kind(p, value);
	*known = false;
	return 0;
}

static int property(struct parser *p, char *line)
{
	char *eq = strchr(line, '=');
	char *key, *value = NULL;
	bool known;
	int err;

	if (!p->rule)
		return fail(p, "a property outside any section");
	if (!eq)
		return fail(p, "'%s' is not a property (name = value)", line);
	*eq = '\0';
	key = trim(line);
	err = parse_value(p, eq + 1, &value);
	if (!err)
		err = check_repeated(p, key);
	if (err)
		return err;
	err = common_property(p, key, value, &known);
	if (!known && p->rule->section == RULE_TYPE)
		err = type_property(p, key, value, &known);
	else if (!known)
		err = symbol_property(p, key, value, &known);
	if (!known)
		return fail(p, "unknown property '%s' in [%s]", key,
			    p->rule->section == RULE_TYPE ? "suppress_type"
			    : p->rule->section == RULE_FUNCTION
				? "suppress_function"
				: "suppress_variable");
	return err;
}

static int end_section(struct parser *p, struct suppressions *s)
{
	struct suppress_rule *r = p->rule;

	if (!r)
		return 0;
	p->rule = NULL;
	if (!p->selects) {
		/* said of the section's own line */
		int err = diag_error(
		    p->d, KABI_E_USAGE, DIAG_AT_LINE(p->path, p->rule_line),
		    "section selects nothing: give it a name, a regular "
		    "expression or another property");

		free_rule(r);
		s->nrules--;
		return err;
	}
	if (!r->label) {
		struct strbuf sb = STRBUF_INIT;

		strbuf_addf(&sb, "%s:%lu", p->path, p->rule_line);
		r->label = strbuf_detach(&sb);
	}
	if (r->section != RULE_TYPE && !r->change_kinds)
		r->change_kinds = CHANGE_KIND_ALL;
	return 0;
}

static int section(struct parser *p, struct suppressions *s, char *line)
{
	static const struct {
		const char *name;
		enum rule_section section;
	} names[] = {
	    {"[suppress_type]", RULE_TYPE},
	    {"[suppress_function]", RULE_FUNCTION},
	    {"[suppress_variable]", RULE_VARIABLE},
	};
	size_t i;
	int err = end_section(p, s);

	if (err)
		return err;
	for (i = 0; i < 3; i++)
		if (!strcmp(line, names[i].name)) {
			ALLOC_GROW(s->rules, s->nrules + 1, s->rules_alloc);
			p->rule = &s->rules[s->nrules++];
			memset(p->rule, 0, sizeof(*p->rule));
			p->rule->section = names[i].section;
			p->rule->type_kind = -1;
			p->rule_line = p->line;
			p->selects = false;
			strbuf_reset(&p->keys);
			strbuf_adds(&p->keys, "|");
			return 0;
		}
	return fail(p, "unknown section %s", line);
}

int suppressions_load(struct suppressions *s, const char *path, struct diag *d)
{
	struct parser p = {.path = path, .d = d, .keys = STRBUF_INIT};
	struct line_reader r;
	char *buf;
	int err = lines_open(&r, path, d), more = 0;

	if (err)
		return err;
	while (!err && (more = lines_next(&r, &buf, d)) > 0) {
		char *line;

		p.line = r.line;
		line = trim(buf);
		if (!*line || *line == '#' || *line == ';')
			continue;
		if (*line == '[')
			err = section(&p, s, line);
		else
			err = property(&p, line);
	}
	if (!err && more < 0)
		err = more;
	if (!err)
		err = end_section(&p, s);
	if (p.rule) { /* an error inside a section: drop it */
		free_rule(p.rule);
		s->nrules--;
	}
	lines_close(&r);
	strbuf_release(&p.keys);
	return err;
}
