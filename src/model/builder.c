// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Structural deduplication of CU-local models; see builder.h.
 *
 * Every named struct, union, enum and typedef of every fragment is an
 * instance. Its shape is a canonical byte string of its content, in which
 * anonymous and derived types (pointers, arrays, function types, anonymous
 * structs) are written out in full and named ones are written as a
 * reference by kind and name: a reference slot. Every cycle in C passes
 * through a named type, so shapes are finite.
 *
 * Instances with equal shapes are candidates for being the same type;
 * they are the same type when, slot by slot, they refer to the same
 * types. That is settled by partition refinement: start with one block
 * per shape, split blocks whose instances refer to different blocks, and
 * repeat until nothing splits. The result is the coarsest structural
 * equivalence, whatever the order of the fragments: one type per block.
 *
 * A declaration-only struct (known by name only) follows a definition of
 * that name, looked for as the linker would see it: in the declaring
 * binary first, then in vmlinux, which every module links against, then
 * anywhere in the tree. Where the first place that has definitions has
 * several, it stays an opaque declaration marked ambiguous: a driver's
 * own "struct sched_class" does not make the scheduler's ambiguous for
 * vmlinux.
 */
#include "builder.h"
#include "builder_impl.h"

#include <stdlib.h>
#include <string.h>

#include "../util/hashmap.h"
#include "../util/strbuf.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

/* Anonymous types nested deeper than this are taken for a cycle. */
#define MAX_NESTING 256
/*
 * An anonymous type is written out in full wherever it is used, so one
 * shared at every level of a nest would make a shape grow as 2^depth:
 * only damaged DWARF does that. Past this many nodes a shape is cut.
 */
#define MAX_SHAPE_NODES	      (1u << 20)
#define SHAPE_BUDGET_BASE     (1u << 16)
#define SHAPE_BUDGET_PER_PART 64u

/* --- serialising a fragment (worker side) ------------------------------ */

struct summary_root {
	uint32_t local; /* local type id; for symbols the symbol index */
	uint64_t hash;
	size_t off;
	size_t len;
	size_t refs_off;
	uint32_t nrefs;
};

struct fragment_summary {
	struct kabi_model *frag;
	struct strbuf bytes;
	uint32_t *refs; /* local type ids of referenced named types */
	size_t nrefs, refs_alloc;
	struct summary_root *roots; /* named types, then symbols */
	size_t nroots, roots_alloc;
	size_t nnamed;
	size_t errors;
	size_t budget; /* of shape nodes; errors past it are its */
	bool over_budget;
	uint32_t *targets; /* per fragment symbol: the final model's index */
};

static void put_uv(struct strbuf *sb, uint64_t v)
{
	unsigned char buf[10];
	size_t n = 0;

	do {
		buf[n] = v & 0x7f;
		v >>= 7;
		if (v)
			buf[n] |= 0x80;
		n++;
	} while (v);
	strbuf_add(sb, buf, n);
}

static void put_str(struct strbuf *sb, const char *s)
{
	size_t len = strlen(s);

	put_uv(sb, len);
	strbuf_add(sb, s, len);
}

struct serializer {
	struct fragment_summary *s;
	uint8_t *active; /* per local type: being written (cycle guard) */
	unsigned depth;
	size_t nodes;	      /* written for the current root */
	size_t total, budget; /* written for the fragment, and its bound */
};

static void serialize(struct serializer *z, uint32_t id, bool root);

static void serialize_body(struct serializer *z, const struct kabi_type *t)
{
	const struct kabi_model *f = z->s->frag;
	struct strbuf *sb = &z->s->bytes;
	uint32_t i;

	/* in the order of model_visit_refs(), with what members add */
	if (kabi_kind_has_target(t->kind))
		serialize(z, t->target, false);
	for (i = 0; i < t->count; i++) {
		if (kabi_kind_has_members(t->kind)) {
			const struct kabi_member *m = &kabi_members(f, t)[i];

			put_str(sb, model_str(f, m->name));
			put_uv(sb, m->offset);
			put_uv(sb, m->bit_size);
			serialize(z, m->type, false);
		} else if (t->kind == KABI_ENUM) {
			const struct kabi_enumerator *e =
			    &kabi_enumerators(f, t)[i];

			put_str(sb, model_str(f, e->name));
			put_uv(sb, e->value);
		} else if (t->kind == KABI_FUNCTION) {
			serialize(z, kabi_params(f, t)[i], false);
		}
	}
}

static void serialize(struct serializer *z, uint32_t id, bool root)
{
	const struct kabi_model *f = z->s->frag;
	const struct kabi_type *t = &f->types[id];
	struct strbuf *sb = &z->s->bytes;

	if (t->kind == KABI_VOID) {
		strbuf_addch(sb, TOKEN_VOID);
		return;
	}
	if (!root && kabi_type_has_identity(t)) {
		strbuf_addch(sb, TOKEN_REF);
		strbuf_addch(sb, (char)t->kind);
		put_str(sb, model_str(f, t->name));
		ALLOC_GROW(z->s->refs, z->s->nrefs + 1, z->s->refs_alloc);
		z->s->refs[z->s->nrefs++] = id;
		return;
	}
	if (z->active[id] || z->depth >= MAX_NESTING ||
	    ++z->nodes > MAX_SHAPE_NODES || ++z->total > z->budget) {
		z->s->over_budget |= z->total > z->budget;
		/* only damaged DWARF makes anonymous types refer to themselves
		 */
		strbuf_addch(sb, TOKEN_BAD);
		z->s->errors++;
		return;
	}
	z->active[id] = 1;
	z->depth++;
	strbuf_addch(sb, TOKEN_NODE);
	strbuf_addch(sb, (char)t->kind);
	strbuf_addch(sb, (char)t->flags);
	put_uv(sb, t->encoding);
	put_uv(sb, t->size);
	put_uv(sb, t->align);
	put_str(sb, model_str(f, t->name));
	put_uv(sb, t->count);
	put_uv(sb, t->elements);
	serialize_body(z, t);
	z->depth--;
	z->active[id] = 0;
}

/*
 * What a fragment's shapes may hold in all: many times what the fragment
 * is made of (Debian's kernels write at most 1.5 nodes a part), never the
 * 2^depth of anonymous types shared at every level of a nest, which a
 * cap per shape would still allow once for each named type that embeds
 * the nest (6 KB of BTF took all the memory so).
 */
static size_t shape_budget(const struct kabi_model *frag)
{
	size_t parts = frag->ntypes + frag->nmembers + frag->nparams +
		       frag->nenumerators + frag->nsymbols;

	return SHAPE_BUDGET_BASE + SHAPE_BUDGET_PER_PART * parts;
}

static void add_root(struct serializer *z, uint32_t local, uint32_t type,
		     bool root)
{
	struct fragment_summary *s = z->s;
	struct summary_root *r;

	ALLOC_GROW(s->roots, s->nroots + 1, s->roots_alloc);
	r = &s->roots[s->nroots++];
	r->local = local;
	r->off = s->bytes.len;
	r->refs_off = s->nrefs;
	z->nodes = 0;
	serialize(z, type, root);
	r->len = s->bytes.len - r->off;
	r->nrefs = (uint32_t)(s->nrefs - r->refs_off);
	r->hash = hash_run(s->bytes.buf + r->off, r->len);
}

struct fragment_summary *fragment_summarize(struct kabi_model *frag,
					    const uint32_t *targets)
{
	struct fragment_summary *s = xcalloc(1, sizeof(*s));
	struct serializer z = {s, NULL, 0, 0, 0, 0};
	uint32_t i;

	/* one C type, one chain of qualifiers: before anything is sized */
	model_order_qualifiers(frag);
	z.active = xcalloc(frag->ntypes, 1);
	s->frag = frag;
	if (frag->nsymbols) {
		s->targets = xmalloc(xmul(frag->nsymbols, sizeof(uint32_t)));
		memcpy(s->targets, targets, frag->nsymbols * sizeof(uint32_t));
	}
	strbuf_init(&s->bytes);
	z.budget = s->budget = shape_budget(frag);
	for (i = 1; i < frag->ntypes; i++)
		if (kabi_type_has_identity(&frag->types[i]))
			add_root(&z, i, i, true);
	s->nnamed = s->nroots;
	for (i = 0; i < frag->nsymbols; i++)
		add_root(&z, i, frag->symbols[i].type, false);
	free(z.active);
	return s;
}

void fragment_summary_free(struct fragment_summary *s)
{
	if (!s)
		return;
	model_free(s->frag);
	free(s->frag);
	strbuf_release(&s->bytes);
	free(s->refs);
	free(s->roots);
	free(s->targets);
	free(s);
}

void fragment_summary_diagnose(const struct fragment_summary *s,
			       const char *path, const char *source,
			       struct diag *d)
{
	if (s->over_budget)
		diag_error(d, KABI_E_BAD_DWARF, DIAG_AT_FILE(path),
			   "its %s's types expand past %zu nodes, %u for each "
			   "of their parts: anonymous types shared at every "
			   "level of a nest (damaged or hostile %s); what "
			   "lies past the bound is left out",
			   source, s->budget, SHAPE_BUDGET_PER_PART, source);
	else if (s->errors)
		diag_error(d, KABI_E_BAD_DWARF, DIAG_AT_FILE(path),
			   "%zu anonymous types of its %s refer to "
			   "themselves, or nest past kabi's bounds: damaged %s",
			   s->errors, source, source);
}

/* --- collecting (main side) -------------------------------------------- */

struct model_builder *model_builder_new(void)
{
	struct model_builder *b = xcalloc(1, sizeof(*b));

	b->threads = 1;
	strset_init(&b->strings);
	strbuf_init(&b->bytes);
	hashmap_init(&b->shape_index);
	return b;
}

void model_builder_free(struct model_builder *b)
{
	if (!b)
		return;
	strset_free(&b->strings);
	strbuf_release(&b->bytes);
	free(b->shapes);
	hashmap_free(&b->shape_index);
	free(b->inst_shape);
	free(b->inst_file);
	free(b->inst_line);
	free(b->inst_scope);
	free(b->inst_refs);
	free(b->refs);
	free(b->sym_refs);
	free(b->names);
	free(b->symbols);
	free(b->units);
	free(b->opaque);
	free(b);
}

static uint32_t find_or_add_shape(struct model_builder *b,
				  const struct fragment_summary *s,
				  const struct summary_root *r,
				  const struct kabi_type *t)
{
	const char *bytes = s->bytes.buf + r->off;
	struct hashmap_iter iter;
	struct hashmap_entry *e;
	struct shape *sh;

	for (e = hashmap_first(&b->shape_index, r->hash, &iter); e;
	     e = hashmap_next(&b->shape_index, &iter)) {
		sh = &b->shapes[e->key];
		if (sh->len == r->len &&
		    !memcmp(b->bytes.buf + sh->off, bytes, r->len))
			return (uint32_t)e->key;
	}
	ALLOC_GROW(b->shapes, b->nshapes + 1, b->shapes_alloc);
	sh = &b->shapes[b->nshapes];
	memset(sh, 0, sizeof(*sh));
	sh->hash = r->hash;
	sh->off = b->bytes.len;
	sh->len = r->len;
	sh->first_instance = KABI_NONE;
	strbuf_add(&b->bytes, bytes, r->len);
	if (t) {
		sh->kind = t->kind;
		sh->named = true;
		sh->declaration = t->flags & KABI_TYPE_DECLARATION;
		sh->name = strset_add(&b->strings, model_str(s->frag, t->name));
	}
	hashmap_add(&b->shape_index, r->hash, b->nshapes, 0);
	return (uint32_t)b->nshapes++;
}

/* Append a root's references, as instance ids, to a vector. */
static size_t add_refs(uint32_t **v, size_t *n, size_t *alloc,
		       const struct fragment_summary *s,
		       const struct summary_root *r, const uint32_t *inst_of)
{
	size_t start = *n;
	uint32_t k;

	ALLOC_GROW(*v, *n + r->nrefs, *alloc);
	for (k = 0; k < r->nrefs; k++)
		(*v)[(*n)++] = inst_of[s->refs[r->refs_off + k]];
	return start;
}

/*
 * The fragment's unit into the builder, once, when a symbol it describes
 * is the one kept: its number, 1 + index; 0 when it has none.
 */
static uint32_t add_unit(struct model_builder *b,
			 const struct fragment_summary *s, uint32_t *unit)
{
	const struct kabi_model *f = s->frag;
	const struct kabi_unit *u;
	uint32_t k;

	if (*unit || f->nunits < 2)
		return *unit;
	u = &f->units[1];
	ALLOC_GROW(b->units, b->nunits + 1, b->units_alloc);
	b->units[b->nunits].module =
	    strset_add(&b->strings, model_str(f, u->module));
	b->units[b->nunits].name =
	    strset_add(&b->strings, model_str(f, u->name));
	b->units[b->nunits].first_opaque = (uint32_t)b->nopaque;
	b->units[b->nunits].nopaque = u->nopaque;
	ALLOC_GROW(b->opaque, b->nopaque + u->nopaque, b->opaque_alloc);
	for (k = 0; k < u->nopaque; k++) {
		const struct kabi_tag *t = &kabi_unit_opaque(f, u)[k];

		b->opaque[b->nopaque].kind = t->kind;
		b->opaque[b->nopaque++].name =
		    strset_add(&b->strings, model_str(f, t->name));
	}
	*unit = (uint32_t)++b->nunits;
	return *unit;
}

static void add_symbol(struct model_builder *b,
		       const struct fragment_summary *s,
		       const struct summary_root *r, const uint32_t *inst_of,
		       uint32_t *unit)
{
	const struct kabi_symbol *sym = &s->frag->symbols[r->local];
	uint32_t index = s->targets[r->local], k;
	struct symbol_desc *d;

	if (index >= b->nsymbols) {
		size_t n = index + 1;

		b->symbols = xrealloc(b->symbols, xmul(n, sizeof(*b->symbols)));
		memset(b->symbols + b->nsymbols, 0,
		       (n - b->nsymbols) * sizeof(*b->symbols));
		b->nsymbols = n;
	}
	d = &b->symbols[index];
	if ((sym->flags & KABI_SYM_EXPORTED_HERE) && sym->unit &&
	    !d->export_unit)
		d->export_unit = add_unit(b, s, unit);
	if (d->set || (sym->flags & KABI_SYM_DECLARED))
		return; /* the first definition describes it */
	d->set = true;
	d->unit = sym->unit ? add_unit(b, s, unit) : 0;
	d->shape = find_or_add_shape(b, s, r, NULL);
	d->refs_off = add_refs(&b->sym_refs, &b->nsym_refs, &b->sym_refs_alloc,
			       s, r, inst_of);
	d->nrefs = r->nrefs;
	d->names_off = b->nnames;
	d->nnames = sym->nparams;
	ALLOC_GROW(b->names, b->nnames + sym->nparams, b->names_alloc);
	for (k = 0; k < sym->nparams; k++)
		b->names[b->nnames++] = strset_add(
		    &b->strings,
		    model_str(s->frag,
			      s->frag->param_names[sym->first_param + k]));
}

/* Room for one more instance (and the end of its row) in every array. */
static void grow_instances(struct model_builder *b)
{
	size_t n;

	if (b->ninst + 2 <= b->inst_alloc)
		return;
	n = b->inst_alloc < 64 ? 128 : b->inst_alloc * 2;
	b->inst_shape = xrealloc(b->inst_shape, xmul(n, sizeof(uint32_t)));
	b->inst_file = xrealloc(b->inst_file, xmul(n, sizeof(uint32_t)));
	b->inst_line = xrealloc(b->inst_line, xmul(n, sizeof(uint32_t)));
	b->inst_scope = xrealloc(b->inst_scope, xmul(n, sizeof(uint32_t)));
	b->inst_refs = xrealloc(b->inst_refs, xmul(n, sizeof(size_t)));
	b->inst_alloc = n;
}

/*
 * The builder's string for a fragment's: a fragment's types name few
 * files, each many times, and interning a path each time (its length, its
 * hash, a lookup) was most of what merging costs the main thread.
 */
#define FILE_CACHE_SIZE 256
struct file_cache {
	uint32_t frag[FILE_CACHE_SIZE]; /* UINT32_MAX: empty */
	uint32_t id[FILE_CACHE_SIZE];
};

static uint32_t intern_file(struct model_builder *b, struct file_cache *c,
			    const struct kabi_model *frag, uint32_t str)
{
	size_t slot = (str * UINT32_C(2654435761)) >> 24;

	if (c->frag[slot] != str) {
		c->frag[slot] = str;
		c->id[slot] = strset_add(&b->strings, model_str(frag, str));
	}
	return c->id[slot];
}

void model_builder_add(struct model_builder *b, struct fragment_summary *s,
		       uint32_t scope)
{
	uint32_t *inst_of = xmalloc(xmul(s->frag->ntypes, sizeof(uint32_t)));
	struct file_cache files;
	uint32_t unit = 0;
	size_t k;

	memset(files.frag, 0xff, sizeof(files.frag));
	for (k = 0; k < s->frag->ntypes; k++)
		inst_of[k] = KABI_NONE;
	for (k = 0; k < s->nnamed; k++)
		inst_of[s->roots[k].local] = (uint32_t)(b->ninst + k);
	for (k = 0; k < s->nnamed; k++) {
		const struct summary_root *r = &s->roots[k];
		const struct kabi_type *t = &s->frag->types[r->local];
		uint32_t shape = find_or_add_shape(b, s, r, t);

		grow_instances(b);
		b->inst_shape[b->ninst] = shape;
		b->inst_file[b->ninst] =
		    intern_file(b, &files, s->frag, t->decl_file);
		b->inst_line[b->ninst] = t->decl_line;
		b->inst_scope[b->ninst] = scope;
		b->inst_refs[b->ninst] = add_refs(
		    &b->refs, &b->nrefs, &b->refs_alloc, s, r, inst_of);
		if (b->shapes[shape].first_instance == KABI_NONE)
			b->shapes[shape].first_instance = (uint32_t)b->ninst;
		b->ninst++;
		b->inst_refs[b->ninst] = b->nrefs;
	}
	for (k = s->nnamed; k < s->nroots; k++)
		add_symbol(b, s, &s->roots[k], inst_of, &unit);
	b->stats.fragments++;
	free(inst_of);
	fragment_summary_free(s);
}

static uint64_t name_key(const struct shape *sh)
{
	return hash_combine(hash_u64(sh->kind), sh->name);
}

void model_builder_each_unresolved(const struct model_builder *b,
				   void (*fn)(enum kabi_kind kind,
					      const char *name, void *ctx),
				   void *ctx)
{
	struct hashmap defined = HASHMAP_INIT;
	size_t s;

	for (s = 0; s < b->nshapes; s++) {
		const struct shape *sh = &b->shapes[s];

		if (sh->named && !sh->declaration)
			hashmap_add(&defined, name_key(sh), s, 0);
	}
	for (s = 0; s < b->nshapes; s++) {
		const struct shape *sh = &b->shapes[s];
		struct hashmap_iter it;
		struct hashmap_entry *e;
		bool found = false;

		if (!sh->named || !sh->declaration)
			continue;
		for (e = hashmap_first(&defined, name_key(sh), &it);
		     e && !found; e = hashmap_next(&defined, &it))
			found = b->shapes[e->key].kind == sh->kind &&
				b->shapes[e->key].name == sh->name;
		if (!found)
			fn(sh->kind, strset_str(&b->strings, sh->name), ctx);
	}
	hashmap_free(&defined);
}
