// SPDX-License-Identifier: GPL-2.0-or-later
/* Modules as consumers, and whether they load; see impact.h. */
#include "impact.h"

#include <stdlib.h>
#include <string.h>

#include "../util/sort.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

void consumers_init(struct consumers *c)
{
	memset(c, 0, sizeof(*c));
	strset_init(&c->strings);
}

void consumers_free(struct consumers *c)
{
	strset_free(&c->strings);
	free(c->modules);
	free(c->imports);
	free(c->ns);
	free(c->own_exports);
	memset(c, 0, sizeof(*c));
}

void consumers_add_module(struct consumers *c, const char *name,
			  const char *license)
{
	struct consumer_module *m;

	ALLOC_GROW(c->modules, c->nmodules + 1, c->modules_alloc);
	m = &c->modules[c->nmodules++];
	memset(m, 0, sizeof(*m));
	m->name = strset_add(&c->strings, name);
	m->license = license ? strset_add(&c->strings, license) : 0;
	m->first_import = (uint32_t)c->nimports;
	m->first_ns = (uint32_t)c->nns;
}

void consumers_add_import(struct consumers *c, const char *name, bool has_crc,
			  uint32_t crc, bool weak)
{
	struct consumer_import *im;

	ALLOC_GROW(c->imports, c->nimports + 1, c->imports_alloc);
	im = &c->imports[c->nimports++];
	im->name = strset_add(&c->strings, name);
	im->crc = crc;
	im->has_crc = has_crc;
	im->weak = weak;
	c->modules[c->nmodules - 1].nimports++;
}

void consumers_add_namespace(struct consumers *c, const char *ns)
{
	ALLOC_GROW(c->ns, c->nns + 1, c->ns_alloc);
	c->ns[c->nns++] = strset_add(&c->strings, ns);
	c->modules[c->nmodules - 1].nns++;
}

void consumers_add_own_export(struct consumers *c, const char *name,
			      const char *module)
{
	ALLOC_GROW(c->own_exports, c->nown + 1, c->own_alloc);
	c->own_exports[c->nown].name = strset_add(&c->strings, name);
	c->own_exports[c->nown++].module = strset_add(&c->strings, module);
}

static int compare_exports(const void *a, const void *b)
{
	const struct consumer_export *x = a, *y = b;

	if (x->name != y->name)
		return x->name < y->name ? -1 : 1;
	return x->module < y->module ? -1 : x->module > y->module;
}

void consumers_finish(struct consumers *c)
{
	if (c->nown)
		qsort(c->own_exports, c->nown, sizeof(*c->own_exports),
		      compare_exports);
}

const char *consumers_exporter(const struct consumers *c, const char *name)
{
	struct consumer_export key = {strset_find(&c->strings, name), 0};
	size_t lo = 0, hi = c->nown;

	if (key.name == UINT32_MAX)
		return NULL;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (c->own_exports[mid].name < key.name)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < c->nown && c->own_exports[lo].name == key.name)
		return strset_str(&c->strings, c->own_exports[lo].module);
	return NULL;
}

const char *load_problem_name(enum load_problem p)
{
	switch (p) {
	case LOAD_NOT_EXPORTED:
		return "not-exported";
	case LOAD_CRC_MISMATCH:
		return "crc-mismatch";
	case LOAD_GPL_ONLY:
		return "gpl-only";
	case LOAD_NAMESPACE:
		return "namespace-not-imported";
	}
	return "?";
}

/* The kernel's license_is_gpl_compatible(), include/linux/license.h */
bool license_is_gpl_compatible(const char *license)
{
	static const char *const gpl[] = {
	    "GPL",	    "GPL v2",	    "GPL and additional rights",
	    "Dual BSD/GPL", "Dual MIT/GPL", "Dual MPL/GPL",
	};
	size_t i;

	for (i = 0; license && i < sizeof(gpl) / sizeof(*gpl); i++)
		if (!strcmp(license, gpl[i]))
			return true;
	return false;
}

/* The kernel's export of a name (symbols sorted by name), or KABI_NONE. */
static uint32_t find_export(const struct kabi_model *m, const char *name)
{
	size_t lo = 0, hi = m->nsymbols;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(model_str(m, m->symbols[mid].name), name);

		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < m->nsymbols &&
	    !strcmp(model_str(m, m->symbols[lo].name), name))
		return (uint32_t)lo;
	return KABI_NONE;
}

static bool imports_namespace(const struct consumers *c,
			      const struct consumer_module *mod, const char *ns)
{
	uint32_t i;

	for (i = 0; i < mod->nns; i++)
		if (!strcmp(strset_str(&c->strings, c->ns[mod->first_ns + i]),
			    ns))
			return true;
	return false;
}

static void fail(struct load_verdicts *v, size_t module, size_t import,
		 enum load_problem problem, uint32_t symbol)
{
	struct load_failure *f;

	ALLOC_GROW(v->failures, v->nfailures + 1, v->alloc);
	f = &v->failures[v->nfailures++];
	f->module = (uint32_t)module;
	f->import = (uint32_t)import;
	f->problem = problem;
	f->symbol = symbol;
}

/* The modules of the kernel, by name. */
static void kernel_modules(const struct kabi_model *m, struct strset *out)
{
	size_t i;

	strset_init(out);
	for (i = 0; i < m->nsymbols; i++)
		strset_add(out, model_str(m, m->symbols[i].module));
}

/* One import of one module, as resolve_symbol() would see it. */
static void judge_import(const struct consumers *c, size_t module,
			 size_t import, const struct kabi_model *m,
			 const struct strset *kmods, bool ignore_crc,
			 struct load_verdicts *v)
{
	const struct consumer_module *mod = &c->modules[module];
	const struct consumer_import *im = &c->imports[import];
	const char *name = strset_str(&c->strings, im->name);
	const char *license = strset_str(&c->strings, mod->license);
	uint32_t s = find_export(m, name);
	const struct kabi_symbol *sym;

	if (s == KABI_NONE) {
		const char *provider = consumers_exporter(c, name);

		/* a module of the set, not one the kernel brings instead */
		if (provider && strset_find(kmods, provider) == UINT32_MAX)
			return;
		if (!im->weak)
			fail(v, module, import, LOAD_NOT_EXPORTED, s);
		return;
	}
	sym = &m->symbols[s];
	if (!ignore_crc && im->has_crc && (sym->flags & KABI_SYM_HAS_CRC) &&
	    sym->crc != im->crc)
		fail(v, module, import, LOAD_CRC_MISMATCH, s);
	if ((sym->flags & KABI_SYM_GPL) && !license_is_gpl_compatible(license))
		fail(v, module, import, LOAD_GPL_ONLY, s);
	if (sym->ns && *model_str(m, sym->ns) &&
	    !imports_namespace(c, mod, model_str(m, sym->ns)))
		fail(v, module, import, LOAD_NAMESPACE, s);
}

void load_verdicts_judge(const struct consumers *c, const struct kabi_model *m,
			 bool ignore_crc, struct load_verdicts *out)
{
	struct strset kmods;
	size_t i, j;

	memset(out, 0, sizeof(*out));
	kernel_modules(m, &kmods);
	for (i = 0; i < c->nmodules; i++) {
		const struct consumer_module *mod = &c->modules[i];

		for (j = 0; j < mod->nimports; j++)
			judge_import(c, i, mod->first_import + j, m, &kmods,
				     ignore_crc, out);
	}
	strset_free(&kmods);
}

void load_verdicts_free(struct load_verdicts *v)
{
	free(v->failures);
	memset(v, 0, sizeof(*v));
}
