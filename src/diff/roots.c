// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * From compared pairs to root causes: a pair differs when it, or any pair
 * it reaches, has local changes; a pair with local changes is a root
 * cause, reported once with every symbol whose type reaches it. Walks go
 * backwards over edges (backward.c), so each root costs the part of the
 * graph that leads to it. Then what the lists make of each root, and the
 * order reports give them in.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "diff_impl.h"
#include "../util/parallel.h"
#include "../util/sort.h"
#include "../util/strbuf.h"
#include "../util/strset.h"
#include "../util/rows.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

/* Symbols by the pair of their type, as rows. */
static void walk_symbol_pairs(struct rows_builder *b, void *ctx)
{
	const struct kabi_diff *d = ctx;
	size_t i;

	for (i = 0; i < d->nsymbols; i++)
		if (d->symbols[i].pair != KABI_NONE)
			rows_put(b, d->symbols[i].pair, (uint32_t)i);
}

/* How many of a root's exports reach it in each way. */
static void count_reach(const struct root_exports *list, size_t *counts)
{
	size_t i;

	memset(counts, 0, REACH_KINDS * sizeof(*counts));
	for (i = 0; i < list->n; i++)
		counts[list->reach[i]]++;
}

/*
 * Breaking first; then the causes that most exports hold by value or
 * within one pointer (nearly every export reaches struct module through
 * some chain of pointers, so all exports reached would rank little),
 * then by value alone, then all.
 */
static int compare_roots(const void *a, const void *b, void *ctx)
{
	const struct kabi_diff *d = ctx;
	const struct root_cause *x = a, *y = b;
	const struct root_exports *lx = diff_root_reached(d, x);
	const struct root_exports *ly = diff_root_reached(d, y);
	size_t cx[REACH_KINDS], cy[REACH_KINDS];

	if (x->beyond != y->beyond)
		return x->beyond ? 1 : -1;
	/* beyond view, the breaking kinds of change first all the same */
	if (d->pairs[x->pair].severity != d->pairs[y->pair].severity)
		return d->pairs[x->pair].severity == BREAKING ? -1 : 1;
	count_reach(lx, cx);
	count_reach(ly, cy);
	if (cx[0] + cx[1] != cy[0] + cy[1])
		return cx[0] + cx[1] > cy[0] + cy[1] ? -1 : 1;
	if (cx[0] != cy[0])
		return cx[0] > cy[0] ? -1 : 1;
	if (lx->n != ly->n)
		return lx->n > ly->n ? -1 : 1;
	return strcmp(type_spelling(&d->old_names, d->pairs[x->pair].old_type),
		      type_spelling(&d->old_names, d->pairs[y->pair].old_type));
}

/*
 * Whether a root cause is told by its own name: a named type, a base
 * type, or the declaration of a variable; else by where it sits.
 */
static bool titled_by_itself(const struct kabi_diff *d, uint32_t pair)
{
	const struct kabi_type *t = model_type(d->old, d->pairs[pair].old_type);

	return d->pairs[pair].variable || t->kind == KABI_BASE ||
	       kabi_type_has_identity(t);
}

/* The nearest named type holding an unnamed root, from its walk. */
static void set_context(const struct kabi_diff *d, struct root_cause *root,
			const struct back_walk *w)
{
	size_t i;

	root->context_pair = KABI_NONE;
	root->context_member = NULL;
	if (titled_by_itself(d, root->pair))
		return;
	for (i = root->nvariants; i < w->n; i++) {
		uint32_t p = w->order[i], e = w->via[p];

		if (kabi_type_has_identity(
			model_type(d->old, d->pairs[p].old_type))) {
			root->context_pair = p;
			root->context_member = d->edges[e].place == PLACE_MEMBER
						   ? d->edges[e].name
						   : NULL;
			return;
		}
	}
}

/* The pairs with local changes, grouped by cause, as compressed rows. */
struct causes {
	struct rows pairs; /* per cause, the pairs with its change */
	size_t n;
};

/*
 * What finding the root causes needs. Causes are walked on several
 * threads, each with its walk and its own note of the pairs it found
 * differing; what the walks find is kept in the order of the causes.
 */
#define MAX_WALKERS 8 /* a walk holds ~40 bytes a pair */
struct root_finder {
	struct kabi_diff *d;
	const struct rows *syms; /* symbols by the pair of their type */
	const struct causes *causes;
	struct root_cause *found; /* per cause */
	struct back_walk walks[MAX_WALKERS];
	uint8_t *differs[MAX_WALKERS]; /* per pair */
};

const char *reach_kind_name(enum reach_kind kind)
{
	static const char *const names[] = {
	    [REACH_BY_VALUE] = "by value",
	    [REACH_ONE_POINTER] = "within one pointer",
	    [REACH_FURTHER] = "further",
	};

	return (unsigned)kind < REACH_KINDS ? names[kind] : "?";
}

/*
 * One root cause, from the pairs with its change: the exports that reach
 * it, nearest first. Each pair on the way differs (noted in differs[]).
 */
static void find_root(const struct root_finder *f, struct back_walk *w,
		      uint8_t *differs, struct root_cause *root,
		      const uint32_t *variants, size_t nvariants)
{
	const struct kabi_diff *d = f->d;
	struct root_exports *list = &root->transitive;
	size_t n = 0, i, run;
	uint32_t k;

	memset(root, 0, sizeof(*root));
	root->pair = variants[0];
	root->variants = xmalloc(xmul(nvariants, sizeof(uint32_t)));
	memcpy(root->variants, variants, nvariants * sizeof(uint32_t));
	root->nvariants = nvariants;
	root->severity = d->pairs[root->pair].severity;
	root->own_symbol = KABI_NONE;
	back_walk_all(d, root, w);
	for (i = 0; i < w->n; i++)
		n += rows_count(f->syms, w->order[i]);
	list->symbols = xmalloc(xmul(n + 1, sizeof(uint32_t)));
	list->reach = xmalloc(n + 1);
	/*
	 * The walk did the pairs nearest first, so their exports come in
	 * order of distance: only those at one distance need sorting, by
	 * name (their index), and no comparison function is called.
	 */
	for (i = 0, run = 0; i < w->n; i++) {
		uint32_t p = w->order[i];

		differs[p] = 1;
		if (i && w->dist[p] != w->dist[w->order[i - 1]]) {
			sort_u32(list->symbols + run, list->n - run);
			run = list->n;
		}
		for (k = 0; k < rows_count(f->syms, p); k++) {
			uint32_t s = rows_row(f->syms, p)[k];

			list->reach[list->n] = diff_reach_of(w->dist[p]);
			list->symbols[list->n++] = s;
			if (p == root->pair && root->own_symbol == KABI_NONE)
				root->own_symbol = s;
		}
	}
	sort_u32(list->symbols + run, list->n - run);
	set_context(d, root, w);
}

static void *find_cause(size_t i, unsigned thread, void *ctx)
{
	struct root_finder *f = ctx;
	const struct causes *c = f->causes;

	find_root(f, &f->walks[thread], f->differs[thread], &f->found[i],
		  rows_row(&c->pairs, i), rows_count(&c->pairs, i));
	return &f->found[i];
}

/*
 * A cause that reaches exports through any pointer is kept, in the order
 * of the causes.
 */
static void keep_cause(size_t i, void *result, void *ctx)
{
	struct root_finder *f = ctx;
	struct kabi_diff *d = f->d;
	struct root_cause *root = result;

	(void)i;
	if (!root->transitive.n) {
		free(root->transitive.symbols);
		free(root->transitive.reach);
		free(root->variants);
		return;
	}
	d->roots[d->nroots++] = *root;
}

static void find_roots(struct root_finder *f, unsigned threads)
{
	struct kabi_diff *d = f->d;
	size_t n = f->causes->n, p;
	unsigned t;

	if (threads > MAX_WALKERS)
		threads = MAX_WALKERS;
	if (threads > n)
		threads = n ? (unsigned)n : 1;
	for (t = 0; t < threads; t++) {
		back_walk_init(&f->walks[t], d->npairs);
		f->differs[t] = xcalloc(d->npairs + 1, 1);
	}
	f->found = xcalloc(n + 1, sizeof(*f->found));
	d->roots = xcalloc(n + 1, sizeof(*d->roots));
	parallel_ordered(n, threads, 4 * threads, find_cause, keep_cause, f);
	for (t = 0; t < threads; t++) {
		for (p = 0; p < d->npairs; p++)
			d->pairs[p].differs |= f->differs[t][p];
		back_walk_free(&f->walks[t]);
		free(f->differs[t]);
	}
	free(f->found);
}

/* A struct, union or enum defined in a .c file is private to that file. */
static bool defined_in_c_file(const struct kabi_model *m, uint32_t type)
{
	const struct kabi_type *t = model_type(m, type);
	const char *file = model_str(m, t->decl_file);
	size_t len = strlen(file);

	return (t->kind == KABI_STRUCT || t->kind == KABI_UNION ||
		t->kind == KABI_ENUM) &&
	       len > 2 && !strcmp(file + len - 2, ".c");
}

/*
 * What a change is, as text: the type's spelling and declaring file, and
 * each item with the spellings of the types it names. Two pairs with the
 * same key are one struct seen as two types (as a module with its own
 * view of a header sees it) that changed the same way.
 */
static void cause_key(const struct kabi_diff *d, uint32_t pair,
		      struct strbuf *sb)
{
	const struct type_pair *p = &d->pairs[pair];
	uint32_t i;

	strbuf_addf(
	    sb, "%s|%s|%s|%s", type_spelling(&d->old_names, p->old_type),
	    type_spelling(&d->new_names, p->new_type),
	    model_str(d->old, model_type(d->old, p->old_type)->decl_file),
	    model_str(d->new, model_type(d->new, p->new_type)->decl_file));
	for (i = 0; i < p->nitems; i++) {
		const struct change_item *it = &d->items[p->first_item + i];

		strbuf_addf(
		    sb,
		    "|%d,%d,%s,%s,%" PRIu32 ",%" PRIu64 ",%" PRIu64 ",%d,%s,%s",
		    (int)it->kind, (int)it->place, it->name ? it->name : "",
		    it->new_name ? it->new_name : "", it->index, it->old_value,
		    it->new_value, it->has_values,
		    it->old_type != KABI_NONE
			? type_spelling(&d->old_names, it->old_type)
			: "",
		    it->new_type != KABI_NONE
			? type_spelling(&d->new_names, it->new_type)
			: "");
	}
}

struct cause_walk {
	const struct kabi_diff *d;
	const uint32_t *cause_of; /* per pair: its cause, or KABI_NONE */
};

static void walk_cause_pairs(struct rows_builder *b, void *ctx)
{
	const struct cause_walk *w = ctx;
	size_t p;

	for (p = 0; p < w->d->npairs; p++)
		if (w->cause_of[p] != KABI_NONE)
			rows_put(b, w->cause_of[p], (uint32_t)p);
}

/*
 * Pairs that tell one change are one cause: a named type's by its name
 * and what changed (cause_key), any other by its pair alone.
 */
static void collect_causes(const struct kabi_diff *d, struct causes *c)
{
	struct numbering index = NUMBERING_INIT;
	struct strset keys;
	struct strbuf key = STRBUF_INIT;
	uint32_t *cause_of = xmalloc(xmul(d->npairs + 1, sizeof(uint32_t)));
	size_t p;

	strset_init(&keys);
	for (p = 0; p < d->npairs; p++) {
		cause_of[p] = KABI_NONE;
		if (!d->pairs[p].nitems)
			continue;
		strbuf_reset(&key);
		/* a type without a name is told by where it is: its own */
		if (kabi_type_has_identity(
			model_type(d->old, d->pairs[p].old_type)) &&
		    !d->pairs[p].variable)
			cause_key(d, (uint32_t)p, &key);
		else
			strbuf_addf(&key, "#%zu", p);
		cause_of[p] =
		    numbering_add(&index, strset_add(&keys, key.buf), 0, NULL);
	}
	c->n = index.n;
	rows_build(&c->pairs, c->n, walk_cause_pairs,
		   &(struct cause_walk){d, cause_of});
	numbering_free(&index);
	strset_free(&keys);
	free(cause_of);
	strbuf_release(&key);
}

void diff_classify(struct kabi_diff *d)
{
	size_t p, i;

	for (i = 0; i < d->nsymbols; i++)
		d->symbols[i].severity = diff_items_severity(
		    d, d->symbols[i].first_item, d->symbols[i].nitems);
	for (p = 0; p < d->npairs; p++) {
		struct type_pair *tp = &d->pairs[p];

		tp->severity =
		    diff_items_severity(d, tp->first_item, tp->nitems);
		/*
		 * Modules cannot reach inside a type private to a .c file;
		 * an exported variable they use all the same.
		 */
		tp->private_type =
		    !tp->variable && (defined_in_c_file(d->old, tp->old_type) ||
				      defined_in_c_file(d->new, tp->new_type));
		if (tp->private_type)
			tp->severity = COMPATIBLE;
	}
}

void diff_settle_roots(struct kabi_diff *d)
{
	size_t r, k;

	for (r = 0; r < d->nroots; r++) {
		struct root_cause *root = &d->roots[r];
		const struct root_exports *list = diff_root_reached(d, root);

		root->beyond = !d->transitive && !root->visible.n;
		/* what no export's unit sees breaks none: one verdict for all
		 */
		if (root->beyond)
			root->severity = COMPATIBLE;
		for (k = 0; k < list->n; k++) {
			struct symbol_change *s = &d->symbols[list->symbols[k]];

			s->flags |= SYMCHANGE_TYPE;
			if (root->severity == BREAKING)
				s->severity = BREAKING;
		}
	}
}

const struct root_exports *diff_root_reached(const struct kabi_diff *d,
					     const struct root_cause *r)
{
	return d->transitive ? &r->transitive : &r->visible;
}

const struct root_exports *diff_root_other(const struct kabi_diff *d,
					   const struct root_cause *r)
{
	return d->transitive ? &r->visible : &r->transitive;
}

void diff_find_roots(struct kabi_diff *d, unsigned threads)
{
	struct root_finder f = {.d = d};
	struct rows syms;
	struct causes causes;

	rows_build(&syms, d->npairs, walk_symbol_pairs, d);
	f.syms = &syms;
	collect_causes(d, &causes);
	f.causes = &causes;
	find_roots(&f, threads);
	rows_free(&causes.pairs);
	rows_free(&syms);
}

void diff_rank_roots(struct kabi_diff *d)
{
	array_sort_r(d->roots, d->nroots, sizeof(*d->roots), compare_roots, d);
}
