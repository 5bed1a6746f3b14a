// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Reading a baseline with libxml2's SAX2 parser: elements come to
 * callbacks as they are parsed, with no tree built (a streaming reader
 * builds and frees a node for each, which took half the time). Types
 * refer to each other by id, possibly before the referred type's element,
 * so every reference is first recorded with its line and resolved once
 * the whole file is read. Anything that is not a well-formed kabi
 * baseline of a known format version is an error naming the file and
 * line.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libxml/SAX2.h>
#include <libxml/parser.h>

#include "store.h"
#include "xml_escape.h"
#include "../model/names.h"
#include "../util/hashmap.h"
#include "../util/source.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

#define MAX_ATTRS 16

struct attribute {
	const char *name;
	const char *value; /* unescaped, in reader.values */
	bool used;
};

/* A reference by id, resolved at the end. */
struct pending_ref {
	uint32_t id;   /* string in reader.ids */
	uint32_t line; /* a baseline has at most 256 MiB (STORE_MAX_SIZE) */
};

/* A symbol's unit, by name, resolved at the end. */
struct pending_unit {
	uint32_t symbol;
	uint32_t name; /* string in the model */
	unsigned long line;
};

struct reader {
	const char *path;
	xmlParserCtxtPtr xml;
	struct kabi_model *m;
	struct diag *d;
	int err;
	unsigned long line;
	struct attribute attrs[MAX_ATTRS];
	size_t nattrs;
	struct strbuf values; /* the attributes' values, each NUL-ended */
	struct strbuf spare;  /* a value whose '&' libxml2 kept as "&#38;" */
	const char *element;
	struct strbuf qualified; /* an element's prefix:name */
	int depth;
	/* the types' ids, and the ids references give, each once */
	struct strset ids;
	struct pending_ref *refs;
	size_t nrefs, refs_alloc;
	/* per type read: its id and line, for messages */
	uint32_t *type_id;
	uint32_t *type_line;
	size_t types_alloc;
	/* symbols' units, by name */
	struct pending_unit *units;
	size_t nunits, units_alloc;
	/* a format 3 unit's text, its opaque tags, and the unit's line */
	struct strbuf unit_text;
	unsigned long unit_line;
	unsigned format;
	/* the element children are added to */
	enum { IN_NOTHING, IN_TYPE, IN_SYMBOL, IN_SYSCALL, IN_UNIT } parent;
	uint32_t parent_index;
	bool seen_root;
	/*
	 * The first error, held until the parser moves on: libxml2 passes
	 * an element on before it finds that the file ends inside its tag,
	 * and "not well-formed" then says more than what the half-read
	 * element lacks.
	 */
	struct strbuf held;
	unsigned long held_line;
	/*
	 * Set once the error is reported: the input then ends. Stopping
	 * libxml2 itself (xmlStopParser) from a callback frees the buffer
	 * the parser goes on reading.
	 */
	bool stopped;
	struct source *src;
};

__attribute__((format(printf, 2, 3))) static int fail(struct reader *r,
						      const char *fmt, ...)
{
	va_list ap;

	if (r->err)
		return r->err; /* one error per file is enough */
	va_start(ap, fmt);
	strbuf_vaddf(&r->held, fmt, ap);
	va_end(ap);
	r->held_line = r->line;
	r->err = -KABI_E_BAD_XML;
	return r->err;
}

/*
 * The held error is the file's: report it, and parse no further. One
 * the input caused by failing to decompress (or growing past its bound)
 * is left to that failure, which store_read says.
 */
static void commit_error(struct reader *r)
{
	if (!r->held.len)
		return;
	if (r->src && r->src->error) {
		strbuf_reset(&r->held);
		r->stopped = true;
		return;
	}
	diag_error(r->d, KABI_E_BAD_XML, DIAG_AT_LINE(r->path, r->held_line),
		   "%s", r->held.buf);
	strbuf_reset(&r->held);
	r->stopped = true;
}

static void xml_error(void *arg, xmlErrorPtr error)
{
	struct reader *r = arg;
	struct strbuf sb = STRBUF_INIT;

	if (error->level < XML_ERR_ERROR)
		return;
	if (r->held.len) { /* the element held an error: this says more */
		strbuf_reset(&r->held);
		r->err = 0;
	}
	r->line = error->line > 0 ? (unsigned long)error->line : 0;
	strbuf_adds(&sb, error->message ? error->message : "");
	while (sb.len && sb.buf[sb.len - 1] == '\n')
		strbuf_setlen(&sb, sb.len - 1);
	fail(r, "not well-formed XML: %s", sb.buf);
	commit_error(r);
	strbuf_release(&sb);
}

/* --- attributes -------------------------------------------------------- */

/*
 * SAX2 gives five pointers an attribute: name, prefix, namespace, and
 * the value's start and end. Values are unescaped into r->values, one
 * after another; pointers into it are taken once it stops growing.
 */
static int read_attrs(struct reader *r, int nattrs, const xmlChar **attrs)
{
	size_t start[MAX_ATTRS];
	int i;

	r->nattrs = 0;
	strbuf_reset(&r->values);
	for (i = 0; i < nattrs; i++) {
		const xmlChar **at = &attrs[5 * i];
		struct attribute *a;
		size_t len = (size_t)(at[4] - at[3]);
		const char *value;

		if (r->nattrs == MAX_ATTRS)
			return fail(r, "too many attributes on <%s>",
				    r->element);
		if (at[1])
			return fail(r, "unknown attribute '%s:%s' on <%s>",
				    (const char *)at[1], (const char *)at[0],
				    r->element);
		a = &r->attrs[r->nattrs];
		value =
		    xml_decode_ampersands(&r->spare, (const char *)at[3], &len);
		a->name = (const char *)at[0];
		a->used = false;
		start[r->nattrs++] = r->values.len;
		if (!xml_unescape(&r->values, value, len))
			return fail(r,
				    "a NUL byte (\\x00) in the '%s' attribute",
				    a->name);
		strbuf_addch(&r->values, '\0');
	}
	for (i = 0; i < (int)r->nattrs; i++)
		r->attrs[i].value = r->values.buf + start[i];
	return 0;
}

static const char *get(struct reader *r, const char *name)
{
	size_t i;

	for (i = 0; i < r->nattrs; i++)
		if (r->attrs[i].name[0] == name[0] &&
		    !strcmp(r->attrs[i].name, name)) {
			r->attrs[i].used = true;
			return r->attrs[i].value;
		}
	return NULL;
}

static const char *need(struct reader *r, const char *name)
{
	const char *v = get(r, name);

	if (!v)
		fail(r, "<%s> lacks the '%s' attribute", r->element, name);
	return v;
}

static uint32_t get_str(struct reader *r, const char *name)
{
	const char *v = get(r, name);

	return v ? model_intern(r->m, v) : 0;
}

/*
 * A number as kabi writes it: decimal without leading zeros, or "0x"
 * and hex digits (CRCs); never octal, as strtoull's base 0 would read
 * "010".
 */
static bool parse_u64(const char *s, uint64_t *out)
{
	int base = 10;
	char *end;

	if (!s)
		return false;
	if (s[0] == '0' && s[1] == 'x') {
		base = 16;
		s += 2;
	} else if (s[0] == '0' && s[1]) {
		return false;
	}
	if (!((*s >= '0' && *s <= '9') ||
	      (base == 16 && strchr("abcdefABCDEF", *s) && *s)))
		return false;
	errno = 0;
	*out = strtoull(s, &end, base);
	return !errno && !*end;
}

static uint64_t get_u64(struct reader *r, const char *name, bool required,
			uint64_t max)
{
	const char *v = required ? need(r, name) : get(r, name);
	uint64_t n;

	if (!v)
		return 0;
	if (!parse_u64(v, &n) || n > max) {
		fail(r, "bad number '%s' in the '%s' attribute", v, name);
		return 0;
	}
	return n;
}

static bool get_flag(struct reader *r, const char *name)
{
	const char *v = get(r, name);

	if (v && strcmp(v, "yes"))
		fail(r, "the '%s' attribute can only be \"yes\"", name);
	return v != NULL;
}

/* A reference to a type, recorded for later: its index in refs. */
static uint32_t get_ref(struct reader *r, const char *name)
{
	const char *v = need(r, name);

	if (!v)
		return 0;
	ALLOC_GROW(r->refs, r->nrefs + 1, r->refs_alloc);
	r->refs[r->nrefs].id = strset_add(&r->ids, v);
	r->refs[r->nrefs].line = (uint32_t)r->line;
	return (uint32_t)r->nrefs++;
}

static int check_all_used(struct reader *r)
{
	size_t i;

	for (i = 0; i < r->nattrs; i++)
		if (!r->attrs[i].used)
			return fail(r, "unknown attribute '%s' on <%s>",
				    r->attrs[i].name, r->element);
	return 0;
}

/* --- elements ---------------------------------------------------------- */

static enum kabi_kind kind_of_tag(const char *tag)
{
	int k;

	for (k = KABI_BASE; k < KABI_KIND_COUNT; k++)
		if (!strcmp(tag, kabi_kind_name(k)))
			return k;
	return KABI_VOID;
}

/* An opaque tag's kind, one of three (there are 162,000 a baseline). */
static enum kabi_kind opaque_kind(const char *kind, size_t len)
{
	static const enum kabi_kind kinds[] = {KABI_STRUCT, KABI_UNION,
					       KABI_ENUM};
	size_t k;

	for (k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
		const char *name = kabi_kind_name(kinds[k]);

		if (strlen(name) == len && !memcmp(kind, name, len))
			return kinds[k];
	}
	return KABI_VOID;
}

static uint16_t get_encoding(struct reader *r)
{
	const char *v = need(r, "encoding");
	uint64_t n;
	unsigned e;

	if (!v)
		return 0;
	if (kabi_encoding_parse(v, &e))
		return (uint16_t)e;
	if (parse_u64(v, &n) && n <= UINT16_MAX)
		return (uint16_t)n;
	fail(r, "unknown encoding '%s'", v);
	return 0;
}

static void get_decl(struct reader *r, struct kabi_type *t)
{
	t->decl_file = get_str(r, "file");
	t->decl_line = (uint32_t)get_u64(r, "line", false, UINT32_MAX);
}

static void read_type_attrs(struct reader *r, struct kabi_type *t)
{
	switch (t->kind) {
	case KABI_BASE:
		t->name =
		    model_intern(r->m, need(r, "name") ? get(r, "name") : "");
		t->size = get_u64(r, "size", true, UINT64_MAX);
		t->encoding = get_encoding(r);
		break;
	case KABI_POINTER:
		t->target = get_ref(r, "type");
		t->size = get_u64(r, "size", true, UINT64_MAX);
		break;
	case KABI_TYPEDEF:
		t->name =
		    model_intern(r->m, need(r, "name") ? get(r, "name") : "");
		t->target = get_ref(r, "type");
		get_decl(r, t);
		break;
	case KABI_STRUCT:
	case KABI_UNION:
	case KABI_ENUM:
		t->name = get_str(r, "name");
		if (get_flag(r, "declaration"))
			t->flags |= KABI_TYPE_DECLARATION;
		if (get_flag(r, "ambiguous"))
			t->flags |= KABI_TYPE_AMBIGUOUS;
		if (get_flag(r, "signed") && t->kind == KABI_ENUM)
			t->flags |= KABI_TYPE_SIGNED;
		t->size = get_u64(
		    r, "size", !(t->flags & KABI_TYPE_DECLARATION), UINT64_MAX);
		t->align = (uint32_t)get_u64(r, "align", false, UINT32_MAX);
		get_decl(r, t);
		break;
	case KABI_ARRAY:
		t->target = get_ref(r, "type");
		if (get(r, "count"))
			t->elements = get_u64(r, "count", true, UINT64_MAX);
		else
			t->flags |= KABI_TYPE_NO_COUNT;
		break;
	case KABI_FUNCTION:
		t->target = get_ref(r, "return");
		if (get_flag(r, "variadic"))
			t->flags |= KABI_TYPE_VARIADIC;
		if (get_flag(r, "unprototyped"))
			t->flags |= KABI_TYPE_UNPROTOTYPED;
		break;
	case KABI_UNKNOWN:
		t->name = get_str(r, "name");
		break;
	default: /* qualifiers */
		t->target = get_ref(r, "type");
		break;
	}
}

static int read_type(struct reader *r, enum kabi_kind kind)
{
	struct kabi_type t = {.kind = (uint8_t)kind};
	const char *id = need(r, "id");
	uint32_t key, type;

	if (!id)
		return r->err;
	key = strset_add(&r->ids, id);
	if (!strcmp(id, "void")) /* one given twice is found at the end */
		return fail(r, "a second type with id '%s'", id);
	read_type_attrs(r, &t);
	t.first = (uint32_t)(kind == KABI_ENUM	     ? r->m->nenumerators
			     : kind == KABI_FUNCTION ? r->m->nparams
						     : r->m->nmembers);
	type = model_add_type(r->m, &t);
	if (type + 1 > r->types_alloc) {
		size_t alloc = r->types_alloc;

		ALLOC_GROW(r->type_id, type + 1, alloc);
		ALLOC_GROW(r->type_line, type + 1, r->types_alloc);
	}
	r->type_id[type] = key;
	r->type_line[type] = (uint32_t)r->line;
	r->parent = IN_TYPE;
	r->parent_index = type;
	return check_all_used(r);
}

static int read_member(struct reader *r, struct kabi_type *parent)
{
	struct kabi_member mb = {0};

	if (parent->kind != KABI_STRUCT && parent->kind != KABI_UNION)
		return fail(r, "<member> outside a struct or union");
	mb.name = get_str(r, "name");
	mb.type = get_ref(r, "type");
	if (get(r, "offset")) {
		mb.offset = get_u64(r, "offset", true, UINT64_MAX / 8) * 8;
	} else {
		mb.offset = get_u64(r, "bit-offset", true, UINT64_MAX);
		mb.bit_size = (uint32_t)get_u64(r, "bits", false, UINT32_MAX);
	}
	model_add_member(r->m, &mb);
	parent->count++;
	return check_all_used(r);
}

static int read_enumerator(struct reader *r, struct kabi_type *parent)
{
	struct kabi_enumerator e = {0};
	const char *v;
	uint64_t n;

	if (parent->kind != KABI_ENUM)
		return fail(r, "<enumerator> outside an enum");
	e.name = model_intern(r->m, need(r, "name") ? get(r, "name") : "");
	v = need(r, "value");
	if (!v)
		return r->err;
	if (*v == '-' && (parent->flags & KABI_TYPE_SIGNED) &&
	    parse_u64(v + 1, &n) && n <= (uint64_t)INT64_MAX + 1)
		e.value = (uint64_t)0 - n;
	else if (parse_u64(v, &n))
		e.value = n;
	else
		return fail(r, "bad enumerator value '%s'", v);
	model_add_enumerator(r->m, &e);
	parent->count++;
	return check_all_used(r);
}

static int read_parameter(struct reader *r)
{
	if (r->parent == IN_SYSCALL) {
		struct kabi_syscall *c = &r->m->syscalls[r->parent_index];
		uint32_t type =
		    model_intern(r->m, need(r, "type") ? get(r, "type") : "");
		uint32_t name = get_str(r, "name");

		if (c->nparams < 0 || c->nparams >= 6)
			return fail(r,
				    "a system call has at most 6 parameters");
		model_add_syscall_param(r->m, type, name);
		c->nparams++;
	} else if (r->parent == IN_SYMBOL) {
		struct kabi_symbol *s = &r->m->symbols[r->parent_index];

		model_add_param_name(r->m, get_str(r, "name"));
		s->nparams++;
	} else {
		struct kabi_type *t = &r->m->types[r->parent_index];

		if (t->kind != KABI_FUNCTION)
			return fail(r, "<parameter> outside a function");
		model_add_param(r->m, get_ref(r, "type"));
		t->count++;
	}
	return check_all_used(r);
}

/* What could not be read when the baseline was written. */
static int read_error(struct reader *r)
{
	const char *message = need(r, "message");

	if (!message)
		return r->err;
	model_add_error(r->m, message);
	return check_all_used(r);
}

/*
 * Symbols come sorted by name, then module, each once, as kabi writes
 * them: comparisons pair symbols by walking both lists in that order.
 */
static int check_order(struct reader *r, const struct kabi_symbol *prev,
		       const struct kabi_symbol *s)
{
	const struct kabi_model *m = r->m;
	int c = strcmp(model_str(m, prev->name), model_str(m, s->name));

	if (!c)
		c = strcmp(model_str(m, prev->module), model_str(m, s->module));
	if (!c)
		return fail(r, "symbol '%s' of '%s' given twice",
			    model_str(m, s->name), model_str(m, s->module));
	if (c > 0)
		return fail(r,
			    "symbol '%s' out of order: a baseline lists "
			    "symbols sorted by name, then module",
			    model_str(m, s->name));
	return 0;
}

static int read_symbol(struct reader *r)
{
	struct kabi_symbol s = {0};
	const char *kind, *export, *crc;
	uint64_t n;

	s.name = model_intern(r->m, need(r, "name") ? get(r, "name") : "");
	/* STG and ABIXML keep neither module nor export kind (model.h) */
	if (r->m->foreign) {
		s.module = get_str(r, "module");
		export = get(r, "export");
	} else {
		s.module = model_intern(
		    r->m, need(r, "module") ? get(r, "module") : "");
		export = need(r, "export");
	}
	s.ns = get_str(r, "namespace");
	/* a baseline of exports alone (types="none") tells no kinds */
	kind = r->m->no_types ? get(r, "kind") : need(r, "kind");
	if (r->err)
		return r->err;
	if (kind && !strcmp(kind, "function"))
		s.flags |= KABI_SYM_FUNCTION;
	else if (kind && strcmp(kind, "variable"))
		return fail(r, "unknown symbol kind '%s'", kind);
	if (export && !strcmp(export, "EXPORT_SYMBOL_GPL"))
		s.flags |= KABI_SYM_GPL;
	else if (export && strcmp(export, "EXPORT_SYMBOL"))
		return fail(r, "unknown export kind '%s'", export);
	crc = get(r, "crc");
	if (crc) {
		if (!parse_u64(crc, &n) || n > UINT32_MAX)
			return fail(r, "bad CRC '%s'", crc);
		s.crc = (uint32_t)n;
		s.flags |= KABI_SYM_HAS_CRC;
	}
	if (get(r, "type") && r->m->no_types)
		return fail(r, "a baseline of exports alone (types=\"none\") "
			       "gives no symbol a type");
	if (get(r, "type")) {
		s.type = get_ref(r, "type");
		s.flags |= KABI_SYM_HAS_TYPE;
	}
	if (get(r, "unit") && r->format < 2)
		return fail(r, "a symbol's 'unit' in a format %u baseline",
			    r->format);
	if (get(r, "unit")) {
		ALLOC_GROW(r->units, r->nunits + 1, r->units_alloc);
		r->units[r->nunits].symbol = (uint32_t)r->m->nsymbols;
		r->units[r->nunits].name = get_str(r, "unit");
		r->units[r->nunits++].line = r->line;
	}
	s.first_param = (uint32_t)r->m->nparam_names;
	if (r->m->nsymbols &&
	    check_order(r, &r->m->symbols[r->m->nsymbols - 1], &s))
		return r->err;
	r->parent_index = model_add_symbol(r->m, &s);
	r->parent = IN_SYMBOL;
	return check_all_used(r);
}

/* Units come sorted by module, then name, each once, as kabi writes them. */
static int read_unit(struct reader *r)
{
	struct kabi_model *m = r->m;
	const struct kabi_unit *prev = &m->units[m->nunits - 1];
	uint32_t module, name;
	int c;

	if (r->format < 2)
		return fail(r, "<unit> in a format %u baseline", r->format);
	module = model_intern(m, need(r, "module") ? get(r, "module") : "");
	name = model_intern(m, need(r, "name") ? get(r, "name") : "");
	if (r->err)
		return r->err;
	c = m->nunits == 1
		? -1
		: strcmp(model_str(m, prev->module), model_str(m, module));
	if (!c)
		c = strcmp(model_str(m, prev->name), model_str(m, name));
	if (c >= 0)
		return fail(r,
			    "unit '%s' of '%s' out of order or given twice: a "
			    "baseline lists units sorted by module, then name",
			    model_str(m, name), model_str(m, module));
	r->parent_index = model_add_unit(m, module, name);
	r->parent = IN_UNIT;
	r->unit_line = r->line;
	return check_all_used(r);
}

/*
 * A tag the unit declares without defining, in order, once: from a
 * format 2 <opaque kind= name=/>, or a line of a format 3 unit's text.
 */
static int add_opaque(struct reader *r, const char *kind, size_t kind_len,
		      const char *name, size_t name_len)
{
	struct kabi_model *m = r->m;
	const struct kabi_unit *u = &m->units[r->parent_index];
	struct kabi_tag tag = {.kind = (uint8_t)opaque_kind(kind, kind_len)};

	if (tag.kind == KABI_VOID)
		return fail(r,
			    "bad opaque kind '%.*s': 'struct', 'union' or "
			    "'enum'",
			    (int)kind_len, kind);
	if (!name_len)
		return fail(r, "an opaque %.*s without a name", (int)kind_len,
			    kind);
	tag.name = strset_add_len(&m->strings, name, name_len);
	if (u->nopaque &&
	    model_compare_tags(m, &kabi_unit_opaque(m, u)[u->nopaque - 1],
			       &tag) >= 0)
		return fail(r,
			    "opaque %.*s '%s' out of order or given twice: a "
			    "unit lists them sorted by kind, then name",
			    (int)kind_len, kind, model_str(m, tag.name));
	model_add_opaque(m, r->parent_index, &tag);
	return 0;
}

static int read_opaque(struct reader *r)
{
	const char *kind = need(r, "kind"), *name = need(r, "name");

	if (r->format >= 3)
		return fail(r,
			    "<opaque> in a format %u baseline: its unit's "
			    "text lists the tags",
			    r->format);
	if (r->err || add_opaque(r, kind, strlen(kind), name, strlen(name)))
		return r->err;
	return check_all_used(r);
}

static bool is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/*
 * A format 3 unit's text, once the unit ends: a tag a line, its kind and
 * its name ("struct sk_buff"); blank lines and blanks around are allowed.
 */
static int read_unit_text(struct reader *r)
{
	const char *p = r->unit_text.buf, *end = p + r->unit_text.len;
	unsigned long line = r->unit_line;

	while (p < end && !r->err) {
		const char *eol = memchr(p, '\n', (size_t)(end - p)), *kind;
		const char *stop = eol ? eol : end, *space;

		while (p < stop && is_blank(*p))
			p++;
		while (stop > p && is_blank(stop[-1]))
			stop--;
		if (p < stop) {
			kind = p;
			space = memchr(p, ' ', (size_t)(stop - p));
			p = space ? space + 1 : stop;
			while (p < stop && is_blank(*p))
				p++;
			r->line = line;
			add_opaque(r, kind,
				   (size_t)((space ? space : stop) - kind), p,
				   (size_t)(stop - p));
		}
		if (!eol)
			break;
		p = eol + 1;
		line++;
	}
	strbuf_reset(&r->unit_text);
	return r->err;
}

/* Sorted by table, then number, each slot once, as kabi writes them. */
static int check_syscall_order(struct reader *r, const struct kabi_syscall *c)
{
	const struct kabi_syscall *prev =
	    r->m->nsyscalls ? &r->m->syscalls[r->m->nsyscalls - 1] : NULL;
	int cmp =
	    prev ? strcmp(model_str(r->m, prev->abi), model_str(r->m, c->abi))
		 : -1;

	if (cmp > 0 || (!cmp && prev->number >= c->number))
		return fail(r,
			    "system call %u of '%s' out of order or given "
			    "twice",
			    c->number, model_str(r->m, c->abi));
	return 0;
}

static int read_syscall(struct reader *r)
{
	struct kabi_syscall c = {0};
	const char *params;

	if (!r->m->has_syscalls)
		return fail(r,
			    "<syscall> in a baseline without syscalls=\"yes\"");
	c.abi = model_intern(r->m, need(r, "abi") ? get(r, "abi") : "");
	c.number = (uint32_t)get_u64(r, "number", true, UINT32_MAX);
	c.name = model_intern(r->m, need(r, "name") ? get(r, "name") : "");
	params = get(r, "parameters");
	if (r->err)
		return r->err;
	if (params && strcmp(params, "unknown"))
		return fail(r, "bad parameters '%s': 'unknown', or none",
			    params);
	c.nparams = params ? -1 : 0;
	if (check_syscall_order(r, &c))
		return r->err;
	r->parent_index = model_add_syscall(r->m, &c);
	r->parent = IN_SYSCALL;
	return check_all_used(r);
}

/* bits and byte-order: older baselines lack them */
static void read_machine(struct reader *r)
{
	const char *order = get(r, "byte-order");

	r->m->bits = (uint8_t)get_u64(r, "bits", false, 64);
	if (r->m->bits && r->m->bits != 32 && r->m->bits != 64)
		fail(r, "bad number '%u' in the 'bits' attribute", r->m->bits);
	if (!order)
		r->m->byte_order = KABI_ORDER_UNKNOWN;
	else if (!strcmp(order, "little"))
		r->m->byte_order = KABI_ORDER_LITTLE;
	else if (!strcmp(order, "big"))
		r->m->byte_order = KABI_ORDER_BIG;
	else
		fail(r, "bad byte order '%s': 'little' or 'big'", order);
}

static int read_root(struct reader *r)
{
	const char *types, *syscalls, *uapi;
	const char *format;
	uint64_t n;

	if (strcmp(r->element, "kabi-baseline"))
		return fail(r, "not a kabi baseline: the document is <%s>",
			    r->element);
	format = need(r, "format");
	if (!format)
		return r->err;
	if (!parse_u64(format, &n) || n < KABI_FORMAT_OLDEST ||
	    n > KABI_FORMAT_VERSION)
		return fail(r,
			    "baseline format '%s' is not one this kabi reads "
			    "(%d to %d)",
			    format, KABI_FORMAT_OLDEST, KABI_FORMAT_VERSION);
	r->format = (unsigned)n;
	get(r, "generator");
	r->m->arch = get_str(r, "arch");
	r->m->release = get_str(r, "release");
	read_machine(r);
	/* where the types came from: DWARF unless it says */
	types = get(r, "types");
	r->m->foreign = (uint8_t)model_foreign_of_types(types);
	if (types && strcmp(types, "none") && strcmp(types, "btf") &&
	    !r->m->foreign)
		return fail(r,
			    "bad types '%s': 'none', 'btf', 'stg', 'abixml', "
			    "or no attribute",
			    types);
	r->m->no_types = types && !strcmp(types, "none");
	r->m->from_btf = types && !strcmp(types, "btf");
	syscalls = get(r, "syscalls");
	if (syscalls && strcmp(syscalls, "yes"))
		return fail(r, "bad syscalls '%s': 'yes', or no attribute",
			    syscalls);
	r->m->has_syscalls = syscalls != NULL;
	uapi = get(r, "uapi");
	if (uapi && strcmp(uapi, "yes"))
		return fail(r, "bad uapi '%s': 'yes', or no attribute", uapi);
	r->m->has_uapi = uapi != NULL;
	r->seen_root = true;
	return check_all_used(r);
}

static int read_element(struct reader *r, int depth, int nattrs,
			const xmlChar **attrs)
{
	enum kabi_kind kind;

	if (read_attrs(r, nattrs, attrs))
		return r->err;
	if (depth == 0)
		return read_root(r);
	if (depth == 1) {
		if (!strcmp(r->element, "symbol"))
			return read_symbol(r);
		if (!strcmp(r->element, "error"))
			return read_error(r);
		if (!strcmp(r->element, "syscall"))
			return read_syscall(r);
		if (!strcmp(r->element, "unit"))
			return read_unit(r);
		kind = kind_of_tag(r->element);
		if (kind != KABI_VOID && r->m->no_types)
			return fail(r,
				    "a baseline of exports alone "
				    "(types=\"none\") holds no <%s>",
				    r->element);
		if (kind != KABI_VOID)
			return read_type(r, kind);
	} else if (depth == 2 && r->parent == IN_UNIT) {
		if (!strcmp(r->element, "opaque"))
			return read_opaque(r);
	} else if (depth == 2 && r->parent != IN_NOTHING) {
		if (!strcmp(r->element, "parameter"))
			return read_parameter(r);
		if (r->parent == IN_TYPE && !strcmp(r->element, "member"))
			return read_member(r, &r->m->types[r->parent_index]);
		if (r->parent == IN_TYPE && !strcmp(r->element, "enumerator"))
			return read_enumerator(r,
					       &r->m->types[r->parent_index]);
	}
	return fail(r, "unexpected element <%s>", r->element);
}

/* --- references -------------------------------------------------------- */

/*
 * Which type each id names, by the id's number among the ids: their
 * strings lie one after another in the set, so an id's number is how
 * many start before it, counted with a bit a byte (for a kernel's 1 MB
 * of ids, 128 KB of bits and 64 KB of counts). A hashmap from id to
 * type, grown as types came, was a tenth of reading a baseline.
 */
struct id_index {
	uint64_t *starts; /* a bit a byte of the ids: a string starts there */
	uint32_t *before; /* per word of starts: the strings before it */
	uint32_t *type;	  /* per id number: the type, or KABI_NONE */
	uint32_t void_id; /* the offset of "void", or UINT32_MAX */
};

static void id_index_init(struct id_index *x, const struct strset *ids)
{
	size_t words = ids->len / 64 + 1, w;
	const char *p = ids->data, *end = ids->data + ids->len;
	uint32_t count = 0;

	x->starts = xcalloc(words, sizeof(uint64_t));
	for (; p < end;
	     p = (const char *)memchr(p, '\0', (size_t)(end - p)) + 1)
		x->starts[(size_t)(p - ids->data) / 64] |=
		    UINT64_C(1) << ((size_t)(p - ids->data) % 64);
	x->before = xmalloc(xmul(words, sizeof(uint32_t)));
	for (w = 0; w < words; w++) {
		x->before[w] = count;
		count += (uint32_t)__builtin_popcountll(x->starts[w]);
	}
	x->type = xmalloc(xmul(count + 1, sizeof(uint32_t)));
	memset(x->type, 0xff, (count + 1) * sizeof(uint32_t));
	x->void_id = strset_find(ids, "void");
}

static void id_index_free(struct id_index *x)
{
	free(x->starts);
	free(x->before);
	free(x->type);
}

static uint32_t *type_of_id(const struct id_index *x, uint32_t id)
{
	uint64_t below = (UINT64_C(1) << (id % 64)) - 1;

	return &x->type[x->before[id / 64] + (uint32_t)__builtin_popcountll(
						 x->starts[id / 64] & below)];
}

/* Each type under its id; one given twice is an error at the second. */
static int index_types(struct reader *r, struct id_index *x)
{
	size_t t;

	for (t = 1; t < r->m->ntypes; t++) {
		uint32_t *slot = type_of_id(x, r->type_id[t]);

		if (*slot != KABI_NONE) {
			r->line = r->type_line[t];
			return fail(r, "a second type with id '%s'",
				    strset_str(&r->ids, r->type_id[t]));
		}
		*slot = (uint32_t)t;
	}
	return 0;
}

struct resolver {
	struct reader *r;
	const struct id_index *x;
};

static uint32_t resolve(struct resolver *rs, uint32_t ref)
{
	const struct pending_ref *p = &rs->r->refs[ref];
	uint32_t type;

	if (p->id == rs->x->void_id)
		return 0;
	type = *type_of_id(rs->x, p->id);
	if (type != KABI_NONE)
		return type;
	rs->r->line = p->line;
	fail(rs->r, "unknown type '%s'", strset_str(&rs->r->ids, p->id));
	return 0;
}

static void resolve_ref(uint32_t *ref, void *ctx)
{
	*ref = resolve(ctx, *ref);
}

/* References were read as ids; now each is the type it names. */
static void resolve_all(struct reader *r)
{
	struct kabi_model *m = r->m;
	struct id_index x;
	struct resolver rs = {r, &x};
	size_t i;

	id_index_init(&x, &r->ids);
	if (!index_types(r, &x)) {
		for (i = 1; i < m->ntypes; i++)
			model_visit_refs(m, (uint32_t)i, resolve_ref, &rs);
		for (i = 0; i < m->nsymbols; i++)
			if (m->symbols[i].flags & KABI_SYM_HAS_TYPE)
				m->symbols[i].type =
				    resolve(&rs, m->symbols[i].type);
	}
	id_index_free(&x);
}

/* Each symbol's unit, named within its module, is one the file holds. */
static void resolve_units(struct reader *r)
{
	struct kabi_model *m = r->m;
	struct hashmap index = HASHMAP_INIT;
	size_t i;

	for (i = 1; i < m->nunits; i++)
		hashmap_add(&index,
			    hash_combine(m->units[i].module, m->units[i].name),
			    i, 0);
	for (i = 0; i < r->nunits && !r->err; i++) {
		const struct pending_unit *p = &r->units[i];
		struct kabi_symbol *s = &m->symbols[p->symbol];
		struct hashmap_iter it;
		struct hashmap_entry *e;

		for (e = hashmap_first(&index, hash_combine(s->module, p->name),
				       &it);
		     e; e = hashmap_next(&index, &it))
			if (m->units[e->key].module == s->module &&
			    m->units[e->key].name == p->name)
				break;
		if (e) {
			s->unit = (uint32_t)e->key;
			continue;
		}
		r->line = p->line;
		fail(r,
		     "symbol '%s' names unit '%s' of '%s', which the "
		     "baseline does not hold",
		     model_str(m, s->name), model_str(m, p->name),
		     model_str(m, s->module));
	}
	hashmap_free(&index);
}

/* No type refers to itself but through a struct or union (cycles.c). */
static int check_cycles(struct reader *r)
{
	struct model_loop *loops;

	if (model_find_loops(r->m, &loops)) {
		r->line = r->type_line[loops[0].type];
		fail(r,
		     "type '%s' refers to itself other than through a struct "
		     "or union",
		     strset_str(&r->ids, r->type_id[loops[0].type]));
	}
	free(loops);
	return r->err;
}

/*
 * A format 3 id is the type's name as this kabi makes it (a change to
 * how names are made is a new format): the model keeps the ids read, so
 * that comparing baselines need not make them again. Older formats'
 * names are made anew.
 */
static void adopt_names(struct reader *r)
{
	r->m->names = xmalloc(sizeof(*r->m->names));
	type_names_from_ids(r->m->names, &r->ids, r->type_id, r->m->ntypes);
}

/* --- the file ---------------------------------------------------------- */

/* --- the parser's callbacks ------------------------------------------- */

static void set_line(struct reader *r)
{
	int line = xmlSAX2GetLineNumber(r->xml);

	r->line = line > 0 ? (unsigned long)line : 0;
}

/* An element's name as written: prefix:name if it has a prefix. */
static const char *element_name(struct reader *r, const xmlChar *name,
				const xmlChar *prefix)
{
	if (!prefix)
		return (const char *)name;
	strbuf_reset(&r->qualified);
	strbuf_addf(&r->qualified, "%s:%s", (const char *)prefix,
		    (const char *)name);
	return r->qualified.buf;
}

static void on_start(void *ctx, const xmlChar *name, const xmlChar *prefix,
		     const xmlChar *uri, int nnamespaces,
		     const xmlChar **namespaces, int nattrs, int ndefaulted,
		     const xmlChar **attrs)
{
	struct reader *r = ctx;
	int depth = r->depth++;

	(void)uri;
	(void)ndefaulted; /* defaults come from a DTD, which is refused */
	commit_error(r);
	if (r->err)
		return;
	set_line(r);
	r->element = element_name(r, name, prefix);
	/* a namespace declaration is an attribute to a baseline's reader */
	if (nnamespaces)
		fail(r, "unknown attribute 'xmlns%s%s' on <%s>",
		     namespaces[0] ? ":" : "",
		     namespaces[0] ? (const char *)namespaces[0] : "",
		     r->element);
	else
		read_element(r, depth, nattrs, attrs);
}

static void on_end(void *ctx, const xmlChar *name, const xmlChar *prefix,
		   const xmlChar *uri)
{
	struct reader *r = ctx;

	(void)name;
	(void)prefix;
	(void)uri;
	commit_error(r);
	if (--r->depth != 1)
		return;
	if (r->parent == IN_UNIT && !r->err && read_unit_text(r))
		commit_error(r);
	r->parent = IN_NOTHING;
}

static void on_text(void *ctx, const xmlChar *text, int len)
{
	struct reader *r = ctx;
	int i, lines_after = 0;

	commit_error(r);
	if (r->err)
		return;
	if (r->depth == 2 && r->parent == IN_UNIT && r->format >= 3) {
		strbuf_add(&r->unit_text, text, (size_t)len);
		return;
	}
	for (i = 0; i < len && is_blank((char)text[i]); i++)
		;
	if (i == len)
		return;
	/* the parser is past the text: its line is counted back */
	for (; i < len; i++)
		lines_after += text[i] == '\n';
	set_line(r);
	r->line -= r->line > (unsigned long)lines_after ? lines_after : 0;
	fail(r, "unexpected text in a baseline");
}

/* A node no baseline holds, refused where the parser found it. */
static void refuse_node(struct reader *r, const char *what)
{
	set_line(r);
	fail(r, "unexpected %s in a baseline", what);
	commit_error(r);
}

static void on_doctype(void *ctx, const xmlChar *name, const xmlChar *id,
		       const xmlChar *uri)
{
	(void)name;
	(void)id;
	(void)uri;
	/*
	 * The entities it may declare are stored nowhere (no entityDecl
	 * callback), so none is ever expanded.
	 */
	refuse_node(ctx, "document type declaration");
}

static void on_instruction(void *ctx, const xmlChar *target,
			   const xmlChar *data)
{
	(void)target;
	(void)data;
	refuse_node(ctx, "XML node");
}

static int read_input(void *ctx, char *buf, int len)
{
	struct reader *r = ctx;

	return r->stopped ? 0 : source_read(r->src, buf, len);
}

static void init_handler(xmlSAXHandler *sax)
{
	memset(sax, 0, sizeof(*sax));
	sax->initialized = XML_SAX2_MAGIC;
	sax->startElementNs = on_start;
	sax->endElementNs = on_end;
	sax->characters = on_text;
	sax->ignorableWhitespace = on_text;
	sax->cdataBlock = on_text;
	sax->internalSubset = on_doctype;
	sax->externalSubset = on_doctype;
	sax->processingInstruction = on_instruction;
	sax->serror = xml_error;
}

/*
 * libxml2 prints what it cannot tie to a parser (a failed conversion
 * from a declared encoding) on standard error; the parser's own error,
 * which follows, is the one line kabi gives.
 */
static void ignore_message(void *ctx, const char *fmt, ...)
{
	(void)ctx;
	(void)fmt;
}

void store_init(void)
{
	xmlInitParser();
	/* for this thread, and as the default of threads to come */
	xmlSetGenericErrorFunc(NULL, ignore_message);
	xmlThrDefSetGenericErrorFunc(NULL, ignore_message);
}

/* Parse the source into r's model; r->err says how it went. */
static void parse(struct reader *r, struct source *src)
{
	xmlSAXHandler sax;

	init_handler(&sax);
	r->src = src;
	r->xml = xmlCreateIOParserCtxt(&sax, r, read_input, NULL, r,
				       XML_CHAR_ENCODING_NONE);
	if (!r->xml) {
		r->err = diag_error(r->d, KABI_E_IO, DIAG_AT_FILE(r->path),
				    "cannot read as XML");
		return;
	}
	xmlCtxtUseOptions(r->xml, XML_PARSE_NONET | XML_PARSE_NOCDATA);
	strset_init(&r->ids);
	if (xmlParseDocument(r->xml) < 0 && !r->err) {
		set_line(r);
		fail(r, "not well-formed XML");
	}
	if (!r->err && !r->seen_root)
		fail(r, "not a kabi baseline: no <kabi-baseline> element");
	if (!r->err)
		resolve_all(r);
	if (!r->err)
		resolve_units(r);
	if (!r->err)
		check_cycles(r);
	if (!r->err && r->format >= 3)
		adopt_names(r);
	commit_error(r);
	xmlFreeParserCtxt(r->xml);
	r->xml = NULL;
	strbuf_release(&r->values);
	strbuf_release(&r->spare);
	strbuf_release(&r->qualified);
	strbuf_release(&r->held);
	strbuf_release(&r->unit_text);
	strset_free(&r->ids);
	free(r->refs);
	free(r->units);
	free(r->type_id);
	free(r->type_line);
}

int store_read(struct source *src, struct kabi_model *out, struct diag *d)
{
	struct reader r = {.m = out,
			   .d = d,
			   .path = src->name,
			   .values = STRBUF_INIT,
			   .spare = STRBUF_INIT,
			   .qualified = STRBUF_INIT,
			   .held = STRBUF_INIT,
			   .unit_text = STRBUF_INIT};

	if (!src->error)
		parse(&r, src);
	/* a decompression error says more than the XML error it causes */
	if (src->error) {
		diag_error(d, KABI_E_BAD_XML, DIAG_AT_FILE(src->name), "%s: %s",
			   inflate_format_name(inflate_format_of(src->in)),
			   src->error);
		r.err = -KABI_E_BAD_XML;
	}
	if (r.err) { /* no half-read model */
		model_free(out);
		model_init(out);
	}
	return r.err;
}

int store_read_file(const char *path, struct kabi_model *out, struct diag *d)
{
	struct source src;
	int err = source_open(&src, path, STORE_MAX_SIZE, d);

	if (err)
		return err;
	if (!src.error && !source_looks_like_xml(&src))
		err = diag_error(d, KABI_E_BAD_XML, DIAG_AT_FILE(src.name),
				 "%snot a kabi baseline",
				 src.head_len ? "" : "empty: ");
	else
		err = store_read(&src, out, d);
	source_close(&src);
	return err;
}
