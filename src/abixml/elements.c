// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ABIXML's elements, each where libabigail writes it (src/abg-writer.cc)
 * and nowhere else: an element in another place is an error, as is one
 * this kabi does not know, but for C++'s methods and templates, which
 * are no part of a C layout and are passed over whole. Each element
 * makes its node when it ends, once what it holds is read; a type's
 * second definition under the same id (libabigail writes a type again
 * in another unit, its location aside) is dropped if it is the same,
 * taken if the first was a declaration only, and an error otherwise.
 */
#include "abixml_impl.h"

#include <stddef.h>
#include <string.h>

#include "../util/xalloc.h"
#include "../util/banned.h"

#define P(k)	 (1u << (k))
#define IN_TYPES (P(F_UNIT) | P(F_MEMBER_TYPE))

static struct frame *parent_of(struct abixml_reader *r)
{
	return &r->frames[r->depth - 1];
}

static void push_ref(struct abixml_reader *r, uint32_t id)
{
	ALLOC_GROW(r->refs, r->nrefs + 1, r->refs_alloc);
	r->refs[r->nrefs++] = id;
}

/* The references an element gathered, as its node's run. */
static void flush_refs(struct abixml_reader *r, struct frame *f)
{
	size_t k;

	for (k = f->first; k < r->nrefs; k++)
		stg_nodes_add_ref(r->nodes, &f->node, r->refs[k]);
	r->nrefs = f->first;
}

static uint32_t name_of(struct abixml_reader *r, const char *attr)
{
	const char *v = abixml_get(r, attr);

	return v ? model_intern(r->frag, v) : 0;
}

static void set_ref(struct abixml_reader *r, struct stg_node *n,
		    const char *attr)
{
	n->ref = abixml_ref(r, attr);
	n->flags |= STG_HAS_REF;
}

static uint64_t bytes_of(struct abixml_reader *r)
{
	uint64_t bits;

	abixml_u64(r, "size-in-bits", false, &bits);
	return bits / 8;
}

/* --- types -------------------------------------------------------------- */

static bool same_refs(const struct abixml_reader *r, const struct stg_node *a,
		      const struct stg_node *b)
{
	const struct stg_nodes *n = r->nodes;
	uint32_t k;

	for (k = 0; k < a->count; k++) {
		uint32_t xid = n->ids[a->first + k], yid = n->ids[b->first + k];
		const struct stg_node *x = stg_nodes_find(n, xid);
		const struct stg_node *y = stg_nodes_find(n, yid);

		if (xid == yid)
			continue;
		/* a type defined further on: only its own id is the same */
		if (!x || !y)
			return false;
		if (x->kind != y->kind || x->name != y->name ||
		    x->ref != y->ref || x->offset != y->offset ||
		    x->size != y->size)
			return false;
	}
	for (k = 0; k < a->nenumerators; k++) {
		const struct kabi_enumerator *x =
		    &n->enumerators[a->first_enumerator + k];
		const struct kabi_enumerator *y =
		    &n->enumerators[b->first_enumerator + k];

		if (x->name != y->name || x->value != y->value)
			return false;
	}
	return true;
}

static bool same_node(const struct abixml_reader *r, const struct stg_node *a,
		      const struct stg_node *b)
{
	return a->kind == b->kind && a->name == b->name && a->size == b->size &&
	       a->detail == b->detail && a->flags == b->flags &&
	       a->ref == b->ref && a->count == b->count &&
	       a->nenumerators == b->nenumerators && same_refs(r, a, b);
}

static bool is_declaration(const struct stg_node *n)
{
	return (n->kind == STG_STRUCT || n->kind == STG_UNION ||
		n->kind == STG_ENUM) &&
	       !(n->flags & STG_DEFINED);
}

/* A type's second element under the same id. */
static void define_again(struct abixml_reader *r, const struct stg_node *n,
			 unsigned long line)
{
	const struct stg_node *old = stg_nodes_find(r->nodes, n->id);
	size_t i = (size_t)(old - r->nodes->v);

	if (is_declaration(old) && !is_declaration(n) && old->kind == n->kind)
		r->nodes->v[i] = *n;
	else if (is_declaration(n) && old->kind == n->kind)
		; /* a definition known already */
	else if (!same_node(r, old, n)) {
		r->line = line;
		abixml_fail(r,
			    "a second definition of '%s', not the same as the "
			    "first (line %lu)",
			    abixml_id_name(r, n->id), old->line);
	}
}

/* A type node, once: the end of its element. */
static void add_type(struct abixml_reader *r, const struct stg_node *n,
		     unsigned long line)
{
	struct abixml_id *id = &r->numbered[n->id];

	if (r->err)
		return;
	if (id->defined) {
		define_again(r, n, line);
		return;
	}
	id->defined = (uint32_t)line;
	stg_nodes_add(r->nodes, n);
}

/* A node ABIXML does not name (a member, an inner array, ...). */
static uint32_t add_unnamed(struct abixml_reader *r, struct stg_node *n)
{
	n->id = abixml_new_id(r);
	if (!n->line)
		n->line = r->line;
	r->numbered[n->id].defined = (uint32_t)r->line;
	stg_nodes_add(r->nodes, n);
	return n->id;
}

static void define(struct abixml_reader *r, struct frame *f, uint8_t kind)
{
	const char *id = abixml_need(r, "id");

	f->node.kind = kind;
	f->node.id = id ? abixml_id(r, id, false) : 0;
}

/*
 * STG's encodings (stg/nodes.c's order) from a base type's C name: ABIXML
 * keeps no DWARF encoding. The unnamed types libabigail gives enums as
 * their underlying type are taken as unsigned (stg/graph.c then makes
 * the enum's sign of its values: link.c).
 */
static uint16_t encoding_of(const struct abixml_reader *r, const char *name)
{
	char buf[KABI_BASE_NAME_MAX];
	const char *c = model_base_type_name(name, buf);

	if (!strcmp(c, "_Bool") || !strcmp(c, "bool"))
		return 1;
	if (strstr(c, "complex"))
		return 7;
	if (strstr(c, "float") || strstr(c, "double"))
		return 6;
	if (!strcmp(c, "char"))
		return r->char_unsigned ? 5 : 4;
	if (!strcmp(c, "signed char"))
		return 4;
	if (!strcmp(c, "unsigned char"))
		return 5;
	if (!strcmp(c, "char16_t") || !strcmp(c, "char32_t"))
		return 8;
	if (strstr(c, "unsigned") ||
	    !strncmp(c, "unnamed-enum-underlying-type", 28))
		return 3;
	return 2;
}

static void start_type_decl(struct abixml_reader *r, struct frame *f)
{
	const char *name = abixml_need(r, "name");

	define(r, f, STG_PRIMITIVE);
	if (!name)
		return;
	if (!strcmp(name, "void")) {
		f->node.kind = STG_VOID;
	} else if (!strcmp(name, "variadic parameter type")) {
		f->node.kind = STG_VARIADIC;
	} else {
		/* libabigail spells C's _Bool as C++'s bool */
		if (r->in_c && !strcmp(name, "bool"))
			name = "_Bool";
		f->node.name = model_intern(r->frag, name);
		f->node.size = bytes_of(r);
		f->node.detail = encoding_of(r, name);
	}
}

static void start_typedef(struct abixml_reader *r, struct frame *f)
{
	define(r, f, STG_TYPEDEF);
	f->node.name = name_of(r, "name");
	abixml_need(r, "name");
	set_ref(r, &f->node, "type-id");
}

static void start_pointer(struct abixml_reader *r, struct frame *f)
{
	define(r, f, STG_POINTER);
	set_ref(r, &f->node, "type-id");
	/* ABIXML says how wide (STG does not: stg_node.size) */
	f->node.size = bytes_of(r);
}

/* C++ only: kept as a type kabi cannot represent, by what it is. */
static void start_cxx_type(struct abixml_reader *r, struct frame *f)
{
	bool reference = !strcmp(r->element, "reference-type-def");

	define(r, f, STG_OTHER_TYPE);
	f->node.name =
	    model_intern(r->frag, reference ? "ABIXML reference"
					    : "ABIXML pointer to member");
	if (reference)
		set_ref(r, &f->node, "type-id");
}

static const struct {
	const char *attr;
	uint16_t kind;
} qualifiers[] = {{"restrict", KABI_RESTRICT},
		  {"volatile", KABI_VOLATILE},
		  {"const", KABI_CONST}};

static void start_qualified(struct abixml_reader *r, struct frame *f)
{
	size_t k;

	define(r, f, STG_QUALIFIED);
	set_ref(r, &f->node, "type-id");
	for (k = 0; k < sizeof(qualifiers) / sizeof(*qualifiers); k++)
		if (abixml_flag(r, qualifiers[k].attr))
			f->want |= 1u << k;
	if (!f->want)
		abixml_fail(r, "<qualified-type-def> of no qualifier");
}

/*
 * One element for "const volatile T": qualified nodes one in another,
 * const outermost, as GCC writes DWARF.
 */
static void end_qualified(struct abixml_reader *r, struct frame *f)
{
	struct stg_node *n = &f->node;
	size_t k, found = 0;

	for (k = 0; k < sizeof(qualifiers) / sizeof(*qualifiers); k++) {
		if (!(f->want & (1u << k)))
			continue;
		if (found++) {
			struct stg_node inner = *n;

			n->ref = add_unnamed(r, &inner);
		}
		n->detail = qualifiers[k].kind;
	}
	add_type(r, n, f->line);
}

static void start_aggregate(struct abixml_reader *r, struct frame *f)
{
	bool is_union = !strcmp(r->element, "union-decl");

	define(r, f, is_union ? STG_UNION : STG_STRUCT);
	/* libabigail names an anonymous type; its DWARF had none */
	if (!abixml_flag(r, "is-anonymous") &&
	    !abixml_get(r, "naming-typedef-id"))
		f->node.name = name_of(r, "name");
	else if (abixml_get(r, "naming-typedef-id"))
		abixml_ref(r, "naming-typedef-id"); /* checked, not kept */
	if (!abixml_flag(r, "is-declaration-only"))
		f->node.flags |= STG_DEFINED;
	f->node.size = bytes_of(r);
	f->first = (uint32_t)r->nrefs;
}

static void end_with_refs(struct abixml_reader *r, struct frame *f)
{
	flush_refs(r, f);
	add_type(r, &f->node, f->line);
}

static void start_data_member(struct abixml_reader *r, struct frame *f)
{
	abixml_u64(r, "layout-offset-in-bits", false, &f->offset);
}

static void end_data_member(struct abixml_reader *r, struct frame *f)
{
	if (!f->has_child)
		abixml_fail(r, "<data-member> without its <var-decl>");
}

static void start_base_class(struct abixml_reader *r, struct frame *f)
{
	struct stg_node n = {.kind = STG_BASE_CLASS};

	(void)f;
	set_ref(r, &n, "type-id");
	abixml_u64(r, "layout-offset-in-bits", false, &n.offset);
	push_ref(r, add_unnamed(r, &n));
}

static void start_enum(struct abixml_reader *r, struct frame *f)
{
	define(r, f, STG_ENUM);
	if (!abixml_flag(r, "is-anonymous") &&
	    !abixml_get(r, "naming-typedef-id"))
		f->node.name = name_of(r, "name");
	else if (abixml_get(r, "naming-typedef-id"))
		abixml_ref(r, "naming-typedef-id");
	if (!abixml_flag(r, "is-declaration-only"))
		f->node.flags |= STG_DEFINED;
}

static void start_underlying(struct abixml_reader *r, struct frame *f)
{
	(void)f;
	set_ref(r, &parent_of(r)->node, "type-id");
}

static void start_enumerator(struct abixml_reader *r, struct frame *f)
{
	struct kabi_enumerator *e;
	const char *name = abixml_need(r, "name");
	int64_t value;

	(void)f;
	if (!name || !abixml_i64(r, "value", &value))
		return;
	e = stg_nodes_add_enumerator(r->nodes, &parent_of(r)->node);
	e->name = model_intern(r->frag, name);
	e->value = (uint64_t)value;
}

/*
 * The name a declaration is matched with its symbol by: its own, as
 * libabigail may copy the symbol's into its mangled-name when it ties a
 * zero-sized variable to its neighbour's symbol (link.c).
 */
static const char *decl_name(struct abixml_reader *r)
{
	return abixml_need(r, "name");
}

static void start_function(struct abixml_reader *r, struct frame *f)
{
	const char *symbol, *name;

	f->first = (uint32_t)r->nrefs;
	if (!strcmp(r->element, "function-type")) {
		define(r, f, STG_FUNCTION);
		return;
	}
	f->node.kind = STG_FUNCTION;
	symbol = abixml_get(r, "elf-symbol-id");
	name = decl_name(r);
	f->symbol = symbol ? strset_add(&r->ids, symbol) : ABIXML_NONE;
	f->decl_name = name ? strset_add(&r->ids, name) : 0;
}

static void start_parameter(struct abixml_reader *r, struct frame *f)
{
	(void)f;
	if (!abixml_flag(r, "is-variadic")) {
		push_ref(r, abixml_ref(r, "type-id"));
		return;
	}
	if (!r->variadic) {
		struct stg_node n = {.kind = STG_VARIADIC};

		r->variadic = add_unnamed(r, &n);
	}
	push_ref(r, r->variadic);
}

static void start_return(struct abixml_reader *r, struct frame *f)
{
	struct frame *p = parent_of(r);

	(void)f;
	if (p->has_return)
		abixml_fail(r, "a second <return>");
	p->has_return = true;
	set_ref(r, &p->node, "type-id");
}

static void add_decl(struct abixml_reader *r, uint32_t symbol, uint32_t name,
		     uint32_t type)
{
	struct abixml_decl *d;
	const char *id;
	size_t len;

	ALLOC_GROW(r->decls, r->ndecls + 1, r->decls_alloc);
	d = &r->decls[r->ndecls++];
	d->corpus = r->corpus;
	d->symbol = symbol;
	d->type = type;
	/* ids are names, or name@version: the part before any '@' */
	id = strset_str(&r->ids, symbol);
	len = strlen(strset_str(&r->ids, name));
	d->named_so = !strncmp(id, strset_str(&r->ids, name), len) &&
		      (!id[len] || id[len] == '@');
	d->line = r->line;
}

static void end_function(struct abixml_reader *r, struct frame *f)
{
	flush_refs(r, f);
	if (!f->has_return) {
		abixml_fail(r, "<%s> without its <return>", r->element);
		return;
	}
	if (f->node.id) { /* a function-type */
		add_type(r, &f->node, f->line);
		return;
	}
	f->node.line = f->line;
	add_unnamed(r, &f->node);
	if (f->symbol != ABIXML_NONE)
		add_decl(r, f->symbol, f->decl_name, f->node.id);
}

/* A member's var-decl, or a variable's, tied to its symbol. */
static void start_var_decl(struct abixml_reader *r, struct frame *f)
{
	struct frame *p = parent_of(r);
	struct stg_node n = {.kind = STG_MEMBER};
	const char *symbol, *name;

	(void)f;
	if (p->kind == F_DATA_MEMBER) {
		if (p->has_child)
			abixml_fail(r, "a second <var-decl> in <data-member>");
		p->has_child = true;
		n.name = name_of(r, "name");
		set_ref(r, &n, "type-id");
		n.offset = p->offset;
		push_ref(r, add_unnamed(r, &n));
		return;
	}
	n.ref = abixml_ref(r, "type-id");
	symbol = abixml_get(r, "elf-symbol-id");
	name = decl_name(r);
	if (symbol && name && !r->err)
		add_decl(r, strset_add(&r->ids, symbol),
			 strset_add(&r->ids, name), n.ref);
}

static void start_array(struct abixml_reader *r, struct frame *f)
{
	uint64_t dims;

	define(r, f, STG_ARRAY);
	set_ref(r, &f->node, "type-id");
	if (abixml_u64(r, "dimensions", false, &dims))
		f->want =
		    dims > ABIXML_MAX_DIMENSIONS ? UINT32_MAX : (uint32_t)dims;
}

static void start_subrange(struct abixml_reader *r, struct frame *f)
{
	struct frame *p = parent_of(r);
	const char *length = abixml_get(r, "length");

	(void)f;
	if (p->ndims == ABIXML_MAX_DIMENSIONS) {
		abixml_fail(r, "an array of more than %d dimensions",
			    ABIXML_MAX_DIMENSIONS);
		return;
	}
	/* a flexible array, or one of a size not known: "[]" */
	if (length && strcmp(length, "infinite") && strcmp(length, "unknown"))
		abixml_u64(r, "length", true, &p->dims[p->ndims]);
	else
		p->dims[p->ndims] = 0;
	p->ndims++;
}

/* "T a[2][3]": an array of 2 arrays of 3, the innermost made first. */
static void end_array(struct abixml_reader *r, struct frame *f)
{
	int k;

	if (!f->ndims || (f->want && f->want != f->ndims)) {
		abixml_fail(r, "an array of %u dimensions with %u <subrange>",
			    f->want, f->ndims);
		return;
	}
	for (k = f->ndims - 1; k > 0; k--) {
		struct stg_node inner = f->node;

		inner.size = f->dims[k];
		f->node.ref = add_unnamed(r, &inner);
	}
	f->node.size = f->dims[0];
	add_type(r, &f->node, f->line);
}

/* --- corpora and symbols ------------------------------------------------- */

/* abidw 2.x writes 2.x; libabigail 1.x wrote 1.x, the same elements. */
static void check_version(struct abixml_reader *r)
{
	const char *v = abixml_get(r, "version");

	if (v && ((v[0] != '1' && v[0] != '2') || v[1] != '.'))
		abixml_fail(
		    r, "ABIXML version '%s': this kabi reads 1.x and 2.x", v);
}

/*
 * libabigail's names of the machines kabi's ELF reader knows (its
 * e_machine_to_string), with what each says of types: plain char is
 * unsigned on all but x86's (their psABIs). PowerPC64's byte order is
 * either; RISC-V has no name there (elf-unknown-arch-value-243).
 */
static const struct abixml_machine machines[] = {
    {"elf-amd-x86_64", "x86-64", 64, KABI_ORDER_LITTLE, false},
    {"elf-intel-80386", "i386", 32, KABI_ORDER_LITTLE, false},
    {"elf-arm-aarch64", "AArch64", 64, KABI_ORDER_LITTLE, true},
    {"elf-arm", "ARM", 32, KABI_ORDER_LITTLE, true},
    {"elf-powerpc-64", "PowerPC64", 64, KABI_ORDER_UNKNOWN, true},
    {"elf-powerpc", "PowerPC", 32, KABI_ORDER_BIG, true},
    {"elf-ibm-s390", "s390", 0, KABI_ORDER_BIG, true},
    {"elf-unknown-arch-value-243", "RISC-V", 0, KABI_ORDER_LITTLE, true},
};

static void start_corpus(struct abixml_reader *r, struct frame *f)
{
	const char *arch = abixml_get(r, "architecture");
	size_t k;

	(void)f;
	r->seen_root = true;
	check_version(r);
	r->corpus++;
	for (k = 0;
	     arch && !r->machine && k < sizeof(machines) / sizeof(*machines);
	     k++)
		if (!strcmp(arch, machines[k].abixml))
			r->machine = &machines[k];
	if (r->machine)
		r->char_unsigned = r->machine->char_unsigned;
}

static void start_unit(struct abixml_reader *r, struct frame *f)
{
	const char *language = abixml_get(r, "language");

	(void)f;
	r->in_c = language && !strncmp(language, "LANG_C", 6) &&
		  !strstr(language, "plus");
}

static void start_symbols(struct abixml_reader *r, struct frame *f)
{
	f->function_symbols = !strcmp(r->element, "elf-function-symbols");
}

static int value_index(struct abixml_reader *r, const char *attr,
		       const char *const *values, bool required)
{
	const char *v = required ? abixml_need(r, attr) : abixml_get(r, attr);
	int k;

	for (k = 0; v && values[k]; k++)
		if (!strcmp(v, values[k]))
			return k;
	if (v)
		abixml_fail(r, "unknown %s '%s'", attr, v);
	return -1;
}

static void start_symbol(struct abixml_reader *r, struct frame *f)
{
	static const char *const types[] = {
	    "func-type",    "gnu-ifunc-type", "object-type",
	    "tls-type",	    "common-type",    "no-type",
	    "section-type", "file-type",      NULL};
	static const char *const bindings[] = {"global-binding", "weak-binding",
					       "local-binding",
					       "gnu-unique-binding", NULL};
	struct stg_node n = {.kind = STG_ELF_SYMBOL, .line = r->line};
	const char *name = abixml_need(r, "name"), *version;
	int type = value_index(r, "type", types, true);
	int binding = value_index(r, "binding", bindings, true);
	uint64_t crc;
	struct strbuf key = STRBUF_INIT;

	(void)f;
	if (abixml_u64(r, "crc", false, &crc) && abixml_get(r, "crc")) {
		if (crc > UINT32_MAX)
			abixml_fail(r, "a CRC past 32 bits: '%s'",
				    abixml_get(r, "crc"));
		n.crc = (uint32_t)crc;
		n.flags |= STG_HAS_CRC;
	}
	if (abixml_flag(r, "is-defined"))
		n.flags |= STG_DEFINED;
	if (r->err || !name)
		return;
	n.name = model_intern(r->frag, name);
	n.ns = name_of(r, "namespace");
	if (type <= 1)
		n.flags |= STG_FUNCTION_SYM;
	if ((n.flags & STG_DEFINED) && binding <= 1)
		n.flags |= STG_EXPORTED;
	/* the id declarations give it: name, name@version, name@@default */
	strbuf_adds(&key, name);
	if ((version = abixml_get(r, "version")) && *version)
		strbuf_addf(&key, "@%s%s",
			    abixml_flag(r, "is-default-version") ? "@" : "",
			    version);
	abixml_add_symbol(r, &n, key.buf, abixml_get(r, "alias"));
	strbuf_release(&key);
}

/* --- the table of elements ------------------------------------------------ */

struct abixml_element {
	const char *name;
	uint16_t parents; /* P(frame kind) of those it may be in */
	uint8_t kind;	  /* the frame it opens */
	void (*start)(struct abixml_reader *r, struct frame *f);
	void (*end)(struct abixml_reader *r, struct frame *f);
};

static void add_leaf(struct abixml_reader *r, struct frame *f)
{
	add_type(r, &f->node, f->line);
}

static const struct abixml_element elements[] = {
    {"abi-corpus-group", P(F_DOCUMENT), F_GROUP, start_corpus, NULL},
    {"abi-corpus", P(F_DOCUMENT) | P(F_GROUP), F_CORPUS, start_corpus, NULL},
    {"elf-function-symbols", P(F_CORPUS), F_SYMBOLS, start_symbols, NULL},
    {"elf-variable-symbols", P(F_CORPUS), F_SYMBOLS, start_symbols, NULL},
    {"elf-symbol", P(F_SYMBOLS), F_LEAF, start_symbol, NULL},
    /* the shared objects a user-space binary needs: none in a kernel */
    {"elf-needed", P(F_CORPUS), F_SKIP, NULL, NULL},
    {"abi-instr", P(F_CORPUS), F_UNIT, start_unit, NULL},
    {"namespace-decl", P(F_UNIT), F_UNIT, NULL, NULL},
    {"type-decl", IN_TYPES, F_LEAF, start_type_decl, add_leaf},
    {"typedef-decl", IN_TYPES, F_LEAF, start_typedef, add_leaf},
    {"pointer-type-def", IN_TYPES, F_LEAF, start_pointer, add_leaf},
    {"reference-type-def", IN_TYPES, F_LEAF, start_cxx_type, add_leaf},
    {"pointer-to-member-type-def", IN_TYPES, F_SKIP, start_cxx_type, add_leaf},
    {"qualified-type-def", IN_TYPES, F_LEAF, start_qualified, end_qualified},
    {"array-type-def", IN_TYPES, F_ARRAY, start_array, end_array},
    {"subrange", P(F_ARRAY), F_LEAF, start_subrange, NULL},
    {"class-decl", IN_TYPES, F_AGGREGATE, start_aggregate, end_with_refs},
    {"union-decl", IN_TYPES, F_AGGREGATE, start_aggregate, end_with_refs},
    {"enum-decl", IN_TYPES, F_ENUM, start_enum, add_leaf},
    {"underlying-type", P(F_ENUM), F_LEAF, start_underlying, NULL},
    {"enumerator", P(F_ENUM), F_LEAF, start_enumerator, NULL},
    {"function-type", IN_TYPES, F_FUNCTION, start_function, end_function},
    {"function-decl", P(F_UNIT), F_FUNCTION, start_function, end_function},
    {"parameter", P(F_FUNCTION), F_LEAF, start_parameter, NULL},
    {"return", P(F_FUNCTION), F_LEAF, start_return, NULL},
    {"var-decl", P(F_UNIT) | P(F_DATA_MEMBER), F_LEAF, start_var_decl, NULL},
    {"data-member", P(F_AGGREGATE), F_DATA_MEMBER, start_data_member,
     end_data_member},
    {"member-type", P(F_AGGREGATE), F_MEMBER_TYPE, NULL, NULL},
    {"base-class", P(F_AGGREGATE), F_LEAF, start_base_class, NULL},
    /* C++: methods and templates, no part of a layout */
    {"member-function", P(F_AGGREGATE), F_SKIP, NULL, NULL},
    {"member-template", P(F_AGGREGATE), F_SKIP, NULL, NULL},
    {"function-template-decl", P(F_UNIT), F_SKIP, NULL, NULL},
    {"class-template-decl", P(F_UNIT), F_SKIP, NULL, NULL},
    {"template-type-parameter", P(F_FUNCTION), F_SKIP, NULL, NULL},
};

static const char *frame_name(uint8_t kind)
{
	static const char *const names[] = {"the document",
					    "<abi-corpus-group>",
					    "<abi-corpus>",
					    "a symbol list",
					    "a unit",
					    "<member-type>",
					    "a struct or union",
					    "<enum-decl>",
					    "a function",
					    "<array-type-def>",
					    "<data-member>",
					    "an element holding none"};

	return kind < sizeof(names) / sizeof(*names) ? names[kind] : "?";
}

/* The element of a name, or NULL; by its pointer when seen before. */
static const struct abixml_element *find_element(struct abixml_reader *r)
{
	size_t slot = ((uintptr_t)r->element >> 4) % ABIXML_NAME_CACHE, k;

	if (r->cached_name[slot] == r->element)
		return r->cached[slot];
	for (k = 0; k < sizeof(elements) / sizeof(*elements); k++)
		if (!strcmp(elements[k].name, r->element))
			break;
	r->cached_name[slot] = r->element;
	r->cached[slot] =
	    k < sizeof(elements) / sizeof(*elements) ? &elements[k] : NULL;
	return r->cached[slot];
}

void abixml_element_start(struct abixml_reader *r)
{
	struct frame *p = &r->frames[r->depth], *f;
	const struct abixml_element *e = find_element(r);

	if (p->kind != F_SKIP && !e) {
		abixml_fail(r, "unknown element <%s>", r->element);
		return;
	}
	if (p->kind != F_SKIP && !(e->parents & P(p->kind))) {
		abixml_fail(r, "<%s> in %s", r->element, frame_name(p->kind));
		return;
	}
	f = &r->frames[++r->depth];
	memset(f, 0, offsetof(struct frame, dims));
	memset(&f->node, 0, sizeof(f->node));
	f->element = p->kind == F_SKIP ? NULL : e;
	f->kind = p->kind == F_SKIP ? F_SKIP : e->kind;
	f->line = r->line;
	f->node.line = r->line;
	if (p->kind != F_SKIP && e->start)
		e->start(r, f);
}

void abixml_element_end(struct abixml_reader *r)
{
	struct frame *f = &r->frames[r->depth];
	const struct abixml_element *e = f->element;

	r->depth--;
	/* the attributes are the start tag's no longer: the end reads none */
	r->nattrs = 0;
	if (e && e->end && !r->err)
		e->end(r, f);
}

void abixml_start_tag(struct abixml_reader *r, const char *name,
		      bool namespaced, int nattrs, const xmlChar **attrs)
{
	abixml_commit_error(r);
	if (r->err)
		return;
	r->element = name;
	if (namespaced)
		abixml_fail(r, "XML namespaces on <%s>: ABIXML has none",
			    r->element);
	else if (r->depth == ABIXML_MAX_DEPTH)
		abixml_fail(r, "<%s> nested more than %d elements deep",
			    r->element, ABIXML_MAX_DEPTH);
	else if (!abixml_read_attrs(r, nattrs, attrs))
		abixml_element_start(r);
}

void abixml_end_tag(struct abixml_reader *r, const char *name)
{
	abixml_commit_error(r);
	if (r->err)
		return;
	r->element = name;
	abixml_element_end(r);
}
