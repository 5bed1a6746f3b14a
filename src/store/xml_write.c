// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Writing a baseline. Symbols come first, sorted by name and module, then
 * their units, system calls, and types sorted by id; every element sits
 * on its own line and attributes come in a fixed order, so that the same
 * model gives the same bytes.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "store.h"
#include "xml_escape.h"
#include "../version.h"
#include "../model/names.h"
#include "../util/parallel.h"
#include "../util/sort.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

/* What one thread writes with: the model, and text it appends to. */
struct writer {
	const struct kabi_model *m;
	const struct type_names *names;
	struct strbuf *out;
	struct strbuf line;
};

static void attr(struct writer *w, const char *name, const char *value)
{
	strbuf_addf(&w->line, " %s=\"", name);
	xml_escape(&w->line, value);
	strbuf_addch(&w->line, '"');
}

static void attr_u64(struct writer *w, const char *name, uint64_t value)
{
	strbuf_addf(&w->line, " %s=\"%" PRIu64 "\"", name, value);
}

static void attr_type(struct writer *w, const char *name, uint32_t type)
{
	attr(w, name, type_baseline_id(w->names, type));
}

static void attr_str(struct writer *w, const char *name, uint32_t str)
{
	if (str)
		attr(w, name, model_str(w->m, str));
}

/*
 * A name the reader needs (of a base type, a typedef, an enumerator, an
 * export, a unit, a system call): written even when empty, as damaged input can
 * make it, so that what kabi writes it can read back.
 */
static void attr_name(struct writer *w, uint32_t str)
{
	attr(w, "name", model_str(w->m, str));
}

static void flag(struct writer *w, const char *name, bool set)
{
	if (set)
		strbuf_addf(&w->line, " %s=\"yes\"", name);
}

/* Append the line built so far, closed with `end` ("/>" or ">"). */
static void emit(struct writer *w, const char *end)
{
	strbuf_add(w->out, w->line.buf, w->line.len);
	strbuf_adds(w->out, end);
	strbuf_addch(w->out, '\n');
	strbuf_reset(&w->line);
}

static void open_tag(struct writer *w, const char *tag)
{
	strbuf_addf(&w->line, "<%s", tag);
}

static void write_decl(struct writer *w, const struct kabi_type *t)
{
	attr_str(w, "file", t->decl_file);
	if (t->decl_line)
		attr_u64(w, "line", t->decl_line);
}

static void write_members(struct writer *w, const struct kabi_type *t)
{
	uint32_t i;

	for (i = 0; i < t->count; i++) {
		const struct kabi_member *mb = &kabi_members(w->m, t)[i];

		open_tag(w, "member");
		attr_str(w, "name", mb->name);
		attr_type(w, "type", mb->type);
		if (mb->offset % 8 == 0 && !mb->bit_size) {
			attr_u64(w, "offset", mb->offset / 8);
		} else {
			attr_u64(w, "bit-offset", mb->offset);
			if (mb->bit_size)
				attr_u64(w, "bits", mb->bit_size);
		}
		emit(w, "/>");
	}
}

static void write_enumerators(struct writer *w, const struct kabi_type *t)
{
	uint32_t i;

	for (i = 0; i < t->count; i++) {
		const struct kabi_enumerator *e = &kabi_enumerators(w->m, t)[i];

		open_tag(w, "enumerator");
		attr_name(w, e->name);
		if (t->flags & KABI_TYPE_SIGNED)
			strbuf_addf(&w->line, " value=\"%" PRId64 "\"",
				    (int64_t)e->value);
		else
			attr_u64(w, "value", e->value);
		emit(w, "/>");
	}
}

static void write_params(struct writer *w, const struct kabi_type *t)
{
	uint32_t i;

	for (i = 0; i < t->count; i++) {
		open_tag(w, "parameter");
		attr_type(w, "type", kabi_params(w->m, t)[i]);
		emit(w, "/>");
	}
}

static void write_type(struct writer *w, uint32_t id)
{
	const struct kabi_type *t = model_type(w->m, id);
	const char *tag = kabi_kind_name(t->kind);
	const char *enc;

	open_tag(w, tag);
	attr_type(w, "id", id);
	switch (t->kind) {
	case KABI_BASE:
		attr_name(w, t->name);
		attr_u64(w, "size", t->size);
		enc = kabi_encoding_name(t->encoding);
		if (enc)
			attr(w, "encoding", enc);
		else
			attr_u64(w, "encoding", t->encoding);
		break;
	case KABI_POINTER:
		attr_type(w, "type", t->target);
		attr_u64(w, "size", t->size);
		break;
	case KABI_TYPEDEF:
		attr_name(w, t->name);
		attr_type(w, "type", t->target);
		write_decl(w, t);
		break;
	case KABI_STRUCT:
	case KABI_UNION:
	case KABI_ENUM:
		attr_str(w, "name", t->name);
		flag(w, "declaration", t->flags & KABI_TYPE_DECLARATION);
		flag(w, "ambiguous", t->flags & KABI_TYPE_AMBIGUOUS);
		if (!(t->flags & KABI_TYPE_DECLARATION))
			attr_u64(w, "size", t->size);
		if (t->align)
			attr_u64(w, "align", t->align);
		flag(w, "signed", t->flags & KABI_TYPE_SIGNED);
		write_decl(w, t);
		break;
	case KABI_ARRAY:
		attr_type(w, "type", t->target);
		if (!(t->flags & KABI_TYPE_NO_COUNT))
			attr_u64(w, "count", t->elements);
		break;
	case KABI_FUNCTION:
		attr_type(w, "return", t->target);
		flag(w, "variadic", t->flags & KABI_TYPE_VARIADIC);
		flag(w, "unprototyped", t->flags & KABI_TYPE_UNPROTOTYPED);
		break;
	case KABI_UNKNOWN:
		attr_str(w, "name", t->name);
		break;
	default: /* qualifiers */
		attr_type(w, "type", t->target);
		break;
	}
	if (!t->count) {
		emit(w, "/>");
		return;
	}
	emit(w, ">");
	if (t->kind == KABI_ENUM)
		write_enumerators(w, t);
	else if (t->kind == KABI_FUNCTION)
		write_params(w, t);
	else
		write_members(w, t);
	strbuf_addf(w->out, "</%s>\n", tag);
}

static void write_symbol(struct writer *w, const struct kabi_symbol *s)
{
	uint32_t i;

	open_tag(w, "symbol");
	attr_name(w, s->name);
	/* a list of exports alone does not tell functions from variables */
	if (!w->m->no_types)
		attr(w, "kind",
		     s->flags & KABI_SYM_FUNCTION ? "function" : "variable");
	/* none when the reader could not tell (STG, ABIXML): model.h */
	attr_str(w, "module", s->module);
	if (!w->m->foreign)
		attr(w, "export",
		     s->flags & KABI_SYM_GPL ? "EXPORT_SYMBOL_GPL"
					     : "EXPORT_SYMBOL");
	attr_str(w, "namespace", s->ns);
	if (s->flags & KABI_SYM_HAS_CRC)
		strbuf_addf(&w->line, " crc=\"0x%08" PRIx32 "\"", s->crc);
	if (s->flags & KABI_SYM_HAS_TYPE)
		attr_type(w, "type", s->type);
	if (s->unit)
		attr_str(w, "unit", w->m->units[s->unit].name);
	if (!s->nparams) {
		emit(w, "/>");
		return;
	}
	emit(w, ">");
	for (i = 0; i < s->nparams; i++) {
		open_tag(w, "parameter");
		attr_str(w, "name", w->m->param_names[s->first_param + i]);
		emit(w, "/>");
	}
	strbuf_adds(w->out, "</symbol>\n");
}

/*
 * A unit's opaque tags are its element's text, a line each ("struct
 * sk_buff"): a unit of vmlinux declares a hundred, and as elements
 * they were 40% of a kernel's baseline and a sixth of the time to
 * read it.
 */
static void write_unit(struct writer *w, const struct kabi_unit *u)
{
	uint32_t i;

	open_tag(w, "unit");
	attr_str(w, "module", u->module);
	attr_name(w, u->name);
	if (!u->nopaque) {
		emit(w, "/>");
		return;
	}
	emit(w, ">");
	for (i = 0; i < u->nopaque; i++) {
		const struct kabi_tag *t = &kabi_unit_opaque(w->m, u)[i];

		strbuf_adds(w->out, kabi_kind_name(t->kind));
		strbuf_addch(w->out, ' ');
		xml_escape(w->out, model_str(w->m, t->name));
		strbuf_addch(w->out, '\n');
	}
	strbuf_adds(w->out, "</unit>\n");
}

static void write_syscall(struct writer *w, const struct kabi_syscall *c)
{
	int32_t i;

	open_tag(w, "syscall");
	attr_str(w, "abi", c->abi);
	attr_u64(w, "number", c->number);
	attr_name(w, c->name);
	if (c->nparams < 0)
		attr(w, "parameters", "unknown");
	if (c->nparams <= 0) {
		emit(w, "/>");
		return;
	}
	emit(w, ">");
	for (i = 0; i < c->nparams; i++) {
		const uint32_t *p =
		    &w->m->syscall_params[c->first_param + 2 * (uint32_t)i];

		open_tag(w, "parameter");
		attr_str(w, "type", p[0]);
		attr_str(w, "name", p[1]);
		emit(w, "/>");
	}
	strbuf_adds(w->out, "</syscall>\n");
}

static void write_head(struct writer *w)
{
	const struct kabi_model *m = w->m;
	size_t i;

	strbuf_adds(w->out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	strbuf_addf(&w->line, "<kabi-baseline format=\"%d\"",
		    KABI_FORMAT_VERSION);
	attr(w, "generator", "kabi " KABI_VERSION);
	attr_str(w, "arch", m->arch);
	if (m->bits)
		attr_u64(w, "bits", m->bits);
	if (m->byte_order)
		attr(w, "byte-order",
		     m->byte_order == KABI_ORDER_BIG ? "big" : "little");
	attr_str(w, "release", m->release);
	if (m->no_types)
		attr(w, "types", "none");
	else if (m->from_btf)
		attr(w, "types", "btf");
	else if (m->foreign)
		attr(w, "types", model_foreign_types(m));
	if (m->has_syscalls)
		attr(w, "syscalls", "yes");
	if (m->has_uapi)
		attr(w, "uapi", "yes");
	emit(w, ">");
	/* an incomplete kernel says so first, and what was not read */
	for (i = 0; i < m->nerrors; i++) {
		open_tag(w, "error");
		attr_str(w, "message", m->errors[i]);
		emit(w, "/>");
	}
}

/*
 * The elements after the head, in file order: symbols, units (but unit
 * 0, which stands for none), system calls, then types sorted by id. They are
 * written in chunks, each into text of its own on one of the threads, and the
 * chunks copied out in order.
 */
#define CHUNK 512

struct chunks {
	const struct kabi_model *m;
	const uint32_t *order; /* the types, sorted by id */
	size_t ntypes, nitems;
	struct writer *writers; /* one a thread */
	FILE *out;
};

static void write_item(struct writer *w, const struct chunks *c, size_t i)
{
	const struct kabi_model *m = c->m;
	size_t units = m->nunits - 1;

	if (i < m->nsymbols) {
		write_symbol(w, &m->symbols[i]);
		return;
	}
	i -= m->nsymbols;
	if (i < units) {
		write_unit(w, &m->units[i + 1]);
		return;
	}
	i -= units;
	if (i < m->nsyscalls)
		write_syscall(w, &m->syscalls[i]);
	else
		write_type(w, c->order[i - m->nsyscalls]);
}

static void *write_chunk(size_t index, unsigned thread, void *ctx)
{
	struct chunks *c = ctx;
	struct writer *w = &c->writers[thread];
	struct strbuf *text = xmalloc(sizeof(*text));
	size_t i, end = (index + 1) * CHUNK;

	strbuf_init(text);
	w->out = text;
	for (i = index * CHUNK; i < end && i < c->nitems; i++)
		write_item(w, c, i);
	return text;
}

static void copy_chunk(size_t index, void *result, void *ctx)
{
	struct chunks *c = ctx;
	struct strbuf *text = result;

	(void)index;
	fwrite(text->buf, 1, text->len, c->out);
	strbuf_release(text);
	free(text);
}

static int compare_ids(const void *a, const void *b, void *ctx)
{
	const struct type_names *n = ctx;

	return strcmp(type_baseline_id(n, *(const uint32_t *)a),
		      type_baseline_id(n, *(const uint32_t *)b));
}

void store_write(const struct kabi_model *m, FILE *out, unsigned threads)
{
	struct type_names names;
	struct chunks c = {.m = m, .out = out};
	uint32_t *order = xcalloc(m->ntypes + 1, sizeof(uint32_t));
	struct strbuf head = STRBUF_INIT;
	unsigned t;
	size_t i;

	if (threads < 1)
		threads = 1;
	type_names_compute(m, &names);
	for (i = 1; i < m->ntypes; i++)
		order[c.ntypes++] = (uint32_t)i;
	array_sort_r(order, c.ntypes, sizeof(*order), compare_ids, &names);
	c.order = order;
	c.nitems = m->nsymbols + (m->nunits - 1) + m->nsyscalls + c.ntypes;
	c.writers = xcalloc(threads, sizeof(*c.writers));
	for (t = 0; t < threads; t++) {
		c.writers[t].m = m;
		c.writers[t].names = &names;
		strbuf_init(&c.writers[t].line);
	}
	c.writers[0].out = &head;
	write_head(&c.writers[0]);
	fwrite(head.buf, 1, head.len, out);
	parallel_ordered((c.nitems + CHUNK - 1) / CHUNK, threads, 4 * threads,
			 write_chunk, copy_chunk, &c);
	fputs("</kabi-baseline>\n", out);
	for (t = 0; t < threads; t++)
		strbuf_release(&c.writers[t].line);
	free(c.writers);
	strbuf_release(&head);
	type_names_free(&names);
	free(order);
}
