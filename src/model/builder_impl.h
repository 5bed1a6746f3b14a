/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the two halves of the model builder share: builder.c collects
 * fragments into shapes and instances, dedup.c refines and materialises
 * them. Private to model/.
 *
 * A shape is written as tokens: V (void), R kind name (a reference to a
 * named type: one slot), N kind flags encoding size align name count
 * followed by what the kind holds (a target; members as name, offset,
 * bit size, type; enumerators as name and value; return and parameter
 * types), and X (an anonymous cycle, only in damaged input). Numbers are
 * LEB128, strings a length and bytes.
 */
#ifndef KABI_MODEL_BUILDER_IMPL_H
#define KABI_MODEL_BUILDER_IMPL_H

#include "builder.h"
#include "../util/hashmap.h"
#include "../util/strbuf.h"

enum token {
	TOKEN_VOID = 'V',
	TOKEN_NODE = 'N',
	TOKEN_REF = 'R',
	TOKEN_BAD = 'X'
};

struct shape {
	uint64_t hash;
	size_t off; /* in builder.bytes */
	size_t len;
	uint32_t name; /* builder string; named types only */
	uint32_t first_instance;
	uint8_t kind;
	bool named;
	bool declaration;
};

struct symbol_desc {
	uint32_t shape;
	size_t refs_off; /* in builder.sym_refs, as instance ids */
	uint32_t nrefs;
	size_t names_off; /* in builder.names */
	uint32_t nnames;
	uint32_t unit; /* 1 + its index in builder.units; 0: none */
	/*
	 * The unit holding its EXPORT_SYMBOL, where genksyms computes the
	 * CRC (1 + index; 0: none told). It need not be the first to
	 * define it (unit): a weak definition, an out-of-line copy of an
	 * inline one, or only a declaration in the exporting unit.
	 */
	uint32_t export_unit;
	bool set;
};

struct model_builder {
	struct strset strings;
	struct strbuf bytes;
	struct shape *shapes;
	size_t nshapes, shapes_alloc;
	struct hashmap shape_index; /* hash -> shape */
	/* instances: shape and references, as compressed rows */
	uint32_t *inst_shape;
	uint32_t *inst_file; /* where each was declared: builder string */
	uint32_t *inst_line;
	uint32_t *inst_scope; /* the binary of its fragment */
	size_t *inst_refs;    /* start of each row in refs */
	size_t ninst, inst_alloc;
	uint32_t *refs;
	size_t nrefs, refs_alloc;
	uint32_t *sym_refs; /* symbols' references, as instance ids */
	size_t nsym_refs, sym_refs_alloc;
	uint32_t *names; /* parameter names of symbols */
	size_t nnames, names_alloc;
	struct symbol_desc *symbols;
	size_t nsymbols;
	/* the units of the fragments that described symbols (strings ours) */
	struct kabi_unit *units;
	size_t nunits, units_alloc;
	struct kabi_tag *opaque;
	size_t nopaque, opaque_alloc;
	struct model_builder_stats stats;
	unsigned threads; /* for the refinement, model_builder_set_threads */
	struct parallel_times *times;
};

#endif
