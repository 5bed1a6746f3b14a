/* SPDX-License-Identifier: GPL-2.0-or-later */
/* What the files of diff/ share. Private to diff/. */
#ifndef KABI_DIFF_IMPL_H
#define KABI_DIFF_IMPL_H

#include "diff.h"
#include "../util/numbering.h"

/* The state of a comparison in progress. */
struct differ {
	struct kabi_diff *d;
	struct hashmap pair_index; /* (old, new) -> pair */
	uint32_t *queue;	   /* pairs whose content is not compared yet */
	size_t nqueue, queue_alloc;
	/* the items and edges of the pair being compared, before storing */
	struct change_item *items;
	size_t nitems, items_alloc;
	struct pair_edge *edges;
	size_t nedges, edges_alloc;
};

/* The pair of two types, new pairs queued for comparison. */
uint32_t differ_pair(struct differ *df, uint32_t old_type, uint32_t new_type);
/*
 * The pair of an exported symbol's type: the pair of its old and new
 * types when they stand in each other's place (function types always
 * do), else, for a variable, a pair of its own (type_pair.variable)
 * holding how they differ.
 */
uint32_t differ_symbol_type(struct differ *df, uint32_t old_type,
			    uint32_t new_type);
/* Compare every queued pair. */
void differ_drain(struct differ *df);
/*
 * Whether a new type stands in the old one's place, to be compared with
 * it: same kind, and same name when named.
 */
/*
 * Whether m, one side of d, leaves out of its types what the other
 * keeps (model_keeps_whole_types): what it lacks is then no change.
 */
static inline bool diff_side_lacks(const struct kabi_diff *d,
				   const struct kabi_model *m)
{
	const struct kabi_model *other = m == d->old ? d->new : d->old;

	return !model_keeps_whole_types(m) && model_keeps_whole_types(other);
}

bool differ_same_identity(const struct kabi_diff *d, uint32_t old_type,
			  uint32_t new_type);
/*
 * Step through two array types to the types their elements are compared
 * by (*old_next, *new_next); true when their bounds differ. Where either
 * side's types come from BTF, which pahole writes "[2][3]" to as "[6]"
 * and "[0]" as "[]", arrays are compared flattened, by their count of
 * innermost elements.
 */
bool differ_array_step(const struct kabi_diff *d, const struct kabi_type *o,
		       const struct kabi_type *n, uint32_t *old_next,
		       uint32_t *new_next);
/*
 * Compare the types at one place of a parent: an edge to their pair when
 * they correspond, else a local item saying how they differ. items and
 * edges receive what is found.
 */
void differ_child(struct differ *df, enum change_place place, const char *name,
		  uint32_t index, uint32_t old_type, uint32_t new_type);
/*
 * A local item of the pair being compared, and one with the two values
 * that changed; the item, for what else a caller says of it (its types,
 * a new name), until the next is added.
 */
struct change_item *differ_item(struct differ *df, enum change_kind kind,
				enum change_place place, const char *name,
				uint32_t index);
struct change_item *differ_values(struct differ *df, enum change_kind kind,
				  enum change_place place, const char *name,
				  uint64_t old_value, uint64_t new_value);

/* The items and edges found since the last, as the pair's (a compared pair). */
void differ_store_pair(struct differ *df, uint32_t pair);
/*
 * Two structs or unions, or a tag defined on one side only (members.c):
 * their own items, and their members' pairs.
 */
void differ_aggregate(struct differ *df, const struct kabi_type *o,
		      const struct kabi_type *n);

/*
 * The symbols paired (by name and module, then by name), each with its
 * export's own changes and its type's pair queued, and the view of each
 * paired export: the units that build it (symbols.c).
 */
void diff_symbols(struct differ *df);
/*
 * The uapi types paired, before the pairs are compared (diff_uapi_pair);
 * once root causes are found, those that did not change dropped and
 * what did said (diff_uapi_finish).
 */
void diff_uapi_pair(struct differ *df);
void diff_uapi_finish(struct kabi_diff *d);
/*
 * Append an item of a user-space change (a system call, a uapi type),
 * counting it in *nitems and raising *severity if it is breaking.
 */
void diff_add_item(struct kabi_diff *d, const struct change_item *it,
		   uint32_t *nitems, enum severity *severity);
/* The severity of items [first, first + n): breaking if one is. */
enum severity diff_items_severity(const struct kabi_diff *d, uint32_t first,
				  uint32_t n);
/* Each pair's and symbol's severity from its own items; private types. */
void diff_classify(struct kabi_diff *d);
/*
 * The root causes (roots.c): pairs with local changes, one root for the
 * pairs that tell one change (its variants), kept when an export's type
 * reaches it through any pointer; each with the exports so reached, its
 * transitive list, and the context of a root without a name. Every pair
 * on the way back from a root differs (type_pair.differs).
 */
void diff_find_roots(struct kabi_diff *d, unsigned threads);
/*
 * What the lists make of each root: beyond every unit's view when no
 * export's unit sees it (unless the comparison follows every pointer),
 * and then compatible; each export the counted list holds is changed by
 * a type, breaking if the cause is.
 */
void diff_settle_roots(struct kabi_diff *d);
/*
 * The roots in the order reports give them: breaking first; then those
 * that most exports hold by value or within one pointer, then by value
 * alone, then all; then by name.
 */
void diff_rank_roots(struct kabi_diff *d);

/*
 * A distance on the graph of pairs, as the walks order them: fewer
 * pointers first, then fewer steps; one number, the pointers in its high
 * 32 bits, so that comparing two compares both at once.
 */
static inline uint64_t dist_of(uint32_t pointers, uint32_t steps)
{
	return (uint64_t)pointers << 32 | steps;
}

static inline uint32_t dist_pointers(uint64_t dist)
{
	return (uint32_t)(dist >> 32);
}

/* Where "within one pointer" ends: at two, the reach is further. */
#define DIST_FURTHER dist_of(2, 0)

/* What stepping through pair p costs: a step, and a pointer if it is one. */
static inline uint64_t diff_step_cost(const struct kabi_diff *d, size_t p)
{
	return dist_of(
	    model_type(d->old, d->pairs[p].old_type)->kind == KABI_POINTER, 1);
}

/* The kind of reach of a distance (enum reach_kind). */
static inline uint8_t diff_reach_of(uint64_t dist)
{
	return dist_pointers(dist) == 0	  ? REACH_BY_VALUE
	       : dist_pointers(dist) == 1 ? REACH_ONE_POINTER
					  : REACH_FURTHER;
}

/* --- the backward walk (backward.c) ---------------------------------- */

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

struct back_walk {
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

void back_walk_init(struct back_walk *w, size_t npairs);
void back_walk_free(struct back_walk *w);
/*
 * A walk from a root cause (all of its variants) begins: what an earlier
 * walk saw is forgotten, and the variants are queued at distance 0.
 */
void back_walk_start(const struct root_cause *root, struct back_walk *w);
/*
 * The walk goes on until pair `until` is done (KABI_NONE: until every
 * pair from which the root can be reached is), nearest first; via[p] is
 * then the edge from p one step closer (KABI_NONE for the variants). A
 * pair's distance and via are final once it is done, so a walk stopped
 * early and taken up again ends as one taken in one go.
 */
void back_walk_until(const struct kabi_diff *d, struct back_walk *w,
		     uint32_t until);
/* The whole walk from a root: every pair that reaches it. */
void back_walk_all(const struct kabi_diff *d, const struct root_cause *root,
		   struct back_walk *w);
/* The steps back from each pair (d->reverse), once pairs are compared. */
void diff_reverse_build(struct kabi_diff *d);
void diff_free_reverse(struct kabi_diff *d);

/*
 * The kABI-preservation idioms (idioms.c). A member name the macros
 * reserve a slot with (rh_reserved1, android_kabi_reserved1,
 * __kabi_reserved1, kabi_reserved1, deepin_reserved1, ck_reserved1,
 * uek_reserved1, android_backport_reserved1, suse_kabi_padding...), or
 * one gendwarfksyms' KABI_IGNORE marks as not part of the ABI.
 */
bool idiom_reserved_name(const char *name);
bool idiom_ignored_name(const char *name);
/* The name a member had before gendwarfksyms' KABI_REPLACE renamed it. */
const char *idiom_original_name(const char *name);
/* An anonymous member of no size and no members: a macro's size check. */
bool idiom_empty_member(const struct kabi_model *m,
			const struct kabi_member *mb);
/* Whether a union has such a member. */
bool idiom_size_checked(const struct kabi_model *m, const struct kabi_type *u);
/*
 * In a union that replaces members the kABI way, which of its members
 * keeps the originals (a struct), by what one side alone shows: its name,
 * its members' reserved names, or the size check; KABI_NONE: not such a
 * union, or nothing but OLD can tell (members.c measures it by shape).
 */
uint32_t idiom_hiding_member(const struct kabi_model *m,
			     const struct kabi_type *u);
/*
 * Two types made of the same scalars at the same offsets (int and
 * struct { int counter; }): code built for either reads the same bytes.
 * old_bits, new_bits: a bitfield's width, where the type is one's (an
 * enum in 8 bits and a u8 are the same bits), else 0.
 */
bool idiom_same_layout(const struct kabi_diff *d, uint32_t old_type,
		       uint32_t old_bits, uint32_t new_type, uint32_t new_bits);

/*
 * Each kept root cause's exports as their units see the types, its
 * visible list (reach.h); the walks' state stays in d->reach.
 */
void diff_reach_visible(struct kabi_diff *d, unsigned threads);
void diff_reach_free(struct kabi_diff *d);
/*
 * The shortest path from an export to a root cause as the export's unit
 * sees the types, as diff_paths_find gives it; SIZE_MAX when the export
 * has no view or reaches the root only beyond it. *walk holds the walk's
 * state between calls (NULL at first; diff_reach_walk_free).
 */
struct forward;
size_t diff_reach_path(const struct kabi_diff *d, struct forward **walk,
		       uint32_t symbol, const struct root_cause *root,
		       uint32_t *edges, size_t max);
void diff_reach_walk_free(struct forward *walk);
/* Whether a path from an export passes only what its unit sees. */
bool diff_reach_path_seen(const struct kabi_diff *d, uint32_t symbol,
			  const uint32_t *edges, size_t n);
/*
 * The nearest struct, union or enum an export's unit defines on one side
 * and only declares on the other (changed or not), or KABI_NONE; and
 * whether the new unit is the one that defines it.
 */
uint32_t diff_reach_view_change(const struct kabi_diff *d, uint32_t symbol);
bool diff_reach_now_defined(const struct kabi_diff *d, uint32_t symbol,
			    uint32_t pair);
/* Each paired export's type change set against its CRC (crcs.c). */
void diff_crcs(struct kabi_diff *d);
/* Whether a paired export has a CRC on both sides, the same. */
bool diff_crc_kept(const struct kabi_diff *d, const struct symbol_change *s);

#endif
