/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The first rule of a file to match something, found in time near
 * linear in the rules: those that match one literal name (most of a long
 * file: "nosuch_17 PASS", "name = foo") are looked up by it; only those
 * with a pattern are tried in turn, and only until a literal one has
 * matched before them. Private to suppress/.
 */
#ifndef KABI_SUPPRESS_RULE_INDEX_H
#define KABI_SUPPRESS_RULE_INDEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../util/hashmap.h"

/* A name a rule may be looked up by, in a space of its own (tag). */
struct rule_key {
	unsigned tag; /* what the name is of: a symbol, a module, ... */
	const char *name;
};

struct rule_index {
	struct hashmap literal; /* hash of (tag, name) -> rule number */
	uint32_t *scan;		/* the other rules, in order */
	size_t nscan, scan_alloc;
};

void rule_index_init(struct rule_index *x);
void rule_index_free(struct rule_index *x);
/* Rule number `rule` matches only the name key says (or, NULL, others). */
void rule_index_add(struct rule_index *x, uint32_t rule,
		    const struct rule_key *key);
/*
 * The lowest rule number for which matches(rule, ctx) holds, of those
 * added with one of the keys or none; UINT32_MAX if none does. matches
 * is the whole test: a literal entry is only where to look.
 */
uint32_t rule_index_first(const struct rule_index *x,
			  const struct rule_key *keys, size_t nkeys,
			  bool (*matches)(uint32_t rule, void *ctx), void *ctx);

struct diff_filter;
/* The filter's index of the rules on exports (filter.c builds it). */
const struct rule_index *filter_export_index(const struct diff_filter *f);

#endif
