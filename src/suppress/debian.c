// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Debian's debian/config tree, read as its packaging reads it for
 * debian/bin/buildcheck.py (debian_linux/config.py's ConfigCoreHierarchy):
 *
 *   defines                       [abi] for every kernel; [base] arches,
 *                                 featuresets; [featureset-F_abi] for F
 *   ARCH/defines                  [abi] for the arch; [F_abi] for one of
 *                                 its featuresets; [FLAVOUR_abi] for a
 *                                 flavour of any featureset; [base]
 *                                 featuresets, flavours (of "none")
 *   ARCH/FEATURESET/defines       [abi], [FLAVOUR_abi]; [base] flavours
 *   featureset-F/defines          every [*_abi] section: for F
 *
 * each file in Python's configparser syntax. buildcheck ignores an
 * export's changes when one ignore-changes entry of the scopes of the
 * kernel being built matches it: (arch, featureset, flavour), (arch,
 * flavour), (arch, featureset), (arch), (featureset) and the top. So a
 * rule of featureset-rt/defines holds for rt kernels only, and one of a
 * [cloud-amd64_abi] section for cloud-amd64 kernels only. Which kernel
 * NEW is comes from --debian-scope, or from its release and machine
 * ("6.1.0-54-cloud-amd64" on x86-64: amd64, none, cloud-amd64); when
 * neither tells, kabi refuses to guess.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "suppress.h"
#include "../util/hashmap.h"
#include "../util/lines.h"
#include "../util/strbuf.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

/* --- configparser ------------------------------------------------------- */

/* One line's part of a value, and the line, for messages and labels. */
struct ini_part {
	char *text;
	unsigned long line;
};

/*
 * A key and its value, the lines it spans joined by spaces, as Debian's
 * schema reads a list (debian_linux.config.SchemaItemList), and each
 * line's part.
 */
struct ini_key {
	char *name; /* lowercased, as configparser's optionxform */
	struct strbuf value;
	unsigned long line;
	struct ini_part *parts;
	size_t nparts, parts_alloc;
};

struct ini_section {
	char *name; /* as written: section names keep their case */
	unsigned long line;
	struct ini_key *keys;
	size_t nkeys, alloc;
};

struct ini {
	const char *path;
	struct ini_section *sections;
	size_t n, alloc;
	struct ini_section defaults; /* [DEFAULT]: every section's too */
	/*
	 * Sections by name (key 0) and keys by section and name (key: the
	 * section's index + 1), so that a file of 100,000 sections or keys
	 * costs no more than that.
	 */
	struct hashmap index;
};

static uint64_t section_hash(const char *name)
{
	return hash_combine(0, hash_string(name));
}

static uint64_t key_hash(size_t section, const char *name)
{
	return hash_combine(section + 1, hash_string(name));
}

struct ini_reader {
	struct ini *ini;
	struct line_reader lines;
	struct ini_section *section; /* the current one, or NULL */
	struct ini_key *key;	     /* the key a value may go on for */
	size_t key_indent; /* the indent of its line, or of [section] */
};

static int ini_fail(struct ini_reader *r, const char *what, struct diag *d)
{
	return diag_error(d, KABI_E_USAGE,
			  DIAG_AT_LINE(r->lines.path, r->lines.line), "%s",
			  what);
}

static struct ini_section *ini_find(const struct ini *ini, const char *name)
{
	struct hashmap_iter it;
	struct hashmap_entry *e;

	if (!strcmp(name, "DEFAULT"))
		return (struct ini_section *)&ini->defaults;
	for (e = hashmap_first(&ini->index, section_hash(name), &it); e;
	     e = hashmap_next(&ini->index, &it))
		if (!e->key && !strcmp(ini->sections[e->value].name, name))
			return &ini->sections[e->value];
	return NULL;
}

/* Where keys are indexed: the section's index, or past all for DEFAULT. */
static size_t section_number(const struct ini *ini, const struct ini_section *s)
{
	return s == &ini->defaults ? SIZE_MAX - 1 : (size_t)(s - ini->sections);
}

/* A key of section s (an index, or the defaults'), or NULL. */
static struct ini_key *key_find(const struct ini *ini,
				const struct ini_section *s, const char *name)
{
	size_t section = section_number(ini, s);
	struct hashmap_iter it;
	struct hashmap_entry *e;

	for (e = hashmap_first(&ini->index, key_hash(section, name), &it); e;
	     e = hashmap_next(&ini->index, &it))
		if (e->key == section + 1 &&
		    !strcmp(s->keys[e->value].name, name))
			return &s->keys[e->value];
	return NULL;
}

/* "[name]": up to the line's last ']', as configparser's greedy match. */
static int ini_section_line(struct ini_reader *r, char *text, struct diag *d)
{
	char *close = strrchr(text, ']');
	struct ini_section *s;

	if (!close || close == text + 1)
		return ini_fail(r, "a section header without a name", d);
	*close = '\0';
	if (ini_find(r->ini, text + 1) &&
	    strcmp(text + 1, "DEFAULT")) /* configparser's strict mode */
		return diag_error(d, KABI_E_USAGE,
				  DIAG_AT_LINE(r->lines.path, r->lines.line),
				  "section [%s] twice in one file", text + 1);
	s = ini_find(r->ini, text + 1);
	if (!s) {
		ALLOC_GROW(r->ini->sections, r->ini->n + 1, r->ini->alloc);
		s = &r->ini->sections[r->ini->n];
		memset(s, 0, sizeof(*s));
		s->name = xstrdup(text + 1);
		s->line = r->lines.line;
		hashmap_add(&r->ini->index, section_hash(s->name), 0,
			    r->ini->n++);
	}
	r->section = s;
	r->key = NULL;
	return 0;
}

static void add_part(struct ini_key *k, const char *text, unsigned long line)
{
	ALLOC_GROW(k->parts, k->nparts + 1, k->parts_alloc);
	k->parts[k->nparts].text = xstrdup(text);
	k->parts[k->nparts++].line = line;
	if (k->value.len)
		strbuf_addch(&k->value, ' ');
	strbuf_adds(&k->value, text);
}

/* "key: value" or "key = value": the first ':' or '=' divides them. */
static int ini_key_line(struct ini_reader *r, char *text, struct diag *d)
{
	char *sep = strpbrk(text, ":="), *end, *p;
	struct ini_section *s = r->section;
	struct ini_key *k;

	if (!s)
		return diag_error(d, KABI_E_USAGE,
				  DIAG_AT_LINE(r->lines.path, r->lines.line),
				  "'%s' before any [section]", text);
	if (!sep)
		return ini_fail(r, "neither a [section] nor 'key: value'", d);
	for (end = sep; end > text && isspace((unsigned char)end[-1]); end--)
		;
	if (end == text)
		return ini_fail(r, "a value without a key", d);
	*end = '\0';
	for (p = text; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	if (key_find(r->ini, s, text))
		return diag_error(d, KABI_E_USAGE,
				  DIAG_AT_LINE(r->lines.path, r->lines.line),
				  "key '%s' twice in [%s]", text,
				  s == &r->ini->defaults ? "DEFAULT" : s->name);
	hashmap_add(&r->ini->index, key_hash(section_number(r->ini, s), text),
		    section_number(r->ini, s) + 1, s->nkeys);
	ALLOC_GROW(s->keys, s->nkeys + 1, s->alloc);
	k = &s->keys[s->nkeys++];
	memset(k, 0, sizeof(*k));
	k->name = xstrdup(text);
	strbuf_init(&k->value);
	k->line = r->lines.line;
	for (p = sep + 1; isspace((unsigned char)*p); p++)
		;
	add_part(k, p, r->lines.line);
	r->key = k;
	return 0;
}

/*
 * One line, as configparser's _read takes it: a full-line comment ('#'
 * or ';' first) or a blank line is skipped, even within a value; a line
 * indented deeper than its key's goes on with the value; no comment
 * ends within a line ("dummy # kfree" is three words of a value).
 */
static int ini_line(struct ini_reader *r, char *line, struct diag *d)
{
	size_t len = strlen(line), indent;
	char *text;

	if (len && line[len - 1] == '\r')
		line[--len] = '\0';
	for (indent = 0; isspace((unsigned char)line[indent]); indent++)
		;
	text = line + indent;
	while (len > indent && isspace((unsigned char)line[len - 1]))
		line[--len] = '\0';
	if (!*text || *text == '#' || *text == ';')
		return 0;
	if (r->key && indent > r->key_indent) {
		add_part(r->key, text, r->lines.line);
		return 0;
	}
	r->key_indent = indent;
	if (*text == '[' && strrchr(text, ']'))
		return ini_section_line(r, text, d);
	return ini_key_line(r, text, d);
}

static void ini_section_free(struct ini_section *s)
{
	size_t i, k;

	for (i = 0; i < s->nkeys; i++) {
		free(s->keys[i].name);
		strbuf_release(&s->keys[i].value);
		for (k = 0; k < s->keys[i].nparts; k++)
			free(s->keys[i].parts[k].text);
		free(s->keys[i].parts);
	}
	free(s->keys);
	free(s->name);
}

static void ini_free(struct ini *ini)
{
	size_t i;

	for (i = 0; i < ini->n; i++)
		ini_section_free(&ini->sections[i]);
	free(ini->sections);
	ini_section_free(&ini->defaults);
	hashmap_free(&ini->index);
	memset(ini, 0, sizeof(*ini));
}

static int ini_read(struct ini *ini, const char *path, struct diag *d)
{
	struct ini_reader r = {ini, {0}, NULL, NULL, 0};
	char *line;
	int err, more = 0;

	memset(ini, 0, sizeof(*ini));
	ini->path = path;
	err = lines_open(&r.lines, path, d);
	while (!err && (more = lines_next(&r.lines, &line, d)) > 0)
		err = ini_line(&r, line, d);
	if (!err && more < 0)
		err = more;
	lines_close(&r.lines);
	if (err)
		ini_free(ini);
	return err;
}

/* A section's key, or [DEFAULT]'s; NULL where neither has it. */
static const struct ini_key *
ini_get(const struct ini *ini, const struct ini_section *s, const char *name)
{
	const struct ini_key *k = s ? key_find(ini, s, name) : NULL;

	return k ? k : key_find(ini, &ini->defaults, name);
}

/* The next whitespace-separated word of *p, or NULL; *p moves past it. */
static char *next_word(char **p)
{
	char *s = *p, *word;

	while (isspace((unsigned char)*s))
		s++;
	if (!*s)
		return NULL;
	word = s;
	while (*s && !isspace((unsigned char)*s))
		s++;
	if (*s)
		*s++ = '\0';
	*p = s;
	return word;
}

/* A key's value as a list of words (a copy the caller frees). */
static char **ini_words(const struct ini_key *k, size_t *n)
{
	char *copy = xstrdup(k ? k->value.buf : ""), *p = copy, *w;
	char **words = NULL;
	size_t alloc = 0;

	*n = 0;
	while ((w = next_word(&p))) {
		ALLOC_GROW(words, *n + 1, alloc);
		words[(*n)++] = xstrdup(w);
	}
	free(copy);
	return words;
}

static void free_words(char **words, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(words[i]);
	free(words);
}

static bool in_words(char *const *words, size_t n, const char *w)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(words[i], w))
			return true;
	return false;
}

/* --- the tree ----------------------------------------------------------- */

/*
 * The names a file lists as folders of the tree (arches, featuresets):
 * each must be one folder's name, so that a file cannot send the reader
 * out of its tree ("../../etc").
 */
static int folder_names(const struct ini *ini, const struct ini_key *k,
			char *const *words, size_t n, struct diag *d)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strchr(words[i], '/') || !strcmp(words[i], ".") ||
		    !strcmp(words[i], ".."))
			return diag_error(d, KABI_E_USAGE,
					  DIAG_AT_LINE(ini->path, k->line),
					  "'%s' in %s is not the name of a "
					  "folder of the tree",
					  words[i], k->name);
	return 0;
}

/* The rules of one scope: a later ignore-changes of it replaces them. */
struct scope_rules {
	char *key;	 /* "arch/featureset/flavour", "-" for any */
	size_t first, n; /* in s->exports */
};

struct tree_reader {
	struct suppressions *s;
	const char *root;
	struct debian_kernel *kernels;
	size_t nkernels, kernels_alloc;
	struct scope_rules *scopes;
	size_t nscopes, scopes_alloc;
	struct hashmap scope_index; /* key's hash -> scopes */
};

/*
 * The section's name split at '_' as configparser's schema splits it,
 * when its last part is "abi": how many parts come before, the first of
 * them in *first (up to its '_').
 */
static bool abi_section(const char *name, size_t *before, size_t *first_len)
{
	const char *last = strrchr(name, '_'), *p;

	*before = 0;
	*first_len = 0;
	if (!last)
		return !strcmp(name, "abi");
	if (strcmp(last + 1, "abi"))
		return false;
	for (p = name; p <= last; p++)
		*before += *p == '_';
	*first_len = strcspn(name, "_");
	return true;
}

static char *opt_strndup(const char *s, size_t n)
{
	return s ? xstrndup(s, n) : NULL;
}

/* The rules of a scope so far, found or made. */
static struct scope_rules *scope_of(struct tree_reader *t, const char *arch,
				    const char *featureset, const char *flavour)
{
	struct strbuf key = STRBUF_INIT;
	struct hashmap_iter it;
	struct hashmap_entry *e;
	struct scope_rules *sr;
	uint64_t h;

	strbuf_addf(&key, "%s/%s/%s", arch ? arch : "-",
		    featureset ? featureset : "-", flavour ? flavour : "-");
	h = hash_string(key.buf);
	for (e = hashmap_first(&t->scope_index, h, &it); e;
	     e = hashmap_next(&t->scope_index, &it))
		if (!strcmp(t->scopes[e->value].key, key.buf)) {
			strbuf_release(&key);
			return &t->scopes[e->value];
		}
	ALLOC_GROW(t->scopes, t->nscopes + 1, t->scopes_alloc);
	sr = &t->scopes[t->nscopes];
	sr->key = strbuf_detach(&key);
	sr->first = sr->n = 0;
	hashmap_add(&t->scope_index, h, 0, t->nscopes++);
	return sr;
}

/*
 * A rule of one scope (NULL: any): a later ignore-changes of the same
 * scope replaces the earlier's, as the reader's dict.update does.
 */
static int add_scoped(struct tree_reader *t, const struct ini *ini,
		      const struct ini_section *sec, const char *arch,
		      const char *featureset, const char *flavour,
		      struct diag *d)
{
	const struct ini_key *k = ini_get(ini, sec, "ignore-changes");
	struct suppressions *s = t->s;
	struct scope_rules *sr;
	size_t i, p;
	int err = 0;

	if (!k)
		return 0;
	sr = scope_of(t, arch, featureset, flavour);
	for (i = sr->first; i < sr->first + sr->n; i++)
		s->exports[i].superseded = true;
	sr->first = s->nexports;
	for (p = 0; !err && p < k->nparts; p++)
		err = debian_ignore_changes(s, ini->path, k->parts[p].line,
					    k->parts[p].text, d);
	sr->n = s->nexports - sr->first;
	for (i = sr->first; !err && i < s->nexports; i++) {
		s->exports[i].arch = opt_strndup(arch, arch ? strlen(arch) : 0);
		s->exports[i].featureset = opt_strndup(
		    featureset, featureset ? strlen(featureset) : 0);
		s->exports[i].flavour =
		    opt_strndup(flavour, flavour ? strlen(flavour) : 0);
	}
	return err;
}

static int add_abiname(struct suppressions *s, const struct ini *ini,
		       const struct ini_section *sec, struct diag *d)
{
	const struct ini_key *k = ini_get(ini, sec, "abiname");

	return k ? debian_abiname(s, ini->path, k->line, k->value.buf, d) : 0;
}

static char *tree_path(const char *root, const char *a, const char *b)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_adds(&sb, root);
	if (a)
		strbuf_addf(&sb, "/%s", a);
	if (b)
		strbuf_addf(&sb, "/%s", b);
	strbuf_adds(&sb, "/defines");
	return strbuf_detach(&sb);
}

static bool is_file(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISREG(st.st_mode);
}

/* configparser reads the files that are there and skips the others. */
static int read_if_there(struct ini *ini, const char *path, struct diag *d)
{
	memset(ini, 0, sizeof(*ini));
	ini->path = path;
	return is_file(path) ? ini_read(ini, path, d) : 0;
}

static void add_kernel(struct tree_reader *t, const char *arch,
		       const char *featureset, const char *flavour,
		       const char *kernel_arch)
{
	struct debian_kernel *k;

	ALLOC_GROW(t->kernels, t->nkernels + 1, t->kernels_alloc);
	k = &t->kernels[t->nkernels++];
	k->arch = xstrdup(arch);
	k->featureset = xstrdup(featureset);
	k->flavour = xstrdup(flavour);
	k->kernel_arch = xstrdup(kernel_arch ? kernel_arch : "");
}

/* ARCH/FEATURESET/defines: [abi], [FLAVOUR_abi]; its flavours. */
static int read_arch_featureset(struct tree_reader *t, const char *arch,
				const char *featureset, const char *kernel_arch,
				struct diag *d)
{
	char *path = tree_path(t->root, arch, featureset);
	struct ini ini;
	size_t i, before, first, nflavours;
	char **flavours;
	int err = read_if_there(&ini, path, d);

	for (i = 0; !err && i < ini.n; i++) {
		const struct ini_section *sec = &ini.sections[i];

		if (!abi_section(sec->name, &before, &first) || before > 1)
			continue;
		if (before == 0)
			err =
			    add_scoped(t, &ini, sec, arch, featureset, NULL, d);
		else {
			char *flavour = xstrndup(sec->name, first);

			err = add_scoped(t, &ini, sec, arch, featureset,
					 flavour, d);
			free(flavour);
		}
	}
	flavours = ini_words(
	    err ? NULL : ini_get(&ini, ini_find(&ini, "base"), "flavours"),
	    &nflavours);
	for (i = 0; i < nflavours; i++)
		add_kernel(t, arch, featureset, flavours[i], kernel_arch);
	free_words(flavours, nflavours);
	ini_free(&ini);
	free(path);
	return err;
}

/* One section of ARCH/defines, by its name's parts. */
static int arch_section(struct tree_reader *t, const struct ini *ini,
			const struct ini_section *sec, const char *arch,
			char *const *featuresets, size_t nfeaturesets,
			struct diag *d)
{
	size_t before, first;
	char *head;
	int err = 0;

	if (!abi_section(sec->name, &before, &first))
		return 0;
	if (before == 0) {
		err = add_abiname(t->s, ini, sec, d);
		return err ? err : add_scoped(t, ini, sec, arch, NULL, NULL, d);
	}
	head = xstrndup(sec->name, first);
	if (in_words(featuresets, nfeaturesets, head))
		err = add_scoped(t, ini, sec, arch, head, NULL, d);
	else if (before == 1) /* [FLAVOUR_abi] */
		err = add_scoped(t, ini, sec, arch, NULL, head, d);
	free(head);
	return err;
}

/* ARCH/defines, then the defines of each of its featuresets. */
static int read_arch(struct tree_reader *t, const char *arch, struct diag *d)
{
	char *path = tree_path(t->root, arch, NULL);
	const struct ini_section *base;
	const struct ini_key *ka;
	struct ini ini;
	char **featuresets, **flavours, *kernel_arch;
	size_t nfeaturesets, nflavours, i;
	int err = read_if_there(&ini, path, d);

	base = err ? NULL : ini_find(&ini, "base");
	ka = err ? NULL : ini_get(&ini, base, "featuresets");
	featuresets = ini_words(ka, &nfeaturesets);
	if (ka)
		err = folder_names(&ini, ka, featuresets, nfeaturesets, d);
	flavours =
	    ini_words(err ? NULL : ini_get(&ini, base, "flavours"), &nflavours);
	ka = err ? NULL : ini_get(&ini, base, "kernel-arch");
	kernel_arch = xstrdup(ka ? ka->value.buf : "");
	for (i = 0; !err && i < ini.n; i++)
		err = arch_section(t, &ini, &ini.sections[i], arch, featuresets,
				   nfeaturesets, d);
	for (i = 0; !err && i < nfeaturesets; i++)
		err = read_arch_featureset(t, arch, featuresets[i], kernel_arch,
					   d);
	/* flavours of the arch itself: the implicit featureset "none" */
	for (i = 0; !err && i < nflavours; i++)
		add_kernel(t, arch, "none", flavours[i], kernel_arch);
	free(kernel_arch);
	free_words(featuresets, nfeaturesets);
	free_words(flavours, nflavours);
	ini_free(&ini);
	free(path);
	return err;
}

/* featureset-F/defines: each of its [*_abi] sections is for F. */
static int read_featureset(struct tree_reader *t, const char *featureset,
			   struct diag *d)
{
	struct strbuf dir = STRBUF_INIT;
	struct ini ini;
	char *path;
	size_t i, before, first;
	int err;

	strbuf_addf(&dir, "featureset-%s", featureset);
	path = tree_path(t->root, dir.buf, NULL);
	err = read_if_there(&ini, path, d);
	for (i = 0; !err && i < ini.n; i++)
		if (abi_section(ini.sections[i].name, &before, &first))
			err = add_scoped(t, &ini, &ini.sections[i], NULL,
					 featureset, NULL, d);
	ini_free(&ini);
	free(path);
	strbuf_release(&dir);
	return err;
}

/* The top defines: [abi]; [featureset-F_abi]; then the arches' files. */
static int read_top(struct tree_reader *t, const struct ini *ini,
		    struct diag *d)
{
	const struct ini_section *base = ini_find(ini, "base");
	const struct ini_key *k;
	char **arches, **featuresets;
	size_t narches, nfeaturesets, i, before, first;
	int err = 0;

	for (i = 0; !err && i < ini->n; i++) {
		const struct ini_section *sec = &ini->sections[i];

		if (!abi_section(sec->name, &before, &first))
			continue;
		if (before == 0) {
			err = add_abiname(t->s, ini, sec, d);
			if (!err)
				err = add_scoped(t, ini, sec, NULL, NULL, NULL,
						 d);
		} else if (!strncmp(sec->name, "featureset-", 11) &&
			   first > 11) {
			char *fs = xstrndup(sec->name + 11, first - 11);

			err = add_scoped(t, ini, sec, NULL, fs, NULL, d);
			free(fs);
		} else
			diag_warning(d, DIAG_AT_LINE(ini->path, sec->line),
				     "[%s] holds for no kernel: buildcheck "
				     "reads a flavour's [FLAVOUR_abi] in an "
				     "architecture's defines "
				     "(debian/config/ARCH/defines)",
				     sec->name);
	}
	k = ini_get(ini, base, "arches");
	arches = ini_words(k, &narches);
	if (!err && k)
		err = folder_names(ini, k, arches, narches, d);
	k = ini_get(ini, base, "featuresets");
	featuresets = ini_words(k, &nfeaturesets);
	if (!err && k)
		err = folder_names(ini, k, featuresets, nfeaturesets, d);
	for (i = 0; !err && i < narches; i++)
		err = read_arch(t, arches[i], d);
	for (i = 0; !err && i < nfeaturesets; i++)
		err = read_featureset(t, featuresets[i], d);
	free_words(arches, narches);
	free_words(featuresets, nfeaturesets);
	return err;
}

/* --- where the tree is -------------------------------------------------- */

static bool is_dir(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISDIR(st.st_mode);
}

static char *join(const char *a, const char *b)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addf(&sb, "%s/%s", a, b);
	return strbuf_detach(&sb);
}

/* Whether a folder is the top of a defines tree: [base] arches. */
static bool tree_top(const char *dir)
{
	char *path = join(dir, "defines");
	struct ini ini;
	struct diag quiet;
	bool top = false;

	diag_init(&quiet);
	if (is_file(path) && !ini_read(&ini, path, &quiet)) {
		top = ini_get(&ini, ini_find(&ini, "base"), "arches") != NULL;
		ini_free(&ini);
	}
	diag_free(&quiet);
	free(path);
	return top;
}

/* The tree's top above a file of it (up to three folders up), or NULL. */
static char *top_above(const char *file)
{
	char *dir = xstrdup(file), *slash;
	int up;

	for (up = 0; up < 4; up++) {
		slash = strrchr(dir, '/');
		if (!slash)
			break;
		*slash = '\0';
		if (*dir && tree_top(dir))
			return dir;
	}
	free(dir);
	return NULL;
}

/*
 * The folder to read: the one given when its defines is a tree's top,
 * or its config/ or debian/config/ (a source package's); for a file, the
 * tree it is the top of. A file further down a tree is refused: read
 * alone its rules would hold for every kernel.
 */
static int find_top(const char *path, char **top, struct diag *d)
{
	static const char *const below[] = {".", "config", "debian/config"};
	const char *base;
	size_t i;

	*top = NULL;
	if (is_dir(path)) {
		for (i = 0; i < 3; i++) {
			char *dir = i ? join(path, below[i]) : xstrdup(path);
			char *defines;

			defines = join(dir, "defines");
			if (is_file(defines)) {
				free(defines);
				*top = dir;
				return 0;
			}
			free(defines);
			free(dir);
		}
		return diag_error(d, KABI_E_USAGE, DIAG_AT_FILE(path),
				  "no defines file here, in config/ or in "
				  "debian/config/: give Debian's debian/config "
				  "folder");
	}
	base = strrchr(path, '/');
	base = base ? base + 1 : path;
	*top = strcmp(base, "defines") ? NULL : top_above(path);
	if (*top) {
		char *self = join(*top, "defines");
		bool is_top = !strcmp(self, path);

		free(self);
		if (is_top)
			return 0;
		diag_error(d, KABI_E_USAGE, DIAG_AT_FILE(path),
			   "one file of the defines tree %s: give the folder "
			   "(--debian-abi %s), which buildcheck reads whole, "
			   "each file's rules for the kernels it is about",
			   *top, *top);
		free(*top);
		*top = NULL;
		return -1;
	}
	return 0; /* a defines file of its own: the top of no tree */
}

static void kernels_free(struct debian_kernel *k, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(k[i].arch);
		free(k[i].featureset);
		free(k[i].flavour);
		free(k[i].kernel_arch);
	}
	free(k);
}

int debian_abi_load(struct suppressions *s, const char *path, struct diag *d)
{
	struct tree_reader t = {.s = s};
	size_t len = strlen(path);
	struct ini ini;
	char *top, *file;
	int err;

	/* the form Debian's packaging took after bookworm */
	if (len > 5 && !strcmp(path + len - 5, ".toml"))
		return diag_error(
		    d, KABI_E_USAGE, DIAG_AT_FILE(path),
		    "TOML defines are not read yet: give the debian/config "
		    "folder of INI defines files");
	err = find_top(path, &top, d);
	if (err)
		return err;
	file = top ? join(top, "defines") : xstrdup(path);
	/* a defines file of its own: the folders beside it are its tree */
	if (!top) {
		char *slash = strrchr(path, '/');

		top = slash ? xstrndup(path, (size_t)(slash - path))
			    : xstrdup(".");
	}
	t.root = top;
	err = ini_read(&ini, file, d);
	if (!err) {
		err = read_top(&t, &ini, d);
		ini_free(&ini);
	}
	if (!err) {
		debian_add_kernels(s, t.kernels, t.nkernels);
		s->debian = true;
	} else
		kernels_free(t.kernels, t.nkernels);
	for (len = 0; len < t.nscopes; len++)
		free(t.scopes[len].key);
	free(t.scopes);
	hashmap_free(&t.scope_index);
	free(file);
	free(top);
	return err;
}

void debian_add_kernels(struct suppressions *s, struct debian_kernel *k,
			size_t n)
{
	ALLOC_GROW(s->debian_kernels, s->ndebian_kernels + n,
		   s->debian_kernels_alloc);
	if (n)
		memcpy(s->debian_kernels + s->ndebian_kernels, k,
		       n * sizeof(*k));
	s->ndebian_kernels += n;
	free(k);
}

/* --- which kernel NEW is ------------------------------------------------ */

/* The scope of one kernel: its arch, featureset and flavour. */
struct scope {
	char *arch, *featureset, *flavour;
};

/* Debian's kernel-arch of a machine kabi names ("x86-64": "x86"). */
static const char *kernel_arch_of(const char *machine)
{
	static const char *const map[][2] = {
	    {"x86-64", "x86"}, {"i386", "x86"},		 {"AArch64", "arm64"},
	    {"ARM", "arm"},    {"PowerPC64", "powerpc"}, {"PowerPC", "powerpc"},
	    {"s390", "s390"},  {"RISC-V", "riscv"},
	};
	size_t i;

	for (i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (!strcmp(map[i][0], machine))
			return map[i][1];
	return NULL;
}

/*
 * Whether a release is of a kernel: "6.1.0-54-cloud-amd64" ends with
 * "-cloud-amd64" (featureset "none") or "-rt-amd64" (featureset "rt"),
 * and what comes before is the version and its ABI name, which starts
 * with a digit ("54", "0.deb11.13").
 */
static bool release_of_kernel(const char *release,
			      const struct debian_kernel *k)
{
	struct strbuf tail = STRBUF_INIT;
	size_t rlen = strlen(release), tlen, start;
	bool of = false;

	if (strcmp(k->featureset, "none"))
		strbuf_addf(&tail, "-%s", k->featureset);
	strbuf_addf(&tail, "-%s", k->flavour);
	tlen = tail.len;
	if (rlen > tlen && !strcmp(release + rlen - tlen, tail.buf)) {
		for (start = rlen - tlen;
		     start > 0 && release[start - 1] != '-'; start--)
			;
		of = start > 0 && start < rlen - tlen &&
		     isdigit((unsigned char)release[start]);
	}
	strbuf_release(&tail);
	return of;
}

static bool same_kernel(const struct debian_kernel *a,
			const struct debian_kernel *b)
{
	return !strcmp(a->arch, b->arch) &&
	       !strcmp(a->featureset, b->featureset) &&
	       !strcmp(a->flavour, b->flavour);
}

/* "arch/featureset/flavour" of the first few kernels the test passes. */
static void kernel_names(const struct suppressions *s, struct strbuf *sb,
			 const char *release, const char *karch)
{
	size_t i, n = 0;

	for (i = 0; i < s->ndebian_kernels && n < 6; i++) {
		const struct debian_kernel *k = &s->debian_kernels[i];

		if (release && !release_of_kernel(release, k))
			continue;
		if (karch && *k->kernel_arch && strcmp(karch, k->kernel_arch))
			continue;
		strbuf_addf(sb, "%s%s/%s/%s", n++ ? ", " : "", k->arch,
			    k->featureset, k->flavour);
	}
	if (i < s->ndebian_kernels)
		strbuf_adds(sb, ", ...");
}

/* NEW's kernel among the tree's, from its release and machine. */
static int infer_scope(const struct suppressions *s,
		       const struct kabi_model *new, struct scope *out,
		       struct diag *d)
{
	const char *release = new->release ? model_str(new, new->release) : "";
	const char *machine = new->arch ? model_str(new, new->arch) : "";
	const char *karch = kernel_arch_of(machine);
	const struct debian_kernel *found = NULL;
	struct strbuf sb = STRBUF_INIT;
	size_t i, n = 0;

	for (i = 0; *release && i < s->ndebian_kernels; i++) {
		const struct debian_kernel *k = &s->debian_kernels[i];

		if (!release_of_kernel(release, k) ||
		    (karch && *k->kernel_arch && strcmp(karch, k->kernel_arch)))
			continue;
		/* a kernel the tree lists twice is one kernel */
		if (!found || !same_kernel(found, k))
			n++;
		found = k;
	}
	if (n == 1) {
		out->arch = xstrdup(found->arch);
		out->featureset = xstrdup(found->featureset);
		out->flavour = xstrdup(found->flavour);
		return 0;
	}
	if (!*release)
		strbuf_adds(&sb, "NEW does not say its release");
	else if (!n) {
		strbuf_addf(&sb,
			    "%s is none of the kernels the defines build (",
			    release);
		kernel_names(s, &sb, NULL, karch);
		strbuf_addch(&sb, ')');
	} else {
		strbuf_addf(&sb, "%s could be any of ", release);
		kernel_names(s, &sb, release, karch);
	}
	diag_error(
	    d, KABI_E_USAGE, DIAG_AT_FILE(NULL),
	    "--debian-abi: %s: give --debian-scope ARCH/FEATURESET/"
	    "FLAVOUR as buildcheck is given them (amd64/none/cloud-amd64)",
	    sb.buf);
	strbuf_release(&sb);
	return -1;
}

static int parse_scope(const char *text, struct scope *out, struct diag *d)
{
	const char *a = strchr(text, '/'), *b = a ? strchr(a + 1, '/') : NULL;

	if (!a || !b || a == text || b == a + 1 || !b[1] || strchr(b + 1, '/'))
		return diag_error(d, KABI_E_USAGE, DIAG_AT_FILE(NULL),
				  "--debian-scope '%s': give ARCH/FEATURESET/"
				  "FLAVOUR (amd64/none/cloud-amd64)",
				  text);
	out->arch = xstrndup(text, (size_t)(a - text));
	out->featureset = xstrndup(a + 1, (size_t)(b - a - 1));
	out->flavour = xstrdup(b + 1);
	return 0;
}

static bool scoped(const struct suppressions *s)
{
	size_t i;

	for (i = 0; i < s->nexports; i++)
		if (s->exports[i].arch || s->exports[i].featureset ||
		    s->exports[i].flavour)
			return true;
	return false;
}

static bool holds_for(const struct export_rule *r, const struct scope *k)
{
	return (!r->arch || !strcmp(r->arch, k->arch)) &&
	       (!r->featureset || !strcmp(r->featureset, k->featureset)) &&
	       (!r->flavour || !strcmp(r->flavour, k->flavour));
}

/* "6.1.0-28-cloud-amd64": the part after the version, before the flavour. */
static bool release_has_abiname(const char *release, const char *abiname)
{
	const char *dash = strchr(release, '-');
	size_t len = strlen(abiname);

	return dash && !strncmp(dash + 1, abiname, len) &&
	       (dash[1 + len] == '-' || !dash[1 + len]);
}

static void check_abiname(const struct suppressions *s, const char *o,
			  const char *n, struct diag *d)
{
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

int debian_abi_apply(struct suppressions *s, const struct kabi_model *old,
		     const struct kabi_model *new, struct diag *d)
{
	struct scope k = {0};
	size_t i;
	int err = 0;

	if (!s->debian)
		return 0;
	if (s->debian_scope)
		err = parse_scope(s->debian_scope, &k, d);
	else if (scoped(s))
		err = infer_scope(s, new, &k, d);
	for (i = 0; !err && i < s->nexports; i++) {
		struct export_rule *r = &s->exports[i];

		if (r->debian)
			r->inactive =
			    r->superseded || (k.arch && !holds_for(r, &k));
	}
	if (!err)
		check_abiname(
		    s, old->release ? model_str(old, old->release) : "",
		    new->release ? model_str(new, new->release) : "", d);
	free(k.arch);
	free(k.featureset);
	free(k.flavour);
	return err;
}
