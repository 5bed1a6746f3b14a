/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The node table: a symbol-type graph as STG keeps it (google/stg's
 * graph: one node per type, member, symbol and interface, each with a
 * 32-bit id by which the others refer to it), and its making into the
 * model. Two readers fill it: STG's own text (stg/nodes.c) and
 * libabigail's ABIXML (abixml/), which STG itself reads into the same
 * graph; reach, deduplication and model building are then one code
 * (stg/graph.c).
 */
#ifndef KABI_STG_NODES_H
#define KABI_STG_NODES_H

#include <stdbool.h>
#include <stdint.h>

#include "../model/model.h"
#include "../util/diag.h"
#include "../util/hashmap.h"

enum stg_kind {
	STG_VOID,
	STG_VARIADIC,
	STG_POINTER,
	STG_TYPEDEF,
	STG_QUALIFIED,
	STG_PRIMITIVE,
	STG_ARRAY,
	STG_MEMBER,
	STG_STRUCT,
	STG_UNION,
	STG_ENUM,
	STG_FUNCTION,
	/* C++ and Rust: read as types kabi cannot represent (KABI_UNKNOWN) */
	STG_OTHER_TYPE,
	STG_BASE_CLASS,
	STG_METHOD,
	STG_VARIANT_MEMBER,
	STG_ELF_SYMBOL,
	STG_INTERFACE,
};

/* stg_node.flags */
enum {
	STG_DEFINED = 1 << 0, /* struct, union, enum: a definition; symbol */
	STG_HAS_CRC = 1 << 1, /* symbol */
	STG_FUNCTION_SYM = 1 << 3,
	STG_EXPORTED = 1 << 4, /* symbol: defined, global or weak */
	STG_HAS_REF2 = 1 << 5, /* ref2 is a reference to check */
	STG_HAS_REF = 1 << 6,
};

/*
 * A node as read. Its id and references are numbers (from 1 up);
 * lists (members, parameters, symbols) are runs of ids in stg_nodes.ids,
 * enumerators runs in stg_nodes.enumerators.
 */
struct stg_node {
	uint32_t id;
	uint8_t kind; /* enum stg_kind */
	uint8_t flags;
	uint16_t detail; /* qualifier (enum kabi_kind), encoding */
	uint32_t name;	 /* model string; for STG_OTHER_TYPE what it is */
	uint32_t ns;	 /* symbol: namespace */
	uint32_t ref;	 /* target, member or symbol type, return type */
	uint32_t ref2;	 /* C++ and Rust: containing or discriminant type */
	uint32_t crc;
	uint64_t size;	 /* bytes (a pointer: 0, not said), array elements, or
			    bits of a bitfield */
	uint64_t offset; /* member: bits */
	uint32_t first, count; /* ids: members, parameters, symbols */
	uint32_t first_enumerator, nenumerators;
	unsigned long line;
};

struct stg_nodes {
	struct stg_node *v;
	size_t n, alloc;
	/* by id: its index in v + 1, or 0 for none (an array: one load) */
	uint32_t *slot;
	size_t slot_alloc;
	/*
	 * STG's ids are 32-bit hashes, numbered from 1 up as first seen so
	 * that they index slot too (stg_nodes_number); external holds each
	 * number's STG id, for messages. ABIXML's reader numbers its own.
	 */
	struct hashmap by_id; /* STG id -> number */
	uint32_t *external;
	size_t external_alloc;
	uint32_t next;
	uint32_t *ids;
	size_t nids, ids_alloc;
	struct kabi_enumerator *enumerators;
	size_t nenumerators, enumerators_alloc;
	uint32_t root_id;
	bool has_root;
};

void stg_nodes_init(struct stg_nodes *n);
/* The number of an STG id, given when first seen. */
uint32_t stg_nodes_number(struct stg_nodes *n, uint32_t stg_id);
/* An id as the input wrote it (STG's), for messages. */
uint32_t stg_nodes_external(const struct stg_nodes *n, uint32_t id);
void stg_nodes_free(struct stg_nodes *n);
/* The node of an id, or NULL. */
const struct stg_node *stg_nodes_find(const struct stg_nodes *n, uint32_t id);
/*
 * A node into the table, found by its id from then on (the caller has
 * made sure no other has it); its index in v.
 */
size_t stg_nodes_add(struct stg_nodes *n, const struct stg_node *node);
/*
 * One more of a node's references (members, parameters, symbols). A
 * node's are one run of ids: its references are added together, before
 * another node's.
 */
void stg_nodes_add_ref(struct stg_nodes *n, struct stg_node *node, uint32_t id);
/* One more of an enum's enumerators, zeroed; the same holds. */
struct kabi_enumerator *stg_nodes_add_enumerator(struct stg_nodes *n,
						 struct stg_node *node);

/*
 * The exports and their types into out, through the model builder, from
 * the nodes and frag, the model their names are in (taken over); 0, or
 * an error reported at the line of the node that is wrong, as an error
 * of the foreign format's (out->foreign is set to it).
 */
int stg_graph_build(const struct stg_nodes *nodes, struct kabi_model *frag,
		    const char *path, enum kabi_foreign foreign,
		    struct kabi_model *out, struct diag *d);

#endif
