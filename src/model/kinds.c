// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What each kind of type is: its name, the encodings of base types, and
 * what a type of each kind refers to (its target, its members' or its
 * parameters' types). Asked by every stage; asks nothing of the model's
 * storage (model.c) or names (names.c).
 */
#include "model.h"

#include <string.h>

#include "../util/banned.h"

static const char *const kind_names[KABI_KIND_COUNT] = {
    [KABI_VOID] = "void",	  [KABI_BASE] = "base",
    [KABI_POINTER] = "pointer",	  [KABI_CONST] = "const",
    [KABI_VOLATILE] = "volatile", [KABI_RESTRICT] = "restrict",
    [KABI_ATOMIC] = "atomic",	  [KABI_TYPEDEF] = "typedef",
    [KABI_STRUCT] = "struct",	  [KABI_UNION] = "union",
    [KABI_ENUM] = "enum",	  [KABI_ARRAY] = "array",
    [KABI_FUNCTION] = "function", [KABI_UNKNOWN] = "unknown",
};

const char *kabi_kind_name(enum kabi_kind kind)
{
	return (unsigned)kind < KABI_KIND_COUNT ? kind_names[kind] : "?";
}

static const char *const encoding_names[] = {
    [KABI_ENC_ADDRESS] = "address",
    [KABI_ENC_BOOLEAN] = "boolean",
    [KABI_ENC_COMPLEX_FLOAT] = "complex-float",
    [KABI_ENC_FLOAT] = "float",
    [KABI_ENC_SIGNED] = "signed",
    [KABI_ENC_SIGNED_CHAR] = "signed-char",
    [KABI_ENC_UNSIGNED] = "unsigned",
    [KABI_ENC_UNSIGNED_CHAR] = "unsigned-char",
    [KABI_ENC_UTF] = "utf",
};

#define NENCODINGS (sizeof(encoding_names) / sizeof(*encoding_names))

const char *kabi_encoding_name(unsigned encoding)
{
	return encoding < NENCODINGS ? encoding_names[encoding] : NULL;
}

bool kabi_encoding_parse(const char *name, unsigned *encoding)
{
	unsigned i;

	for (i = 0; i < NENCODINGS; i++)
		if (encoding_names[i] && !strcmp(name, encoding_names[i])) {
			*encoding = i;
			return true;
		}
	return false;
}

bool kabi_type_has_identity(const struct kabi_type *t)
{
	return t->name && (t->kind == KABI_STRUCT || t->kind == KABI_UNION ||
			   t->kind == KABI_ENUM || t->kind == KABI_TYPEDEF);
}

bool kabi_kind_is_qualifier(enum kabi_kind kind)
{
	return kind == KABI_CONST || kind == KABI_VOLATILE ||
	       kind == KABI_RESTRICT || kind == KABI_ATOMIC;
}

bool kabi_kind_has_target(enum kabi_kind kind)
{
	return kind == KABI_POINTER || kabi_kind_is_qualifier(kind) ||
	       kind == KABI_TYPEDEF || kind == KABI_ARRAY ||
	       kind == KABI_FUNCTION;
}

bool kabi_kind_has_members(enum kabi_kind kind)
{
	return kind == KABI_STRUCT || kind == KABI_UNION;
}

void model_visit_refs(struct kabi_model *m, uint32_t id, kabi_ref_visitor visit,
		      void *ctx)
{
	struct kabi_type *t = &m->types[id];
	uint32_t i;

	if (kabi_kind_has_target(t->kind))
		visit(&t->target, ctx);
	if (kabi_kind_has_members(t->kind))
		for (i = 0; i < t->count; i++)
			visit(&m->members[t->first + i].type, ctx);
	else if (t->kind == KABI_FUNCTION)
		for (i = 0; i < t->count; i++)
			visit(&m->params[t->first + i], ctx);
}

struct ref_reader {
	kabi_ref_reader read;
	void *ctx;
};

static void read_ref(uint32_t *ref, void *ctx)
{
	const struct ref_reader *r = ctx;

	r->read(*ref, r->ctx);
}

void model_for_each_ref(const struct kabi_model *m, uint32_t id,
			kabi_ref_reader read, void *ctx)
{
	struct ref_reader r = {read, ctx};

	/* the visitor only reads: the model stays as it was */
	model_visit_refs((struct kabi_model *)m, id, read_ref, &r);
}
