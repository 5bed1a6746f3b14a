// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The per-module view of kabi diff --modules: for each module given,
 * whether it would load into NEW and why not, and which root causes
 * reach the exports it uses (by their numbers in the report).
 */
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

size_t report_failing_modules(const struct report_options *o)
{
	const struct load_verdicts *v;
	size_t i, n = 0;

	if (!o->modules)
		return 0;
	v = o->modules->verdicts;
	for (i = 0; i < v->nfailures; i++)
		if (!i || v->failures[i].module != v->failures[i - 1].module)
			n++;
	return n;
}

size_t *report_root_numbers(const struct diff_view *v)
{
	size_t *numbers = xcalloc(v->d->nroots + 1, sizeof(*numbers));
	size_t i, number = 0;

	for (i = 0; i < v->d->nroots; i++)
		if (v->root_rule[i] == SHOWN)
			numbers[i] = ++number;
	return numbers;
}

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

static void reach_table_build(struct reach_table *rt, const struct diff_view *v,
			      const struct consumers *c)
{
	const struct kabi_diff *d = v->d;
	size_t r, i;

	rt->change_of_import = xmalloc(xmul(c->nimports + 1, sizeof(uint32_t)));
	for (i = 0; i < c->nimports; i++)
		rt->change_of_import[i] =
		    find_change(d, strset_str(&c->strings, c->imports[i].name));

	rt->row = d->nsymbols + 1;
	rt->reach = xcalloc(xmul(d->nroots + 1, rt->row), 1);
	for (r = 0; r < d->nroots; r++) {
		const struct root_cause *root = &d->roots[r];

		if (v->root_rule[r] != SHOWN)
			continue;
		for (i = 0; i < root->nsymbols; i++)
			if (v->symbol_type[root->symbols[i]])
				rt->reach[r * rt->row + root->symbols[i]] =
				    (unsigned char)(1 + root->reach[i]);
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
			       const struct load_failure *f)
{
	return strset_str(&c->strings, c->imports[f->import].name);
}

/* "built against CRC 0x..., NEW has 0x...", and the like. */
static void describe_failure(struct strbuf *sb, const struct consumers *c,
			     const struct kabi_model *new_model,
			     const struct load_failure *f)
{
	const struct consumer_module *mod = &c->modules[f->module];
	const struct kabi_symbol *s =
	    f->symbol == KABI_NONE ? NULL : &new_model->symbols[f->symbol];
	const char *license = strset_str(&c->strings, mod->license);

	strbuf_addf(sb, "'%s' ", import_name(c, f));
	switch (f->problem) {
	case LOAD_NOT_EXPORTED:
		strbuf_adds(sb, "is not exported by NEW");
		break;
	case LOAD_CRC_MISMATCH:
		strbuf_addf(sb, "was built against CRC 0x%08x; NEW has 0x%08x",
			    c->imports[f->import].crc, s ? s->crc : 0);
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

size_t report_module_failures(const struct load_verdicts *lv, size_t m,
			      size_t *first)
{
	size_t i = 0, n = 0;

	while (i < lv->nfailures && lv->failures[i].module < m)
		i++;
	*first = i;
	while (i + n < lv->nfailures && lv->failures[i + n].module == m)
		n++;
	return n;
}

/* Problems listed per module without --full: the first few tell. */
#define PROBLEMS_SHOWN 5

static void text_module(FILE *out, const struct diff_view *v,
			const struct module_impact *mi,
			const struct reach_table *rt, const size_t *numbers,
			size_t m, bool full)
{
	const struct consumers *c = mi->consumers;
	struct strbuf sb = STRBUF_INIT;
	size_t first, n = report_module_failures(mi->verdicts, m, &first), i;
	const char *sep = "";

	fprintf(out, "  %s: %s", strset_str(&c->strings, c->modules[m].name),
		n ? "will not load" : "loads");
	if (n)
		fprintf(out, " (%zu problem%s)", n, n == 1 ? "" : "s");
	fprintf(out, ", %u import%s\n", c->modules[m].nimports,
		c->modules[m].nimports == 1 ? "" : "s");
	for (i = 0; i < n && (full || i < PROBLEMS_SHOWN); i++) {
		const struct load_failure *f =
		    &mi->verdicts->failures[first + i];

		strbuf_reset(&sb);
		describe_failure(&sb, c, v->d->new, f);
		fprintf(out, "       %s [%s]\n", sb.buf,
			load_problem_name(f->problem));
	}
	if (i < n)
		fprintf(out, "       ... and %zu more (--full lists them)\n",
			n - i);
	strbuf_reset(&sb);
	for (i = 0; i < v->d->nroots; i++) {
		unsigned how = numbers[i] ? reach_of_module(rt, c, m, i) : 0;

		if (how) {
			strbuf_addf(&sb, "%s%zu (%s)", sep, numbers[i],
				    reach_kind_name(how - 1));
			sep = ", ";
		}
	}
	if (sb.len)
		fprintf(out, "       root causes reaching what it uses: %s\n",
			sb.buf);
	strbuf_release(&sb);
}

void report_modules_text(FILE *out, const struct diff_view *v,
			 const struct report_options *o, const size_t *numbers)
{
	const struct module_impact *mi = o->modules;
	struct reach_table rt;
	size_t m;

	reach_table_build(&rt, v, mi->consumers);
	fprintf(out, "\nModules\n");
	for (m = 0; m < mi->consumers->nmodules; m++)
		text_module(out, v, mi, &rt, numbers, m, o->full);
	reach_table_free(&rt);
}

static void json_module(FILE *out, const struct diff_view *v,
			const struct module_impact *mi,
			const struct reach_table *rt, const size_t *numbers,
			size_t m)
{
	const struct consumers *c = mi->consumers;
	struct strbuf sb = STRBUF_INIT;
	size_t first, n = report_module_failures(mi->verdicts, m, &first), i;
	const char *sep = "";

	fputs("    {\"module\": ", out);
	report_json_string(out, strset_str(&c->strings, c->modules[m].name));
	fprintf(out, ", \"loads\": %s, \"imports\": %u, \"problems\": [",
		n ? "false" : "true", c->modules[m].nimports);
	for (i = 0; i < n; i++) {
		const struct load_failure *f =
		    &mi->verdicts->failures[first + i];

		strbuf_reset(&sb);
		describe_failure(&sb, c, v->d->new, f);
		fprintf(out, "%s{\"symbol\": ", i ? ", " : "");
		report_json_string(out, import_name(c, f));
		fprintf(out, ", \"problem\": \"%s\", \"text\": ",
			load_problem_name(f->problem));
		report_json_string(out, sb.buf);
		fputc('}', out);
	}
	fputs("], \"root_causes\": [", out);
	for (i = 0; i < v->d->nroots; i++) {
		unsigned how = numbers[i] ? reach_of_module(rt, c, m, i) : 0;

		if (how) {
			fprintf(out, "%s{\"number\": %zu, \"reach\": \"%s\"}",
				sep, numbers[i], reach_kind_name(how - 1));
			sep = ", ";
		}
	}
	fputs("]}", out);
	strbuf_release(&sb);
}

void report_modules_json(FILE *out, const struct diff_view *v,
			 const struct report_options *o, const size_t *numbers)
{
	const struct module_impact *mi = o->modules;
	struct reach_table rt;
	size_t m;

	reach_table_build(&rt, v, mi->consumers);
	for (m = 0; m < mi->consumers->nmodules; m++) {
		fputs(m ? ",\n" : "\n", out);
		json_module(out, v, mi, &rt, numbers, m);
	}
	fputs(mi->consumers->nmodules ? "\n  ]" : "]", out);
	reach_table_free(&rt);
}
