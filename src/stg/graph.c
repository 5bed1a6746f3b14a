// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * STG's nodes as the model: every reference checked first (it names a
 * node, of a kind that can be there), then the exports of the root
 * interface and the types they reach made into one fragment, which the
 * model builder summarises and deduplicates as it does a BTF file's.
 * Types are made as they are reached (a queue, no recursion), so that no
 * input can exhaust the stack and only what exports reach is kept.
 *
 * Members are nodes of their own in STG, shared between structs; the
 * model keeps them inline, a copy in each. A base class becomes an
 * anonymous member of its type at its offset; a method, no member.
 */
#include "stg_impl.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "../model/builder.h"
#include "../util/sort.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

struct graph {
	const struct stg_nodes *nodes;
	enum kabi_foreign foreign;
	struct kabi_model *frag;
	uint32_t *local;   /* per node: its type in frag, or KABI_NONE */
	uint32_t *node_of; /* per type of frag: its node */
	size_t node_of_alloc;
	uint32_t *queue; /* nodes whose types are yet to be filled */
	size_t nqueue, queue_alloc;
	uint64_t ptr_size; /* bytes; 0: not known */
	const char *path;
	struct diag *d;
};

/* The error of the format the nodes were read from. */
static enum kabi_error format_error(enum kabi_foreign foreign)
{
	return foreign == KABI_FOREIGN_ABIXML ? KABI_E_BAD_ABIXML
					      : KABI_E_BAD_STG;
}

__attribute__((format(printf, 3, 4))) static int
bad(const struct graph *g, const struct stg_node *n, const char *fmt, ...)
{
	va_list ap;
	int err;

	va_start(ap, fmt);
	err = diag_verror(g->d, format_error(g->foreign),
			  DIAG_AT_LINE(g->path, n ? n->line : 0), fmt, ap);
	va_end(ap);
	return err;
}

static uint32_t index_of(const struct graph *g, const struct stg_node *n)
{
	return (uint32_t)(n - g->nodes->v);
}

static bool is_type(uint8_t kind)
{
	switch (kind) {
	case STG_VOID:
	case STG_POINTER:
	case STG_TYPEDEF:
	case STG_QUALIFIED:
	case STG_PRIMITIVE:
	case STG_ARRAY:
	case STG_STRUCT:
	case STG_UNION:
	case STG_ENUM:
	case STG_FUNCTION:
	case STG_OTHER_TYPE:
		return true;
	default:
		return false;
	}
}

/* --- references checked -------------------------------------------------- */

/* What a reference of a node may name. */
enum target { TO_TYPE, TO_PARAMETER, TO_MEMBER, TO_VARIANT_MEMBER, TO_ANY };

static bool fits(uint8_t kind, enum target to)
{
	switch (to) {
	case TO_TYPE:
		return is_type(kind);
	case TO_PARAMETER:
		return is_type(kind) || kind == STG_VARIADIC;
	case TO_MEMBER:
		return kind == STG_MEMBER || kind == STG_BASE_CLASS ||
		       kind == STG_METHOD;
	case TO_VARIANT_MEMBER:
		return kind == STG_VARIANT_MEMBER;
	default: /* the interface: symbols and types */
		return kind == STG_ELF_SYMBOL || is_type(kind);
	}
}

static int check_ref(const struct graph *g, const struct stg_node *n,
		     uint32_t id, enum target to, const char *what)
{
	const struct stg_node *t = stg_nodes_find(g->nodes, id);
	uint32_t shown = stg_nodes_external(g->nodes, id);

	if (!t)
		return bad(g, n, "%s 0x%08x: no node has that id", what, shown);
	if (!fits(t->kind, to))
		return bad(g, n, "%s 0x%08x is not %s (see line %lu)", what,
			   shown,
			   to == TO_MEMBER	     ? "a member"
			   : to == TO_VARIANT_MEMBER ? "a variant member"
			   : to == TO_ANY	     ? "a symbol or a type"
						     : "a type",
			   t->line);
	return 0;
}

/* The kinds whose one reference must be there, and what it is called. */
static const char *needed_ref(uint8_t kind)
{
	switch (kind) {
	case STG_POINTER:
		return "its pointee";
	case STG_TYPEDEF:
		return "the type it names";
	case STG_QUALIFIED:
		return "the type it qualifies";
	case STG_ARRAY:
		return "its element type";
	case STG_MEMBER:
	case STG_BASE_CLASS:
	case STG_METHOD:
	case STG_VARIANT_MEMBER:
		return "its type";
	case STG_FUNCTION:
		return "its return type";
	default:
		return NULL;
	}
}

static enum target list_target(uint8_t kind)
{
	switch (kind) {
	case STG_FUNCTION:
		return TO_PARAMETER;
	case STG_STRUCT:
	case STG_UNION:
		return TO_MEMBER;
	case STG_OTHER_TYPE:
		return TO_VARIANT_MEMBER;
	default:
		return TO_ANY;
	}
}

static int check_node(const struct graph *g, const struct stg_node *n)
{
	const char *need = needed_ref(n->kind);
	uint32_t k;
	int err = 0;

	if (need && !(n->flags & STG_HAS_REF))
		return bad(g, n, "no reference to %s", need);
	if (n->kind == STG_ENUM && (n->flags & STG_DEFINED) &&
	    !(n->flags & STG_HAS_REF))
		return bad(g, n, "an enum defined without its underlying type");
	if (n->flags & STG_HAS_REF)
		err = check_ref(g, n, n->ref, TO_TYPE, "the type");
	if (!err && (n->flags & STG_HAS_REF2))
		err = check_ref(g, n, n->ref2, TO_TYPE, "the type");
	for (k = 0; !err && k < n->count; k++) {
		uint32_t id = g->nodes->ids[n->first + k];

		err =
		    check_ref(g, n, id, list_target(n->kind), "the reference");
		if (!err &&
		    stg_nodes_find(g->nodes, id)->kind == STG_VARIADIC &&
		    k + 1 < n->count)
			err = bad(g, n, "'...' before the last parameter");
	}
	return err;
}

static int check_refs(const struct graph *g)
{
	const struct stg_node *root;
	size_t i;
	int err;

	for (i = 0; i < g->nodes->n; i++)
		if ((err = check_node(g, &g->nodes->v[i])))
			return err;
	root = stg_nodes_find(g->nodes, g->nodes->root_id);
	if (!root || root->kind != STG_INTERFACE)
		return bad(g, NULL, "root_id 0x%08x names no 'interface'",
			   stg_nodes_external(g->nodes, g->nodes->root_id));
	return 0;
}

/* --- types made as they are reached -------------------------------------- */

/*
 * "const char a[4]" as a const array of const char: the DWARF reader
 * (and BTF's) make it one const, the element's; so too through arrays
 * of arrays ("const u32 t[4][256]"), a few deep.
 */
static bool redundant_qualifier(const struct graph *g, const struct stg_node *n)
{
	const struct stg_node *e;
	unsigned depth;

	if (n->kind != STG_QUALIFIED)
		return false;
	e = stg_nodes_find(g->nodes, n->ref);
	if (e->kind != STG_ARRAY)
		return false;
	for (depth = 0; e->kind == STG_ARRAY && depth < 8; depth++)
		e = stg_nodes_find(g->nodes, e->ref);
	return e->kind == STG_QUALIFIED && e->detail == n->detail;
}

static uint32_t type_of(struct graph *g, uint32_t id)
{
	const struct stg_node *n = stg_nodes_find(g->nodes, id);
	uint32_t i = index_of(g, n), t;
	struct kabi_type placeholder = {.kind = KABI_UNKNOWN};

	if (g->local[i] != KABI_NONE)
		return g->local[i];
	if (redundant_qualifier(g, n))
		return g->local[i] = type_of(g, n->ref);
	if (n->kind == STG_VOID)
		return g->local[i] = 0;
	t = model_add_type(g->frag, &placeholder);
	g->local[i] = t;
	ALLOC_GROW(g->node_of, t + 1, g->node_of_alloc);
	g->node_of[t] = i;
	ALLOC_GROW(g->queue, g->nqueue + 1, g->queue_alloc);
	g->queue[g->nqueue++] = i;
	return t;
}

/* STG's encodings (nodes.c's order) as the model's, which are DWARF's. */
static uint16_t encoding_of(uint16_t detail)
{
	static const uint16_t map[] = {
	    KABI_ENC_NONE,     KABI_ENC_BOOLEAN,       KABI_ENC_SIGNED,
	    KABI_ENC_UNSIGNED, KABI_ENC_SIGNED_CHAR,   KABI_ENC_UNSIGNED_CHAR,
	    KABI_ENC_FLOAT,    KABI_ENC_COMPLEX_FLOAT, KABI_ENC_UTF};

	return detail < sizeof(map) / sizeof(*map) ? map[detail]
						   : KABI_ENC_NONE;
}

static void fill_primitive(struct graph *g, const struct stg_node *n,
			   struct kabi_type *t)
{
	char canonical[KABI_BASE_NAME_MAX];

	t->kind = KABI_BASE;
	/* one spelling per C type, whichever compiler STG read */
	t->name = model_intern(
	    g->frag,
	    model_base_type_name(model_str(g->frag, n->name), canonical));
	t->size = n->size;
	t->encoding = encoding_of(n->detail);
}

static void fill_members(struct graph *g, const struct stg_node *n,
			 struct kabi_type *t)
{
	uint32_t k;

	t->first = (uint32_t)g->frag->nmembers;
	for (k = 0; k < n->count; k++) {
		const struct stg_node *m =
		    stg_nodes_find(g->nodes, g->nodes->ids[n->first + k]);
		struct kabi_member mb = {0};

		if (m->kind == STG_METHOD)
			continue; /* no part of the layout */
		mb.name = m->kind == STG_MEMBER ? m->name : 0;
		mb.type = type_of(g, m->ref);
		mb.offset = m->offset;
		mb.bit_size = m->kind == STG_MEMBER ? (uint32_t)m->size : 0;
		model_add_member(g->frag, &mb);
		t->count++;
	}
}

static void fill_aggregate(struct graph *g, const struct stg_node *n,
			   struct kabi_type *t)
{
	t->kind = n->kind == STG_STRUCT ? KABI_STRUCT : KABI_UNION;
	t->name = n->name;
	if (!(n->flags & STG_DEFINED)) {
		t->flags = KABI_TYPE_DECLARATION;
		return;
	}
	t->size = n->size;
	fill_members(g, n, t);
}

/* An enum's size and sign are its underlying type's. */
static void fill_enum(struct graph *g, const struct stg_node *n,
		      struct kabi_type *t)
{
	const struct stg_node *u;
	uint32_t k;

	t->kind = KABI_ENUM;
	t->name = n->name;
	if (!(n->flags & STG_DEFINED)) {
		t->flags = KABI_TYPE_DECLARATION;
		return;
	}
	u = stg_nodes_find(g->nodes, n->ref);
	if (u->kind == STG_PRIMITIVE) {
		uint16_t e = encoding_of(u->detail);

		t->size = u->size;
		if (e == KABI_ENC_SIGNED || e == KABI_ENC_SIGNED_CHAR)
			t->flags |= KABI_TYPE_SIGNED;
	}
	t->first = (uint32_t)g->frag->nenumerators;
	for (k = 0; k < n->nenumerators; k++) {
		model_add_enumerator(
		    g->frag, &g->nodes->enumerators[n->first_enumerator + k]);
		t->count++;
	}
}

static void fill_function(struct graph *g, const struct stg_node *n,
			  struct kabi_type *t)
{
	uint32_t k;

	t->kind = KABI_FUNCTION;
	t->target = type_of(g, n->ref);
	t->first = (uint32_t)g->frag->nparams;
	for (k = 0; k < n->count; k++) {
		uint32_t id = g->nodes->ids[n->first + k];

		if (stg_nodes_find(g->nodes, id)->kind == STG_VARIADIC) {
			t->flags |= KABI_TYPE_VARIADIC; /* the last: checked */
			continue;
		}
		model_add_param(g->frag, type_of(g, id));
		t->count++;
	}
}

/*
 * STG gives no pointer's size, nor the machine's. Linux is LP64 or
 * ILP32 on every machine it runs on: a pointer is as wide as a long,
 * which the kernel's types all but always hold.
 */
static uint64_t pointer_size(const struct stg_nodes *nodes,
			     const struct kabi_model *frag)
{
	char canonical[KABI_BASE_NAME_MAX];
	size_t i;

	for (i = 0; i < nodes->n; i++) {
		const struct stg_node *n = &nodes->v[i];
		const char *name;

		if (n->kind != STG_PRIMITIVE)
			continue;
		name =
		    model_base_type_name(model_str(frag, n->name), canonical);
		if (!strcmp(name, "long int") ||
		    !strcmp(name, "long unsigned int"))
			return n->size;
	}
	return 0;
}

static void fill(struct graph *g, uint32_t node)
{
	const struct stg_node *n = &g->nodes->v[node];
	struct kabi_type t = {0};

	switch (n->kind) {
	case STG_PRIMITIVE:
		fill_primitive(g, n, &t);
		break;
	case STG_POINTER:
		t.kind = KABI_POINTER;
		t.target = type_of(g, n->ref);
		t.size = n->size ? n->size : g->ptr_size;
		break;
	case STG_TYPEDEF:
		t.kind = KABI_TYPEDEF;
		t.name = n->name;
		t.target = type_of(g, n->ref);
		break;
	case STG_QUALIFIED:
		t.kind = (uint8_t)n->detail;
		t.target = type_of(g, n->ref);
		break;
	case STG_ARRAY:
		t.kind = KABI_ARRAY;
		t.target = type_of(g, n->ref);
		t.elements = n->size;
		/* STG, as BTF, writes "[]" and "[0]" alike */
		if (!n->size)
			t.flags |= KABI_TYPE_NO_COUNT;
		break;
	case STG_STRUCT:
	case STG_UNION:
		fill_aggregate(g, n, &t);
		break;
	case STG_ENUM:
		fill_enum(g, n, &t);
		break;
	case STG_FUNCTION:
		fill_function(g, n, &t);
		break;
	default: /* C++ and Rust: what it is, by name */
		t.kind = KABI_UNKNOWN;
		t.name = n->name;
		break;
	}
	g->frag->types[g->local[node]] = t;
}

static void drain(struct graph *g)
{
	while (g->nqueue)
		fill(g, g->queue[--g->nqueue]);
}

/* --- exports ------------------------------------------------------------- */

static int compare_exports(const void *a, const void *b, void *ctx)
{
	const struct graph *g = ctx;
	const struct stg_node *x = &g->nodes->v[*(const uint32_t *)a];
	const struct stg_node *y = &g->nodes->v[*(const uint32_t *)b];

	return strcmp(model_str(g->frag, x->name), model_str(g->frag, y->name));
}

/* What the root interface names that kabi does not compare. */
struct set_aside {
	size_t symbols; /* not exports: undefined, or local */
	size_t types;	/* types of their own, without a symbol */
};

/* The root interface's exported symbols, sorted by name, each once. */
static int list_exports(struct graph *g, uint32_t **v, size_t *n,
			struct set_aside *aside)
{
	const struct stg_node *root =
	    stg_nodes_find(g->nodes, g->nodes->root_id);
	size_t alloc = 0, k;

	*v = NULL;
	*n = 0;
	for (k = 0; k < root->count; k++) {
		const struct stg_node *s =
		    stg_nodes_find(g->nodes, g->nodes->ids[root->first + k]);

		if (s->kind != STG_ELF_SYMBOL) {
			aside->types++;
			continue;
		}
		if (!(s->flags & STG_EXPORTED)) {
			aside->symbols++;
			continue;
		}
		ALLOC_GROW(*v, *n + 1, alloc);
		(*v)[(*n)++] = index_of(g, s);
	}
	array_sort_r(*v, *n, sizeof(**v), compare_exports, g);
	for (k = 1; k < *n; k++)
		if (!compare_exports(&(*v)[k - 1], &(*v)[k], g))
			return bad(
			    g, &g->nodes->v[(*v)[k]],
			    "a second export named '%s' (the first at "
			    "line %lu)",
			    model_str(g->frag, g->nodes->v[(*v)[k]].name),
			    g->nodes->v[(*v)[k - 1]].line);
	return 0;
}

static void warn_set_aside(const struct set_aside *a, const char *path,
			   struct diag *d)
{
	if (a->symbols)
		diag_warning(d, DIAG_AT_FILE(path),
			     "%zu symbol%s of the interface %s not defined, "
			     "global or weak: not compared as exports",
			     a->symbols, a->symbols == 1 ? "" : "s",
			     a->symbols == 1 ? "is" : "are");
	/* STG's --types roots: kabi compares what exports reach */
	if (a->types)
		diag_warning(d, DIAG_AT_FILE(path),
			     "%zu type%s of the interface without a symbol: "
			     "not compared, unless an export reaches %s",
			     a->types, a->types == 1 ? "" : "s",
			     a->types == 1 ? "it" : "them");
}

/*
 * Each export into out, without module or export kind (STG keeps
 * neither); those with a type into the fragment too (targets).
 */
static void add_exports(struct graph *g, const uint32_t *v, size_t n,
			struct kabi_model *out, uint32_t *targets)
{
	size_t k;

	for (k = 0; k < n; k++) {
		const struct stg_node *s = &g->nodes->v[v[k]];
		struct kabi_symbol sym = {0}, typed = {0};

		sym.name = model_intern(out, model_str(g->frag, s->name));
		sym.ns = model_intern(out, model_str(g->frag, s->ns));
		sym.crc = s->crc;
		if (s->flags & STG_FUNCTION_SYM)
			sym.flags |= KABI_SYM_FUNCTION;
		if (s->flags & STG_HAS_CRC)
			sym.flags |= KABI_SYM_HAS_CRC;
		model_add_symbol(out, &sym);
		if (!(s->flags & STG_HAS_REF))
			continue;
		typed.name = s->name;
		typed.type = type_of(g, s->ref);
		typed.flags = sym.flags & KABI_SYM_FUNCTION;
		targets[g->frag->nsymbols] = (uint32_t)k;
		model_add_symbol(g->frag, &typed);
	}
}

/* Damaged input only: a typedef or pointer that is its own (cycles.c). */
static int check_loops(struct graph *g)
{
	struct model_loop *loops;
	int err = 0;

	if (model_find_loops(g->frag, &loops))
		err = bad(g, &g->nodes->v[g->node_of[loops[0].type]],
			  "a type that refers to itself other than through a "
			  "struct or union");
	free(loops);
	return err;
}

static void build(struct kabi_model *frag, const uint32_t *targets,
		  const char *path, struct kabi_model *out, struct diag *d)
{
	struct model_builder *b = model_builder_new();
	struct fragment_summary *s = fragment_summarize(frag, targets);

	fragment_summary_diagnose(s, path, model_foreign_name(out), d);
	model_builder_add(b, s, MODEL_SCOPE_VMLINUX);
	model_builder_finish(b, out);
	model_builder_free(b);
}

int stg_graph_build(const struct stg_nodes *nodes, struct kabi_model *frag,
		    const char *path, enum kabi_foreign foreign,
		    struct kabi_model *out, struct diag *d)
{
	struct graph g = {.nodes = nodes,
			  .foreign = foreign,
			  .frag = frag,
			  .path = path,
			  .d = d};
	uint32_t *exports = NULL, *targets = NULL;
	size_t nexports = 0, errors = d->errors;
	struct set_aside aside = {0};
	int err = check_refs(&g);

	out->foreign = (uint8_t)foreign;
	g.ptr_size = pointer_size(nodes, frag);
	g.local = xmalloc(xmul(nodes->n + 1, sizeof(*g.local)));
	memset(g.local, 0xff, (nodes->n + 1) * sizeof(*g.local));
	if (!err)
		err = list_exports(&g, &exports, &nexports, &aside);
	if (!err) {
		targets = xmalloc(xmul(nexports + 1, sizeof(*targets)));
		add_exports(&g, exports, nexports, out, targets);
		drain(&g);
		err = check_loops(&g);
	}
	if (!err)
		warn_set_aside(&aside, path, d);
	if (!err) {
		build(frag, targets, path, out, d);
		frag = NULL;
		if (d->errors > errors)
			err = -(int)format_error(foreign);
	}
	if (frag) {
		model_free(frag);
		free(frag);
	}
	free(exports);
	free(targets);
	free(g.local);
	free(g.queue);
	free(g.node_of);
	return err;
}
