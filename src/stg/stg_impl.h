/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Internal to the stg/ stage, in the order of reading:
 *
 * text.c   protobuf text format, the part of its grammar STG writes,
 *          one top-level field at a time, into a small tree of fields
 * nodes.c  each top-level message (a node) checked against STG's schema
 *          and kept in a table, its references still STG ids
 * graph.c  the table as a fragment of the model, every reference checked,
 *          and the exports, through the model builder
 */
#ifndef KABI_STG_IMPL_H
#define KABI_STG_IMPL_H

#include <stdint.h>

#include "stg.h"
#include "../util/hashmap.h"
#include "../util/strbuf.h"

/* Messages nest at most this deep (STG's go 3 deep: enumerators). */
#define STG_MAX_DEPTH 8
/* Strings and names at most this long (the longest line kabi takes). */
#define STG_MAX_TOKEN (64u << 10)

enum stg_value { STG_MESSAGE, STG_NUMBER, STG_STRING, STG_IDENT };

/*
 * One field as read: `name: value` or `name { ... }`. Fields refer to
 * each other by index in stg_text.fields; 0 is none.
 */
struct stg_field {
	uint32_t name;	 /* in stg_text.scratch, NUL-ended */
	uint32_t value;	 /* STG_STRING, STG_IDENT: the same */
	uint32_t child;	 /* STG_MESSAGE: its first field */
	uint32_t next;	 /* the next field of the same message */
	uint64_t number; /* STG_NUMBER: its magnitude */
	uint8_t kind;	 /* enum stg_value */
	bool negative;
	unsigned long line;
};

struct stg_text {
	const char *path;
	const char *p, *end;
	unsigned long line;
	/* the current top-level field and what it holds; [0] unused */
	struct stg_field *fields;
	size_t nfields, alloc;
	struct strbuf scratch;
	struct diag *d;
};

void stg_text_init(struct stg_text *t, const char *path, const char *data,
		   size_t len, struct diag *d);
void stg_text_free(struct stg_text *t);
/*
 * The next top-level field, in *top: 1; 0 at the end of the text;
 * negative on an error, reported with the line.
 */
int stg_text_next(struct stg_text *t, uint32_t *top);

static inline const struct stg_field *stg_field(const struct stg_text *t,
						uint32_t i)
{
	return &t->fields[i];
}

static inline const char *stg_text_str(const struct stg_text *t, uint32_t off)
{
	return t->scratch.buf + off;
}

/* --- nodes -------------------------------------------------------------- */

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
 * A node as read. References are STG ids until graph.c resolves them;
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
	uint64_t size;	 /* bytes, array elements, or bits of a bitfield */
	uint64_t offset; /* member: bits */
	uint32_t first, count; /* ids: members, parameters, symbols */
	uint32_t first_enumerator, nenumerators;
	unsigned long line;
};

struct stg_nodes {
	struct stg_node *v;
	size_t n, alloc;
	struct hashmap by_id; /* hash of id -> index in v */
	uint32_t *ids;
	size_t nids, ids_alloc;
	struct kabi_enumerator *enumerators;
	size_t nenumerators, enumerators_alloc;
	uint32_t root_id;
	bool has_root;
};

void stg_nodes_init(struct stg_nodes *n);
void stg_nodes_free(struct stg_nodes *n);
/*
 * Read every top-level field of the text into nodes (names interned in
 * m); 0, or an error reported at its line.
 */
int stg_nodes_read(struct stg_text *t, struct stg_nodes *nodes,
		   struct kabi_model *m);
/* The node of an STG id, or NULL. */
const struct stg_node *stg_nodes_find(const struct stg_nodes *n, uint32_t id);

/*
 * The exports and their types into out, through the model builder, from
 * the nodes and frag, the model their names are in (taken over); 0, or
 * an error reported at the line of the node that is wrong.
 */
int stg_graph_build(const struct stg_nodes *nodes, struct kabi_model *frag,
		    const char *path, struct kabi_model *out, struct diag *d);

#endif
