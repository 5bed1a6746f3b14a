// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * diff/'s internals on a model built in C: the graph of differing pairs
 * and its components, the two walks (backward from a root, forward in a
 * unit's view) and their one metric, the root's two lists, and paths.
 *
 *	struct d { int y; [NEW: int z;] };		changed
 *	struct c { struct d *d; struct a *back; };	a and c: a cycle
 *	struct a { struct c *c; int x; };
 *	struct e { struct a a; int w; };		a by value
 *	int f_a(struct a *);	unit a.c: defines every struct
 *	int f_c(struct c *);	unit c.c: declares struct d only
 *	int f_d(struct d);	unit a.c
 *	int f_e(struct e);	unit a.c
 */
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "diff/reach.h"
#include "model/model.h"

struct side {
	struct kabi_model m;
	uint32_t int_t, a, c, d, e;
};

static uint32_t str(struct kabi_model *m, const char *s)
{
	return model_intern(m, s);
}

static uint32_t add_struct(struct kabi_model *m, const char *name,
			   uint32_t size)
{
	struct kabi_type t = {.kind = KABI_STRUCT,
			      .name = str(m, name),
			      .size = size,
			      .decl_file = str(m, "kf.h"),
			      .decl_line = 1};

	return model_add_type(m, &t);
}

static uint32_t add_pointer(struct kabi_model *m, uint32_t to)
{
	struct kabi_type t = {.kind = KABI_POINTER, .target = to, .size = 8};

	return model_add_type(m, &t);
}

/* Members (name, type) pairs, at offsets 8 bytes apart. */
static void set_members(struct kabi_model *m, uint32_t s, size_t n,
			const char *const *names, const uint32_t *types)
{
	size_t i;

	for (i = 0; i < n; i++) {
		struct kabi_member mb = {str(m, names[i]), types[i],
					 (uint64_t)i * 64, 0};
		uint32_t at = model_add_member(m, &mb);

		if (!i)
			m->types[s].first = at;
	}
	m->types[s].count = (uint32_t)n;
}

static void add_export(struct kabi_model *m, const char *name, uint32_t param,
		       uint32_t ret, uint32_t unit, uint32_t crc)
{
	struct kabi_type fn = {.kind = KABI_FUNCTION, .target = ret};
	uint32_t id = model_add_type(m, &fn);
	struct kabi_symbol s = {.name = str(m, name),
				.module = str(m, "vmlinux"),
				.crc = crc,
				.flags = KABI_SYM_FUNCTION | KABI_SYM_HAS_CRC |
					 KABI_SYM_HAS_TYPE,
				.unit = unit};

	m->types[id].first = model_add_param(m, param);
	m->types[id].count = 1;
	s.type = id;
	model_add_symbol(m, &s);
}

static void build(struct side *sd, bool new)
{
	struct kabi_model *m = &sd->m;
	struct kabi_type int_t = {
	    .kind = KABI_BASE, .size = 4, .encoding = KABI_ENC_SIGNED};
	struct kabi_tag d_tag;
	uint32_t pd, pc, pa, unit_a, unit_c;

	model_init(m);
	m->arch = str(m, "x86-64");
	m->bits = 64;
	m->byte_order = KABI_ORDER_LITTLE;
	int_t.name = str(m, "int");
	sd->int_t = model_add_type(m, &int_t);
	sd->d = add_struct(m, "d", new ? 8 : 4);
	set_members(m, sd->d, new ? 2 : 1, (const char *const[]){"y", "z"},
		    (const uint32_t[]){sd->int_t, sd->int_t});
	sd->a = add_struct(m, "a", 16);
	sd->c = add_struct(m, "c", 16);
	pd = add_pointer(m, sd->d);
	pc = add_pointer(m, sd->c);
	pa = add_pointer(m, sd->a);
	set_members(m, sd->a, 2, (const char *const[]){"c", "x"},
		    (const uint32_t[]){pc, sd->int_t});
	set_members(m, sd->c, 2, (const char *const[]){"d", "back"},
		    (const uint32_t[]){pd, pa});
	sd->e = add_struct(m, "e", 24);
	set_members(m, sd->e, 2, (const char *const[]){"a", "w"},
		    (const uint32_t[]){sd->a, sd->int_t});
	unit_a = model_add_unit(m, str(m, "vmlinux"), str(m, "a.c"));
	unit_c = model_add_unit(m, str(m, "vmlinux"), str(m, "c.c"));
	d_tag.kind = KABI_STRUCT;
	d_tag.name = str(m, "d");
	model_add_opaque(m, unit_c, &d_tag);
	/* by name: the diff pairs sorted symbols; f_a's CRC sees the change */
	add_export(m, "f_a", pa, sd->int_t, unit_a, new ? 2 : 1);
	add_export(m, "f_c", pc, sd->int_t, unit_c, 3);
	add_export(m, "f_d", sd->d, sd->int_t, unit_a, new ? 7 : 6);
	add_export(m, "f_e", sd->e, sd->int_t, unit_a, new ? 5 : 4);
}

static uint32_t symbol_named(const struct kabi_diff *d, const char *name)
{
	uint32_t i;

	for (i = 0; i < d->nsymbols; i++)
		if (!strcmp(diff_symbol_name(d, &d->symbols[i]), name))
			return i;
	return KABI_NONE;
}

static int list_reach(const struct root_exports *l, uint32_t symbol)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (l->symbols[i] == symbol)
			return l->reach[i];
	return -1;
}

/* Sources first: every edge of the graph goes to a component as late. */
static void test_components(const struct kabi_diff *d, const struct side *old)
{
	const struct diff_reach *x = d->reach;
	uint32_t p, e, pa = KABI_NONE, pc = KABI_NONE;
	bool ordered = true;

	for (p = 0; p < x->ndense; p++)
		for (e = x->edges.start[p]; e < x->edges.start[p + 1]; e++)
			ordered &= x->scc_of[p] <= x->scc_of[x->edges.items[e]];
	ok(ordered, "components in order: sources first");
	for (p = 0; p < d->npairs; p++) {
		if (d->pairs[p].old_type == old->a)
			pa = p;
		if (d->pairs[p].old_type == old->c)
			pc = p;
	}
	ok(pa != KABI_NONE && pc != KABI_NONE && x->dense[pa] != KABI_NONE &&
	       x->dense[pc] != KABI_NONE,
	   "struct a and struct c differ (they lead to struct d)");
	ok(pa != KABI_NONE && pc != KABI_NONE &&
	       x->scc_of[x->dense[pa]] == x->scc_of[x->dense[pc]],
	   "a and c, which point at each other, are one component");
}

static void test_lists(const struct kabi_diff *d)
{
	const struct root_cause *r = &d->roots[0];
	uint32_t f_a = symbol_named(d, "f_a"), f_c = symbol_named(d, "f_c");
	uint32_t f_d = symbol_named(d, "f_d"), f_e = symbol_named(d, "f_e");

	is_int(d->nroots, 1, "one root cause: struct d");
	is_int(r->transitive.n, 4, "through every pointer it reaches all four");
	is_int(list_reach(&r->transitive, f_c), REACH_FURTHER,
	       "f_c: c -> d* is its second pointer");
	is_int(list_reach(&r->visible, f_c), -1,
	       "but c.c only declares struct d: not as its unit sees");
	is_int(list_reach(&r->visible, f_a), REACH_FURTHER,
	       "f_a reaches it as a.c sees, two pointers and more away");
	is_int(list_reach(&r->visible, f_e), REACH_FURTHER,
	       "f_e too: e holds a by value, then a -> c* -> d*");
	is_int(r->visible.n, 3, "the visible list: f_d, f_a and f_e");
	ok(r->visible.n == 3 && r->visible.symbols[0] == f_d &&
	       r->visible.reach[0] == REACH_BY_VALUE,
	   "nearest first: f_d holds struct d by value");
	ok(r->visible.n == 3 && r->visible.symbols[1] < r->visible.symbols[2],
	   "then, at one distance, by index");
	ok(diff_root_reached(d, r) == &r->visible &&
	       diff_root_other(d, r) == &r->transitive,
	   "the comparison counts the visible list, the other the transitive");
}

/* The path the backward walk gives, edge after edge, from f_e to d. */
static void test_paths(const struct kabi_diff *d, const struct side *old)
{
	struct diff_paths *paths = diff_paths_new(d);
	uint32_t edges[16], f_e = symbol_named(d, "f_e");
	size_t n = diff_paths_find(paths, f_e, &d->roots[0], edges, 16), i;
	bool linked = n > 0;
	uint32_t at = d->symbols[f_e].pair;

	for (i = 0; i < n && linked; i++) {
		const struct type_pair *tp = &d->pairs[at];

		linked = edges[i] >= tp->first_edge &&
			 edges[i] < tp->first_edge + tp->nedges;
		at = d->edges[edges[i]].to;
	}
	ok(linked, "each edge of the path leaves where the last one led");
	ok(n && d->pairs[at].old_type == old->d, "and the path ends at d");
	/* f_e(struct e) -> e -> a -> c* -> c -> d* -> d: the fewest pointers */
	is_int(n, 6, "by the fewest pointers, then steps");
	diff_paths_free(paths);
}

struct target {
	uint32_t pair;
	uint64_t dist;
};

static bool at_target(uint32_t pair, uint64_t dist, void *ctx)
{
	struct target *t = ctx;

	if (pair != t->pair)
		return false;
	t->dist = dist;
	return true;
}

/* The walks forward (walk.c) and backward (backward.c): one metric. */
static void test_one_metric(const struct kabi_diff *d)
{
	static const char *const names[] = {"f_a", "f_d", "f_e"};
	static const char *const what[] = {
	    "f_a: the same distance forward and backward",
	    "f_d: the same distance forward and backward",
	    "f_e: the same distance forward and backward"};
	struct back_walk back;
	struct forward fwd;
	size_t i;

	back_walk_init(&back, d->npairs);
	forward_init(&fwd, d->npairs);
	back_walk_all(d, &d->roots[0], &back);
	for (i = 0; i < 3; i++) {
		const struct symbol_change *s =
		    &d->symbols[symbol_named(d, names[i])];
		struct target t = {d->roots[0].pair, UINT64_MAX};

		forward_walk(d->reach, &fwd, s->view, s->pair, UINT64_MAX,
			     at_target, &t);
		ok(t.dist != UINT64_MAX && t.dist == back.dist[s->pair],
		   what[i]);
	}
	is_int(
	    dist_pointers(back.dist[d->symbols[symbol_named(d, "f_e")].pair]),
	    2, "f_e: two pointers away (c*, d*)");
	back_walk_free(&back);
	forward_free(&fwd);
}

int main(void)
{
	struct side old, new;
	struct kabi_diff d;

	build(&old, false);
	build(&new, true);
	diff_models(&old.m, &new.m, 0, 2, &d);
	test_components(&d, &old);
	test_lists(&d);
	test_paths(&d, &old);
	test_one_metric(&d);
	diff_free(&d);
	model_free(&old.m);
	model_free(&new.m);
	return tap_done();
}
