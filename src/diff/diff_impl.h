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

/* Symbols paired and compared; then root causes found. */
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
void diff_roots(struct kabi_diff *d, unsigned threads);
void diff_free_reverse(struct kabi_diff *d);

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

/*
 * The kABI-preservation idioms (idioms.c). A member name the macros
 * reserve a slot with (rh_reserved1, android_kabi_reserved1,
 * __kabi_reserved1, suse_kabi_padding...), or one gendwarfksyms'
 * KABI_IGNORE marks as not part of the ABI.
 */
bool idiom_reserved_name(const char *name);
bool idiom_ignored_name(const char *name);
/* An anonymous member of no size and no members: a macro's size check. */
bool idiom_empty_member(const struct kabi_model *m,
			const struct kabi_member *mb);
/*
 * In a union that replaces members the kABI way, which of its members
 * hides the originals (a struct); KABI_NONE: not such a union.
 */
uint32_t idiom_hiding_member(const struct kabi_model *m,
			     const struct kabi_type *u);
const struct kabi_type *idiom_hidden(const struct kabi_model *m,
				     const struct kabi_type *u, uint32_t hide);
/*
 * Two types made of the same scalars at the same offsets (int and
 * struct { int counter; }): code built for either reads the same bytes.
 * old_bits, new_bits: a bitfield's width, where the type is one's (an
 * enum in 8 bits and a u8 are the same bits), else 0.
 */
bool idiom_same_layout(const struct kabi_diff *d, uint32_t old_type,
		       uint32_t old_bits, uint32_t new_type, uint32_t new_bits);

/*
 * Each kept root cause's exports as their units see the types (its
 * visible list) and the exports' views (d->views); the walks' state
 * stays in d->reach.
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
