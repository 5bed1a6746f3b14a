// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * From compared pairs to root causes: a pair differs when it, or any pair
 * it reaches, has local changes; a pair with local changes is a root
 * cause, reported once with every symbol whose type reaches it. Walks go
 * backwards over edges, so each root costs the part of the graph that
 * leads to it.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "diff_impl.h"
#include "../util/hashmap.h"
#include "../util/parallel.h"
#include "../util/sort.h"
#include "../util/strbuf.h"
#include "../util/strset.h"
#include "../util/rows.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

/*
 * A step back over an edge: the pair it leaves, the edge, and what the
 * step costs (diff_step_cost).
 */
struct back_step {
	uint32_t from;
	uint32_t edge;
	uint64_t cost;
};

/* Edges reversed, as compressed rows: the steps back from each pair. */
struct diff_reverse {
	uint32_t *start; /* npairs + 1 */
	struct back_step *step;
};

/*
 * A walk backwards from one root cause: the pairs that reach it, nearest
 * first, where nearer is fewer pointers on the way, then fewer steps (a
 * shortest-path walk on that pair of weights), and pairs at one distance
 * in index order, so that walks are repeatable.
 *
 * A step adds one step and at most one pointer, and pairs are done in
 * order of distance, so what waits has the pointers of the pair being
 * done (level P) or one more, and is queued in order of distance: three
 * queues suffice, no heap. `carried` holds level P as queued while level
 * P-1 was done, `fresh` what level P queues for itself, `next` level P+1.
 * A pair queued again, nearer, leaves a stale entry behind, passed over.
 */
struct queued_pair {
	uint64_t dist;
	uint32_t pair;
};

struct queue {
	struct queued_pair *item;
	size_t head, n, alloc;
};

struct walk {
	uint8_t *seen;	 /* per pair: 1 queued, 2 done */
	uint32_t *order; /* the pairs done, nearest first */
	uint32_t *via;	 /* per pair: the edge one step closer */
	uint64_t *dist;	 /* per pair: its distance (dist_of) */
	size_t n;
	struct queue levels[3], *carried, *fresh, *next;
	uint32_t *batch; /* the pairs at the distance being done, sorted */
	size_t batch_n, batch_done;
	size_t touched; /* pairs queued at all, to forget them later */
	uint32_t *queued;
};

static void walk_init(struct walk *w, size_t npairs)
{
	memset(w, 0, sizeof(*w));
	w->seen = xcalloc(npairs + 1, 1);
	w->order = xmalloc(xmul(npairs + 1, sizeof(uint32_t)));
	w->via = xmalloc(xmul(npairs + 1, sizeof(uint32_t)));
	w->dist = xmalloc(xmul(npairs + 1, sizeof(uint64_t)));
	w->batch = xmalloc(xmul(npairs + 1, sizeof(uint32_t)));
	w->queued = xmalloc(xmul(npairs + 1, sizeof(uint32_t)));
}

static void walk_free(struct walk *w)
{
	size_t i;

	free(w->seen);
	free(w->order);
	free(w->via);
	free(w->dist);
	for (i = 0; i < 3; i++)
		free(w->levels[i].item);
	free(w->batch);
	free(w->queued);
}

static void queue_push(struct queue *q, uint32_t pair, uint64_t dist)
{
	ALLOC_GROW(q->item, q->n + 1, q->alloc);
	q->item[q->n].dist = dist;
	q->item[q->n++].pair = pair;
}

/* The queue's first entry still waiting as queued, or NULL. */
static const struct queued_pair *queue_first(const struct walk *w,
					     struct queue *q)
{
	while (q->head < q->n) {
		const struct queued_pair *e = &q->item[q->head];

		if (w->seen[e->pair] == 1 && w->dist[e->pair] == e->dist)
			return e;
		q->head++; /* done, or queued again nearer */
	}
	return NULL;
}

/* Move q's waiting entries at distance dist into the batch. */
static void take_batch(struct walk *w, struct queue *q, uint64_t dist)
{
	const struct queued_pair *e;

	while ((e = queue_first(w, q)) && e->dist == dist) {
		w->batch[w->batch_n++] = e->pair;
		q->head++;
	}
}

/* The next batch: every pair waiting at the least distance; false: none. */
static bool next_batch(struct walk *w)
{
	for (;;) {
		const struct queued_pair *c = queue_first(w, w->carried);
		const struct queued_pair *f = queue_first(w, w->fresh);
		struct queue *done;
		uint64_t dist;

		if (c || f) {
			dist =
			    !f || (c && c->dist < f->dist) ? c->dist : f->dist;
			w->batch_n = w->batch_done = 0;
			take_batch(w, w->carried, dist);
			take_batch(w, w->fresh, dist);
			sort_u32(w->batch, w->batch_n);
			return true;
		}
		if (w->next->head == w->next->n)
			return false;
		/* level P is done: P + 1 is carried, a new level is next */
		done = w->carried;
		w->carried = w->next;
		done->head = done->n = 0;
		w->fresh->head = w->fresh->n = 0;
		w->next = done;
	}
}

/* Queue p at distance dist, reached by edge via, if that is nearer. */
static void walk_offer(struct walk *w, uint32_t p, uint64_t dist, uint32_t via)
{
	uint64_t level = w->n ? dist_pointers(w->dist[w->order[w->n - 1]]) : 0;

	if (w->seen[p] == 2 || (w->seen[p] == 1 && w->dist[p] <= dist))
		return;
	w->dist[p] = dist;
	w->via[p] = via;
	if (!w->seen[p])
		w->queued[w->touched++] = p;
	w->seen[p] = 1;
	queue_push(dist_pointers(dist) == level ? w->fresh : w->next, p, dist);
}

struct diff_paths {
	const struct kabi_diff *d;
	const struct root_cause *root; /* whose walk is kept, or NULL */
	struct walk walk;
	struct forward *forward; /* walks as an export's unit sees (walk.c) */
};

/* Each edge in the row of the pair it leads to, in edge order. */
static void walk_edges_back(struct rows_builder *b, void *ctx)
{
	const struct kabi_diff *d = ctx;
	size_t p, e;

	for (p = 0; p < d->npairs; p++)
		for (e = d->pairs[p].first_edge;
		     e < d->pairs[p].first_edge + d->pairs[p].nedges; e++)
			rows_put(b, d->edges[e].to, (uint32_t)e);
}

/*
 * The steps back, once pairs are classified; each row in edge order:
 * the rows of edges by where they lead, each edge then made the step
 * its walk takes (where from, at what cost), looked up once.
 */
static void build_reverse(const struct kabi_diff *d, struct diff_reverse *r)
{
	uint32_t *from = xmalloc(xmul(d->nedges + 1, sizeof(uint32_t)));
	struct rows back;
	size_t p, e, k;

	for (p = 0; p < d->npairs; p++)
		for (e = d->pairs[p].first_edge;
		     e < d->pairs[p].first_edge + d->pairs[p].nedges; e++)
			from[e] = (uint32_t)p;
	rows_build(&back, d->npairs, walk_edges_back, (void *)d);
	r->start = back.start;
	r->step =
	    xmalloc(xmul((size_t)r->start[d->npairs] + 1, sizeof(*r->step)));
	for (k = 0; k < r->start[d->npairs]; k++) {
		struct back_step *st = &r->step[k];

		st->edge = back.items[k];
		st->from = from[st->edge];
		st->cost = diff_step_cost(d, st->from);
	}
	free(back.items);
	free(from);
}

/*
 * A walk from a root cause (all of its variants) begins: what an earlier
 * walk saw is forgotten, and the variants are queued at distance 0.
 */
static void walk_start(const struct root_cause *root, struct walk *w)
{
	size_t i;

	for (i = 0; i < w->touched; i++)
		w->seen[w->queued[i]] = 0;
	w->n = w->touched = w->batch_n = w->batch_done = 0;
	for (i = 0; i < 3; i++)
		w->levels[i].head = w->levels[i].n = 0;
	w->carried = &w->levels[0];
	w->fresh = &w->levels[1];
	w->next = &w->levels[2];
	for (i = 0; i < root->nvariants; i++)
		walk_offer(w, root->variants[i], 0, KABI_NONE);
}

/*
 * The walk goes on until pair `until` is done (KABI_NONE: until every
 * pair from which the root can be reached is), nearest first; via[p] is
 * then the edge from p one step closer (KABI_NONE for the variants). A
 * pair's distance and via are final once it is done, so a walk stopped
 * early and taken up again ends as one taken in one go.
 */
static void walk_until(const struct kabi_diff *d, struct walk *w,
		       uint32_t until)
{
	const struct diff_reverse *r = d->reverse;
	uint32_t k;

	while (until == KABI_NONE || w->seen[until] != 2) {
		uint32_t p;

		if (w->batch_done == w->batch_n && !next_batch(w))
			break;
		p = w->batch[w->batch_done++];
		w->seen[p] = 2;
		w->order[w->n++] = p;
		for (k = r->start[p]; k < r->start[p + 1]; k++) {
			const struct back_step *st = &r->step[k];

			walk_offer(w, st->from, w->dist[p] + st->cost,
				   st->edge);
		}
	}
}

static void walk_back(const struct kabi_diff *d, const struct root_cause *root,
		      struct walk *w)
{
	walk_start(root, w);
	walk_until(d, w, KABI_NONE);
}

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
			const struct walk *w)
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
	struct walk walks[MAX_WALKERS];
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
static void find_root(const struct root_finder *f, struct walk *w,
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
	walk_back(d, root, w);
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
		walk_init(&f->walks[t], d->npairs);
		f->differs[t] = xcalloc(d->npairs + 1, 1);
	}
	f->found = xcalloc(n + 1, sizeof(*f->found));
	d->roots = xcalloc(n + 1, sizeof(*d->roots));
	parallel_ordered(n, threads, 4 * threads, find_cause, keep_cause, f);
	for (t = 0; t < threads; t++) {
		for (p = 0; p < d->npairs; p++)
			d->pairs[p].differs |= f->differs[t][p];
		walk_free(&f->walks[t]);
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

/* Severity of each pair and symbol from its own items; private types. */
static void classify(struct kabi_diff *d)
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

/*
 * What each root's lists make of it: beyond every unit's view when no
 * export's unit sees it (unless the comparison follows every pointer),
 * and then compatible; each export the counted list holds is changed
 * by a type (breaking if the cause is).
 */
static void settle_roots(struct kabi_diff *d)
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

void diff_roots(struct kabi_diff *d, unsigned threads)
{
	struct root_finder f = {.d = d};
	struct rows syms;
	struct causes causes;

	rows_build(&syms, d->npairs, walk_symbol_pairs, d);
	f.syms = &syms;
	classify(d);
	d->reverse = xcalloc(1, sizeof(*d->reverse));
	build_reverse(d, d->reverse);
	collect_causes(d, &causes);
	f.causes = &causes;
	find_roots(&f, threads);
	rows_free(&causes.pairs);
	diff_reach_visible(d, threads);
	settle_roots(d);
	array_sort_r(d->roots, d->nroots, sizeof(*d->roots), compare_roots, d);
	diff_crcs(d);
	rows_free(&syms);
}

void diff_free_reverse(struct kabi_diff *d)
{
	if (!d->reverse)
		return;
	free(d->reverse->start);
	free(d->reverse->step);
	free(d->reverse);
	d->reverse = NULL;
}

struct diff_paths *diff_paths_new(const struct kabi_diff *d)
{
	struct diff_paths *p = xcalloc(1, sizeof(*p));

	p->d = d;
	walk_init(&p->walk, d->npairs);
	return p;
}

void diff_paths_free(struct diff_paths *p)
{
	if (!p)
		return;
	walk_free(&p->walk);
	diff_reach_walk_free(p->forward);
	free(p);
}

size_t diff_paths_find(struct diff_paths *paths, uint32_t symbol,
		       const struct root_cause *root, uint32_t *edges,
		       size_t max)
{
	const struct kabi_diff *d = paths->d;
	struct walk *w = &paths->walk;
	uint32_t from_pair = d->symbols[symbol].pair, p;
	size_t len = 0, seen;

	/*
	 * One walk backwards from the root serves every export reaching it:
	 * via[] leads each pair one step closer, by a path with the fewest
	 * pointers, then steps. Reports ask for the nearest exports first,
	 * so the walk goes only as far as the export asked for.
	 */
	if (paths->root != root) {
		walk_start(root, w);
		paths->root = root;
	}
	walk_until(d, w, from_pair);
	if (w->seen[from_pair] != 2)
		return 0;
	for (p = from_pair; w->via[p] != KABI_NONE && len < max;
	     p = d->edges[w->via[p]].to)
		edges[len++] = w->via[p];
	/*
	 * A root within the export's view wants a path its unit sees: the
	 * shortest of all, most often; else one walk forward in its view.
	 */
	if (root->beyond || d->transitive ||
	    (len < max && diff_reach_path_seen(d, symbol, edges, len)))
		return len;
	seen = diff_reach_path(d, &paths->forward, symbol, root, edges, max);
	return seen != SIZE_MAX ? seen : len;
}
