// SPDX-License-Identifier: GPL-2.0-or-later
/* Storage of the ABI model; see model.h. */
#include "model.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "names.h"
#include "../util/sort.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

/* By enum kabi_foreign: the name messages use, and the types attribute. */
static const char *const foreign_names[][2] = {
    {NULL, NULL}, {"STG", "stg"}, {"ABIXML", "abixml"}};

const char *model_foreign_name(const struct kabi_model *m)
{
	return foreign_names[m->foreign][0];
}

const char *model_foreign_types(const struct kabi_model *m)
{
	return foreign_names[m->foreign][1];
}

enum kabi_foreign model_foreign_of_types(const char *types)
{
	unsigned k;

	for (k = 1; k < sizeof(foreign_names) / sizeof(*foreign_names); k++)
		if (types && !strcmp(types, foreign_names[k][1]))
			return (enum kabi_foreign)k;
	return KABI_FOREIGN_NONE;
}

/* The words a C integer type is written with, counted. */
struct int_words {
	unsigned is_signed, is_unsigned, is_short, is_long, is_int, is_char,
	    is_int128;
};

static bool count_int_words(const char *name, struct int_words *w)
{
	static const struct {
		const char *word;
		size_t offset;
	} words[] = {
	    {"signed", offsetof(struct int_words, is_signed)},
	    {"unsigned", offsetof(struct int_words, is_unsigned)},
	    {"short", offsetof(struct int_words, is_short)},
	    {"long", offsetof(struct int_words, is_long)},
	    {"int", offsetof(struct int_words, is_int)},
	    {"char", offsetof(struct int_words, is_char)},
	    {"__int128", offsetof(struct int_words, is_int128)},
	};
	const char *p = name;

	memset(w, 0, sizeof(*w));
	while (*p) {
		size_t len = strcspn(p, " "), i;

		for (i = 0; i < sizeof(words) / sizeof(*words); i++)
			if (strlen(words[i].word) == len &&
			    !memcmp(p, words[i].word, len))
				break;
		if (i == sizeof(words) / sizeof(*words))
			return false;
		(*(unsigned *)((char *)w + words[i].offset))++;
		p += len;
		p += strspn(p, " ");
	}
	return true;
}

const char *model_base_type_name(const char *name, char *buf)
{
	struct int_words w;
	const char *sign, *base;
	unsigned kinds;

	if (!count_int_words(name, &w) || w.is_signed + w.is_unsigned > 1 ||
	    w.is_int > 1 || w.is_char > 1 || w.is_int128 > 1 ||
	    w.is_short > 1 || w.is_long > 2)
		return name;
	kinds = !!w.is_short + !!w.is_long + !!w.is_char + !!w.is_int128;
	if (kinds > 1 || (w.is_int && (w.is_char || w.is_int128)))
		return name;
	/* "char", "signed char" and "unsigned char" are three types */
	if (w.is_char)
		return w.is_signed     ? "signed char"
		       : w.is_unsigned ? "unsigned char"
				       : "char";
	/* GCC puts "unsigned" before "int", and after "__int128" */
	sign = w.is_unsigned ? "unsigned " : "";
	if (w.is_int128)
		return w.is_unsigned ? "__int128 unsigned" : "__int128";
	if (w.is_short)
		base = "short ";
	else if (w.is_long == 2)
		base = "long long ";
	else if (w.is_long)
		base = "long ";
	else if (w.is_int || w.is_signed || w.is_unsigned)
		base = "";
	else
		return name;
	snprintf(buf, KABI_BASE_NAME_MAX, "%s%sint", base, sign);
	return buf;
}

static void describe_machine(const struct kabi_model *m, char *out, size_t len)
{
	snprintf(out, len, "%s%s%s",
		 *model_str(m, m->arch) ? model_str(m, m->arch)
					: "unknown machine",
		 m->bits == 64	 ? ", 64-bit"
		 : m->bits == 32 ? ", 32-bit"
				 : "",
		 m->byte_order == KABI_ORDER_BIG      ? ", big-endian"
		 : m->byte_order == KABI_ORDER_LITTLE ? ", little-endian"
						      : "");
}

bool model_same_machine(const struct kabi_model *x, const struct kabi_model *y,
			char *a, char *b, size_t len)
{
	/* what one side does not know (a Module.symvers) cannot differ */
	bool same = (!x->arch || !y->arch || !*model_str(x, x->arch) ||
		     !*model_str(y, y->arch) ||
		     !strcmp(model_str(x, x->arch), model_str(y, y->arch))) &&
		    (!x->bits || !y->bits || x->bits == y->bits) &&
		    (!x->byte_order || !y->byte_order ||
		     x->byte_order == y->byte_order);

	if (!same) {
		describe_machine(x, a, len);
		describe_machine(y, b, len);
	}
	return same;
}

void model_add_error(struct kabi_model *m, const char *message)
{
	uint32_t s = model_intern(m, message);
	size_t i = m->nerrors;

	while (i && strcmp(model_str(m, m->errors[i - 1]), message) > 0)
		i--;
	if (i && m->errors[i - 1] == s)
		return;
	ALLOC_GROW(m->errors, m->nerrors + 1, m->errors_alloc);
	memmove(m->errors + i + 1, m->errors + i,
		(m->nerrors - i) * sizeof(*m->errors));
	m->errors[i] = s;
	m->nerrors++;
}

void model_init(struct kabi_model *m)
{
	struct kabi_type void_type = {.kind = KABI_VOID};

	memset(m, 0, sizeof(*m));
	strset_init(&m->strings);
	model_add_type(m, &void_type);
	model_add_unit(m, 0, 0); /* unit 0: not known */
}

void model_free(struct kabi_model *m)
{
	if (m->names) {
		type_names_free(m->names);
		free(m->names);
	}
	strset_free(&m->strings);
	free(m->types);
	free(m->members);
	free(m->enumerators);
	free(m->params);
	free(m->symbols);
	free(m->param_names);
	free(m->units);
	free(m->opaque);
	free(m->syscalls);
	free(m->syscall_params);
	free(m->errors);
	memset(m, 0, sizeof(*m));
}

uint32_t model_strip_typedefs(const struct kabi_model *m, uint32_t id)
{
	unsigned guard;

	for (guard = 0;
	     guard < 16 && (model_type(m, id)->kind == KABI_TYPEDEF ||
			    kabi_kind_is_qualifier(model_type(m, id)->kind));
	     guard++)
		id = model_type(m, id)->target;
	return id;
}

/* Arrays of arrays nest no deeper than C code does. */
uint64_t model_type_bits(const struct kabi_model *m, uint32_t id)
{
	uint64_t elements = 1;
	unsigned guard;

	for (guard = 0; guard < 64; guard++) {
		const struct kabi_type *t = model_type(m, id);

		switch (t->kind) {
		case KABI_TYPEDEF:
		case KABI_CONST:
		case KABI_VOLATILE:
		case KABI_RESTRICT:
		case KABI_ATOMIC:
			id = t->target;
			continue;
		case KABI_ARRAY:
			elements *= t->elements;
			id = t->target;
			continue;
		default:
			return elements * t->size * 8;
		}
	}
	return 0;
}

uint32_t model_add_type(struct kabi_model *m, const struct kabi_type *t)
{
	ALLOC_GROW(m->types, m->ntypes + 1, m->types_alloc);
	m->types[m->ntypes] = *t;
	return (uint32_t)m->ntypes++;
}

uint32_t model_add_member(struct kabi_model *m, const struct kabi_member *mb)
{
	ALLOC_GROW(m->members, m->nmembers + 1, m->members_alloc);
	m->members[m->nmembers] = *mb;
	return (uint32_t)m->nmembers++;
}

uint32_t model_add_enumerator(struct kabi_model *m,
			      const struct kabi_enumerator *e)
{
	ALLOC_GROW(m->enumerators, m->nenumerators + 1, m->enumerators_alloc);
	m->enumerators[m->nenumerators] = *e;
	return (uint32_t)m->nenumerators++;
}

uint32_t model_add_param(struct kabi_model *m, uint32_t type)
{
	ALLOC_GROW(m->params, m->nparams + 1, m->params_alloc);
	m->params[m->nparams] = type;
	return (uint32_t)m->nparams++;
}

uint32_t model_add_symbol(struct kabi_model *m, const struct kabi_symbol *s)
{
	ALLOC_GROW(m->symbols, m->nsymbols + 1, m->symbols_alloc);
	m->symbols[m->nsymbols] = *s;
	return (uint32_t)m->nsymbols++;
}

uint32_t model_add_param_name(struct kabi_model *m, uint32_t name)
{
	ALLOC_GROW(m->param_names, m->nparam_names + 1, m->param_names_alloc);
	m->param_names[m->nparam_names] = name;
	return (uint32_t)m->nparam_names++;
}

uint32_t model_add_unit(struct kabi_model *m, uint32_t module, uint32_t name)
{
	ALLOC_GROW(m->units, m->nunits + 1, m->units_alloc);
	m->units[m->nunits].module = module;
	m->units[m->nunits].name = name;
	m->units[m->nunits].first_opaque = (uint32_t)m->nopaque;
	m->units[m->nunits].nopaque = 0;
	return (uint32_t)m->nunits++;
}

void model_add_opaque(struct kabi_model *m, uint32_t unit,
		      const struct kabi_tag *tag)
{
	ALLOC_GROW(m->opaque, m->nopaque + 1, m->opaque_alloc);
	m->opaque[m->nopaque++] = *tag;
	m->units[unit].nopaque++;
}

uint32_t model_add_syscall(struct kabi_model *m, const struct kabi_syscall *c)
{
	ALLOC_GROW(m->syscalls, m->nsyscalls + 1, m->syscalls_alloc);
	m->syscalls[m->nsyscalls] = *c;
	m->syscalls[m->nsyscalls].first_param = (uint32_t)m->nsyscall_params;
	return (uint32_t)m->nsyscalls++;
}

void model_add_syscall_param(struct kabi_model *m, uint32_t type, uint32_t name)
{
	ALLOC_GROW(m->syscall_params, m->nsyscall_params + 2,
		   m->syscall_params_alloc);
	m->syscall_params[m->nsyscall_params++] = type;
	m->syscall_params[m->nsyscall_params++] = name;
}

/* The order of qualifiers in a chain, outermost first: GCC's, mostly. */
static int qualifier_rank(uint8_t kind)
{
	switch (kind) {
	case KABI_CONST:
		return 0;
	case KABI_VOLATILE:
		return 1;
	case KABI_RESTRICT:
		return 2;
	case KABI_ATOMIC:
		return 3;
	default:
		return -1;
	}
}

#define MAX_CHAIN 8

void model_order_qualifiers(struct kabi_model *m)
{
	size_t id, n = m->ntypes;

	for (id = 1; id < n; id++) {
		uint8_t kinds[MAX_CHAIN];
		uint32_t at = (uint32_t)id, next;
		size_t len = 0, i, j;
		bool sorted = true;

		while (len < MAX_CHAIN && at < m->ntypes &&
		       qualifier_rank(m->types[at].kind) >= 0) {
			kinds[len] = m->types[at].kind;
			if (len && qualifier_rank(kinds[len - 1]) >
				       qualifier_rank(kinds[len]))
				sorted = false;
			len++;
			at = m->types[at].target;
		}
		if (sorted || len == MAX_CHAIN)
			continue;
		for (i = 1; i < len; i++) /* a handful: insertion sort */
			for (j = i; j && qualifier_rank(kinds[j - 1]) >
					     qualifier_rank(kinds[j]);
			     j--) {
				uint8_t k = kinds[j];

				kinds[j] = kinds[j - 1];
				kinds[j - 1] = k;
			}
		/* the head keeps its id, for what refers to it; new inner links
		 */
		next = at;
		for (i = len - 1; i > 0; i--) {
			struct kabi_type q = {.kind = kinds[i], .target = next};

			next = model_add_type(m, &q);
		}
		m->types[id].kind = kinds[0];
		m->types[id].target = next;
	}
}

static int compare_symbols(const void *a, const void *b, void *ctx)
{
	const struct kabi_model *m = ctx;
	const struct kabi_symbol *x = a, *y = b;
	int c = strcmp(model_str(m, x->name), model_str(m, y->name));

	return c ? c : strcmp(model_str(m, x->module), model_str(m, y->module));
}

void model_sort_symbols(struct kabi_model *m)
{
	array_sort_r(m->symbols, m->nsymbols, sizeof(*m->symbols),
		     compare_symbols, m);
}

int model_compare_tags(const struct kabi_model *m, const struct kabi_tag *a,
		       const struct kabi_tag *b)
{
	if (a->kind != b->kind)
		return a->kind < b->kind ? -1 : 1;
	return strcmp(model_str(m, a->name), model_str(m, b->name));
}

static int compare_tags(const void *a, const void *b, void *ctx)
{
	return model_compare_tags(ctx, a, b);
}

static int compare_units(const void *a, const void *b, void *ctx)
{
	const struct kabi_model *m = ctx;
	const struct kabi_unit *x = &m->units[*(const uint32_t *)a],
			       *y = &m->units[*(const uint32_t *)b];
	int c = strcmp(model_str(m, x->module), model_str(m, y->module));

	return c ? c : strcmp(model_str(m, x->name), model_str(m, y->name));
}

void model_sort_units(struct kabi_model *m)
{
	uint32_t *order = xmalloc(xmul(m->nunits, sizeof(uint32_t)));
	uint32_t *place = xmalloc(xmul(m->nunits, sizeof(uint32_t)));
	struct kabi_unit *units = xmalloc(xmul(m->nunits, sizeof(*units)));
	struct kabi_tag *tags = xmalloc(xmul(m->nopaque + 1, sizeof(*tags)));
	size_t i, ntags = 0;
	uint32_t k;

	for (i = 0; i < m->nunits; i++)
		order[i] = (uint32_t)i;
	/* unit 0 stays first */
	array_sort_r(order + 1, m->nunits - 1, sizeof(*order), compare_units,
		     m);
	for (i = 0; i < m->nunits; i++) {
		const struct kabi_unit *u = &m->units[order[i]];
		size_t first = ntags;

		place[order[i]] = (uint32_t)i;
		units[i] = *u;
		units[i].first_opaque = (uint32_t)first;
		for (k = 0; k < u->nopaque; k++)
			tags[first + k] = m->opaque[u->first_opaque + k];
		array_sort_r(tags + first, u->nopaque, sizeof(*tags),
			     compare_tags, m);
		/* a tag declared twice is one tag */
		for (k = 0; k < u->nopaque; k++)
			if (ntags == first ||
			    model_compare_tags(m, &tags[ntags - 1],
					       &tags[first + k]))
				tags[ntags++] = tags[first + k];
		units[i].nopaque = (uint32_t)(ntags - first);
	}
	free(m->units);
	free(m->opaque);
	m->units = units;
	m->units_alloc = m->nunits;
	m->opaque = tags;
	m->opaque_alloc = m->nopaque + 1;
	m->nopaque = ntags;
	for (i = 0; i < m->nsymbols; i++)
		m->symbols[i].unit = place[m->symbols[i].unit];
	free(order);
	free(place);
}
