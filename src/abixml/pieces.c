// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A large ABIXML file parsed in pieces on other threads. libxml2's
 * tokenizing is half of a parse's time, and the half that needs no
 * order: worker threads parse pieces of the text, each keeping its
 * element events in a log, while the calling thread replays the logs in
 * file order through the callbacks one parse calls (abixml.c), so the
 * ids are numbered, the nodes made and the errors found as in one
 * parse. With one worker, the two halves overlap; the replay bounds
 * what more workers can gain.
 *
 * A piece ends where an <abi-instr> starts: libabigail writes one per
 * unit, thousands in a kernel, always inside the root and its corpus. A
 * piece is parsed inside those two (or one) elements, opened before it
 * and closed after it; their events are left out of its log. Any doubt
 * and the file is read again whole, on one thread: a libxml2 error in a
 * piece (a cut inside a comment leaves the piece before it unterminated;
 * a cut where the elements open are not the root and its corpus leaves
 * a tag unmatched), or anything but element tags in a piece (text, an
 * instruction: errors of ABIXML, whose message and line are one
 * parse's). A bad file's message is the one parse's, never a piece's.
 */
#include "abixml_impl.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libxml/SAX2.h>

#include "../util/parallel.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

/* The root and its corpus, as each piece is parsed inside them. */
static const char *const prefixes[] = {"", "<abi-corpus>",
				       "<abi-corpus-group><abi-corpus>"};
static const char *const suffixes[] = {"", "</abi-corpus>",
				       "</abi-corpus></abi-corpus-group>"};

struct piece {
	size_t start, end;   /* its bytes in the text */
	unsigned long lines; /* the text's newlines before it */
	struct strbuf log;   /* its events (see add_start) */
	xmlDictPtr names;    /* libxml2's dictionary: the log's names */
	bool failed;	     /* read again whole */
};

struct pieces {
	struct abixml_reader *r;
	int depth; /* of the elements open at every cut: 1 or 2 */
	struct piece *piece;
	size_t n;
	atomic_bool stop; /* an error was reported: parse no further */
	bool again;	  /* a piece failed: read the file again whole */
	/* a start tag's attributes, as libxml2 gives them, replayed */
	const xmlChar *attrs[5 * (ABIXML_MAX_ATTRS + 1)];
	/*
	 * Logs replayed, kept for pieces to come: fresh memory costs a
	 * page fault a page, more than the parse of what fills it.
	 */
	pthread_mutex_t lock;
	struct strbuf *spare;
	size_t nspare, spare_alloc;
};

/* One thread's parse of one piece. */
struct piece_parse {
	const struct pieces *all;
	struct piece *p;
	xmlParserCtxtPtr xml;
	const char *part[3]; /* the opening tags, the piece, the closing */
	size_t part_len[3], at, pos;
	int skip;	     /* opening tags' events still to leave out */
	size_t last_ends[2]; /* where the last two end events start */
	size_t ends;
};

/* --- where to cut --------------------------------------------------- */

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

int abixml_root_depth(const char *text, size_t len)
{
	const char *p = text, *end = text + len;

	if (end - p >= 3 && !memcmp(p, "\xef\xbb\xbf", 3))
		p += 3;
	p = skip_prolog(p, end);
	if (p && root_is(p, end, "abi-corpus"))
		return 1;
	return p && root_is(p, end, "abi-corpus-group") ? 2 : 0;
}

/* No encoding said, or UTF-8: a piece is parsed as UTF-8, as it is. */
static bool said_utf8(const char *text, size_t len)
{
	const char *p = text, *end, *enc;
	size_t n;

	if (len >= 3 && !memcmp(p, "\xef\xbb\xbf", 3))
		p += 3, len -= 3;
	if (len < 5 || memcmp(p, "<?xml", 5))
		return true;
	end = memmem(p, len, "?>", 2);
	if (!end)
		return false;
	enc = memmem(p, (size_t)(end - p), "encoding", 8);
	if (!enc)
		return true;
	for (enc += 8; enc < end && strchr(" \t\r\n=\"'", *enc); enc++)
		;
	for (n = 0; enc + n < end && !strchr(" \t\r\n\"'", enc[n]); n++)
		;
	return (n == 5 && !strncasecmp(enc, "utf-8", 5)) ||
	       (n == 4 && !strncasecmp(enc, "utf8", 4));
}

/* The first "<abi-instr" from..len, as a tag; len if none. */
static size_t next_unit(const char *text, size_t from, size_t len)
{
	static const char tag[] = "<abi-instr";
	const size_t taglen = sizeof(tag) - 1;
	const char *p;

	while (from < len &&
	       (p = memmem(text + from, len - from, tag, taglen))) {
		size_t at = (size_t)(p - text);

		if (at + taglen < len && strchr(" \t\r\n/>", text[at + taglen]))
			return at;
		from = at + taglen;
	}
	return len;
}

static unsigned long count_lines(const char *p, const char *end)
{
	unsigned long n = 0;

	while ((p = memchr(p, '\n', (size_t)(end - p)))) {
		n++;
		p++;
	}
	return n;
}

/* Pieces of about piece_size bytes, each from a unit's start. */
static void cut(struct pieces *all, const char *text, size_t len,
		size_t piece_size)
{
	size_t alloc = 0, start = 0, at;
	unsigned long lines = 0;

	do {
		at = piece_size < len - start ? start + piece_size : len;
		at = next_unit(text, at, len);
		ALLOC_GROW(all->piece, all->n + 1, alloc);
		all->piece[all->n++] = (struct piece){.start = start,
						      .end = at,
						      .lines = lines,
						      .log = STRBUF_INIT};
		lines += count_lines(text + start, text + at);
		start = at;
	} while (at < len);
}

/* --- a piece parsed into its log ------------------------------------ */

/*
 * The log: one record an event, each a kind ('S' or 'E'), the line and
 * the name (a pointer into the piece's dictionary); a start then whether
 * it had namespaces, its attributes' count, and each one's name, length
 * and raw bytes. Past ABIXML_MAX_ATTRS + 1 attributes none is kept: the
 * replay refuses the element at that one, as one parse does.
 */
#define HEAD_SIZE (1 + sizeof(uint32_t) + sizeof(const xmlChar *))

static char *put(char *at, const void *data, size_t len)
{
	memcpy(at, data, len);
	return at + len;
}

/* Room made for a record of size bytes; its head written. */
static char *add_head(struct piece_parse *w, char kind, const xmlChar *name,
		      size_t size)
{
	struct strbuf *log = &w->p->log;
	int line = xmlSAX2GetLineNumber(w->xml);
	uint32_t at = (uint32_t)(line > 0 ? line : 0) + (uint32_t)w->p->lines;
	char *p;

	strbuf_grow(log, size);
	p = log->buf + log->len;
	strbuf_setlen(log, log->len + size);
	p = put(p, &kind, 1);
	p = put(p, &at, sizeof(at));
	return put(p, &name, sizeof(name));
}

static void add_start(void *ctx, const xmlChar *name, const xmlChar *prefix,
		      const xmlChar *uri, int nnamespaces,
		      const xmlChar **namespaces, int nattrs, int ndefaulted,
		      const xmlChar **attrs)
{
	struct piece_parse *w = ctx;
	uint8_t namespaced = prefix || nnamespaces;
	size_t size = HEAD_SIZE + 1 + sizeof(uint32_t);
	uint32_t kept, i, len;
	char *p;

	(void)uri;
	(void)namespaces;
	(void)ndefaulted;
	if (w->skip) {
		w->skip--;
		return;
	}
	if (atomic_load_explicit(&w->all->stop, memory_order_relaxed)) {
		xmlStopParser(w->xml);
		w->p->failed = true;
		return;
	}
	kept =
	    nattrs > ABIXML_MAX_ATTRS ? ABIXML_MAX_ATTRS + 1 : (uint32_t)nattrs;
	for (i = 0; i < kept; i++)
		size += sizeof(attrs[0]) + sizeof(len) +
			(size_t)(attrs[5 * i + 4] - attrs[5 * i + 3]);
	p = add_head(w, 'S', name, size);
	p = put(p, &namespaced, 1);
	p = put(p, &kept, sizeof(kept));
	for (i = 0; i < kept; i++) {
		const xmlChar **at = &attrs[5 * i];

		len = (uint32_t)(at[4] - at[3]);
		p = put(p, &at[0], sizeof(at[0]));
		p = put(p, &len, sizeof(len));
		p = put(p, at[3], len);
	}
}

static void add_end(void *ctx, const xmlChar *name, const xmlChar *prefix,
		    const xmlChar *uri)
{
	struct piece_parse *w = ctx;

	(void)prefix;
	(void)uri;
	w->last_ends[w->ends++ % 2] = w->p->log.len;
	add_head(w, 'E', name, HEAD_SIZE);
}

static void give_up(struct piece_parse *w)
{
	w->p->failed = true;
	xmlStopParser(w->xml);
}

static void add_text(void *ctx, const xmlChar *text, int len)
{
	if (!abixml_blank(text, len))
		give_up(ctx);
}

static void add_doctype(void *ctx, const xmlChar *name, const xmlChar *id,
			const xmlChar *uri)
{
	(void)name;
	(void)id;
	(void)uri;
	give_up(ctx);
}

static void add_instruction(void *ctx, const xmlChar *target,
			    const xmlChar *data)
{
	(void)target;
	(void)data;
	give_up(ctx);
}

static void add_error(void *ctx, xmlErrorPtr error)
{
	if (error->level >= XML_ERR_ERROR)
		give_up(ctx);
}

/* The opening tags, the piece, the closing tags, in turn. */
static int read_piece(void *ctx, char *buf, int len)
{
	struct piece_parse *w = ctx;

	while (w->at < 3 && w->pos == w->part_len[w->at]) {
		w->at++;
		w->pos = 0;
	}
	return w->at == 3 ? 0
			  : abixml_give(w->part[w->at], w->part_len[w->at],
					&w->pos, buf, len);
}

static void *parse_piece(size_t i, unsigned thread, void *ctx)
{
	struct pieces *all = ctx;
	struct piece *p = &all->piece[i];
	struct piece_parse w = {.all = all, .p = p};
	bool first = i == 0, last = i + 1 == all->n;
	xmlSAXHandler sax;

	(void)thread;
	pthread_mutex_lock(&all->lock);
	if (all->nspare)
		p->log = all->spare[--all->nspare];
	pthread_mutex_unlock(&all->lock);
	memset(&sax, 0, sizeof(sax));
	sax.initialized = XML_SAX2_MAGIC;
	sax.startElementNs = add_start;
	sax.endElementNs = add_end;
	sax.characters = add_text;
	sax.ignorableWhitespace = add_text;
	sax.cdataBlock = add_text;
	sax.internalSubset = add_doctype;
	sax.externalSubset = add_doctype;
	sax.processingInstruction = add_instruction;
	sax.serror = add_error;
	w.part[0] = first ? "" : prefixes[all->depth];
	w.part[1] = all->r->text + p->start;
	w.part[2] = last ? "" : suffixes[all->depth];
	w.part_len[0] = strlen(w.part[0]);
	w.part_len[1] = p->end - p->start;
	w.part_len[2] = strlen(w.part[2]);
	w.skip = first ? 0 : all->depth;
	w.xml = xmlCreateIOParserCtxt(&sax, &w, read_piece, NULL, &w,
				      XML_CHAR_ENCODING_NONE);
	if (!w.xml) {
		p->failed = true;
		return p;
	}
	xmlCtxtUseOptions(w.xml, XML_PARSE_NONET | XML_PARSE_NOCDATA);
	if (xmlParseDocument(w.xml) < 0 || !w.xml->wellFormed)
		p->failed = true;
	/* the closing tags' events are the last: left out */
	if (!p->failed && !last)
		strbuf_setlen(&p->log,
			      w.last_ends[(w.ends - (size_t)all->depth) % 2]);
	p->names = w.xml->dict;
	xmlDictReference(p->names);
	xmlFreeParserCtxt(w.xml);
	return p;
}

/* --- the logs replayed ---------------------------------------------- */

static const char *take(const char **at, size_t len)
{
	const char *p = *at;

	*at += len;
	return p;
}

static void replay_start(struct pieces *all, const char **at)
{
	const xmlChar *name;
	uint8_t namespaced;
	uint32_t n, i, len;

	memcpy(&name, take(at, sizeof(name)), sizeof(name));
	memcpy(&namespaced, take(at, 1), 1);
	memcpy(&n, take(at, sizeof(n)), sizeof(n));
	for (i = 0; i < n; i++) {
		const xmlChar **a = &all->attrs[5 * i];

		memcpy(&a[0], take(at, sizeof(a[0])), sizeof(a[0]));
		memcpy(&len, take(at, sizeof(len)), sizeof(len));
		a[1] = a[2] = NULL;
		a[3] = (const xmlChar *)take(at, len);
		a[4] = a[3] + len;
	}
	abixml_start_tag(all->r, (const char *)name, namespaced, (int)n,
			 all->attrs);
}

static void replay(struct pieces *all, struct piece *p)
{
	struct abixml_reader *r = all->r;
	const char *at = p->log.buf, *end = p->log.buf + p->log.len;
	const xmlChar *name;
	uint32_t line;
	char kind;

	/* a name's pointer is its element's in one dictionary only */
	memset(r->cached_name, 0, sizeof(r->cached_name));
	while (at < end && !r->stopped) {
		kind = *take(&at, 1);
		memcpy(&line, take(&at, sizeof(line)), sizeof(line));
		r->line = line;
		if (kind == 'S') {
			replay_start(all, &at);
		} else {
			memcpy(&name, take(&at, sizeof(name)), sizeof(name));
			abixml_end_tag(r, (const char *)name);
		}
	}
}

static void free_piece(struct pieces *all, struct piece *p)
{
	strbuf_reset(&p->log);
	pthread_mutex_lock(&all->lock);
	ALLOC_GROW(all->spare, all->nspare + 1, all->spare_alloc);
	all->spare[all->nspare++] = p->log;
	pthread_mutex_unlock(&all->lock);
	strbuf_init(&p->log);
	if (p->names)
		xmlDictFree(p->names);
	p->names = NULL;
}

/*
 * In file order. Once an error is reported the rest is let be, as one
 * parse stops there; a failed piece before that and the file is read
 * again whole (an error held, not yet reported, may be one a libxml2
 * error of the next piece would replace).
 */
static void replay_piece(size_t i, void *result, void *ctx)
{
	struct pieces *all = ctx;
	struct piece *p = result;

	(void)i;
	if (!all->r->stopped && !all->again) {
		if (p->failed)
			all->again = true;
		else
			replay(all, p);
		if (all->r->stopped || all->again)
			atomic_store(&all->stop, true);
	}
	free_piece(all, p);
}

enum abixml_pieces abixml_parse_pieces(struct abixml_reader *r, unsigned jobs,
				       size_t piece_size)
{
	struct pieces all = {.r = r};

	all.depth = abixml_root_depth(r->text, r->text_len);
	if (jobs < 2 || !all.depth || !said_utf8(r->text, r->text_len) ||
	    r->text_len <= piece_size)
		return ABIXML_PIECES_NONE;
	cut(&all, r->text, r->text_len, piece_size < 1 ? 1 : piece_size);
	if (all.n < 2) {
		free(all.piece);
		return ABIXML_PIECES_NONE;
	}
	atomic_init(&all.stop, false);
	pthread_mutex_init(&all.lock, NULL);
	/* the replay costs about what the parse does: jobs - 1 parse */
	parallel_pipeline(all.n, jobs - 1, 2 * (size_t)jobs, parse_piece,
			  replay_piece, &all);
	pthread_mutex_destroy(&all.lock);
	while (all.nspare)
		strbuf_release(&all.spare[--all.nspare]);
	free(all.spare);
	free(all.piece);
	if (all.again)
		return ABIXML_PIECES_AGAIN;
	abixml_finish(r);
	return ABIXML_PIECES_READ;
}
