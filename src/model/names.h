/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Names of types for people and ids for baselines, derived from names and
 * shape only, never from reading order:
 *
 *   spelling  the C spelling: "struct sk_buff *", "int (*)(void *, int)";
 *             an anonymous struct is "struct {anon:3fa9c0d1e2b4}" after a
 *             hash of its content
 *   id        the spelling, unique in the model: when two types are
 *             spelled alike (two different struct foo), each gets
 *             "#" and a hash of its structure, deep enough to tell them
 *             apart
 *
 * A type that did not change keeps its id when types it refers to
 * change: "struct sk_buff *" is that whatever struct sk_buff holds.
 */
#ifndef KABI_MODEL_NAMES_H
#define KABI_MODEL_NAMES_H

#include "model.h"

struct type_names {
	struct strset strings;
	uint32_t *spelling; /* per type, in strings */
	uint32_t *id;	    /* per type, in strings */
	size_t ntypes;
	bool borrowed; /* the model's own (model.names): not freed here */
};

void type_names_compute(const struct kabi_model *m, struct type_names *out);
/* The model's names if a baseline gave them, else computed. */
void type_names_get(const struct kabi_model *m, struct type_names *out);
/*
 * The names of a baseline's types from their ids: the strings become
 * the names' (ids[type] in them for each type but void), and each
 * spelling is its id without the "#" and hash that tell alike apart.
 */
void type_names_from_ids(struct type_names *out, struct strset *strings,
			 const uint32_t *ids, size_t ntypes);
void type_names_free(struct type_names *n);

static inline const char *type_spelling(const struct type_names *n,
					uint32_t type)
{
	return strset_str(&n->strings, n->spelling[type]);
}

static inline const char *type_baseline_id(const struct type_names *n,
					   uint32_t type)
{
	return strset_str(&n->strings, n->id[type]);
}

#endif
