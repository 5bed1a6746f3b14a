// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * STG's nodes, checked against its schema (stg.proto, version 2) and
 * kept in a table; see stg_impl.h. The schema is a table per message:
 * each field's name, the value it takes, and where it goes. A field
 * this kabi does not know, one given twice where the schema has one, a
 * value of the wrong kind or out of range, or a node without an id or
 * with another's, is an error at its line: STG writes none of them.
 */
#include "stg_impl.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "../util/xalloc.h"
#include "../util/banned.h"

/* Where a field's value goes. */
enum slot {
	SLOT_ID,
	SLOT_NAME,
	SLOT_REF,     /* one type (or symbol type) */
	SLOT_CHECKED, /* a reference only checked (C++ and Rust extras) */
	SLOT_LIST,    /* a repeated reference */
	SLOT_SIZE,    /* bytes, elements, bits of a bitfield */
	SLOT_OFFSET,  /* bits */
	SLOT_CRC,
	SLOT_NAMESPACE,
	SLOT_DETAIL,  /* an enum value: its index in the spec's names */
	SLOT_DEFINED, /* bool */
	SLOT_SYMBOL_TYPE,
	SLOT_BINDING,
	SLOT_VISIBILITY,
	SLOT_DEFINITION, /* a message of the spec's sub-table */
	SLOT_ENUMERATOR,
	SLOT_IGNORED, /* read and checked, nothing of the ABI kabi compares */
};

struct spec {
	const char *name;
	uint8_t value; /* enum stg_value; STG_IDENT for enums and bools */
	uint8_t slot;  /* enum slot */
	bool repeated;
	uint64_t max; /* numbers; 0: UINT64_MAX, or int64 when signed */
	const char *const *names; /* enum values, NULL-ended */
	const struct spec *sub;	  /* a message's fields, NAME NULL-ended */
};

#define ID(n)                                                                  \
	{                                                                      \
		n, STG_NUMBER, SLOT_ID, false, UINT32_MAX, NULL, NULL          \
	}
#define REF(n)                                                                 \
	{                                                                      \
		n, STG_NUMBER, SLOT_REF, false, UINT32_MAX, NULL, NULL         \
	}
#define CHECKED(n)                                                             \
	{                                                                      \
		n, STG_NUMBER, SLOT_CHECKED, false, UINT32_MAX, NULL, NULL     \
	}
#define LIST(n)                                                                \
	{                                                                      \
		n, STG_NUMBER, SLOT_LIST, true, UINT32_MAX, NULL, NULL         \
	}
#define NUM(n, slot, max)                                                      \
	{                                                                      \
		n, STG_NUMBER, slot, false, max, NULL, NULL                    \
	}
#define STR(n, slot)                                                           \
	{                                                                      \
		n, STG_STRING, slot, false, 0, NULL, NULL                      \
	}
#define ENUM(n, slot, names)                                                   \
	{                                                                      \
		n, STG_IDENT, slot, false, 0, names, NULL                      \
	}
#define MSG(n, slot, rep, sub)                                                 \
	{                                                                      \
		n, STG_MESSAGE, slot, rep, 0, NULL, sub                        \
	}
#define END                                                                    \
	{                                                                      \
		NULL, 0, 0, false, 0, NULL, NULL                               \
	}

static const char *const bools[] = {"false", "true", NULL};
/* the first name of each is proto3's zero, which STG leaves unwritten */
static const char *const special_kinds[] = {"KIND_UNSPECIFIED", "VOID",
					    "VARIADIC", "NULLPTR", NULL};
static const char *const pointer_kinds[] = {"KIND_UNSPECIFIED", "POINTER",
					    "LVALUE_REFERENCE",
					    "RVALUE_REFERENCE", NULL};
static const char *const qualifiers[] = {
    "QUALIFIER_UNSPECIFIED", "CONST", "VOLATILE", "RESTRICT", "ATOMIC", NULL};
static const char *const encodings[] = {"ENCODING_UNSPECIFIED",
					"BOOLEAN",
					"SIGNED_INTEGER",
					"UNSIGNED_INTEGER",
					"SIGNED_CHARACTER",
					"UNSIGNED_CHARACTER",
					"REAL_NUMBER",
					"COMPLEX_NUMBER",
					"UTF",
					NULL};
static const char *const struct_kinds[] = {"KIND_UNSPECIFIED", "STRUCT",
					   "UNION", NULL};
static const char *const inheritances[] = {"INHERITANCE_UNSPECIFIED",
					   "NON_VIRTUAL", "VIRTUAL", NULL};
static const char *const symbol_types[] = {"SYMBOL_TYPE_UNSPECIFIED",
					   "NOTYPE",
					   "OBJECT",
					   "FUNCTION",
					   "COMMON",
					   "TLS",
					   "GNU_IFUNC",
					   NULL};
static const char *const bindings[] = {"GLOBAL", "LOCAL", "WEAK", "GNU_UNIQUE",
				       NULL};
static const char *const visibilities[] = {"DEFAULT", "PROTECTED", "HIDDEN",
					   "INTERNAL", NULL};

static const struct spec special[] = {
    ID("id"), ENUM("kind", SLOT_DETAIL, special_kinds), END};
static const struct spec pointer_reference[] = {
    ID("id"), ENUM("kind", SLOT_DETAIL, pointer_kinds), REF("pointee_type_id"),
    END};
static const struct spec pointer_to_member[] = {
    ID("id"), CHECKED("containing_type_id"), REF("pointee_type_id"), END};
static const struct spec typedef_[] = {ID("id"), STR("name", SLOT_NAME),
				       REF("referred_type_id"), END};
static const struct spec qualified[] = {
    ID("id"), ENUM("qualifier", SLOT_DETAIL, qualifiers),
    REF("qualified_type_id"), END};
static const struct spec primitive[] = {
    ID("id"), STR("name", SLOT_NAME), ENUM("encoding", SLOT_DETAIL, encodings),
    NUM("bytesize", SLOT_SIZE, UINT32_MAX), END};
static const struct spec array[] = {ID("id"),
				    NUM("number_of_elements", SLOT_SIZE, 0),
				    REF("element_type_id"), END};
static const struct spec base_class[] = {
    ID("id"), REF("type_id"), NUM("offset", SLOT_OFFSET, 0),
    ENUM("inheritance", SLOT_IGNORED, inheritances), END};
static const struct spec method[] = {ID("id"),
				     STR("mangled_name", SLOT_IGNORED),
				     STR("name", SLOT_NAME),
				     NUM("vtable_offset", SLOT_IGNORED, 0),
				     REF("type_id"),
				     END};
static const struct spec member[] = {ID("id"),
				     STR("name", SLOT_NAME),
				     REF("type_id"),
				     NUM("offset", SLOT_OFFSET, 0),
				     NUM("bitsize", SLOT_SIZE, UINT32_MAX),
				     END};
static const struct spec variant_member[] = {ID("id"),
					     STR("name", SLOT_NAME),
					     {"discriminant_value", STG_NUMBER,
					      SLOT_IGNORED, false, INT64_MAX,
					      NULL, NULL},
					     REF("type_id"),
					     END};
static const struct spec struct_definition[] = {
    NUM("bytesize", SLOT_SIZE, 0), LIST("base_class_id"), LIST("method_id"),
    LIST("member_id"), END};
static const struct spec struct_union[] = {
    ID("id"), ENUM("kind", SLOT_DETAIL, struct_kinds), STR("name", SLOT_NAME),
    MSG("definition", SLOT_DEFINITION, false, struct_definition), END};
static const struct spec enumerator[] = {
    STR("name", SLOT_NAME),
    {"value", STG_NUMBER, SLOT_OFFSET, false, INT64_MAX, NULL, NULL},
    END};
static const struct spec enum_definition[] = {
    REF("underlying_type_id"),
    MSG("enumerator", SLOT_ENUMERATOR, true, enumerator), END};
static const struct spec enumeration[] = {
    ID("id"), STR("name", SLOT_NAME),
    MSG("definition", SLOT_DEFINITION, false, enum_definition), END};
static const struct spec variant[] = {ID("id"),
				      STR("name", SLOT_NAME),
				      NUM("bytesize", SLOT_SIZE, 0),
				      CHECKED("discriminant_type_id"),
				      LIST("member_id"),
				      END};
static const struct spec function[] = {ID("id"), REF("return_type_id"),
				       LIST("parameter_id"), END};
static const struct spec version_info[] = {
    ENUM("is_default", SLOT_IGNORED, bools), STR("name", SLOT_IGNORED), END};
static const struct spec elf_symbol[] = {
    ID("id"),
    STR("name", SLOT_NAME),
    MSG("version_info", SLOT_IGNORED, false, version_info),
    ENUM("is_defined", SLOT_DEFINED, bools),
    ENUM("symbol_type", SLOT_SYMBOL_TYPE, symbol_types),
    ENUM("binding", SLOT_BINDING, bindings),
    ENUM("visibility", SLOT_VISIBILITY, visibilities),
    NUM("crc", SLOT_CRC, UINT32_MAX),
    STR("namespace", SLOT_NAMESPACE),
    REF("type_id"),
    STR("full_name", SLOT_IGNORED),
    END};
static const struct spec interface[] = {ID("id"), LIST("symbol_id"),
					LIST("type_id"), END};

/* The top-level messages: one node kind each, or decided by its detail. */
static const struct node_spec {
	const char *name;
	const struct spec *fields;
	uint8_t kind; /* enum stg_kind */
} node_specs[] = {
    {"special", special, STG_VOID},
    {"pointer_reference", pointer_reference, STG_POINTER},
    {"pointer_to_member", pointer_to_member, STG_OTHER_TYPE},
    {"typedef", typedef_, STG_TYPEDEF},
    {"qualified", qualified, STG_QUALIFIED},
    {"primitive", primitive, STG_PRIMITIVE},
    {"array", array, STG_ARRAY},
    {"base_class", base_class, STG_BASE_CLASS},
    {"method", method, STG_METHOD},
    {"member", member, STG_MEMBER},
    {"variant_member", variant_member, STG_VARIANT_MEMBER},
    {"struct_union", struct_union, STG_STRUCT},
    {"enumeration", enumeration, STG_ENUM},
    {"variant", variant, STG_OTHER_TYPE},
    {"function", function, STG_FUNCTION},
    {"elf_symbol", elf_symbol, STG_ELF_SYMBOL},
    {"interface", interface, STG_INTERFACE},
};

void stg_nodes_init(struct stg_nodes *n)
{
	memset(n, 0, sizeof(*n));
	hashmap_init(&n->by_id);
}

uint32_t stg_nodes_number(struct stg_nodes *n, uint32_t stg_id)
{
	struct hashmap_iter it;
	struct hashmap_entry *e;

	for (e = hashmap_first(&n->by_id, hash_u64(stg_id), &it); e;
	     e = hashmap_next(&n->by_id, &it))
		if (e->key == stg_id)
			return (uint32_t)e->value;
	ALLOC_GROW(n->external, (size_t)n->next + 2, n->external_alloc);
	n->external[++n->next] = stg_id;
	hashmap_add(&n->by_id, hash_u64(stg_id), stg_id, n->next);
	return n->next;
}

uint32_t stg_nodes_external(const struct stg_nodes *n, uint32_t id)
{
	return n->external && id && id <= n->next ? n->external[id] : id;
}

void stg_nodes_free(struct stg_nodes *n)
{
	free(n->v);
	free(n->ids);
	free(n->enumerators);
	free(n->slot);
	free(n->external);
	hashmap_free(&n->by_id);
	memset(n, 0, sizeof(*n));
}

const struct stg_node *stg_nodes_find(const struct stg_nodes *n, uint32_t id)
{
	return id < n->slot_alloc && n->slot[id] ? &n->v[n->slot[id] - 1]
						 : NULL;
}

size_t stg_nodes_add(struct stg_nodes *n, const struct stg_node *node)
{
	size_t had = n->slot_alloc;

	ALLOC_GROW(n->v, n->n + 1, n->alloc);
	n->v[n->n] = *node;
	ALLOC_GROW(n->slot, (size_t)node->id + 1, n->slot_alloc);
	memset(n->slot + had, 0, (n->slot_alloc - had) * sizeof(*n->slot));
	n->slot[node->id] = (uint32_t)n->n + 1;
	return n->n++;
}

void stg_nodes_add_ref(struct stg_nodes *n, struct stg_node *node, uint32_t id)
{
	if (!node->count)
		node->first = (uint32_t)n->nids;
	ALLOC_GROW(n->ids, n->nids + 1, n->ids_alloc);
	n->ids[n->nids++] = id;
	node->count++;
}

struct kabi_enumerator *stg_nodes_add_enumerator(struct stg_nodes *n,
						 struct stg_node *node)
{
	struct kabi_enumerator *e;

	ALLOC_GROW(n->enumerators, n->nenumerators + 1, n->enumerators_alloc);
	e = &n->enumerators[n->nenumerators];
	memset(e, 0, sizeof(*e));
	if (!node->nenumerators++)
		node->first_enumerator = (uint32_t)n->nenumerators;
	n->nenumerators++;
	return e;
}

struct reader {
	struct stg_text *t;
	struct stg_nodes *nodes;
	struct kabi_model *m;
	struct stg_node *node;
	bool has_id;
	bool in_enumerator; /* its name and value go to the last one */
	uint8_t symbol_type, binding, visibility;
};

__attribute__((format(printf, 3, 4))) static int
bad(struct reader *r, const struct stg_field *f, const char *fmt, ...)
{
	va_list ap;
	int err;

	va_start(ap, fmt);
	err = diag_verror(r->t->d, KABI_E_BAD_STG,
			  DIAG_AT_LINE(r->t->path, f->line), fmt, ap);
	va_end(ap);
	return err;
}

static const char *field_name(const struct reader *r, const struct stg_field *f)
{
	return stg_text_str(r->t, f->name);
}

static const char *value_kind(uint8_t kind)
{
	static const char *const names[] = {"a message", "a number", "a string",
					    "a name"};

	return names[kind];
}

/* A number within the spec's bounds; *v as int64 for signed ones. */
static int number_of(struct reader *r, const struct stg_field *f,
		     const struct spec *s, uint64_t *v)
{
	bool is_signed = s->max == INT64_MAX;
	uint64_t max = s->max ? s->max : UINT64_MAX;

	if (f->negative && !is_signed && f->number)
		return bad(r, f, "'%s' cannot be negative", s->name);
	if (f->negative && f->number > (uint64_t)INT64_MAX + 1)
		return bad(r, f, "'%s' is below -2^63", s->name);
	if (!f->negative && f->number > max)
		return bad(r, f, "'%s' is past %llu", s->name,
			   (unsigned long long)max);
	*v = f->negative ? (uint64_t)0 - f->number : f->number;
	return 0;
}

static int enum_of(struct reader *r, const struct stg_field *f,
		   const struct spec *s, uint8_t *index)
{
	const char *v = stg_text_str(r->t, f->value);
	uint8_t i;

	for (i = 0; s->names[i]; i++)
		if (!strcmp(s->names[i], v)) {
			*index = i;
			return 0;
		}
	return bad(r, f, "unknown %s '%s'", s->name, v);
}

static int read_fields(struct reader *r, const struct stg_field *message,
		       const struct spec *specs);

/* A string the node keeps: its name or namespace. */
static uint32_t intern(struct reader *r, const struct stg_field *f)
{
	return model_intern(r->m, stg_text_str(r->t, f->value));
}

static int store_number(struct reader *r, const struct spec *s, uint64_t v)
{
	struct stg_node *node = r->node;

	switch (s->slot) {
	case SLOT_ID:
		node->id = stg_nodes_number(r->nodes, (uint32_t)v);
		r->has_id = true;
		return 0;
	case SLOT_REF:
		node->ref = stg_nodes_number(r->nodes, (uint32_t)v);
		node->flags |= STG_HAS_REF;
		return 0;
	case SLOT_CHECKED:
		node->ref2 = stg_nodes_number(r->nodes, (uint32_t)v);
		node->flags |= STG_HAS_REF2;
		return 0;
	case SLOT_LIST:
		stg_nodes_add_ref(r->nodes, r->node,
				  stg_nodes_number(r->nodes, (uint32_t)v));
		return 0;
	case SLOT_SIZE:
		node->size = v;
		return 0;
	case SLOT_OFFSET:
		if (r->in_enumerator)
			r->nodes->enumerators[r->nodes->nenumerators - 1]
			    .value = v;
		else
			node->offset = v;
		return 0;
	case SLOT_CRC:
		node->crc = (uint32_t)v;
		node->flags |= STG_HAS_CRC;
		return 0;
	default:
		return 0;
	}
}

static int store_ident(struct reader *r, const struct spec *s, uint8_t index)
{
	switch (s->slot) {
	case SLOT_DETAIL:
		r->node->detail = index;
		break;
	case SLOT_DEFINED:
		if (index)
			r->node->flags |= STG_DEFINED;
		break;
	case SLOT_SYMBOL_TYPE:
		r->symbol_type = index;
		break;
	case SLOT_BINDING:
		r->binding = index;
		break;
	case SLOT_VISIBILITY:
		r->visibility = index;
		break;
	default:
		break;
	}
	return 0;
}

static int read_value(struct reader *r, const struct stg_field *f,
		      const struct spec *s)
{
	uint64_t v = 0;
	uint8_t index = 0;
	int err;

	if (f->kind != s->value)
		return bad(r, f, "'%s' is %s, not %s", s->name,
			   value_kind(f->kind), value_kind(s->value));
	switch (f->kind) {
	case STG_NUMBER:
		err = number_of(r, f, s, &v);
		return err ? err : store_number(r, s, v);
	case STG_IDENT:
		err = enum_of(r, f, s, &index);
		return err ? err : store_ident(r, s, index);
	case STG_STRING:
		if (s->slot == SLOT_NAME && r->in_enumerator)
			r->nodes->enumerators[r->nodes->nenumerators - 1].name =
			    intern(r, f);
		else if (s->slot == SLOT_NAME)
			r->node->name = intern(r, f);
		else if (s->slot == SLOT_NAMESPACE)
			r->node->ns = intern(r, f);
		return 0;
	default: /* a message */
		if (s->slot == SLOT_DEFINITION)
			r->node->flags |= STG_DEFINED;
		if (s->slot != SLOT_ENUMERATOR)
			return read_fields(r, f, s->sub);
		stg_nodes_add_enumerator(r->nodes, r->node);
		r->in_enumerator = true;
		err = read_fields(r, f, s->sub);
		r->in_enumerator = false;
		return err;
	}
}

/* Each field of a message by its spec; those not repeated at most once. */
static int read_fields(struct reader *r, const struct stg_field *message,
		       const struct spec *specs)
{
	uint64_t seen = 0;
	uint32_t i;
	int err;

	for (i = message->child; i; i = stg_field(r->t, i)->next) {
		const struct stg_field *f = stg_field(r->t, i);
		size_t k;

		for (k = 0; specs[k].name; k++)
			if (!strcmp(specs[k].name, field_name(r, f)))
				break;
		if (!specs[k].name)
			return bad(r, f, "unknown field '%s' in '%s'",
				   field_name(r, f), field_name(r, message));
		if (!specs[k].repeated && (seen & (UINT64_C(1) << k)))
			return bad(r, f, "'%s' given twice", specs[k].name);
		seen |= UINT64_C(1) << k;
		if ((err = read_value(r, f, &specs[k])))
			return err;
	}
	return 0;
}

/* What STG's kinds of a message make of a node. */
static int settle_kind(struct reader *r, const struct stg_field *f)
{
	struct stg_node *node = r->node;
	static const uint8_t qualifier_kinds[] = {0, KABI_CONST, KABI_VOLATILE,
						  KABI_RESTRICT, KABI_ATOMIC};
	const char *other = NULL;

	switch (node->kind) {
	case STG_VOID:
		if (!node->detail)
			return bad(r, f, "a 'special' node of no kind");
		node->kind = node->detail == 1	 ? STG_VOID
			     : node->detail == 2 ? STG_VARIADIC
						 : STG_OTHER_TYPE;
		other = "STG nullptr";
		break;
	case STG_POINTER:
		if (!node->detail)
			return bad(r, f, "a 'pointer_reference' of no kind");
		if (node->detail > 1)
			node->kind = STG_OTHER_TYPE;
		other = node->detail == 2 ? "STG lvalue reference"
					  : "STG rvalue reference";
		break;
	case STG_QUALIFIED:
		if (!node->detail)
			return bad(r, f, "a 'qualified' node of no qualifier");
		node->detail = qualifier_kinds[node->detail];
		break;
	case STG_STRUCT:
		if (!node->detail)
			return bad(r, f, "a 'struct_union' of no kind");
		node->kind = node->detail == 1 ? STG_STRUCT : STG_UNION;
		break;
	case STG_OTHER_TYPE:
		other = strcmp(field_name(r, f), "variant")
			    ? "STG pointer to member"
			    : "STG variant";
		break;
	default:
		break;
	}
	if (node->kind == STG_OTHER_TYPE && !node->name)
		node->name = model_intern(r->m, other);
	return 0;
}

/*
 * An ELF symbol is an export when it is defined, global or weak (STG
 * keeps what the kernel's export tables name, so every one should be).
 */
static void settle_symbol(struct reader *r)
{
	struct stg_node *node = r->node;

	if (r->symbol_type == 3 || r->symbol_type == 6)
		node->flags |= STG_FUNCTION_SYM;
	if ((node->flags & STG_DEFINED) && (r->binding == 0 || r->binding == 2))
		node->flags |= STG_EXPORTED;
}

static int add_node(struct reader *r, const struct stg_field *f,
		    const struct node_spec *ns)
{
	struct stg_nodes *n = r->nodes;
	struct stg_node node = {.kind = ns->kind, .line = f->line};
	const struct stg_node *other;
	int err;

	if (f->kind != STG_MESSAGE)
		return bad(r, f, "'%s' is %s, not a message", ns->name,
			   value_kind(f->kind));
	r->node = &node;
	r->has_id = false;
	r->symbol_type = r->binding = r->visibility = 0;
	if ((err = read_fields(r, f, ns->fields)))
		return err;
	if (!r->has_id)
		return bad(r, f, "a '%s' without an id", ns->name);
	if ((other = stg_nodes_find(n, node.id)))
		return bad(r, f,
			   "a second node with id 0x%08x (the first at "
			   "line %lu)",
			   stg_nodes_external(n, node.id), other->line);
	if ((err = settle_kind(r, f)))
		return err;
	if (node.kind == STG_ELF_SYMBOL)
		settle_symbol(r);
	stg_nodes_add(n, &node);
	return 0;
}

/* version and root_id: numbers of their own, not nodes. */
static int read_header_field(struct reader *r, const struct stg_field *f,
			     bool first)
{
	bool version = !strcmp(field_name(r, f), "version");

	if (f->kind != STG_NUMBER || f->negative || f->number > UINT32_MAX)
		return bad(r, f, "'%s' is not a 32-bit number",
			   field_name(r, f));
	if (version != first)
		return bad(r, f,
			   version ? "'version' after the first field"
				   : "no 'version' first: not an STG "
				     "file");
	if (version && f->number != 2)
		return bad(r, f,
			   "STG format version %llu: this kabi reads "
			   "version 2",
			   (unsigned long long)f->number);
	if (!version && r->nodes->has_root)
		return bad(r, f, "'root_id' given twice");
	if (!version) {
		r->nodes->root_id =
		    stg_nodes_number(r->nodes, (uint32_t)f->number);
		r->nodes->has_root = true;
	}
	return 0;
}

static int read_top(struct reader *r, uint32_t top, bool first)
{
	const struct stg_field *f = stg_field(r->t, top);
	const char *name = field_name(r, f);
	size_t k;

	if (first || !strcmp(name, "version") || !strcmp(name, "root_id"))
		return read_header_field(r, f, first);
	for (k = 0; k < sizeof(node_specs) / sizeof(*node_specs); k++)
		if (!strcmp(node_specs[k].name, name))
			return add_node(r, f, &node_specs[k]);
	return bad(r, f, "unknown node '%s'", name);
}

int stg_nodes_read(struct stg_text *t, struct stg_nodes *nodes,
		   struct kabi_model *m)
{
	struct reader r = {.t = t, .nodes = nodes, .m = m};
	uint32_t top;
	bool first = true;
	int got;

	/* STG writes about 130 bytes a node (a kernel's: 79,000 in 10 MB) */
	hashmap_reserve(&nodes->by_id, (size_t)(t->end - t->p) / 128);
	while ((got = stg_text_next(t, &top)) > 0) {
		if ((got = read_top(&r, top, first)) < 0)
			return got;
		first = false;
	}
	if (got < 0)
		return got;
	if (first)
		return diag_error(t->d, KABI_E_BAD_STG, DIAG_AT_FILE(t->path),
				  "empty: no STG nodes");
	if (!nodes->has_root)
		return diag_error(t->d, KABI_E_BAD_STG, DIAG_AT_FILE(t->path),
				  "no 'root_id': the interface is not known");
	return 0;
}
