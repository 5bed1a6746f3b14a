// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * From BTF types to the local types of a fragment, one handler per kind;
 * see btf_impl.h. BTF is mapped to what the DWARF reader makes of the
 * same C, so that a kernel read either way gives the same model where
 * both say something: base types are spelled as the model spells them
 * (model_base_type_name: pahole copies the compiler's DWARF names, GCC's
 * "long unsigned int" or clang's "unsigned long"), encodings are DWARF's,
 * and "const int a[4]" is one const, as walker.c has it.
 */
#include "btf_impl.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "../util/strbuf.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

/* Problems reported per file before the rest are only counted. */
#define KBTF_PROBLEM_CAP 10
/* Type tags in a row followed before giving up (libbpf allows loops). */
#define KBTF_TAG_DEPTH 32

void kbtf_walker_init(struct kbtf_walker *w, const struct btf *btf,
		      struct kabi_model *out, unsigned ptr_size,
		      const char *path, struct diag *d)
{
	memset(w, 0, sizeof(*w));
	w->btf = btf;
	w->out = out;
	w->ptr_size = ptr_size;
	w->path = path;
	w->diag = d;
	hashmap_init(&w->seen);
}

void kbtf_walker_free(struct kbtf_walker *w)
{
	hashmap_free(&w->seen);
	free(w->queue);
	memset(w, 0, sizeof(*w));
}

__attribute__((format(printf, 3, 4))) static void
problem(struct kbtf_walker *w, uint32_t id, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;

	if (w->problems++ >= KBTF_PROBLEM_CAP) {
		if (w->problems == KBTF_PROBLEM_CAP + 1)
			diag_warning(w->diag, DIAG_AT_FILE(w->path),
				     "more problems with its BTF are not "
				     "shown");
		return;
	}
	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	/* pahole writes none of these: the BTF is damaged */
	diag_error(w->diag, KABI_E_BAD_DWARF, DIAG_AT_FILE(w->path),
		   "damaged BTF: type %u: %s", id, sb.buf);
	strbuf_release(&sb);
}

/* A BTF name as a model string; 0 for none (anonymous). */
static uint32_t name_of(struct kbtf_walker *w, uint32_t name_off)
{
	const char *name = btf__name_by_offset(w->btf, name_off);

	return name && *name ? model_intern(w->out, name) : 0;
}

/* --- following references ---------------------------------------------- */

/* A type tag says nothing of the ABI: what it tags stands for it. */
static uint32_t skip_type_tags(struct kbtf_walker *w, uint32_t id)
{
	unsigned depth;

	for (depth = 0; id && depth < KBTF_TAG_DEPTH; depth++) {
		const struct btf_type *t = btf__type_by_id(w->btf, id);

		if (!t || !btf_is_type_tag(t))
			return id;
		id = t->type;
	}
	if (id)
		problem(w, id, "a loop of type tags");
	return id;
}

/* The element type of an array a qualifier qualifies, as in walker.c. */
static bool redundant_qualifier(struct kbtf_walker *w, const struct btf_type *t,
				uint32_t *array)
{
	const struct btf_type *a, *e;

	if (!btf_is_const(t) && !btf_is_volatile(t))
		return false;
	*array = skip_type_tags(w, t->type);
	a = *array ? btf__type_by_id(w->btf, *array) : NULL;
	if (!a || !btf_is_array(a))
		return false;
	e = btf__type_by_id(w->btf, skip_type_tags(w, btf_array(a)->type));
	return e && btf_kind(e) == btf_kind(t);
}

uint32_t kbtf_walker_type(struct kbtf_walker *w, uint32_t btf_id)
{
	struct kabi_type placeholder = {.kind = KABI_UNKNOWN};
	const struct btf_type *t;
	struct hashmap_iter iter;
	struct hashmap_entry *e;
	uint32_t id, array;

	btf_id = skip_type_tags(w, btf_id);
	if (!btf_id)
		return 0;
	for (e = hashmap_first(&w->seen, hash_u64(btf_id), &iter); e;
	     e = hashmap_next(&w->seen, &iter))
		if (e->key == btf_id)
			return (uint32_t)e->value;
	t = btf__type_by_id(w->btf, btf_id);
	if (t && redundant_qualifier(w, t, &array))
		return kbtf_walker_type(w, array);
	id = model_add_type(w->out, &placeholder);
	hashmap_add(&w->seen, hash_u64(btf_id), btf_id, id);
	ALLOC_GROW(w->queue, w->nqueue + 1, w->queue_alloc);
	w->queue[w->nqueue].btf_id = btf_id;
	w->queue[w->nqueue].id = id;
	w->nqueue++;
	return id;
}

/* --- one handler per kind ------------------------------------------------ */

/*
 * BTF says signed, char or bool; DWARF's encodings, which the model
 * keeps, tell a char from other integers by encoding, BTF by name.
 */
static uint16_t int_encoding(const char *name, uint8_t btf_encoding)
{
	bool is_signed = btf_encoding & BTF_INT_SIGNED;

	if (btf_encoding & BTF_INT_BOOL)
		return KABI_ENC_BOOLEAN;
	if ((btf_encoding & BTF_INT_CHAR) || (name && strstr(name, "char")))
		return is_signed ? KABI_ENC_SIGNED_CHAR
				 : KABI_ENC_UNSIGNED_CHAR;
	return is_signed ? KABI_ENC_SIGNED : KABI_ENC_UNSIGNED;
}

static void fill_int(struct kbtf_walker *w, const struct btf_type *bt,
		     struct kabi_type *t)
{
	const char *name = btf__name_by_offset(w->btf, bt->name_off);
	char canonical[KABI_BASE_NAME_MAX];

	t->kind = KABI_BASE;
	/* one spelling per C type: pahole copies clang's "unsigned long" */
	if (name && *name)
		t->name =
		    model_intern(w->out, model_base_type_name(name, canonical));
	t->size = bt->size;
	t->encoding = int_encoding(name, (uint8_t)btf_int_encoding(bt));
}

static void fill_float(struct kbtf_walker *w, const struct btf_type *bt,
		       struct kabi_type *t)
{
	t->kind = KABI_BASE;
	t->name = name_of(w, bt->name_off);
	t->size = bt->size;
	t->encoding = KABI_ENC_FLOAT;
}

static void fill_reference(struct kbtf_walker *w, const struct btf_type *bt,
			   struct kabi_type *t, enum kabi_kind kind)
{
	t->kind = kind;
	t->target = kbtf_walker_type(w, bt->type);
	if (kind == KABI_POINTER)
		t->size = w->ptr_size;
	if (kind == KABI_TYPEDEF)
		t->name = name_of(w, bt->name_off);
}

static void fill_array(struct kbtf_walker *w, const struct btf_type *bt,
		       struct kabi_type *t)
{
	const struct btf_array *a = btf_array(bt);

	t->kind = KABI_ARRAY;
	t->target = kbtf_walker_type(w, a->type);
	t->elements = a->nelems;
	/* BTF writes "[]" and "[0]" alike; see docs/changes.md */
	if (!a->nelems)
		t->flags |= KABI_TYPE_NO_COUNT;
}

static void fill_aggregate(struct kbtf_walker *w, const struct btf_type *bt,
			   struct kabi_type *t, enum kabi_kind kind)
{
	uint16_t i, n = btf_vlen(bt);

	t->kind = kind;
	t->name = name_of(w, bt->name_off);
	t->size = bt->size;
	t->first = (uint32_t)w->out->nmembers;
	for (i = 0; i < n; i++) {
		const struct btf_member *bm = btf_members(bt) + i;
		struct kabi_member m = {0};

		m.name = name_of(w, bm->name_off);
		m.type = kbtf_walker_type(w, bm->type);
		m.offset = btf_member_bit_offset(bt, i);
		m.bit_size = btf_member_bitfield_size(bt, i);
		model_add_member(w->out, &m);
		t->count++;
	}
}

static void fill_fwd(struct kbtf_walker *w, const struct btf_type *bt,
		     struct kabi_type *t)
{
	t->kind = btf_kflag(bt) ? KABI_UNION : KABI_STRUCT;
	t->name = name_of(w, bt->name_off);
	t->flags = KABI_TYPE_DECLARATION;
}

static void add_enumerator(struct kbtf_walker *w, struct kabi_type *t,
			   uint32_t name_off, uint64_t value)
{
	struct kabi_enumerator e = {.name = name_of(w, name_off),
				    .value = value};

	model_add_enumerator(w->out, &e);
	t->count++;
}

/* ENUM and ENUM64; kind_flag says signed, a value stored sign-extended. */
static void fill_enum(struct kbtf_walker *w, const struct btf_type *bt,
		      struct kabi_type *t)
{
	bool is_signed = btf_kflag(bt);
	uint16_t i, n = btf_vlen(bt);

	t->kind = KABI_ENUM;
	t->name = name_of(w, bt->name_off);
	t->first = (uint32_t)w->out->nenumerators;
	if (!n) { /* "enum foo;": BTF has no other way to say it */
		t->flags = KABI_TYPE_DECLARATION;
		return;
	}
	t->size = bt->size;
	if (is_signed)
		t->flags |= KABI_TYPE_SIGNED;
	for (i = 0; i < n; i++) {
		uint64_t v;
		uint32_t name;

		if (btf_is_enum64(bt)) {
			name = btf_enum64(bt)[i].name_off;
			v = btf_enum64_value(btf_enum64(bt) + i);
		} else {
			int32_t sv = btf_enum(bt)[i].val;

			name = btf_enum(bt)[i].name_off;
			v = is_signed ? (uint64_t)(int64_t)sv
				      : (uint64_t)(uint32_t)sv;
		}
		add_enumerator(w, t, name, v);
	}
}

/*
 * A function type; with names, its parameter names too. A last
 * parameter of type void and no name is "...".
 */
static void fill_function(struct kbtf_walker *w, const struct btf_type *bt,
			  struct kabi_type *t, bool names)
{
	const struct btf_param *p = btf_params(bt);
	uint16_t i, n = btf_vlen(bt);

	t->kind = KABI_FUNCTION;
	t->target = kbtf_walker_type(w, bt->type);
	t->first = (uint32_t)w->out->nparams;
	if (n && !p[n - 1].type && !p[n - 1].name_off) {
		t->flags |= KABI_TYPE_VARIADIC;
		n--;
	}
	for (i = 0; i < n; i++) {
		model_add_param(w->out, kbtf_walker_type(w, p[i].type));
		if (names)
			model_add_param_name(w->out, name_of(w, p[i].name_off));
		t->count++;
	}
}

static void fill_unknown(struct kbtf_walker *w, uint32_t id,
			 const struct btf_type *bt, struct kabi_type *t)
{
	struct strbuf sb = STRBUF_INIT;

	t->kind = KABI_UNKNOWN;
	if (!bt) {
		problem(w, id, "no such type");
		strbuf_addf(&sb, "BTF type %u", id);
	} else {
		problem(w, id, "unexpected kind %u where a type should be",
			btf_kind(bt));
		strbuf_addf(&sb, "BTF kind %u", btf_kind(bt));
	}
	t->name = model_intern(w->out, sb.buf);
	strbuf_release(&sb);
}

/*
 * What C names, BTF must too: a base type, a typedef, a struct only
 * declared, an enumerator. pahole writes none without; kept as they are
 * (a baseline holds them as read), but the BTF is damaged.
 */
static void check_names(struct kbtf_walker *w, uint32_t btf_id,
			const struct kabi_type *t)
{
	uint32_t i;

	if (!t->name && (t->kind == KABI_BASE || t->kind == KABI_TYPEDEF ||
			 (t->flags & KABI_TYPE_DECLARATION)))
		problem(w, btf_id, "%s without a name",
			t->kind == KABI_TYPEDEF ? "a typedef"
			: t->kind == KABI_BASE	? "a base type"
						: "a declaration");
	for (i = 0; t->kind == KABI_ENUM && i < t->count; i++)
		if (!kabi_enumerators(w->out, t)[i].name) {
			problem(w, btf_id, "an enumerator without a name");
			break;
		}
}

static void fill(struct kbtf_walker *w, uint32_t btf_id, uint32_t id)
{
	const struct btf_type *bt = btf__type_by_id(w->btf, btf_id);
	struct kabi_type t = {0};

	switch (bt ? btf_kind(bt) : BTF_KIND_UNKN) {
	case BTF_KIND_INT:
		fill_int(w, bt, &t);
		break;
	case BTF_KIND_FLOAT:
		fill_float(w, bt, &t);
		break;
	case BTF_KIND_PTR:
		fill_reference(w, bt, &t, KABI_POINTER);
		break;
	case BTF_KIND_CONST:
		fill_reference(w, bt, &t, KABI_CONST);
		break;
	case BTF_KIND_VOLATILE:
		fill_reference(w, bt, &t, KABI_VOLATILE);
		break;
	case BTF_KIND_RESTRICT:
		fill_reference(w, bt, &t, KABI_RESTRICT);
		break;
	case BTF_KIND_TYPEDEF:
		fill_reference(w, bt, &t, KABI_TYPEDEF);
		break;
	case BTF_KIND_ARRAY:
		fill_array(w, bt, &t);
		break;
	case BTF_KIND_STRUCT:
		fill_aggregate(w, bt, &t, KABI_STRUCT);
		break;
	case BTF_KIND_UNION:
		fill_aggregate(w, bt, &t, KABI_UNION);
		break;
	case BTF_KIND_FWD:
		fill_fwd(w, bt, &t);
		break;
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
		fill_enum(w, bt, &t);
		break;
	case BTF_KIND_FUNC_PROTO:
		fill_function(w, bt, &t, false);
		break;
	default: /* FUNC, VAR, DATASEC, DECL_TAG are no types */
		fill_unknown(w, btf_id, bt, &t);
		break;
	}
	check_names(w, btf_id, &t);
	w->out->types[id] = t;
}

void kbtf_walker_drain(struct kbtf_walker *w)
{
	while (w->nqueue) {
		struct kbtf_pending p = w->queue[--w->nqueue];

		fill(w, p.btf_id, p.id);
	}
}

uint32_t kbtf_walker_function(struct kbtf_walker *w, uint32_t proto,
			      uint32_t *first_name, uint32_t *nnames)
{
	struct kabi_type placeholder = {.kind = KABI_UNKNOWN}, t = {0};
	const struct btf_type *bt = btf__type_by_id(w->btf, proto);
	uint32_t id = model_add_type(w->out, &placeholder);

	*first_name = (uint32_t)w->out->nparam_names;
	if (bt && btf_is_func_proto(bt))
		fill_function(w, bt, &t, true);
	else
		fill_unknown(w, proto, bt, &t);
	w->out->types[id] = t;
	*nnames = (uint32_t)(w->out->nparam_names - *first_name);
	return id;
}
