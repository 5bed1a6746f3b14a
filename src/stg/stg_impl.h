/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Internal to the stg/ stage, in the order of reading:
 *
 * text.c   protobuf text format, the part of its grammar STG writes,
 *          one top-level field at a time, into a small tree of fields
 * nodes.c  each top-level message (a node) checked against STG's schema
 *          and kept in the node table (nodes.h), its references still
 *          STG ids
 * graph.c  the table as a fragment of the model, every reference checked,
 *          and the exports, through the model builder
 */
#ifndef KABI_STG_IMPL_H
#define KABI_STG_IMPL_H

#include <stdint.h>

#include "nodes.h"
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

/*
 * Read every top-level field of the text into nodes (names interned in
 * m); 0, or an error reported at its line.
 */
int stg_nodes_read(struct stg_text *t, struct stg_nodes *nodes,
		   struct kabi_model *m);
#endif
