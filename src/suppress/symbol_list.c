// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Symbol lists: the exports a vendor promises to keep, as plain lists
 * (one name a line), as Android's KMI lists ([abi_symbol_list] headers
 * and indented names), as Red Hat's stablelists ([rhel9_x86_64_stablelist]
 * headers likewise), and with the CRC and module each export had, as
 * Red Hat keeps them: Module.kabi_ARCH (Module.symvers' lines) or the
 * kabi-module folder (one file an export). '#' starts a comment.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "suppress.h"
#include "../util/lines.h"
#include "../util/strbuf.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

void symbol_list_init(struct symbol_list *l)
{
	memset(l, 0, sizeof(*l));
	strset_init(&l->names);
	strset_init(&l->fields);
}

void symbol_list_free(struct symbol_list *l)
{
	size_t i;

	for (i = 0; i < l->npins; i++)
		free(l->pins[i].where);
	free(l->pins);
	strset_free(&l->names);
	strset_free(&l->fields);
	memset(l, 0, sizeof(*l));
}

bool symbol_list_has(const struct symbol_list *l, const char *name)
{
	return *name && strset_find(&l->names, name) != UINT32_MAX;
}

void symbol_list_add(struct symbol_list *l, const char *name)
{
	size_t before = l->names.len;

	strset_add(&l->names, name);
	if (l->names.len != before)
		l->count++;
}

/* Trim a line in place: comments and surrounding blanks go. */
static char *trim(char *line)
{
	char *hash = strchr(line, '#');

	if (hash)
		*hash = '\0';
	return lines_trim(line);
}

static bool is_symbol_name(const char *s)
{
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && *s != '_' && *s != '.' &&
		    *s != '$')
			return false;
	return true;
}

static bool is_export_kind(const char *s)
{
	return !strncmp(s, "EXPORT_", 7) && is_symbol_name(s);
}

/*
 * "0x1a2b3c4d<TAB>name<TAB>module<TAB>EXPORT_SYMBOL[<TAB>NS]": a line of
 * Module.symvers' form, the CRC and module pinned. 1 if it is one, 0 if
 * the line is of another form, negative on a damaged one.
 */
static int symvers_line(struct symbol_list *l, const char *path,
			unsigned long line, char *text, struct diag *d)
{
	char *field[6] = {NULL}, *p = text, *end;
	struct strbuf where = STRBUF_INIT;
	struct listed_export *pin;
	unsigned long crc;
	size_t n = 0;

	if (strncmp(text, "0x", 2))
		return 0;
	while (n < 6 && *p) {
		field[n++] = p;
		p += strcspn(p, " \t");
		if (*p)
			*p++ = '\0';
		p += strspn(p, " \t");
	}
	crc = strtoul(field[0] + 2, &end, 16);
	if (n < 4 || n > 5 || *end || end == field[0] + 2 ||
	    end - field[0] > 10 || !is_symbol_name(field[1]) ||
	    !is_export_kind(field[3]))
		return diag_error(d, KABI_E_USAGE, DIAG_AT_LINE(path, line),
				  "not a line of Module.symvers' form (CRC, "
				  "name, module, export kind, namespace)");
	symbol_list_add(l, field[1]);
	ALLOC_GROW(l->pins, l->npins + 1, l->pins_alloc);
	pin = &l->pins[l->npins++];
	pin->name = strset_find(&l->names, field[1]);
	pin->module = strset_add(&l->fields, field[2]);
	pin->ns = strset_add(&l->fields, n == 5 ? field[4] : "");
	pin->crc = (uint32_t)crc;
	pin->gpl = strlen(field[3]) > 4 &&
		   !strcmp(field[3] + strlen(field[3]) - 4, "_GPL");
	strbuf_addf(&where, "%s:%lu", path, line);
	pin->where = strbuf_detach(&where);
	return 1;
}

static int load_file(struct symbol_list *l, const char *path, struct diag *d)
{
	struct line_reader r;
	size_t names = 0;
	char *line;
	int err = lines_open(&r, path, d), more;

	if (err)
		return err;
	while ((more = lines_next(&r, &line, d)) > 0) {
		char *name = trim(line);

		if (!*name || (name[0] == '[' && name[strlen(name) - 1] == ']'))
			continue; /* blank, or a section of a KMI list */
		err = symvers_line(l, path, r.line, name, d);
		if (err < 0)
			break;
		if (err) {
			err = 0;
			names++;
			continue;
		}
		if (!is_symbol_name(name)) {
			err = diag_error(d, KABI_E_USAGE,
					 DIAG_AT_LINE(path, r.line),
					 "'%s' is not a symbol name", name);
			break;
		}
		symbol_list_add(l, name);
		names++;
	}
	if (!err && more < 0)
		err = more;
	/* an empty list would keep nothing, and every change would go unseen */
	if (!err && !names)
		err = diag_error(d, KABI_E_USAGE, DIAG_AT_FILE(path),
				 "no symbol names in the list");
	lines_close(&r);
	return err;
}

/*
 * Red Hat's "#3-" (from minor release 3 on) or "#1-4" (1 to 3): the
 * latest release takes an export whose range is open, as show-kabi
 * does when given no release.
 */
static int version_range(const char *path, unsigned long line, const char *text,
			 bool *current, struct diag *d)
{
	char *end;

	errno = 0;
	(void)strtoul(text + 1, &end, 10);
	if (end == text + 1 || *end != '-' || errno)
		return diag_error(d, KABI_E_USAGE, DIAG_AT_LINE(path, line),
				  "'%s' is not a release range (#FIRST-LAST)",
				  text);
	if (end[1]) {
		char *last_end;

		(void)strtoul(end + 1, &last_end, 10);
		if (*last_end)
			return diag_error(
			    d, KABI_E_USAGE, DIAG_AT_LINE(path, line),
			    "'%s' is not a release range (#FIRST-LAST)", text);
	}
	*current = !end[1];
	return 0;
}

/*
 * One kabi-module file: its release range first, "#I:N" metadata (the
 * Nth line of Module.symvers' form is the one, from 0), then the lines.
 */
static int load_module_file(struct symbol_list *l, const char *path,
			    const char *symbol, struct diag *d)
{
	struct line_reader r;
	bool current = false, ranged = false;
	unsigned long index = 0, lines = 0;
	int err = lines_open(&r, path, d), more, found = 0;
	char *line;

	if (err)
		return err;
	while (!err && !found && (more = lines_next(&r, &line, d)) > 0) {
		if (line[0] == '#' && line[1] == 'I' && line[2] == ':') {
			index = strtoul(line + 3, NULL, 10);
		} else if (line[0] == '#' && isdigit((unsigned char)line[1])) {
			err = version_range(path, r.line, line, &current, d);
			ranged = true;
		} else if (line[0] == '#' || !*line) {
			continue; /* other metadata */
		} else if (!ranged) {
			err =
			    diag_error(d, KABI_E_USAGE, DIAG_AT_FILE(path),
				       "no release range (#FIRST-LAST) before "
				       "the first line");
		} else if (lines++ == index) {
			char *name = line;

			if (!current)
				break; /* not of the latest release */
			err = symvers_line(l, path, r.line, name, d);
			if (!err)
				err = diag_error(
				    d, KABI_E_USAGE, DIAG_AT_LINE(path, r.line),
				    "not a line of Module.symvers' "
				    "form");
			else if (err > 0 &&
				 strcmp(l->names.data +
					    l->pins[l->npins - 1].name,
					symbol))
				err = diag_error(d, KABI_E_USAGE,
						 DIAG_AT_LINE(path, r.line),
						 "names another export than "
						 "its file, '%s'",
						 symbol);
			found = err > 0;
		}
	}
	if (!err && more < 0)
		err = more;
	if (err > 0)
		err = 0;
	else if (!err && current && !found)
		err = diag_error(d, KABI_E_USAGE, DIAG_AT_FILE(path),
				 "no line %lu of Module.symvers' form", index);
	lines_close(&r);
	return err;
}

static int compare_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The entries of a folder, sorted, without "." and "..". */
static int list_folder(const char *path, char ***names, size_t *n,
		       struct diag *d)
{
	DIR *dir = opendir(path);
	struct dirent *e;
	size_t alloc = 0;

	*names = NULL;
	*n = 0;
	if (!dir)
		return diag_error(d, KABI_E_IO, DIAG_AT_FILE(path),
				  "cannot read the folder: %s",
				  strerror(errno));
	while ((e = readdir(dir)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
			ALLOC_GROW(*names, *n + 1, alloc);
			(*names)[(*n)++] = xstrdup(e->d_name);
		}
	closedir(dir);
	if (*n > 1)
		qsort(*names, *n, sizeof(**names), compare_names);
	return 0;
}

static void free_names(char **names, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

static char *join(const char *dir, const char *name)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addf(&sb, "%s/%s", dir, name);
	return strbuf_detach(&sb);
}

/*
 * kabi-module/kabi_ARCH, or kabi-module itself where it holds one
 * architecture only (a folder of several asks which).
 */
static int load_folder(struct symbol_list *l, const char *path, struct diag *d)
{
	char **names, *arch = NULL;
	size_t n, i, archs = 0, before = l->count;
	int err = list_folder(path, &names, &n, d);

	for (i = 0; !err && i < n; i++)
		if (!strncmp(names[i], "kabi_", 5)) {
			archs++;
			arch = names[i];
		}
	if (!err && archs > 1)
		err = diag_error(d, KABI_E_USAGE, DIAG_AT_FILE(path),
				 "holds %zu architectures (kabi_*): give the "
				 "folder of one, as %s/%s",
				 archs, path, arch);
	else if (!err && archs == 1) {
		char *sub = join(path, arch);

		free_names(names, n);
		err = load_folder(l, sub, d);
		free(sub);
		return err;
	}
	/* show-kabi's rule: a name with a '.' is no export's file */
	for (i = 0; !err && i < n; i++)
		if (!strchr(names[i], '.')) {
			char *file = join(path, names[i]);

			err = load_module_file(l, file, names[i], d);
			free(file);
		}
	free_names(names, n);
	if (!err && l->count == before)
		err =
		    diag_error(d, KABI_E_USAGE, DIAG_AT_FILE(path),
			       "no export's file of the latest release in the "
			       "folder");
	return err;
}

int symbol_list_load(struct symbol_list *l, const char *path, struct diag *d)
{
	DIR *dir = opendir(path);

	if (!dir)
		return load_file(l, path, d);
	closedir(dir);
	return load_folder(l, path, d);
}

/* The first of OLD's exports by that name: an index, or KABI_NONE. */
static uint32_t find_export(const struct kabi_model *m, const char *name)
{
	size_t lo = 0, hi = m->nsymbols;

	/* symbols are sorted by name, then module: the first of the name */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(model_str(m, m->symbols[mid].name), name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < m->nsymbols &&
		       !strcmp(model_str(m, m->symbols[lo].name), name)
		   ? (uint32_t)lo
		   : KABI_NONE;
}

static bool exports(const struct kabi_model *m, const char *name)
{
	uint32_t off = strset_find(&m->strings, name);
	size_t lo = 0, hi = m->nsymbols;

	if (off == UINT32_MAX)
		return false;
	/* symbols are sorted by name: a binary search */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(model_str(m, m->symbols[mid].name), name);

		if (!c)
			return true;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return false;
}

/* The names the list gives a CRC and module. */
static void pinned_names(const struct symbol_list *l, struct strset *out)
{
	size_t i;

	strset_init(out);
	for (i = 0; i < l->npins; i++)
		strset_add(out, l->names.data + l->pins[i].name);
}

int symbol_list_check(const struct symbol_list *l,
		      const struct kabi_model *const *models, size_t n,
		      struct diag *d)
{
	size_t i, found_any = 0;
	struct strset pinned;
	uint32_t off;

	pinned_names(l, &pinned);
	for (off = 1; off < l->names.len;
	     off += (uint32_t)strlen(l->names.data + off) + 1) {
		const char *name = l->names.data + off;
		bool found = false;

		for (i = 0; i < n && !found; i++)
			found = exports(models[i], name);
		found_any += found;
		/* one with its CRC is held to the list: NEW lacks it */
		if (!found && strset_find(&pinned, name) == UINT32_MAX)
			diag_warning(d, DIAG_AT_FILE(NULL),
				     "listed symbol '%s' is not exported%s",
				     name, n > 1 ? " by either kernel" : "");
	}
	strset_free(&pinned);
	if (found_any)
		return 0;
	/* a list of some other kernel's names, or the wrong file */
	return diag_error(
	    d, KABI_E_USAGE, DIAG_AT_FILE(NULL),
	    "--symbols: none of the %zu listed names is exported%s", l->count,
	    n > 1 ? " by either kernel" : "");
}

void symbol_list_restrict(const struct symbol_list *l, struct kabi_model *m)
{
	bool *keep = xcalloc(m->nsymbols + 1, sizeof(bool));
	struct kabi_model out;
	size_t i;

	for (i = 0; i < m->nsymbols; i++)
		keep[i] = symbol_list_has(l, model_str(m, m->symbols[i].name));
	model_restrict(m, keep, &out);
	model_free(m);
	*m = out;
	free(keep);
}

/* The export of that name and module, else the first of the name. */
static struct kabi_symbol *pinned_export(struct kabi_model *m, const char *name,
					 const char *module)
{
	uint32_t i = find_export(m, name), k;

	if (i == KABI_NONE)
		return NULL;
	for (k = i;
	     k < m->nsymbols && !strcmp(model_str(m, m->symbols[k].name), name);
	     k++)
		if (!strcmp(model_str(m, m->symbols[k].module), module))
			return &m->symbols[k];
	return &m->symbols[i];
}

/* An export OLD lacks, as the list has it: check-kabi's "lost" if NEW
   lacks it too. */
static void add_listed(const struct symbol_list *l,
		       const struct listed_export *p, struct kabi_model *m)
{
	struct kabi_symbol s = {0};

	s.name = model_intern(m, l->names.data + p->name);
	s.module = model_intern(m, l->fields.data + p->module);
	s.ns = p->ns ? model_intern(m, l->fields.data + p->ns) : 0;
	s.crc = p->crc;
	s.flags = KABI_SYM_FROM_LIST | (p->gpl ? KABI_SYM_GPL : 0);
	/* which of function and variable the list does not say */
	model_add_symbol(m, &s);
}

/* Where the list and OLD disagree, the list holds: a warning says so. */
static void hold_to_list(const struct symbol_list *l,
			 const struct listed_export *p, struct kabi_model *old,
			 struct kabi_symbol *s, struct diag *d)
{
	const char *name = l->names.data + p->name,
		   *module = l->fields.data + p->module;

	if (strcmp(model_str(old, s->module), module)) {
		diag_warning(d, DIAG_AT_FILE(NULL),
			     "%s: %s is listed in %s, but the old kernel "
			     "exports it from %s: NEW is held to the list's "
			     "module",
			     p->where, name, module, model_str(old, s->module));
		s->module = model_intern(old, module);
	}
	if ((s->flags & KABI_SYM_HAS_CRC) && s->crc != p->crc)
		diag_warning(d, DIAG_AT_FILE(NULL),
			     "%s: %s is listed with CRC 0x%08x, the old "
			     "kernel's is 0x%08x: NEW is compared with the "
			     "list's",
			     p->where, name, p->crc, s->crc);
}

void symbol_list_pin(const struct symbol_list *l, struct kabi_model *old,
		     struct diag *d)
{
	size_t i;

	for (i = 0; i < l->npins; i++) {
		const struct listed_export *p = &l->pins[i];
		struct kabi_symbol *s = pinned_export(
		    old, l->names.data + p->name, l->fields.data + p->module);

		if (!s) {
			add_listed(l, p, old);
			s = &old->symbols[old->nsymbols - 1];
		} else {
			hold_to_list(l, p, old, s, d);
		}
		s->crc = p->crc;
		s->flags |= KABI_SYM_HAS_CRC | KABI_SYM_MODULE_PINNED;
	}
	/* added, or moved to the list's module: in order again */
	if (l->npins)
		model_sort_symbols(old);
}

int symbol_list_model(const struct symbol_list *l, const char *label,
		      struct kabi_model *out, struct diag *d)
{
	struct strset pinned;
	const char *bare = NULL;
	uint32_t off;

	pinned_names(l, &pinned);
	for (off = 1; !bare && off < l->names.len;
	     off += (uint32_t)strlen(l->names.data + off) + 1)
		if (strset_find(&pinned, l->names.data + off) == UINT32_MAX)
			bare = l->names.data + off;
	strset_free(&pinned);
	if (bare)
		return diag_error(
		    d, KABI_E_USAGE, DIAG_AT_FILE(label),
		    "lists '%s' without its CRC: checking one kernel against "
		    "a list needs each export's CRC and module "
		    "(Module.kabi_ARCH, kabi-module); give two kernels to "
		    "compare them on a list of names",
		    bare);
	out->no_types = true;
	out->release = model_intern(out, label);
	symbol_list_pin(l, out, d);
	return 0;
}
