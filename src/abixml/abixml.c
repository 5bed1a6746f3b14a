// SPDX-License-Identifier: GPL-2.0-or-later
/* An ABIXML file read into the model; see abixml.h and abixml_impl.h. */
#include "abixml_impl.h"

#include <stdlib.h>
#include <string.h>

#include <libxml/SAX2.h>

#include "../util/xalloc.h"
#include "../util/banned.h"

bool abixml_looks_like(const struct source *src)
{
	return abixml_root_depth(src->head, src->head_len) > 0;
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
	set_line(r);
	abixml_start_tag(r, (const char *)name, prefix || nnamespaces, nattrs,
			 attrs);
}

static void on_end(void *ctx, const xmlChar *name, const xmlChar *prefix,
		   const xmlChar *uri)
{
	struct abixml_reader *r = ctx;

	(void)prefix;
	(void)uri;
	set_line(r);
	abixml_end_tag(r, (const char *)name);
}

static void on_text(void *ctx, const xmlChar *text, int len)
{
	struct abixml_reader *r = ctx;

	abixml_commit_error(r);
	if (r->err || abixml_blank(text, len))
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

/* The text, as libxml2 asks for it; nothing once an error is reported. */
static int read_input(void *ctx, char *buf, int len)
{
	struct abixml_reader *r = ctx;

	return r->stopped
		   ? 0
		   : abixml_give(r->text, r->text_len, &r->text_pos, buf, len);
}

/*
 * Parse the text whole, on this thread, then link; r->err says how it
 * went. libxml2 as the baseline reader uses it (store/xml_read.c): no
 * tree, no entity expanded, no document type or network taken.
 */
static void parse_whole(struct abixml_reader *r)
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
	xmlFreeParserCtxt(r->xml);
	r->xml = NULL;
	abixml_finish(r);
}

static void reader_init(struct abixml_reader *r, const struct source_text *text,
			struct source *src, struct kabi_model *frag,
			struct stg_nodes *nodes, struct diag *d)
{
	memset(r, 0, sizeof(*r));
	r->path = src->name;
	r->src = src;
	r->text = text->buf ? text->buf : "";
	r->text_len = text->len;
	r->d = d;
	r->frag = frag;
	r->nodes = nodes;
	strbuf_init(&r->held);
	strbuf_init(&r->values);
	strbuf_init(&r->spare);
	model_init(frag);
	stg_nodes_init(nodes);
	strset_init(&r->ids);
	hashmap_init(&r->numbers);
	hashmap_init(&r->symbols);
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

/*
 * In pieces on several threads where the text allows (pieces.c), or
 * whole; a file the pieces leave in doubt is read again whole, from a
 * fresh start, so what comes of a file does not depend on the threads.
 */
static void parse(struct abixml_reader *r, const struct source_text *text,
		  unsigned jobs, size_t piece_size)
{
	struct source *src = r->src;
	struct kabi_model *frag = r->frag;
	struct stg_nodes *nodes = r->nodes;
	struct diag *d = r->d;

	switch (abixml_parse_pieces(r, jobs, piece_size)) {
	case ABIXML_PIECES_READ:
		return;
	case ABIXML_PIECES_AGAIN:
		reader_free(r);
		stg_nodes_free(nodes);
		model_free(frag);
		reader_init(r, text, src, frag, nodes, d);
		break;
	case ABIXML_PIECES_NONE:
		break;
	}
	parse_whole(r);
}

int abixml_read(struct source *src, unsigned jobs, size_t piece_size,
		struct kabi_model *out, struct diag *d)
{
	struct kabi_model *frag = xmalloc(sizeof(*frag));
	struct source_text text;
	struct stg_nodes nodes;
	struct abixml_reader r;
	int err = 0;

	/* a decompression error says more than the XML error it causes */
	if (source_text_get(src, &text))
		err = diag_error(
		    d, KABI_E_BAD_ABIXML, DIAG_AT_FILE(src->name), "%s: %s",
		    inflate_format_name(inflate_format_of(src->in)),
		    src->error);
	reader_init(&r, &text, src, frag, &nodes, d);
	if (!err) {
		parse(&r, &text, jobs, piece_size);
		err = r.err;
	}
	reader_free(&r);
	source_text_release(&text);
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
