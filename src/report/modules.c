// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The per-module verdicts of kabi diff --modules, as data (section.h): for
 * each module given, whether it would load into NEW and why not, and
 * which root causes reach the exports it uses (by their numbers in the
 * report). How it looks is each format's to say.
 */
#include <stdlib.h>
#include <string.h>

#include "section.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

/* The symbol change of a name (symbols are sorted by name), or NONE. */
static uint32_t find_change(const struct kabi_diff *d, const char *name)
{
	size_t lo = 0, hi = d->nsymbols;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(diff_symbol_name(d, &d->symbols[mid]), name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < d->nsymbols &&
	    !strcmp(diff_symbol_name(d, &d->symbols[lo]), name))
		return (uint32_t)lo;
	return KABI_NONE;
}

/*
 * How each shown root cause reaches each export: one byte per root cause
 * and symbol change, 0 for not at all, else 1 + enum reach_kind.
 */
struct reach_table {
	unsigned char *reach;
	size_t row; /* bytes per root cause */
	/* per consumer import: its symbol change, or KABI_NONE; looked up once
	 */
	uint32_t *change_of_import;
};

static void reach_table_build(struct reach_table *rt,
			      const struct diff_filter *f,
			      const struct consumers *c)
{
	const struct kabi_diff *d = f->d;
	size_t r, i;

	rt->change_of_import = xmalloc(xmul(c->nimports + 1, sizeof(uint32_t)));
	for (i = 0; i < c->nimports; i++)
		rt->change_of_import[i] =
		    find_change(d, strset_str(&c->strings, c->imports[i].name));

	rt->row = d->nsymbols + 1;
	rt->reach = xcalloc(xmul(d->nroots + 1, rt->row), 1);
	for (r = 0; r < d->nroots; r++) {
		const struct root_exports *list =
		    diff_root_reached(d, &d->roots[r]);

		if (f->root_rule[r] != SHOWN)
			continue;
		for (i = 0; i < list->n; i++)
			if (f->symbol_type[list->symbols[i]])
				rt->reach[r * rt->row + list->symbols[i]] =
				    (unsigned char)(1 + list->reach[i]);
	}
}

/*
 * How root cause r reaches the exports module m imports, the nearest
 * way: 1 + enum reach_kind, or 0 when it does not.
 */
static unsigned reach_of_module(const struct reach_table *rt,
				const struct consumers *c, size_t m, size_t r)
{
	const struct consumer_module *mod = &c->modules[m];
	unsigned best = 0;
	uint32_t i;

	for (i = 0; i < mod->nimports; i++) {
		uint32_t s = rt->change_of_import[mod->first_import + i];
		unsigned how = s == KABI_NONE ? 0 : rt->reach[r * rt->row + s];

		if (how && (!best || how < best))
			best = how;
	}
	return best;
}

static void reach_table_free(struct reach_table *rt)
{
	free(rt->reach);
	free(rt->change_of_import);
}

static const char *import_name(const struct consumers *c,
			       const struct load_failure *fail)
{
	return strset_str(&c->strings, c->imports[fail->import].name);
}

/* "built against CRC 0x..., NEW has 0x...", and the like. */
static void describe_failure(struct strbuf *sb, const struct consumers *c,
			     const struct kabi_model *new_model,
			     const struct load_failure *fail)
{
	const struct consumer_module *mod = &c->modules[fail->module];
	const struct kabi_symbol *s = fail->symbol == KABI_NONE
					  ? NULL
					  : &new_model->symbols[fail->symbol];
	const char *license = strset_str(&c->strings, mod->license);

	strbuf_addf(sb, "'%s' ", import_name(c, fail));
	switch (fail->problem) {
	case LOAD_NOT_EXPORTED:
		strbuf_adds(sb, "is not exported by NEW");
		break;
	case LOAD_CRC_MISMATCH:
		strbuf_addf(sb, "was built against CRC 0x%08x; NEW has 0x%08x",
			    c->imports[fail->import].crc, s ? s->crc : 0);
		break;
	case LOAD_GPL_ONLY:
		if (*license)
			strbuf_addf(sb,
				    "is GPL-only, and the module's licence "
				    "'%s' is not GPL-compatible",
				    license);
		else
			strbuf_adds(sb, "is GPL-only, and the module states "
					"no licence");
		break;
	case LOAD_NAMESPACE:
		strbuf_addf(sb,
			    "is in namespace %s, which the module does not "
			    "import",
			    s ? model_str(new_model, s->ns) : "?");
		break;
	}
}

/*
 * Whether a root cause changes what a module's source may name (a
 * member removed or retyped, a prototype changed), which a rebuild alone
 * does not mend; sizes, offsets and additions it does.
 */
static bool needs_source(const struct kabi_diff *d, const struct root_cause *r)
{
	const struct type_pair *p = &d->pairs[r->pair];
	uint32_t k;

	for (k = 0; k < p->nitems; k++)
		switch (d->items[p->first_item + k].kind) {
		case CHANGE_MEMBER_REMOVED:
		case CHANGE_TYPE_REPLACED:
		case CHANGE_ENUMERATOR_REMOVED:
		case CHANGE_PARAM_ADDED:
		case CHANGE_PARAM_REMOVED:
		case CHANGE_VARIADIC_CHANGED:
		case CHANGE_PROTOTYPE_CHANGED:
		case CHANGE_BECAME_OPAQUE:
		case CHANGE_SYMBOL_KIND:
			return true;
		default:
			break;
		}
	return false;
}

/* What the walk keeps from one module to the next. */
struct module_walk {
	const struct diff_filter *f;
	const struct module_impact *mi;
	size_t next_failure; /* failures are by module */
	struct module_problem *problems;
	struct strbuf *texts;		       /* each problem's */
	size_t alloc;			       /* of problems and texts */
	size_t by_problem[LOAD_NAMESPACE + 1]; /* the module's, by kind */
	struct reach_table rt;
	size_t *numbers;
	char **titles; /* per root cause */
	bool *source;  /* per root cause: needs_source */
	struct module_reach *reach;
	struct strbuf advice;
};

static void grow_problems(struct module_walk *w, size_t n)
{
	if (n <= w->alloc)
		return;
	w->problems = xrealloc(w->problems, xmul(n, sizeof(*w->problems)));
	w->texts = xrealloc(w->texts, xmul(n, sizeof(*w->texts)));
	while (w->alloc < n)
		strbuf_init(&w->texts[w->alloc++]);
}

/* The failures of module m, the next in order: why it will not load. */
static size_t find_problems(struct module_walk *w, size_t m)
{
	const struct load_verdicts *lv = w->mi->verdicts;
	const struct load_failure *fail = lv->failures + w->next_failure;
	size_t n = 0, i;

	while (w->next_failure + n < lv->nfailures && fail[n].module == m)
		n++;
	grow_problems(w, n);
	memset(w->by_problem, 0, sizeof(w->by_problem));
	for (i = 0; i < n; i++) {
		strbuf_reset(&w->texts[i]);
		describe_failure(&w->texts[i], w->mi->consumers, w->f->d->new,
				 &fail[i]);
		w->problems[i] = (struct module_problem){
		    import_name(w->mi->consumers, &fail[i]),
		    load_problem_name(fail[i].problem), w->texts[i].buf};
		w->by_problem[fail[i].problem]++;
	}
	w->next_failure += n;
	return n;
}

/* The shown root causes reaching what module m imports, by number. */
static size_t find_roots(struct module_walk *w, size_t m)
{
	size_t r, n = 0;

	for (r = 0; r < w->f->d->nroots; r++) {
		unsigned how =
		    w->numbers[r]
			? reach_of_module(&w->rt, w->mi->consumers, m, r)
			: 0;

		if (how)
			w->reach[n++] = (struct module_reach){
			    w->numbers[r], reach_kind_name(how - 1),
			    w->titles[r], w->f->d->roots[r].severity,
			    w->source[r]};
	}
	return n;
}

/* "root causes 2 and 7": the breaking ones whose change needs the source. */
static void add_source_roots(struct strbuf *sb,
			     const struct module_facts *facts, size_t n)
{
	size_t i, k = 0;

	strbuf_addf(sb, "root cause%s", n == 1 ? "" : "s");
	for (i = 0; i < facts->nroots; i++)
		if (facts->roots[i].severity == BREAKING &&
		    facts->roots[i].source)
			strbuf_addf(sb, "%s%zu",
				    !k++     ? " "
				    : k == n ? " and "
					     : ", ",
				    facts->roots[i].number);
}

/*
 * What the module's owner should do, from why it will not load and what
 * reaches it: do without exports gone, import namespaces, a licence for
 * GPL-only exports, rebuild against NEW's headers for CRCs and layouts,
 * and look at the code where a root cause changed what it may name.
 */
static void module_advice(struct module_walk *w,
			  const struct module_facts *facts)
{
	const size_t *p = w->by_problem;
	struct strbuf *sb = &w->advice;
	size_t i, breaking = 0, source = 0;

	for (i = 0; i < facts->nroots; i++)
		if (facts->roots[i].severity == BREAKING) {
			breaking++;
			source += facts->roots[i].source;
		}
	strbuf_reset(sb);
	if (!facts->nproblems && !breaking) {
		strbuf_adds(sb, facts->nroots
				    ? "nothing: it loads, and no "
				      "breaking change reaches what it "
				      "uses"
				    : "nothing: it loads, and nothing "
				      "it uses changed");
		return;
	}
	if (p[LOAD_NOT_EXPORTED] == 1)
		strbuf_adds(sb, "change its source to do without the export "
				"NEW no longer has; ");
	else if (p[LOAD_NOT_EXPORTED])
		strbuf_addf(sb,
			    "change its source to do without the %zu "
			    "exports NEW no longer has; ",
			    p[LOAD_NOT_EXPORTED]);
	if (p[LOAD_NAMESPACE] == 1)
		strbuf_adds(sb, "add MODULE_IMPORT_NS for the namespace NEW "
				"moved one of its imports into; ");
	else if (p[LOAD_NAMESPACE])
		strbuf_addf(sb,
			    "add MODULE_IMPORT_NS for the namespaces NEW "
			    "moved %zu of its imports into; ",
			    p[LOAD_NAMESPACE]);
	if (p[LOAD_GPL_ONLY])
		strbuf_addf(sb,
			    "%s GPL-only now: give it a GPL-compatible "
			    "licence, or do without %s; ",
			    p[LOAD_GPL_ONLY] == 1 ? "an import is"
						  : "imports are",
			    p[LOAD_GPL_ONLY] == 1 ? "it" : "them");
	if (p[LOAD_CRC_MISMATCH] || breaking) {
		strbuf_adds(sb, "rebuild it against NEW's headers");
		if (p[LOAD_CRC_MISMATCH])
			strbuf_addf(sb, " (%zu import%s with new CRCs)",
				    p[LOAD_CRC_MISMATCH],
				    p[LOAD_CRC_MISMATCH] == 1 ? "" : "s");
		if (!facts->nproblems)
			strbuf_adds(sb, ": it loads, but would use OLD's "
					"layouts");
		strbuf_adds(sb, "; ");
	}
	if (source) {
		strbuf_adds(sb, "where its code uses what ");
		add_source_roots(sb, facts, source);
		strbuf_adds(sb, source == 1 ? " removes or retypes"
					    : " remove or retype");
		strbuf_adds(sb, " (members, parameters), change it too");
	} else if (breaking) {
		strbuf_adds(sb, "no breaking change it meets removes or "
				"retypes what its code may name, so its source "
				"should need no change");
	}
	if (sb->len >= 2 && !strcmp(sb->buf + sb->len - 2, "; "))
		strbuf_setlen(sb, sb->len - 2);
}

static void roots_once(struct module_walk *w)
{
	const struct kabi_diff *d = w->f->d;
	struct strbuf sb = STRBUF_INIT;
	size_t r;

	w->numbers = report_root_numbers(w->f);
	w->titles = xcalloc(d->nroots + 1, sizeof(char *));
	w->source = xcalloc(d->nroots + 1, sizeof(bool));
	for (r = 0; r < d->nroots; r++) {
		strbuf_reset(&sb);
		report_root_title(&sb, d, &d->roots[r]);
		w->titles[r] = xstrdup(sb.buf);
		w->source[r] = needs_source(d, &d->roots[r]);
	}
	strbuf_release(&sb);
}

void report_each_module(const struct diff_filter *f,
			const struct module_impact *mi, module_write write,
			void *ctx)
{
	const struct consumers *c = mi->consumers;
	struct module_walk w = {.f = f, .mi = mi};
	size_t m, i;

	reach_table_build(&w.rt, f, c);
	roots_once(&w);
	w.reach = xmalloc(xmul(f->d->nroots + 1, sizeof(*w.reach)));
	strbuf_init(&w.advice);
	for (m = 0; m < c->nmodules; m++) {
		struct module_facts facts = {
		    .name = strset_str(&c->strings, c->modules[m].name),
		    .imports = c->modules[m].nimports,
		};

		facts.nproblems = find_problems(&w, m);
		facts.problems = w.problems; /* finding them may move them */
		facts.nroots = find_roots(&w, m);
		facts.roots = w.reach;
		module_advice(&w, &facts);
		facts.advice = w.advice.buf;
		write(ctx, &facts);
	}
	for (i = 0; i < w.alloc; i++)
		strbuf_release(&w.texts[i]);
	free(w.texts);
	free(w.problems);
	reach_table_free(&w.rt);
	for (i = 0; i < f->d->nroots; i++)
		free(w.titles[i]);
	free(w.titles);
	free(w.source);
	free(w.numbers);
	free(w.reach);
	strbuf_release(&w.advice);
}
