// SPDX-License-Identifier: GPL-2.0-or-later
/* An ABIXML file read into the model; see abixml.h and abixml_impl.h. */
#include "abixml_impl.h"

#include <stdlib.h>
#include <string.h>

#include <libxml/SAX2.h>

#include "../util/xalloc.h"
#include "../util/banned.h"

/* Past white space, an XML declaration and comments; NULL if not seen. */
static const char *skip_prolog(const char *p, const char *end)
{
	for (;;) {
		while (p < end && strchr(" \t\r\n", *p))
			p++;
		if (end - p >= 5 && !memcmp(p, "<?xml", 5))
			p = memmem(p, (size_t)(end - p), "?>", 2);
		else if (end - p >= 4 && !memcmp(p, "<!--", 4))
			p = memmem(p + 4, (size_t)(end - p - 4), "-->", 3);
		else
			return p;
		if (!p)
			return NULL;
		p += p[0] == '?' ? 2 : 3;
	}
}

static bool root_is(const char *p, const char *end, const char *name)
{
	size_t len = strlen(name);

	return end - p > (ptrdiff_t)len + 1 && p[0] == '<' &&
	       !memcmp(p + 1, name, len) && strchr(" \t\r\n/>", p[len + 1]);
}

bool abixml_looks_like(const struct source *src)
{
	const char *p = src->head, *end = src->head + src->head_len;

	if (end - p >= 3 && !memcmp(p, "\xef\xbb\xbf", 3))
		p += 3;
	p = skip_prolog(p, end);
	return p && (root_is(p, end, "abi-corpus") ||
		     root_is(p, end, "abi-corpus-group"));
}

static void set_line(struct abixml_reader *r)
{
	int line = xmlSAX2GetLineNumber(r->xml);

	r->line = line > 0 ? (unsigned long)line : 0;
}

static void on_start(void *ctx, const xmlChar *name, const xmlChar *prefix,
		     const xmlChar *uri, int nnamespaces,
		     const xmlChar **namespaces, int nattrs, int ndefaulted,
		     const xmlChar **attrs)
{
	struct abixml_reader *r = ctx;

	(void)uri;
	(void)namespaces;
	(void)ndefaulted;
	abixml_commit_error(r);
	if (r->err)
		return;
	set_line(r);
	r->element = (const char *)name;
	if (prefix || nnamespaces)
		abixml_fail(r, "XML namespaces on <%s>: ABIXML has none",
			    r->element);
	else if (r->depth == ABIXML_MAX_DEPTH)
		abixml_fail(r, "<%s> nested more than %d elements deep",
			    r->element, ABIXML_MAX_DEPTH);
	else if (!abixml_read_attrs(r, nattrs, attrs))
		abixml_element_start(r);
}

static void on_end(void *ctx, const xmlChar *name, const xmlChar *prefix,
		   const xmlChar *uri)
{
	struct abixml_reader *r = ctx;

	(void)prefix;
	(void)uri;
	abixml_commit_error(r);
	if (r->err)
		return;
	set_line(r);
	r->element = (const char *)name;
	abixml_element_end(r);
}

static void on_text(void *ctx, const xmlChar *text, int len)
{
	struct abixml_reader *r = ctx;
	int i;

	abixml_commit_error(r);
	/* called for every indentation: no strchr per character */
	for (i = 0; i < len && (text[i] == ' ' || text[i] == '\n' ||
				text[i] == '\t' || text[i] == '\r');
	     i++)
		;
	if (r->err || i == len)
		return;
	set_line(r);
	abixml_fail(r, "unexpected text in ABIXML");
}

static void refuse(void *ctx, const char *what)
{
	struct abixml_reader *r = ctx;

	set_line(r);
	abixml_fail(r, "unexpected %s in ABIXML", what);
	abixml_commit_error(r);
}

static void on_doctype(void *ctx, const xmlChar *name, const xmlChar *id,
		       const xmlChar *uri)
{
	(void)name;
	(void)id;
	(void)uri;
	refuse(ctx, "document type declaration");
}

static void on_instruction(void *ctx, const xmlChar *target,
			   const xmlChar *data)
{
	(void)target;
	(void)data;
	refuse(ctx, "processing instruction");
}

static int read_input(void *ctx, char *buf, int len)
{
	struct abixml_reader *r = ctx;

	return r->stopped ? 0 : source_read(r->src, buf, len);
}

/*
 * Parse the source, then link; r->err says how it went. libxml2 as the
 * baseline reader uses it (store/xml_read.c): no tree, no entity
 * expanded, no document type or network taken.
 */
static void parse(struct abixml_reader *r)
{
	xmlSAXHandler sax;

	memset(&sax, 0, sizeof(sax));
	sax.initialized = XML_SAX2_MAGIC;
	sax.startElementNs = on_start;
	sax.endElementNs = on_end;
	sax.characters = on_text;
	sax.ignorableWhitespace = on_text;
	sax.cdataBlock = on_text;
	sax.internalSubset = on_doctype;
	sax.externalSubset = on_doctype;
	sax.processingInstruction = on_instruction;
	sax.serror = abixml_xml_error;
	r->xml = xmlCreateIOParserCtxt(&sax, r, read_input, NULL, r,
				       XML_CHAR_ENCODING_NONE);
	if (!r->xml) {
		r->err = diag_error(r->d, KABI_E_IO, DIAG_AT_FILE(r->path),
				    "cannot read as XML");
		return;
	}
	xmlCtxtUseOptions(r->xml, XML_PARSE_NONET | XML_PARSE_NOCDATA);
	if (xmlParseDocument(r->xml) < 0 && !r->err) {
		set_line(r);
		abixml_fail(r, "not well-formed XML");
	}
	if (!r->err && !r->seen_root)
		abixml_fail(r, "no <abi-corpus> element");
	abixml_commit_error(r);
	if (!r->err && abixml_link(r))
		abixml_commit_error(r);
	xmlFreeParserCtxt(r->xml);
	r->xml = NULL;
}

static void reader_free(struct abixml_reader *r)
{
	strbuf_release(&r->held);
	strbuf_release(&r->values);
	strbuf_release(&r->spare);
	strset_free(&r->ids);
	hashmap_free(&r->numbers);
	hashmap_free(&r->symbols);
	free(r->refs);
	free(r->numbered);
	free(r->symbol_ids);
	free(r->decls);
	free(r->aliases);
}

int abixml_read(struct source *src, struct kabi_model *out, struct diag *d)
{
	struct kabi_model *frag = xmalloc(sizeof(*frag));
	struct stg_nodes nodes;
	struct abixml_reader r = {.path = src->name,
				  .src = src,
				  .d = d,
				  .frag = frag,
				  .nodes = &nodes,
				  .held = STRBUF_INIT,
				  .values = STRBUF_INIT,
				  .spare = STRBUF_INIT};
	int err;

	model_init(frag);
	stg_nodes_init(&nodes);
	strset_init(&r.ids);
	hashmap_init(&r.numbers);
	hashmap_init(&r.symbols);
	parse(&r);
	err = r.err;
	/* a decompression error says more than the XML error it causes */
	if (src->error)
		err = diag_error(
		    d, KABI_E_BAD_ABIXML, DIAG_AT_FILE(src->name), "%s: %s",
		    inflate_format_name(inflate_format_of(src->in)),
		    src->error);
	reader_free(&r);
	if (!err) {
		err = stg_graph_build(&nodes, frag, src->name,
				      KABI_FOREIGN_ABIXML, out, d);
		if (!err && r.machine) {
			out->arch = model_intern(out, r.machine->name);
			out->bits = r.machine->bits;
			out->byte_order = r.machine->byte_order;
		}
	} else {
		model_free(frag);
		free(frag);
	}
	stg_nodes_free(&nodes);
	if (err) { /* no half-read model */
		model_free(out);
		model_init(out);
	}
	return err;
}
