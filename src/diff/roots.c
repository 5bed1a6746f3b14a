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
#include "../util/sort.h"
#include "../util/strbuf.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

static const struct {
	const char *rule;
	enum severity severity;
	const char *text;
} changes[] = {
#define C(id, rule, severity, text) { rule, severity, text },
	DIFF_CHANGES
#undef C
};

const char *change_rule(enum change_kind kind)
{
	return (unsigned)kind < CHANGE_COUNT ? changes[kind].rule : "?";
}

enum severity change_severity(enum change_kind kind)
{
	return (unsigned)kind < CHANGE_COUNT ? changes[kind].severity : BREAKING;
}

const char *change_text(enum change_kind kind)
{
	return (unsigned)kind < CHANGE_COUNT ? changes[kind].text : "?";
}

static enum severity items_severity(const struct kabi_diff *d, uint32_t first,
				    uint32_t n)
{
	uint32_t i;

	for (i = 0; i < n; i++)
		if (change_severity(d->items[first + i].kind) == BREAKING)
			return BREAKING;
	return COMPATIBLE;
}

/* Edges reversed, as compressed rows: the edges that lead to each pair. */
struct reverse {
	uint32_t *start;	/* npairs + 1 */
	uint32_t *edge;
	uint32_t *source;	/* per edge: the pair it leaves */
};

struct path_cache {
	struct reverse *reverse;
	uint32_t root;		/* whose walk via[] holds, or NONE */
	uint32_t *via;
	uint32_t *order;	/* the pairs walked, to clear seen */
	size_t n;
	uint8_t *seen;
};

static void build_reverse(const struct kabi_diff *d, struct reverse *r)
{
	uint32_t *fill;
	size_t p, e;

	r->start = xcalloc(d->npairs + 2, sizeof(uint32_t));
	r->edge = xmalloc(xmul(d->nedges + 1, sizeof(uint32_t)));
	r->source = xmalloc(xmul(d->nedges + 1, sizeof(uint32_t)));
	for (e = 0; e < d->nedges; e++)
		r->start[d->edges[e].to + 1]++;
	for (p = 0; p < d->npairs; p++)
		r->start[p + 1] += r->start[p];
	fill = xmalloc(xmul(d->npairs + 1, sizeof(uint32_t)));
	memcpy(fill, r->start, d->npairs * sizeof(uint32_t));
	for (p = 0; p < d->npairs; p++)
		for (e = d->pairs[p].first_edge;
		     e < d->pairs[p].first_edge + d->pairs[p].nedges; e++) {
			r->source[e] = (uint32_t)p;
			r->edge[fill[d->edges[e].to]++] = (uint32_t)e;
		}
	free(fill);
}

/*
 * Every pair from which one of the starts can be reached, the starts
 * included, nearest first; via[p] is the edge from p one step closer to
 * a start (NONE for the starts).
 */
static size_t reaching(const struct kabi_diff *d, const struct reverse *r,
		       const uint32_t *starts, size_t nstarts, uint8_t *seen,
		       uint32_t *out, uint32_t *via)
{
	size_t n = 0, next = 0;
	uint32_t k;

	for (; n < nstarts; n++) {
		seen[starts[n]] = 1;
		via[starts[n]] = NONE;
		out[n] = starts[n];
	}
	while (next < n) {
		uint32_t p = out[next++];

		for (k = r->start[p]; k < r->start[p + 1]; k++) {
			uint32_t from = r->source[r->edge[k]];

			/*
			 * A type private to a .c file is opaque to modules:
			 * what changed behind it does not reach them through it.
			 */
			if (!seen[from] && !d->pairs[from].private_type) {
				seen[from] = 1;
				via[from] = r->edge[k];
				out[n++] = from;
			}
		}
	}
	return n;
}

/* Symbols by the pair of their type, as compressed rows. */
static void index_symbols(const struct kabi_diff *d, uint32_t **start,
			  uint32_t **syms)
{
	uint32_t *fill;
	size_t i, p;

	*start = xcalloc(d->npairs + 2, sizeof(uint32_t));
	*syms = xmalloc(xmul(d->nsymbols + 1, sizeof(uint32_t)));
	for (i = 0; i < d->nsymbols; i++)
		if (d->symbols[i].pair != NONE)
			(*start)[d->symbols[i].pair + 1]++;
	for (p = 0; p < d->npairs; p++)
		(*start)[p + 1] += (*start)[p];
	fill = xmalloc(xmul(d->npairs + 1, sizeof(uint32_t)));
	memcpy(fill, *start, d->npairs * sizeof(uint32_t));
	for (i = 0; i < d->nsymbols; i++)
		if (d->symbols[i].pair != NONE)
			(*syms)[fill[d->symbols[i].pair]++] = (uint32_t)i;
	free(fill);
}

static int compare_roots(const void *a, const void *b, void *ctx)
{
	const struct kabi_diff *d = ctx;
	const struct root_cause *x = a, *y = b;

	if (x->severity != y->severity)
		return x->severity == BREAKING ? -1 : 1;
	if (x->nsymbols != y->nsymbols)
		return x->nsymbols > y->nsymbols ? -1 : 1;
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
	       kabi_type_is_named(t);
}

/* The nearest named type holding an unnamed root, from the walk order. */
static void set_context(struct kabi_diff *d, struct root_cause *root,
			const uint32_t *order, size_t n, const uint32_t *via)
{
	size_t i;

	root->context_pair = NONE;
	root->context_member = NULL;
	if (titled_by_itself(d, root->pair))
		return;
	for (i = root->nvariants; i < n; i++) {
		uint32_t p = order[i];

		if (kabi_type_is_named(model_type(d->old, d->pairs[p].old_type))) {
			root->context_pair = p;
			root->context_member = d->edges[via[p]].place == PLACE_MEMBER
						       ? d->edges[via[p]].name
						       : NULL;
			return;
		}
	}
}

struct ranked {
	uint32_t symbol;
	uint32_t distance;
};

static int compare_ranked(const void *a, const void *b)
{
	const struct ranked *x = a, *y = b;

	if (x->distance != y->distance)
		return x->distance < y->distance ? -1 : 1;
	return x->symbol < y->symbol ? -1 : x->symbol > y->symbol;
}

static void find_root(struct kabi_diff *d, const struct reverse *r,
		      const uint32_t *variants, size_t nvariants,
		      const uint32_t *sym_start, const uint32_t *syms,
		      uint8_t *seen, uint32_t *buf, uint32_t *via,
		      uint32_t *dist)
{
	struct root_cause *root = &d->roots[d->nroots];
	size_t n = reaching(d, r, variants, nvariants, seen, buf, via), i;
	size_t alloc = 0;
	struct ranked *ranked = NULL;
	uint32_t k;

	memset(root, 0, sizeof(*root));
	root->pair = variants[0];
	root->variants = xmalloc(xmul(nvariants, sizeof(uint32_t)));
	memcpy(root->variants, variants, nvariants * sizeof(uint32_t));
	root->nvariants = nvariants;
	root->severity = d->pairs[root->pair].severity;
	root->own_symbol = NONE;
	for (i = 0; i < n; i++) {
		uint32_t p = buf[i];

		dist[p] = via[p] == NONE ? 0 : dist[d->edges[via[p]].to] + 1;
		d->pairs[p].differs = true;
		for (k = sym_start[p]; k < sym_start[p + 1]; k++) {
			struct symbol_change *s = &d->symbols[syms[k]];

			ALLOC_GROW(ranked, root->nsymbols + 1, alloc);
			ranked[root->nsymbols].symbol = syms[k];
			ranked[root->nsymbols++].distance = dist[p];
			s->flags |= SYMCHANGE_TYPE;
			if (root->severity == BREAKING)
				s->severity = BREAKING;
			if (p == root->pair && root->own_symbol == NONE)
				root->own_symbol = syms[k];
		}
	}
	set_context(d, root, buf, n, via);
	for (i = 0; i < n; i++)
		seen[buf[i]] = 0;
	/* the nearest exports first, then by name */
	array_sort(ranked, root->nsymbols, sizeof(*ranked), compare_ranked);
	root->symbols = xmalloc(xmul(root->nsymbols + 1, sizeof(uint32_t)));
	for (i = 0; i < root->nsymbols; i++)
		root->symbols[i] = ranked[i].symbol;
	free(ranked);
	if (root->nsymbols) {
		d->nroots++;
	} else {
		free(root->symbols);
		free(root->variants);
	}
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

	strbuf_addf(sb, "%s|%s|%s|%s",
		    type_spelling(&d->old_names, p->old_type),
		    type_spelling(&d->new_names, p->new_type),
		    model_str(d->old, model_type(d->old, p->old_type)->decl_file),
		    model_str(d->new, model_type(d->new, p->new_type)->decl_file));
	for (i = 0; i < p->nitems; i++) {
		const struct change_item *it = &d->items[p->first_item + i];

		strbuf_addf(sb, "|%d,%d,%s,%s,%" PRIu32 ",%" PRIu64 ",%" PRIu64
			    ",%d,%s,%s", (int)it->kind, (int)it->place,
			    it->name ? it->name : "",
			    it->new_name ? it->new_name : "", it->index,
			    it->old_value, it->new_value, it->has_values,
			    it->old_type != NONE
				    ? type_spelling(&d->old_names, it->old_type) : "",
			    it->new_type != NONE
				    ? type_spelling(&d->new_names, it->new_type) : "");
	}
}

/* The pairs with local changes, grouped by cause, as compressed rows. */
struct causes {
	uint32_t *start;	/* n + 1 */
	uint32_t *pairs;
	size_t n;
};

static void group_causes(const struct kabi_diff *d, struct causes *c)
{
	struct hashmap index = HASHMAP_INIT;
	struct strbuf key = STRBUF_INIT;
	char **keys = NULL;
	uint32_t *group_of = xmalloc(xmul(d->npairs + 1, sizeof(uint32_t)));
	uint32_t *fill;
	size_t keys_alloc = 0, p, g;

	c->n = 0;
	for (p = 0; p < d->npairs; p++) {
		struct hashmap_iter it;
		struct hashmap_entry *e;
		uint64_t h;

		group_of[p] = NONE;
		if (!d->pairs[p].nitems)
			continue;
		strbuf_reset(&key);
		/* a type without a name is told by where it is: its own */
		if (kabi_type_is_named(model_type(d->old, d->pairs[p].old_type)) &&
		    !d->pairs[p].variable)
			cause_key(d, (uint32_t)p, &key);
		else
			strbuf_addf(&key, "#%zu", p);
		h = hash_string(key.buf);
		for (e = hashmap_first(&index, h, &it); e;
		     e = hashmap_next(&index, &it))
			if (!strcmp(keys[e->value], key.buf)) {
				group_of[p] = (uint32_t)e->value;
				break;
			}
		if (group_of[p] == NONE) {
			ALLOC_GROW(keys, c->n + 1, keys_alloc);
			keys[c->n] = xstrdup(key.buf);
			hashmap_add(&index, h, 0, c->n);
			group_of[p] = (uint32_t)c->n++;
		}
	}
	c->start = xcalloc(c->n + 2, sizeof(uint32_t));
	c->pairs = xmalloc(xmul(d->npairs + 1, sizeof(uint32_t)));
	for (p = 0; p < d->npairs; p++)
		if (group_of[p] != NONE)
			c->start[group_of[p] + 1]++;
	for (g = 0; g < c->n; g++)
		c->start[g + 1] += c->start[g];
	fill = xmalloc(xmul(c->n + 1, sizeof(uint32_t)));
	memcpy(fill, c->start, c->n * sizeof(uint32_t));
	for (p = 0; p < d->npairs; p++)
		if (group_of[p] != NONE)
			c->pairs[fill[group_of[p]]++] = (uint32_t)p;
	for (g = 0; g < c->n; g++)
		free(keys[g]);
	free(keys);
	free(fill);
	free(group_of);
	strbuf_release(&key);
	hashmap_free(&index);
}

void diff_roots(struct kabi_diff *d)
{
	struct reverse *r = xcalloc(1, sizeof(*r));
	uint32_t *sym_start, *syms, *buf, *via, *dist;
	uint8_t *seen = xcalloc(d->npairs + 1, 1);
	struct causes causes;
	size_t p, i;

	build_reverse(d, r);
	index_symbols(d, &sym_start, &syms);
	buf = xmalloc(xmul(d->npairs + 1, sizeof(uint32_t)));
	via = xmalloc(xmul(d->npairs + 1, sizeof(uint32_t)));
	dist = xmalloc(xmul(d->npairs + 1, sizeof(uint32_t)));
	d->roots = xcalloc(d->npairs + 1, sizeof(*d->roots));
	for (i = 0; i < d->nsymbols; i++)
		d->symbols[i].severity = items_severity(
			d, d->symbols[i].first_item, d->symbols[i].nitems);
	for (p = 0; p < d->npairs; p++) {
		struct type_pair *tp = &d->pairs[p];

		tp->severity = items_severity(d, tp->first_item, tp->nitems);
		/*
		 * Modules cannot reach inside a type private to a .c file;
		 * an exported variable they use all the same.
		 */
		tp->private_type = !tp->variable &&
				   (defined_in_c_file(d->old, tp->old_type) ||
				    defined_in_c_file(d->new, tp->new_type));
		if (tp->private_type)
			tp->severity = COMPATIBLE;
	}
	group_causes(d, &causes);
	for (i = 0; i < causes.n; i++)
		find_root(d, r, causes.pairs + causes.start[i],
			  causes.start[i + 1] - causes.start[i], sym_start,
			  syms, seen, buf, via, dist);
	free(causes.start);
	free(causes.pairs);
	array_sort_r(d->roots, d->nroots, sizeof(*d->roots), compare_roots, d);
	free(seen);
	free(buf);
	free(via);
	free(dist);
	free(sym_start);
	free(syms);
	/* the report asks for paths to the roots: walk backwards again */
	d->paths = xcalloc(1, sizeof(*d->paths));
	d->paths->reverse = r;
	d->paths->root = NONE;
	d->paths->via = xmalloc(xmul(d->npairs + 1, sizeof(uint32_t)));
	d->paths->order = xmalloc(xmul(d->npairs + 1, sizeof(uint32_t)));
	d->paths->seen = xcalloc(d->npairs + 1, 1);
}

void diff_free_paths(struct kabi_diff *d)
{
	if (!d->paths)
		return;
	free(d->paths->reverse->start);
	free(d->paths->reverse->edge);
	free(d->paths->reverse->source);
	free(d->paths->reverse);
	free(d->paths->via);
	free(d->paths->order);
	free(d->paths->seen);
	free(d->paths);
	d->paths = NULL;
}

size_t diff_path(const struct kabi_diff *d, uint32_t from_pair,
		 const struct root_cause *root, uint32_t *edges, size_t max)
{
	struct path_cache *c = d->paths;
	size_t len = 0, n, i;
	uint32_t p;

	/*
	 * One walk backwards from the root serves every export reaching it:
	 * via[] leads each pair one step closer, by a shortest path.
	 */
	if (c->root != root->pair) {
		for (i = 0; c->root != NONE && i < c->n; i++)
			c->seen[c->order[i]] = 0;
		n = reaching(d, c->reverse, root->variants, root->nvariants,
			     c->seen, c->order, c->via);
		c->root = root->pair;
		c->n = n;
	}
	if (!c->seen[from_pair])
		return 0;
	for (p = from_pair; c->via[p] != NONE && len < max;
	     p = d->edges[c->via[p]].to)
		edges[len++] = c->via[p];
	return len;
}
