// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The second half of the model builder: partition refinement of the
 * named-type instances into types, then writing those types, and the
 * anonymous types their shapes spell out, into the output model. See
 * builder.c for the idea.
 */
#include <stdlib.h>
#include <string.h>

#include "builder_impl.h"
#include "../util/clock.h"
#include "../util/hashmap.h"
#include "../util/parallel.h"
#include "../util/sort.h"
#include "../util/rows.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

/* --- names and declarations ---------------------------------------------- */

/* All full definitions of one (kind, name). */
struct name_key {
	uint32_t name; /* builder string */
	uint8_t kind;
	uint32_t definitions; /* full shapes with instances */
};

/*
 * How many jobs a stage is cut into: four a thread, to even out their
 * sizes; one when there is one thread.
 */
static size_t job_ranges(const struct model_builder *b)
{
	return b->threads > 1 ? (size_t)b->threads * 4 : 1;
}

/*
 * One place a name is defined: a definition shape seen in one binary
 * (scope). Declarations pick a place; a place whose instances split into
 * several types cannot tell its followers which one they meant.
 */
struct place {
	uint32_t key, scope, shape;
	uint32_t first_instance;
	bool followed, split;
};

struct refinement {
	const struct model_builder *b;
	uint32_t *block; /* per instance; KABI_NONE for followers */
	uint32_t *next;
	uint32_t *follow; /* per instance: the definition instance a
			     declaration follows, or KABI_NONE */
	uint32_t *key_of; /* per shape: its name key, or KABI_NONE */
	struct name_key *keys;
	size_t nkeys, keys_alloc;
	struct place *places; /* sorted by key, scope, shape */
	size_t nplaces;
	uint32_t *place_of; /* per instance: its place, or KABI_NONE */
	size_t nblocks;
};

static uint64_t key_hash(uint8_t kind, uint32_t name)
{
	return hash_combine(hash_u64(kind), name);
}

static void index_names(struct refinement *r)
{
	const struct model_builder *b = r->b;
	struct hashmap index = HASHMAP_INIT;
	uint32_t s;

	r->key_of = xmalloc(xmul(b->nshapes + 1, sizeof(uint32_t)));
	for (s = 0; s < b->nshapes; s++) {
		const struct shape *sh = &b->shapes[s];
		uint64_t h = key_hash(sh->kind, sh->name);
		struct hashmap_iter it;
		struct hashmap_entry *e;
		struct name_key *k = NULL;

		r->key_of[s] = KABI_NONE;
		if (!sh->named || sh->first_instance == KABI_NONE)
			continue;
		for (e = hashmap_first(&index, h, &it); e;
		     e = hashmap_next(&index, &it))
			if (r->keys[e->value].kind == sh->kind &&
			    r->keys[e->value].name == sh->name)
				k = &r->keys[e->value];
		if (!k) {
			ALLOC_GROW(r->keys, r->nkeys + 1, r->keys_alloc);
			k = &r->keys[r->nkeys];
			memset(k, 0, sizeof(*k));
			k->kind = sh->kind;
			k->name = sh->name;
			hashmap_add(&index, h, 0, r->nkeys++);
		}
		r->key_of[s] = (uint32_t)(k - r->keys);
		if (!sh->declaration)
			k->definitions++;
	}
	hashmap_free(&index);
}

static int compare_places(const void *a, const void *b)
{
	const struct place *x = a, *y = b;

	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	if (x->scope != y->scope)
		return x->scope < y->scope ? -1 : 1;
	if (x->shape != y->shape)
		return x->shape < y->shape ? -1 : 1;
	return (x->first_instance > y->first_instance) -
	       (x->first_instance < y->first_instance);
}

/* Rows of places grouped by key, each group to be sorted on its own. */
struct place_groups {
	struct place *rows;
	const uint32_t *start; /* per key, nkeys + 1 */
	size_t nkeys;
	size_t nranges; /* of keys, one a job */
};

static void sort_place_range(size_t index, void *ctx)
{
	struct place_groups *g = ctx;
	size_t k = g->nkeys * index / g->nranges,
	       end = g->nkeys * (index + 1) / g->nranges;

	for (; k < end; k++)
		if (g->start[k + 1] - g->start[k] > 1)
			array_sort(g->rows + g->start[k],
				   g->start[k + 1] - g->start[k],
				   sizeof(*g->rows), compare_places);
}

/*
 * Rows in the order of compare_places: counted out by key (rows come in
 * instance order, and stay so within a key), then each key's rows sorted,
 * keys apart on the threads. One sort of all rows took most of the time
 * of deduplicating a kernel.
 */
struct places_walk {
	const struct place *rows;
	size_t n;
};

static void walk_places(struct rows_builder *b, void *ctx)
{
	const struct places_walk *w = ctx;
	size_t i;

	for (i = 0; i < w->n; i++)
		rows_put(b, w->rows[i].key, (uint32_t)i);
}

static struct place *sort_places(const struct refinement *r,
				 const struct place *rows, size_t n)
{
	struct place_groups g = {.nkeys = r->nkeys};
	struct rows by_key;
	size_t i;

	rows_build(&by_key, r->nkeys, walk_places,
		   &(struct places_walk){rows, n});
	g.rows = xmalloc(xmul(n + 1, sizeof(*g.rows)));
	for (i = 0; i < n; i++)
		g.rows[i] = rows[by_key.items[i]];
	g.start = by_key.start;
	g.nranges = job_ranges(r->b);
	parallel_run_timed(g.nranges, r->b->threads, sort_place_range, &g,
			   r->b->times);
	rows_free(&by_key);
	return g.rows;
}

/*
 * The places of all definitions: one row per definition instance, sorted,
 * then equal (key, scope, shape) rows folded into their first instance.
 */
static void index_places(struct refinement *r)
{
	const struct model_builder *b = r->b;
	struct place *rows = xmalloc(xmul(b->ninst + 1, sizeof(*rows)));
	struct place *sorted;
	size_t n = 0, i;

	r->place_of = xmalloc(xmul(b->ninst + 1, sizeof(uint32_t)));
	for (i = 0; i < b->ninst; i++) {
		uint32_t s = b->inst_shape[i];

		r->place_of[i] = KABI_NONE;
		if (r->key_of[s] == KABI_NONE || b->shapes[s].declaration)
			continue;
		rows[n] = (struct place){.key = r->key_of[s],
					 .scope = b->inst_scope[i],
					 .shape = s,
					 .first_instance = (uint32_t)i};
		n++;
	}
	sorted = sort_places(r, rows, n);
	free(rows);
	r->nplaces = 0;
	for (i = 0; i < n; i++) {
		struct place *last =
		    r->nplaces ? &sorted[r->nplaces - 1] : NULL;

		if (!last || last->key != sorted[i].key ||
		    last->scope != sorted[i].scope ||
		    last->shape != sorted[i].shape)
			sorted[r->nplaces++] = sorted[i];
		r->place_of[sorted[i].first_instance] =
		    (uint32_t)(r->nplaces - 1);
	}
	r->places = sorted;
}

/* The first place of key in scope, and how many there are. */
static size_t find_places(const struct refinement *r, uint32_t key,
			  uint32_t scope, size_t *count)
{
	size_t lo = 0, hi = r->nplaces, first;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct place *p = &r->places[mid];

		if (p->key < key || (p->key == key && p->scope < scope))
			lo = mid + 1;
		else
			hi = mid;
	}
	first = lo;
	while (lo < r->nplaces && r->places[lo].key == key &&
	       r->places[lo].scope == scope)
		lo++;
	*count = lo - first;
	return first;
}

/*
 * The place a declaration in scope resolves to, as a linker would look:
 * its own binary, then vmlinux, then the one definition of the tree.
 * KABI_NONE when the first place that has definitions has several.
 */
static uint32_t pick_place(const struct refinement *r, uint32_t key,
			   uint32_t scope)
{
	size_t n, first = find_places(r, key, scope, &n);

	if (!n && scope != MODEL_SCOPE_VMLINUX)
		first = find_places(r, key, MODEL_SCOPE_VMLINUX, &n);
	if (!n && r->keys[key].definitions == 1) {
		first = find_places(r, key, 0, &n); /* the key's first */
		n = first < r->nplaces && r->places[first].key == key;
	}
	return n == 1 ? (uint32_t)first : KABI_NONE;
}

/* Each declaration follows the definition its place holds, if it can. */
static void choose_followers(struct refinement *r)
{
	const struct model_builder *b = r->b;
	size_t i;

	for (i = 0; i < r->nplaces; i++)
		r->places[i].followed = false;
	for (i = 0; i < b->ninst; i++) {
		uint32_t s = b->inst_shape[i], p;

		r->follow[i] = KABI_NONE;
		if (r->key_of[s] == KABI_NONE || !b->shapes[s].declaration)
			continue;
		p = pick_place(r, r->key_of[s], b->inst_scope[i]);
		if (p == KABI_NONE || r->places[p].split)
			continue;
		r->places[p].followed = true;
		r->follow[i] = r->places[p].first_instance;
	}
}

/* --- refinement -------------------------------------------------------- */

static uint32_t ref_block(const struct refinement *r, uint32_t inst)
{
	if (r->follow[inst] != KABI_NONE)
		inst = r->follow[inst];
	return r->block[inst];
}

static bool same_signature(const struct refinement *r, uint32_t i, uint32_t j)
{
	const struct model_builder *b = r->b;
	size_t n = b->inst_refs[i + 1] - b->inst_refs[i], k;

	if (r->block[i] != r->block[j] ||
	    n != b->inst_refs[j + 1] - b->inst_refs[j])
		return false;
	for (k = 0; k < n; k++)
		if (ref_block(r, b->refs[b->inst_refs[i] + k]) !=
		    ref_block(r, b->refs[b->inst_refs[j] + k]))
			return false;
	return true;
}

/*
 * One round splits every block by what its instances refer to: a class
 * is the instances of one block whose references lie in the same blocks,
 * and the classes, numbered in the order of their first instances, are
 * the new blocks. The instances are cut into ranges, which the builder's
 * threads classify on their own, in index order (each instance's rows
 * read once, from memory in order); the ranges' classes are then joined
 * in range order, which numbers them as one pass over all would.
 */
struct range_classes {
	uint32_t *first; /* per class of the range: its first instance */
	size_t n, alloc;
	uint32_t *global; /* per class: the class it is over all ranges */
};

struct round {
	const struct refinement *r;
	uint64_t *sig;	 /* per instance */
	uint32_t *local; /* per instance: its class in its range */
	struct range_classes *ranges;
	size_t nranges, range_len;
};

static uint64_t signature(const struct refinement *r, uint32_t i)
{
	const struct model_builder *b = r->b;
	uint64_t h = hash_u64(r->block[i]);
	size_t k;

	for (k = b->inst_refs[i]; k < b->inst_refs[i + 1]; k++)
		h = hash_combine(h, ref_block(r, b->refs[k]));
	return h;
}

/* Classify one range's instances among themselves. */
static void classify_range(size_t job, void *ctx)
{
	struct round *rd = ctx;
	const struct refinement *r = rd->r;
	struct range_classes *rc = &rd->ranges[job];
	struct hashmap classes = HASHMAP_INIT; /* sig -> class */
	size_t i, end = (job + 1) * rd->range_len;

	rc->n = 0;
	if (end > r->b->ninst)
		end = r->b->ninst;
	for (i = job * rd->range_len; i < end; i++) {
		struct hashmap_iter it;
		struct hashmap_entry *e;

		if (r->block[i] == KABI_NONE)
			continue; /* a follower */
		rd->sig[i] = signature(r, (uint32_t)i);
		for (e = hashmap_first(&classes, rd->sig[i], &it); e;
		     e = hashmap_next(&classes, &it))
			if (same_signature(r, (uint32_t)i, rc->first[e->value]))
				break;
		if (e) {
			rd->local[i] = (uint32_t)e->value;
			continue;
		}
		ALLOC_GROW(rc->first, rc->n + 1, rc->alloc);
		rc->first[rc->n] = (uint32_t)i;
		rd->local[i] = (uint32_t)rc->n;
		hashmap_add(&classes, rd->sig[i], 0, rc->n++);
	}
	hashmap_free(&classes);
}

/* Join the ranges' classes, in range order: new blocks numbered. */
static size_t join_ranges(struct round *rd)
{
	struct hashmap classes = HASHMAP_INIT; /* sig -> new block */
	uint32_t *first = NULL;		       /* per new block */
	size_t n = 0, alloc = 0, g, c;

	for (g = 0; g < rd->nranges; g++) {
		struct range_classes *rc = &rd->ranges[g];

		rc->global =
		    xrealloc(rc->global, xmul(rc->n + 1, sizeof(uint32_t)));
		for (c = 0; c < rc->n; c++) {
			uint32_t i = rc->first[c];
			struct hashmap_iter it;
			struct hashmap_entry *e;

			for (e = hashmap_first(&classes, rd->sig[i], &it); e;
			     e = hashmap_next(&classes, &it))
				if (same_signature(rd->r, i, first[e->value]))
					break;
			if (e) {
				rc->global[c] = (uint32_t)e->value;
				continue;
			}
			ALLOC_GROW(first, n + 1, alloc);
			first[n] = i;
			rc->global[c] = (uint32_t)n;
			hashmap_add(&classes, rd->sig[i], 0, n++);
		}
	}
	hashmap_free(&classes);
	free(first);
	return n;
}

static void number_range(size_t job, void *ctx)
{
	struct round *rd = ctx;
	const struct refinement *r = rd->r;
	const struct range_classes *rc = &rd->ranges[job];
	size_t i, end = (job + 1) * rd->range_len;

	if (end > r->b->ninst)
		end = r->b->ninst;
	for (i = job * rd->range_len; i < end; i++)
		r->next[i] = r->block[i] == KABI_NONE
				 ? KABI_NONE
				 : rc->global[rd->local[i]];
}

/* One round: a new block per distinct (block, blocks referred to). */
static size_t refine_once(struct refinement *r, struct round *rd)
{
	size_t n;

	parallel_run_timed(rd->nranges, r->b->threads, classify_range, rd,
			   r->b->times);
	n = join_ranges(rd);
	parallel_run_timed(rd->nranges, r->b->threads, number_range, rd,
			   r->b->times);
	return n;
}

static void round_init(struct round *rd, struct refinement *r)
{
	size_t ninst = r->b->ninst;

	memset(rd, 0, sizeof(*rd));
	rd->r = r;
	rd->sig = xmalloc(xmul(ninst + 1, sizeof(uint64_t)));
	rd->local = xmalloc(xmul(ninst + 1, sizeof(uint32_t)));
	rd->nranges = job_ranges(r->b);
	rd->range_len = (ninst + rd->nranges - 1) / rd->nranges;
	if (!rd->range_len)
		rd->range_len = 1;
	rd->ranges = xcalloc(rd->nranges, sizeof(*rd->ranges));
}

static void round_free(struct round *rd)
{
	size_t g;

	for (g = 0; g < rd->nranges; g++) {
		free(rd->ranges[g].first);
		free(rd->ranges[g].global);
	}
	free(rd->ranges);
	free(rd->sig);
	free(rd->local);
}

static void start_blocks(struct refinement *r)
{
	const struct model_builder *b = r->b;
	uint8_t *counted = xcalloc(b->nshapes + 1, 1);
	uint32_t i;

	r->nblocks = 0;
	for (i = 0; i < b->ninst; i++) {
		uint32_t s = b->inst_shape[i];

		r->block[i] = r->follow[i] == KABI_NONE ? s : KABI_NONE;
		if (r->block[i] != KABI_NONE && !counted[s]) {
			counted[s] = 1;
			r->nblocks++;
		}
	}
	free(counted);
}

/*
 * A place that declarations followed but whose instances split into
 * several types: its declarations cannot say which they meant. Returns
 * how many places split this time.
 */
static size_t split_definitions(struct refinement *r)
{
	const struct model_builder *b = r->b;
	size_t found = 0;
	uint32_t i;

	for (i = 0; i < b->ninst; i++) {
		struct place *p;

		if (r->place_of[i] == KABI_NONE)
			continue;
		p = &r->places[r->place_of[i]];
		if (p->followed && !p->split &&
		    r->block[i] != r->block[p->first_instance]) {
			p->split = true;
			found++;
		}
	}
	return found;
}

static void refine(struct refinement *r, struct model_builder_stats *stats)
{
	struct round rd;

	round_init(&rd, r);
	for (;;) {
		choose_followers(r);
		start_blocks(r);
		for (;;) {
			size_t n = refine_once(r, &rd);
			uint32_t *t = r->block;

			r->block = r->next;
			r->next = t;
			stats->rounds++;
			if (n == r->nblocks)
				break;
			r->nblocks = n;
		}
		if (!split_definitions(r))
			break;
	}
	stats->blocks = r->nblocks;
	round_free(&rd);
}

/* Names some declaration of which stayed opaque though the tree defines them.
 */
static size_t count_opaque_names(const struct refinement *r)
{
	const struct model_builder *b = r->b;
	uint8_t *seen = xcalloc(r->nkeys + 1, 1);
	size_t n = 0;
	uint32_t i;

	for (i = 0; i < b->ninst; i++) {
		uint32_t k = r->key_of[b->inst_shape[i]];

		if (k == KABI_NONE || r->follow[i] != KABI_NONE ||
		    !b->shapes[b->inst_shape[i]].declaration ||
		    !r->keys[k].definitions || seen[k])
			continue;
		seen[k] = 1;
		n++;
	}
	free(seen);
	return n;
}

/* --- materialising ------------------------------------------------------ */

struct materializer {
	const struct model_builder *b;
	const struct refinement *r;
	struct kabi_model *out;
	uint32_t *block_type;	  /* per block: its type in out */
	struct hashmap anonymous; /* content hash -> type in out */
};

/* What a shape's body spells out, before it is stored. */
struct node {
	struct kabi_type t;
	struct kabi_member *members;
	struct kabi_enumerator *enumerators;
	uint32_t *params;
	size_t alloc;
};

struct cursor {
	const unsigned char *p, *end;
	const uint32_t *refs;
	uint32_t nrefs, next;
};

static uint64_t get_uv(struct cursor *c)
{
	uint64_t v = 0;
	unsigned shift = 0;

	while (c->p < c->end) {
		unsigned char byte = *c->p++;

		if (shift < 64)
			v |= (uint64_t)(byte & 0x7f) << shift;
		shift += 7;
		if (!(byte & 0x80))
			break;
	}
	return v;
}

static uint32_t get_str(struct materializer *m, struct cursor *c)
{
	uint64_t len = get_uv(c);
	uint32_t id;

	if (len > (uint64_t)(c->end - c->p))
		len = (uint64_t)(c->end - c->p);
	id = strset_add_len(&m->out->strings, (const char *)c->p, (size_t)len);
	c->p += len;
	return id;
}

static void skip_ref(struct cursor *c)
{
	uint64_t len;

	if (c->p < c->end)
		c->p++; /* kind */
	len = get_uv(c);
	c->p +=
	    len < (uint64_t)(c->end - c->p) ? len : (uint64_t)(c->end - c->p);
}

static uint32_t instance_type(const struct materializer *m, uint32_t inst)
{
	return m->block_type[ref_block(m->r, inst)];
}

/* Hash and comparison field by field: the structs have padding. */
static uint64_t hash_member(const struct kabi_member *mb)
{
	return hash_combine(
	    hash_combine(hash_combine(mb->name, mb->type), mb->offset),
	    mb->bit_size);
}

static uint64_t node_hash(const struct node *n)
{
	const struct kabi_type *t = &n->t;
	uint64_t h = hash_u64((uint64_t)t->kind << 24 |
			      (uint64_t)t->flags << 16 | t->encoding);
	uint32_t i;

	h = hash_combine(h, t->name);
	h = hash_combine(h, t->target);
	h = hash_combine(h, t->count);
	h = hash_combine(h, t->align);
	h = hash_combine(h, t->size);
	h = hash_combine(h, t->elements);
	for (i = 0; i < t->count; i++) {
		if (n->members)
			h = hash_combine(h, hash_member(&n->members[i]));
		if (n->enumerators)
			h = hash_combine(
			    hash_combine(h, n->enumerators[i].name),
			    n->enumerators[i].value);
		if (n->params)
			h = hash_combine(h, n->params[i]);
	}
	return h;
}

static bool same_member(const struct kabi_member *a,
			const struct kabi_member *b)
{
	return a->name == b->name && a->type == b->type &&
	       a->offset == b->offset && a->bit_size == b->bit_size;
}

static bool node_equal(const struct kabi_model *out, uint32_t id,
		       const struct node *n)
{
	const struct kabi_type *t = &out->types[id];
	uint32_t i;

	if (t->kind != n->t.kind || t->flags != n->t.flags ||
	    t->encoding != n->t.encoding || t->name != n->t.name ||
	    t->target != n->t.target || t->count != n->t.count ||
	    t->align != n->t.align || t->size != n->t.size ||
	    t->elements != n->t.elements)
		return false;
	for (i = 0; i < t->count; i++) {
		if (n->members &&
		    !same_member(&kabi_members(out, t)[i], &n->members[i]))
			return false;
		if (n->enumerators && (kabi_enumerators(out, t)[i].name !=
					   n->enumerators[i].name ||
				       kabi_enumerators(out, t)[i].value !=
					   n->enumerators[i].value))
			return false;
		if (n->params && kabi_params(out, t)[i] != n->params[i])
			return false;
	}
	return true;
}

/* Append the variable-length part of a node and point its type at it. */
static void store_parts(struct kabi_model *out, struct node *n)
{
	uint32_t i;

	n->t.first = 0;
	for (i = 0; i < n->t.count; i++) {
		uint32_t at = 0;

		if (n->members)
			at = model_add_member(out, &n->members[i]);
		else if (n->enumerators)
			at = model_add_enumerator(out, &n->enumerators[i]);
		else if (n->params)
			at = model_add_param(out, n->params[i]);
		if (i == 0)
			n->t.first = at;
	}
}

/* The id of an anonymous type with this content, added if new. */
static uint32_t intern_node(struct materializer *m, struct node *n)
{
	uint64_t h = node_hash(n);
	struct hashmap_iter it;
	struct hashmap_entry *e;
	uint32_t id;

	for (e = hashmap_first(&m->anonymous, h, &it); e;
	     e = hashmap_next(&m->anonymous, &it))
		if (node_equal(m->out, (uint32_t)e->value, n))
			return (uint32_t)e->value;
	store_parts(m->out, n);
	id = model_add_type(m->out, &n->t);
	hashmap_add(&m->anonymous, h, 0, id);
	return id;
}

static uint32_t read_type(struct materializer *m, struct cursor *c);

static void read_body(struct materializer *m, struct cursor *c, struct node *n)
{
	struct kabi_type *t = &n->t;
	uint32_t i;

	/* as builder.c's serialize_body() wrote it */
	if (kabi_kind_has_target(t->kind))
		t->target = read_type(m, c);
	if (kabi_kind_has_members(t->kind)) {
		n->members = xcalloc((size_t)t->count + 1, sizeof(*n->members));
		for (i = 0; i < t->count; i++) {
			struct kabi_member *mb = &n->members[i];

			mb->name = get_str(m, c);
			mb->offset = get_uv(c);
			mb->bit_size = (uint32_t)get_uv(c);
			mb->type = read_type(m, c);
		}
	} else if (t->kind == KABI_ENUM) {
		n->enumerators =
		    xcalloc((size_t)t->count + 1, sizeof(*n->enumerators));
		for (i = 0; i < t->count; i++) {
			n->enumerators[i].name = get_str(m, c);
			n->enumerators[i].value = get_uv(c);
		}
	} else if (t->kind == KABI_FUNCTION) {
		n->params = xcalloc((size_t)t->count + 1, sizeof(*n->params));
		for (i = 0; i < t->count; i++)
			n->params[i] = read_type(m, c);
	}
}

static void read_node(struct materializer *m, struct cursor *c, struct node *n)
{
	struct kabi_type *t = &n->t;

	memset(n, 0, sizeof(*n));
	t->kind = c->p < c->end ? *c->p++ : KABI_UNKNOWN;
	t->flags = c->p < c->end ? *c->p++ : 0;
	t->encoding = (uint16_t)get_uv(c);
	t->size = get_uv(c);
	t->align = (uint32_t)get_uv(c);
	t->name = get_str(m, c);
	t->count = (uint32_t)get_uv(c);
	t->elements = get_uv(c);
	read_body(m, c, n);
}

static void free_node(struct node *n)
{
	free(n->members);
	free(n->enumerators);
	free(n->params);
}

static uint32_t bad_type(struct materializer *m)
{
	struct node n = {.t = {.kind = KABI_UNKNOWN}};

	n.t.name = model_intern(m->out, "cycle of anonymous types");
	return intern_node(m, &n);
}

/* The type a token sequence spells, in out. */
static uint32_t read_type(struct materializer *m, struct cursor *c)
{
	struct node n;
	uint32_t id;

	if (c->p >= c->end)
		return bad_type(m);
	switch (*c->p++) {
	case TOKEN_VOID:
		return 0;
	case TOKEN_REF:
		skip_ref(c); /* kind and name: the slot says it all */
		if (c->next >= c->nrefs)
			return bad_type(m);
		return instance_type(m, c->refs[c->next++]);
	case TOKEN_NODE:
		read_node(m, c, &n);
		id = intern_node(m, &n);
		free_node(&n);
		return id;
	default:
		return bad_type(m);
	}
}

/* Every block gets its type id first, so that references can be resolved. */
static void reserve_blocks(struct materializer *m, uint32_t **reps,
			   size_t *nreps)
{
	const struct model_builder *b = m->b;
	const struct refinement *r = m->r;
	struct kabi_type placeholder = {.kind = KABI_UNKNOWN};
	size_t alloc = 0;
	uint32_t i;

	m->block_type = xmalloc(xmul(r->nblocks + 1, sizeof(uint32_t)));
	for (i = 0; i < r->nblocks; i++)
		m->block_type[i] = KABI_NONE;
	*reps = NULL;
	*nreps = 0;
	for (i = 0; i < b->ninst; i++) {
		uint32_t bl = r->block[i];

		if (bl == KABI_NONE || m->block_type[bl] != KABI_NONE)
			continue;
		m->block_type[bl] = model_add_type(m->out, &placeholder);
		ALLOC_GROW(*reps, *nreps + 1, alloc);
		(*reps)[(*nreps)++] = i;
	}
}

/* A run of references; when nothing refers to anything, no array at all. */
static const uint32_t *refs_at(const uint32_t *refs, size_t off)
{
	return refs ? refs + off : NULL;
}

static void write_block(struct materializer *m, uint32_t inst)
{
	const struct model_builder *b = m->b;
	const struct shape *sh = &b->shapes[b->inst_shape[inst]];
	struct cursor c = {
	    (const unsigned char *)b->bytes.buf + sh->off,
	    (const unsigned char *)b->bytes.buf + sh->off + sh->len,
	    refs_at(b->refs, b->inst_refs[inst]),
	    (uint32_t)(b->inst_refs[inst + 1] - b->inst_refs[inst]), 0};
	const struct name_key *k =
	    &m->r->keys[m->r->key_of[b->inst_shape[inst]]];
	struct node n;

	if (c.p < c.end)
		c.p++; /* a named type's shape starts with its node */
	read_node(m, &c, &n);
	n.t.decl_file =
	    model_intern(m->out, strset_str(&b->strings, b->inst_file[inst]));
	n.t.decl_line = b->inst_line[inst];
	if (sh->declaration && k->definitions > 0)
		n.t.flags |= KABI_TYPE_AMBIGUOUS;
	store_parts(m->out, &n);
	m->out->types[m->block_type[m->r->block[inst]]] = n.t;
	free_node(&n);
}

/*
 * The builder's unit an export is in (1 + index, 0: none): the one
 * holding its EXPORT_SYMBOL when the DWARF tells, else the one defining it.
 */
static uint32_t export_unit_of(const struct symbol_desc *d)
{
	return d->export_unit ? d->export_unit : d->unit;
}

/*
 * The units exports are in, after unit 0 (not known), and for each of
 * the builder's (1 + index) its number in out: a unit whose exports all
 * went to the units exporting them is left out.
 */
static uint32_t *write_units(const struct model_builder *b,
			     struct kabi_model *out)
{
	uint32_t *place = xcalloc(b->nunits + 1, sizeof(uint32_t));
	size_t i;
	uint32_t k;

	for (i = 0; i < b->nsymbols; i++)
		if (b->symbols[i].set)
			place[export_unit_of(&b->symbols[i])] = 1;
	for (i = 0; i < b->nunits; i++) {
		const struct kabi_unit *u = &b->units[i];

		if (!place[i + 1])
			continue;
		place[i + 1] = model_add_unit(
		    out, model_intern(out, strset_str(&b->strings, u->module)),
		    model_intern(out, strset_str(&b->strings, u->name)));
		for (k = 0; k < u->nopaque; k++) {
			const struct kabi_tag *t =
			    &b->opaque[u->first_opaque + k];
			struct kabi_tag tag = {
			    model_intern(out, strset_str(&b->strings, t->name)),
			    t->kind};

			model_add_opaque(out, place[i + 1], &tag);
		}
	}
	place[0] = 0;
	return place;
}

static void write_symbols(struct materializer *m, const uint32_t *unit_place)
{
	const struct model_builder *b = m->b;
	struct kabi_model *out = m->out;
	size_t i;
	uint32_t k;

	for (i = 0; i < b->nsymbols && i < out->nsymbols; i++) {
		const struct symbol_desc *d = &b->symbols[i];
		const struct shape *sh = &b->shapes[d->shape];
		struct kabi_symbol *sym = &out->symbols[i];
		struct cursor c = {
		    (const unsigned char *)b->bytes.buf + sh->off,
		    (const unsigned char *)b->bytes.buf + sh->off + sh->len,
		    refs_at(b->sym_refs, d->refs_off), d->nrefs, 0};
		uint32_t type;

		if (!d->set)
			continue;
		type = read_type(m, &c);
		sym = &out->symbols[i];
		sym->type = type;
		sym->flags |= KABI_SYM_HAS_TYPE;
		sym->unit = unit_place[export_unit_of(d)];
		sym->first_param = (uint32_t)out->nparam_names;
		sym->nparams = d->nnames;
		for (k = 0; k < d->nnames; k++)
			model_add_param_name(
			    out,
			    model_intern(
				out, strset_str(&b->strings,
						b->names[d->names_off + k])));
	}
}

void model_builder_finish(struct model_builder *b, struct kabi_model *out)
{
	struct refinement r = {.b = b};
	struct materializer m = {.b = b, .r = &r, .out = out};
	double start = clock_seconds();
	uint32_t *reps, *unit_place;
	size_t nreps, i;

	r.block = xmalloc(xmul(b->ninst + 1, sizeof(uint32_t)));
	r.next = xmalloc(xmul(b->ninst + 1, sizeof(uint32_t)));
	r.follow = xmalloc(xmul(b->ninst + 1, sizeof(uint32_t)));
	index_names(&r);
	index_places(&r);
	refine(&r, &b->stats);
	b->stats.opaque_names = count_opaque_names(&r);
	hashmap_init(&m.anonymous);
	reserve_blocks(&m, &reps, &nreps);
	for (i = 0; i < nreps; i++)
		write_block(&m, reps[i]);
	unit_place = write_units(b, out);
	write_symbols(&m, unit_place);
	free(unit_place);
	model_sort_units(out);
	b->stats.instances = b->ninst;
	b->stats.shapes = b->nshapes;
	b->stats.finish_seconds = clock_seconds() - start;
	hashmap_free(&m.anonymous);
	free(reps);
	free(m.block_type);
	free(r.block);
	free(r.next);
	free(r.follow);
	free(r.key_of);
	free(r.keys);
	free(r.places);
	free(r.place_of);
}

void model_builder_set_threads(struct model_builder *b, unsigned threads,
			       struct parallel_times *times)
{
	b->threads = threads;
	b->times = times;
}

void model_builder_stats(const struct model_builder *b,
			 struct model_builder_stats *out)
{
	*out = b->stats;
}
