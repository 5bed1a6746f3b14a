// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * C spellings and unique ids of types; see names.h.
 *
 * Spellings are built inside out, as C declarators are read: the
 * declarator so far is passed down to the type it applies to, so that
 * "pointer to array of 3 char" comes out as "char (*)[3]".
 */
#include "names.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "../util/hashmap.h"
#include "../util/strbuf.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

/* Deeper than this, a chain of derived types is taken for a cycle. */
#define MAX_DEPTH 64
/* Rounds of hashing to tell apart types spelled alike. */
#define MAX_ROUNDS 32

struct namer {
	const struct kabi_model *m;
	struct type_names *out;
	uint64_t *content; /* per type: hash of its own content */
	uint8_t *state;	   /* 0 not done, 1 in progress, 2 done */
};

static uint32_t spell(struct namer *nm, uint32_t type, unsigned depth);

static const char *spelled(struct namer *nm, uint32_t type, unsigned depth)
{
	return strset_str(&nm->out->strings, spell(nm, type, depth));
}

/* Hash of a type's own content, its references by spelling. */
static uint64_t content_hash(struct namer *nm, uint32_t type, unsigned depth)
{
	const struct kabi_model *m = nm->m;
	const struct kabi_type *t = &m->types[type];
	uint64_t h = hash_u64((uint64_t)t->kind << 8 | t->flags);
	uint32_t i;

	h = hash_combine(h, hash_string(model_str(m, t->name)));
	h = hash_combine(h, t->encoding);
	/*
	 * An array's element count is hashed where other types have their
	 * size: so it was before the two had fields of their own, and ids
	 * made of this hash stay what they were.
	 */
	h = hash_combine(h, t->kind == KABI_ARRAY ? t->elements : t->size);
	h = hash_combine(h, t->align);
	h = hash_combine(h, t->count);
	if (kabi_kind_has_target(t->kind) && t->target)
		h = hash_combine(h, hash_string(spelled(nm, t->target, depth)));
	for (i = 0; i < t->count; i++) {
		switch (t->kind) {
		case KABI_STRUCT:
		case KABI_UNION: {
			const struct kabi_member *mb = &kabi_members(m, t)[i];

			h = hash_combine(h,
					 hash_string(model_str(m, mb->name)));
			h = hash_combine(h, mb->offset);
			h = hash_combine(h, mb->bit_size);
			h = hash_combine(
			    h, hash_string(spelled(nm, mb->type, depth)));
			break;
		}
		case KABI_ENUM: {
			const struct kabi_enumerator *e =
			    &kabi_enumerators(m, t)[i];

			h = hash_combine(h, hash_string(model_str(m, e->name)));
			h = hash_combine(h, e->value);
			break;
		}
		case KABI_FUNCTION:
			h = hash_combine(
			    h, hash_string(
				   spelled(nm, kabi_params(m, t)[i], depth)));
			break;
		default:
			break;
		}
	}
	return h;
}

/* The part before the declarator: "int", "struct foo", "const char". */
static void leaf_name(struct namer *nm, uint32_t type, struct strbuf *sb,
		      unsigned depth)
{
	const struct kabi_model *m = nm->m;
	const struct kabi_type *t = &m->types[type];

	switch (t->kind) {
	case KABI_VOID:
		strbuf_adds(sb, "void");
		break;
	case KABI_STRUCT:
	case KABI_UNION:
	case KABI_ENUM:
		strbuf_addf(sb, "%s ", kabi_kind_name(t->kind));
		if (t->name)
			strbuf_adds(sb, model_str(m, t->name));
		else
			strbuf_addf(sb, "{anon:%012" PRIx64 "}",
				    content_hash(nm, type, depth + 1) >> 16);
		break;
	case KABI_UNKNOWN:
		strbuf_addf(sb, "<%s>", model_str(m, t->name));
		break;
	default:
		if (t->name)
			strbuf_adds(sb, model_str(m, t->name));
		else /* damaged input: a base type or typedef without one */
			strbuf_addf(sb, "{anon %s:%012" PRIx64 "}",
				    kabi_kind_name(t->kind),
				    content_hash(nm, type, depth + 1) >> 16);
		break;
	}
}

/* "int" and "*x" make "int *x"; arrays keep close: "int[3]". */
static void add_declarator(struct strbuf *sb, const char *decl)
{
	if (!*decl)
		return;
	if (decl[0] != '[')
		strbuf_addch(sb, ' ');
	strbuf_adds(sb, decl);
}

static void spell_decl(struct namer *nm, uint32_t type, const char *decl,
		       struct strbuf *out, unsigned depth);

static void spell_params(struct namer *nm, const struct kabi_type *t,
			 struct strbuf *sb, unsigned depth)
{
	const struct kabi_model *m = nm->m;
	uint32_t i;

	strbuf_addch(sb, '(');
	if (t->flags & KABI_TYPE_UNPROTOTYPED && !t->count) {
		strbuf_addch(sb, ')'); /* K&R: "int ()" */
		return;
	}
	for (i = 0; i < t->count; i++)
		strbuf_addf(sb, "%s%s", i ? ", " : "",
			    spelled(nm, kabi_params(m, t)[i], depth + 1));
	if (t->flags & KABI_TYPE_VARIADIC)
		strbuf_adds(sb, t->count ? ", ..." : "...");
	else if (!t->count && !(t->flags & KABI_TYPE_UNPROTOTYPED))
		strbuf_adds(sb, "void");
	strbuf_addch(sb, ')');
}

static bool needs_parens(const struct kabi_type *target, const char *decl)
{
	return (target->kind == KABI_ARRAY || target->kind == KABI_FUNCTION) &&
	       decl[0] == '*';
}

static void spell_decl(struct namer *nm, uint32_t type, const char *decl,
		       struct strbuf *out, unsigned depth)
{
	const struct kabi_model *m = nm->m;
	const struct kabi_type *t = &m->types[type];
	struct strbuf inner = STRBUF_INIT;

	if (depth > MAX_DEPTH) {
		strbuf_adds(out, "<too deep>");
		return;
	}
	switch (t->kind) {
	case KABI_POINTER:
		strbuf_addf(&inner, "*%s", decl);
		if (needs_parens(&m->types[t->target], inner.buf)) {
			strbuf_reset(&inner);
			strbuf_addf(&inner, "(*%s)", decl);
		}
		spell_decl(nm, t->target, inner.buf, out, depth + 1);
		break;
	case KABI_CONST:
	case KABI_VOLATILE:
	case KABI_RESTRICT:
	case KABI_ATOMIC: {
		const char *q = t->kind == KABI_ATOMIC
				    ? "_Atomic"
				    : kabi_kind_name(t->kind);

		if (m->types[t->target].kind == KABI_POINTER) {
			/* a qualified pointer: "char *const" */
			strbuf_addf(&inner, "%s%s%s", q, *decl ? " " : "",
				    decl);
			spell_decl(nm, t->target, inner.buf, out, depth + 1);
		} else {
			strbuf_addf(out, "%s ", q);
			spell_decl(nm, t->target, decl, out, depth + 1);
		}
		break;
	}
	case KABI_ARRAY:
		strbuf_adds(&inner, decl);
		if (t->flags & KABI_TYPE_NO_COUNT)
			strbuf_adds(&inner, "[]");
		else
			strbuf_addf(&inner, "[%" PRIu64 "]", t->elements);
		spell_decl(nm, t->target, inner.buf, out, depth + 1);
		break;
	case KABI_FUNCTION:
		strbuf_adds(&inner, decl);
		spell_params(nm, t, &inner, depth);
		spell_decl(nm, t->target, inner.buf, out, depth + 1);
		break;
	default:
		leaf_name(nm, type, out, depth);
		add_declarator(out, decl);
		break;
	}
	strbuf_release(&inner);
}

static uint32_t spell(struct namer *nm, uint32_t type, unsigned depth)
{
	struct strbuf sb = STRBUF_INIT;

	if (nm->state[type] == 2)
		return nm->out->spelling[type];
	if (nm->state[type] == 1 || depth > MAX_DEPTH)
		return strset_add(&nm->out->strings, "<cycle>");
	nm->state[type] = 1;
	spell_decl(nm, type, "", &sb, depth);
	nm->out->spelling[type] = strset_add(&nm->out->strings, sb.buf);
	nm->state[type] = 2;
	strbuf_release(&sb);
	return nm->out->spelling[type];
}

/* --- unique ids ---------------------------------------------------------- */

struct colouring {
	const uint64_t *cur;
	uint64_t h;
};

static void mix_colour(uint32_t ref, void *ctx)
{
	struct colouring *c = ctx;

	c->h = hash_combine(c->h, c->cur[ref]);
}

/* One round of colour refinement: a type's colour and its references'. */
static void next_colours(const struct kabi_model *m, const uint64_t *cur,
			 uint64_t *next)
{
	size_t id;

	for (id = 0; id < m->ntypes; id++) {
		const struct kabi_type *t = &m->types[id];
		struct colouring c = {cur, cur[id]};

		/*
		 * Base, void and unknown types mix in void's colour, as if
		 * they had a target: ids are made of these colours, and stay
		 * what they were.
		 */
		if (!kabi_kind_has_target(t->kind) &&
		    !kabi_kind_has_members(t->kind) && t->kind != KABI_ENUM)
			mix_colour(0, &c);
		model_for_each_ref(m, (uint32_t)id, mix_colour, &c);
		next[id] = c.h;
	}
}

static bool all_distinct(const uint32_t *group, size_t n, const uint64_t *c)
{
	size_t i, j;

	for (i = 0; i < n; i++)
		for (j = i + 1; j < n; j++)
			if (c[group[i]] == c[group[j]])
				return false;
	return true;
}

struct spelling_group {
	uint32_t *types;
	size_t n, alloc;
	bool done;
};

/* Groups of types spelled alike, in the order of their first type. */
static struct spelling_group *group_spellings(const struct type_names *out,
					      size_t *ngroups)
{
	struct spelling_group *groups = NULL;
	struct hashmap index = HASHMAP_INIT;
	size_t n = 0, alloc = 0, id;

	for (id = 0; id < out->ntypes; id++) {
		uint64_t h = hash_u64(out->spelling[id]);
		struct hashmap_iter it;
		struct hashmap_entry *e;
		struct spelling_group *g = NULL;

		for (e = hashmap_first(&index, h, &it); e;
		     e = hashmap_next(&index, &it))
			if (e->key == out->spelling[id])
				g = &groups[e->value];
		if (!g) {
			ALLOC_GROW(groups, n + 1, alloc);
			g = &groups[n];
			memset(g, 0, sizeof(*g));
			hashmap_add(&index, h, out->spelling[id], n++);
		}
		ALLOC_GROW(g->types, g->n + 1, g->alloc);
		g->types[g->n++] = (uint32_t)id;
	}
	hashmap_free(&index);
	*ngroups = n;
	return groups;
}

static void set_id(struct type_names *out, uint32_t type, uint64_t colour,
		   size_t ordinal)
{
	struct strbuf sb = STRBUF_INIT;

	/*
	 * void (type 0) is "void" whatever else is spelled so (a base type
	 * BTF names "void"): a baseline never writes it, and reads "void"
	 * as it.
	 */
	if (!type) {
		out->id[0] = out->spelling[0];
		return;
	}
	strbuf_addf(&sb, "%s#%012" PRIx64, type_spelling(out, type),
		    colour >> 16);
	if (ordinal)
		strbuf_addf(&sb, "-%zu", ordinal);
	out->id[type] = strset_add(&out->strings, sb.buf);
	strbuf_release(&sb);
}

/*
 * Types spelled alike get "#" and their colour from the first round of
 * refinement that tells the group apart; the round depends only on the
 * group, so unrelated changes elsewhere leave the ids alone.
 */
static void assign_ids(struct namer *nm)
{
	const struct kabi_model *m = nm->m;
	struct type_names *out = nm->out;
	uint64_t *cur = nm->content, *next = xmalloc(xmul(m->ntypes + 1, 8));
	struct spelling_group *groups;
	size_t ngroups, g, left = 0, round, i;

	groups = group_spellings(out, &ngroups);
	for (g = 0; g < ngroups; g++) {
		groups[g].done = groups[g].n == 1;
		if (groups[g].done)
			out->id[groups[g].types[0]] =
			    out->spelling[groups[g].types[0]];
		else
			left++;
	}
	for (round = 0; left && round < MAX_ROUNDS; round++) {
		for (g = 0; g < ngroups; g++) {
			struct spelling_group *gr = &groups[g];

			if (gr->done || !all_distinct(gr->types, gr->n, cur))
				continue;
			for (i = 0; i < gr->n; i++)
				set_id(out, gr->types[i], cur[gr->types[i]], 0);
			gr->done = true;
			left--;
		}
		next_colours(m, cur, next);
		memcpy(cur, next, m->ntypes * sizeof(*cur));
	}
	for (g = 0; g < ngroups; g++) {
		for (i = 0; !groups[g].done && i < groups[g].n; i++)
			set_id(out, groups[g].types[i], cur[groups[g].types[i]],
			       i + 1); /* indistinguishable: cannot happen */
		free(groups[g].types);
	}
	free(groups);
	free(next);
}

void type_names_compute(const struct kabi_model *m, struct type_names *out)
{
	struct namer nm = {m, out, NULL, NULL};
	size_t id;

	memset(out, 0, sizeof(*out));
	strset_init(&out->strings);
	out->ntypes = m->ntypes;
	out->spelling = xcalloc(m->ntypes + 1, sizeof(uint32_t));
	out->id = xcalloc(m->ntypes + 1, sizeof(uint32_t));
	nm.state = xcalloc(m->ntypes + 1, 1);
	nm.content = xmalloc(xmul(m->ntypes + 1, sizeof(uint64_t)));
	for (id = 0; id < m->ntypes; id++)
		spell(&nm, (uint32_t)id, 0);
	for (id = 0; id < m->ntypes; id++)
		nm.content[id] = content_hash(&nm, (uint32_t)id, 0);
	assign_ids(&nm);
	free(nm.state);
	free(nm.content);
}

void type_names_get(const struct kabi_model *m, struct type_names *out)
{
	if (!m->names) {
		type_names_compute(m, out);
		return;
	}
	*out = *m->names;
	out->borrowed = true;
}

/* Where an id's "#" and 12 hex digits (and "-N") begin, or its length. */
static size_t spelling_length(const char *id)
{
	const char *hash = strrchr(id, '#'), *p;
	size_t digits = 0;

	if (!hash)
		return strlen(id);
	for (p = hash + 1; digits < 12 && *p && strchr("0123456789abcdef", *p);
	     p++)
		digits++;
	if (digits == 12 && *p == '-' && p[1] >= '0' && p[1] <= '9')
		for (p++; *p >= '0' && *p <= '9'; p++)
			;
	return digits == 12 && !*p ? (size_t)(hash - id) : strlen(id);
}

void type_names_from_ids(struct type_names *out, struct strset *strings,
			 const uint32_t *ids, size_t ntypes)
{
	struct strbuf sb = STRBUF_INIT;
	size_t t;

	memset(out, 0, sizeof(*out));
	out->strings = *strings;
	memset(strings, 0, sizeof(*strings));
	out->ntypes = ntypes;
	out->spelling = xcalloc(ntypes + 1, sizeof(uint32_t));
	out->id = xcalloc(ntypes + 1, sizeof(uint32_t));
	for (t = 0; t < ntypes; t++) {
		const char *id;
		size_t len;

		out->id[t] = t ? ids[t] : strset_add(&out->strings, "void");
		id = strset_str(&out->strings, out->id[t]);
		len = spelling_length(id);
		out->spelling[t] = out->id[t];
		if (!id[len])
			continue;
		/* a copy: adding to the strings may move them */
		strbuf_reset(&sb);
		strbuf_add(&sb, id, len);
		out->spelling[t] = strset_add_len(&out->strings, sb.buf, len);
	}
	strbuf_release(&sb);
}

void type_names_free(struct type_names *n)
{
	if (n->borrowed) {
		memset(n, 0, sizeof(*n));
		return;
	}
	strset_free(&n->strings);
	free(n->spelling);
	free(n->id);
	memset(n, 0, sizeof(*n));
}
