// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A model cut down to some of its symbols and the types they reach, as a
 * symbol list asks (the frozen interface a vendor promises). Types are
 * copied in their old order with new ids; nothing else changes.
 */
#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "../util/path.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

struct restrictor {
	const struct kabi_model *in;
	struct kabi_model *out;
	uint32_t *new_id; /* per old type: its id in out, or KABI_NONE */
	uint32_t *stack;
	size_t depth;
};

static void push(struct restrictor *r, uint32_t type)
{
	if (r->new_id[type] != KABI_NONE)
		return;
	r->new_id[type] = 0; /* reached; numbered later */
	r->stack[r->depth++] = type;
}

static void push_ref(uint32_t ref, void *ctx)
{
	push(ctx, ref);
}

/* Mark everything a type refers to. */
static void mark(struct restrictor *r, uint32_t start)
{
	push(r, start);
	while (r->depth)
		model_for_each_ref(r->in, r->stack[--r->depth], push_ref, r);
}

static uint32_t str(struct restrictor *r, uint32_t s)
{
	return model_intern(r->out, model_str(r->in, s));
}

static void renumber(uint32_t *ref, void *ctx)
{
	const struct restrictor *r = ctx;

	*ref = r->new_id[*ref];
}

/* A type into the copy, its strings interned there, its references renumbered.
 */
static void copy_type(struct restrictor *r, uint32_t id)
{
	const struct kabi_model *m = r->in;
	const struct kabi_type *in = &m->types[id];
	const struct kabi_member *mb = kabi_members(m, in);
	const struct kabi_enumerator *en = kabi_enumerators(m, in);
	const uint32_t *params = kabi_params(m, in);
	struct kabi_type t = *in;
	uint32_t i, at, first = 0;

	t.name = str(r, t.name);
	t.decl_file = str(r, t.decl_file);
	for (i = 0; i < t.count; i++) {
		if (kabi_kind_has_members(t.kind)) {
			struct kabi_member copy = mb[i];

			copy.name = str(r, copy.name);
			at = model_add_member(r->out, &copy);
		} else if (t.kind == KABI_ENUM) {
			struct kabi_enumerator copy = en[i];

			copy.name = str(r, copy.name);
			at = model_add_enumerator(r->out, &copy);
		} else {
			at = model_add_param(r->out, params[i]);
		}
		if (i == 0)
			first = at;
	}
	t.first = first;
	r->out->types[r->new_id[id]] = t;
	model_visit_refs(r->out, r->new_id[id], renumber, r);
}

/* The system calls are not exports: a symbol list keeps them all. */
static void copy_syscalls(const struct kabi_model *in, struct kabi_model *out)
{
	size_t i;
	int32_t k;

	out->has_syscalls = in->has_syscalls;
	for (i = 0; i < in->nsyscalls; i++) {
		struct kabi_syscall c = in->syscalls[i];
		const uint32_t *p = in->syscall_params + c.first_param;

		c.abi = model_intern(out, model_str(in, c.abi));
		c.name = model_intern(out, model_str(in, c.name));
		model_add_syscall(out, &c);
		for (k = 0; k < c.nparams; k++)
			model_add_syscall_param(
			    out, model_intern(out, model_str(in, p[2 * k])),
			    model_intern(out, model_str(in, p[2 * k + 1])));
	}
}

/* A unit into the copy, once; its number there. */
static uint32_t copy_unit(struct restrictor *r, uint32_t *copied, uint32_t unit)
{
	const struct kabi_unit *u = &r->in->units[unit];
	uint32_t k;

	if (!unit || copied[unit])
		return copied[unit];
	copied[unit] =
	    model_add_unit(r->out, str(r, u->module), str(r, u->name));
	for (k = 0; k < u->nopaque; k++) {
		struct kabi_tag t = kabi_unit_opaque(r->in, u)[k];

		t.name = str(r, t.name);
		model_add_opaque(r->out, copied[unit], &t);
	}
	return copied[unit];
}

void model_restrict(const struct kabi_model *in, const bool *keep,
		    struct kabi_model *out)
{
	struct restrictor r = {in, out, NULL, NULL, 0};
	struct kabi_type placeholder = {.kind = KABI_UNKNOWN};
	uint32_t *units = xcalloc(in->nunits + 1, sizeof(uint32_t));
	size_t i;
	uint32_t k;

	model_init(out);
	out->arch = model_intern(out, model_str(in, in->arch));
	out->release =
	    in->release ? model_intern(out, model_str(in, in->release)) : 0;
	out->bits = in->bits;
	out->no_types = in->no_types;
	out->from_btf = in->from_btf;
	out->foreign = in->foreign;
	out->has_uapi = in->has_uapi;
	out->byte_order = in->byte_order;
	for (i = 0; i < in->nerrors; i++)
		model_add_error(out, model_str(in, in->errors[i]));
	copy_syscalls(in, out);
	r.new_id = xmalloc(xmul(in->ntypes + 1, sizeof(uint32_t)));
	r.stack = xmalloc(xmul(in->ntypes + 1, sizeof(uint32_t)));
	for (i = 0; i < in->ntypes; i++)
		r.new_id[i] = KABI_NONE;
	r.new_id[0] = 0;
	for (i = 0; i < in->nsymbols; i++)
		if (keep[i] && (in->symbols[i].flags & KABI_SYM_HAS_TYPE))
			mark(&r, in->symbols[i].type);
	/* the uapi types are not exports either: a symbol list keeps them */
	for (i = 1; in->has_uapi && i < in->ntypes; i++)
		if (in->types[i].decl_file &&
		    path_is_uapi(model_str(in, in->types[i].decl_file)))
			mark(&r, (uint32_t)i);
	/* number the reached types in their old order, void staying 0 */
	for (i = 1; i < in->ntypes; i++)
		if (r.new_id[i] != KABI_NONE)
			r.new_id[i] = model_add_type(out, &placeholder);
	for (i = 1; i < in->ntypes; i++)
		if (r.new_id[i] != KABI_NONE)
			copy_type(&r, (uint32_t)i);
	for (i = 0; i < in->nsymbols; i++) {
		struct kabi_symbol s = in->symbols[i];

		if (!keep[i])
			continue;
		s.name = str(&r, s.name);
		s.module = str(&r, s.module);
		s.ns = str(&r, s.ns);
		s.unit = copy_unit(&r, units, s.unit);
		if (s.flags & KABI_SYM_HAS_TYPE)
			s.type = r.new_id[s.type];
		s.first_param = (uint32_t)out->nparam_names;
		for (k = 0; k < s.nparams; k++)
			model_add_param_name(
			    out,
			    str(&r, in->param_names[in->symbols[i].first_param +
						    k]));
		model_add_symbol(out, &s);
	}
	/* units come in the order of their first symbol: sorted again */
	model_sort_units(out);
	free(units);
	free(r.new_id);
	free(r.stack);
}
