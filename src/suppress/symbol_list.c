// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Symbol lists: the exports a vendor promises to keep, as plain lists
 * (one name a line) or as Android's KMI lists ([abi_symbol_list] headers
 * and indented names). '#' starts a comment.
 */
#include <ctype.h>
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
}

void symbol_list_free(struct symbol_list *l)
{
	strset_free(&l->names);
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
	char *end;

	if (hash)
		*hash = '\0';
	while (isspace((unsigned char)*line))
		line++;
	end = line + strlen(line);
	while (end > line && isspace((unsigned char)end[-1]))
		*--end = '\0';
	return line;
}

static bool is_symbol_name(const char *s)
{
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && *s != '_' && *s != '.' &&
		    *s != '$')
			return false;
	return true;
}

int symbol_list_load(struct symbol_list *l, const char *path, struct diag *d)
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

int symbol_list_check(const struct symbol_list *l,
		      const struct kabi_model *const *models, size_t n,
		      struct diag *d)
{
	size_t i, found_any = 0;
	uint32_t off;

	for (off = 1; off < l->names.len;
	     off += (uint32_t)strlen(l->names.data + off) + 1) {
		const char *name = l->names.data + off;
		bool found = false;

		for (i = 0; i < n && !found; i++)
			found = exports(models[i], name);
		found_any += found;
		if (!found)
			diag_warning(d, DIAG_AT_FILE(NULL),
				     "listed symbol '%s' is not exported%s",
				     name, n > 1 ? " by either kernel" : "");
	}
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
