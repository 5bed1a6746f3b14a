/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Which exports a root cause reaches as their units see the types: the
 * reach stage's own header, shared by its files.
 *
 * genksyms computes an export's CRC in the unit that exports it,
 * expanding a struct, union or enum where that unit defines it and
 * writing "struct foo { UNKNOWN }" where it only declares it. A change
 * reaches the CRC along the definitions the unit holds, and no further.
 * So does it here: a walk from an export does not enter a pair whose
 * struct its unit (old or new) only declares (model.h, kabi_unit).
 *
 * Walking from each export in turn costs the whole reachable graph per
 * export: most exports reach the same few thousand pairs (net_device,
 * sk_buff, task_struct point at each other). Instead the exports, in
 * groups of the same type pair and view, are carried as bits through the
 * graph of differing pairs at once, in the order of its strongly
 * connected components: a pair's bits say which groups reach it. A
 * walk from each group within one pointer then tells how near each cause
 * is (by value, within one pointer), and the rest is further.
 *
 * The files, in the order the stage runs them (diff_reach_visible):
 *   sight.c  what each unit sees: the tags units only declare, how a
 *            view passes a pair, the pairs a unit could hide
 *   graph.c  the graph of differing pairs and its components, in order
 *   reach.c  the groups of exports; the driver; each root's list
 *   carry.c  the groups carried through the graph as bits, in batches
 *   walk.c   the shortest-path walk from one group, and paths
 *
 * Glossary: every index is a uint32_t; the name says which space.
 *   pair     a compared pair of types: d->pairs[pair]. Every pair.
 *   dense    a differing pair's number among the differing ones:
 *            x->dense[pair] (KABI_NONE for a pair that does not
 *            differ), x->pairs[dense] back. The graph, its components
 *            and the batches' rows are by dense number.
 *   scc      a strongly connected component of the graph, sources
 *            first: x->scc_of[dense]; its members x->scc_pairs from
 *            x->scc_start[scc].
 *   view     the pair of units an export is built in, old and new:
 *            d->views[view], a symbol change's s->view (symbols.c
 *            numbers them). "View" means this alone: what a pair of
 *            units sees of the types.
 *   unit     a compilation unit of one side: model->units[unit]; 0 is
 *            none known.
 *   tag      a struct, union or enum name (the C sense) that some unit
 *            of one side only declares, numbered per side: side_tags;
 *            st->pair_tag[pair] is a pair's type's number there.
 *   group    the exports of one type pair and one view, which reach the
 *            same: x->group_of[symbol], x->group_pair[group] (a pair),
 *            x->group_view[group]. A batch's bit g is group first + g.
 *   root     a root cause: d->roots[root]; x->cause_of[pair] is the
 *            root a pair is a variant of.
 *   mask     in a batch, the row of blocked groups of a pair that could
 *            block: b->mask_of[dense].
 *   symbol   a symbol change: d->symbols[symbol].
 */
#ifndef KABI_DIFF_REACH_H
#define KABI_DIFF_REACH_H

#include "diff_impl.h"
#include "../util/rows.h"

/*
 * One side's tags that some unit declares without defining, numbered,
 * and per unit a bit for each it so declares.
 */
struct side_tags {
	struct hashmap index; /* (kind, name string) -> number */
	size_t n, words;
	uint64_t *unit_bits; /* per unit: words */
	uint32_t *pair_tag;  /* per pair: its type's number, or KABI_NONE */
	/* the other way: per tag, as rows, the units that only declare it */
	struct rows tag_units;
	/* the units sorted by name string, for those a file names */
	uint32_t *by_name;
	size_t nunits;
};

/*
 * What pair_pass needs of a pair's type on one side, looked up once: its
 * number among the tags units only declare, whether the tree only
 * declares it, and the file that defines it when it is a tag.
 */
struct side_pass {
	uint32_t tag;  /* side_tags number, or KABI_NONE */
	uint32_t home; /* decl_file of a defined tag, or 0 */
	bool declaration;
};

/*
 * How a walk of one view passes a pair: through it; not at all (both
 * units only declare it: nothing in it shows); or not, because one unit
 * defines it and the other only declares it (a view change).
 */
enum pass { PASS_OPEN, PASS_STOP, PASS_VIEW_CHANGE };

/*
 * Groups carried through the graph in one batch, at most (a row of bits
 * each pair, 64 a word); groups whose near roots one job finds.
 */
#define REACH_BATCH_MAX	 512
#define REACH_NEAR_BATCH 256

/* The stage's state, each field written by one step (the file named). */
struct diff_reach {
	struct kabi_diff *d;
	/*
	 * reach.c: groups a batch carries, and a near job walks from: the
	 * most, or as few as a test asks (d->test_batch), which then also
	 * checks the reach against the slow way (oracle.c)
	 */
	size_t batch, near_batch;
	bool check;
	/* sight.c: both sides' tags, and each pair's side_pass */
	struct side_tags old_tags, new_tags;
	struct side_pass *old_pass, *new_pass; /* per pair */
	/* graph.c: the differing pairs, numbered */
	uint32_t *dense; /* per pair: its dense number, or KABI_NONE */
	uint32_t *pairs; /* per dense number: the pair */
	size_t ndense;
	/* graph.c: per dense pair, its edges to differing pairs, as rows */
	struct rows edges;
	/* graph.c: the components, sources first, as rows of dense pairs */
	uint32_t *scc_start, *scc_pairs, *scc_of;
	size_t nscc;
	/* reach.c: the groups of exports (one type pair, one view) */
	uint32_t *group_of; /* per symbol change, or KABI_NONE */
	uint32_t *group_pair, *group_view;
	size_t ngroups;
	uint32_t *cause_of; /* reach.c: per pair, its root, or KABI_NONE */
	/* sight.c: per unit of each side, the dense pairs it could hide */
	struct rows old_hidden, new_hidden;
	/* sight.c: the dense pairs that could block and the tree declares */
	uint32_t *declared;
	size_t ndeclared;
};

/* A pair of group and thing (a root), found by the batches. */
struct hit {
	uint32_t group, what;
};

struct hits {
	struct hit *v;
	size_t n, alloc;
};

/*
 * A shortest-path walk forward from a type pair as one view passes the
 * pairs, nearest first: fewest pointers, then fewest steps, then lowest
 * pair index; stepping out of a pointer costs one pointer. Over the
 * differing pairs only (no other leads to a change).
 */
struct heap_entry {
	uint64_t dist;
	uint32_t pair;
};

struct forward {
	uint64_t *dist; /* per pair */
	uint32_t *via;	/* per pair: the edge it was reached by */
	uint32_t *prev; /* per pair: the pair that edge leaves */
	uint8_t *state; /* per pair: 0, 1 queued, 2 done */
	uint32_t *touched;
	size_t ntouched;
	struct heap_entry *heap;
	size_t nheap, heap_alloc;
	/*
	 * For diff_reach_path: the paths found to one root, per group (the
	 * exports of one type pair and view share theirs), as rows of edges.
	 */
	const struct root_cause *root;
	uint32_t *path_start, *path_len; /* per group; KABI_NONE: not yet */
	uint32_t *path_edges;
	size_t npath_edges, path_edges_alloc;
};

/* --- sight.c -------------------------------------------------------- */

/*
 * Both sides' tags and each pair's side_pass; then, once the graph is
 * built, the differing pairs each unit could hide.
 */
void sight_build(struct diff_reach *x, unsigned threads);
void sight_build_hidden(struct diff_reach *x, unsigned threads);
void sight_free(struct diff_reach *x);
/* How a walk of view passes pair (only a pair that could block stops it). */
enum pass pair_pass(const struct diff_reach *x, uint32_t view, uint32_t pair);
bool could_block(const struct diff_reach *x, uint32_t pair);
/* Whether a walk from an export says what its unit sees. */
bool view_walked(const struct kabi_diff *d, const struct symbol_change *s);

/* --- graph.c -------------------------------------------------------- */

/* The dense numbers, the edges among differing pairs, the components. */
void graph_build(struct diff_reach *x);
void graph_free(struct diff_reach *x);

/* --- carry.c -------------------------------------------------------- */

/* Which groups reach each root, as their views pass the pairs: hits. */
void carry_groups(const struct diff_reach *x, unsigned threads,
		  struct hits *roots);

/* --- oracle.c ------------------------------------------------------ */

/*
 * The test oracle (x->check): each group's roots and how near, from a
 * walk from each group through every pointer, against the root lists
 * the batches and near walks made. A difference is a bug: it says so
 * and aborts.
 */
void reach_check(const struct diff_reach *x);
__attribute__((noreturn, format(printf, 1, 2))) void
reach_check_failed(const char *fmt, ...);

/* --- walk.c --------------------------------------------------------- */

void forward_init(struct forward *f, size_t npairs);
void forward_free(struct forward *f);
/*
 * Walk from pair `from` in view `view`, at most max_pointers deep; for
 * each pair done whose items show in the view, found(pair, dist, ctx);
 * stop when it returns true. The walk's state stays for diff_reach_path.
 */
void forward_walk(const struct diff_reach *x, struct forward *f, uint32_t view,
		  uint32_t from, uint64_t max_pointers,
		  bool (*found)(uint32_t, uint64_t, void *), void *ctx);

#endif
