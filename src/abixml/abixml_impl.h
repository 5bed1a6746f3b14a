/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Internal to the abixml/ stage, in the order of reading:
 *
 * abixml.c    libxml2's SAX2 parser and its callbacks
 * pieces.c    a large file parsed in pieces on several threads, their
 *             events replayed in order through the same callbacks
 * sax.c       text given to libxml2, attributes, numbers, the first
 *             error held and reported once, ids numbered
 * elements.c  each element by where it may be: the node it makes in the
 *             node table (stg/nodes.h), made when the element ends
 * link.c      after the file: every id defined, declarations tied to
 *             their symbols, aliases typed, the root interface
 *
 * ABIXML's ids are strings ('type-id-12', '95e97e5e'); each gets a
 * number, the node's id in the table, when first seen. Nodes ABIXML
 * does not name (members, symbols, inner dimensions of an array, extra
 * qualifiers, functions of declarations) get numbers of their own from
 * the same count.
 */
#ifndef KABI_ABIXML_IMPL_H
#define KABI_ABIXML_IMPL_H

#include <stdint.h>

#include <libxml/parser.h>

#include "abixml.h"
#include "../stg/nodes.h"
#include "../util/hashmap.h"
#include "../util/strbuf.h"
#include "../util/strset.h"

/* namespace, class, member-type, class, data-member, var-decl: a kernel's
 * go 6 deep; a C++ library's a few more */
#define ABIXML_MAX_DEPTH      64
#define ABIXML_MAX_ATTRS      32
#define ABIXML_MAX_DIMENSIONS 16
#define ABIXML_NONE	      UINT32_MAX

/* What an open element is, and so what it may hold. */
enum frame_kind {
	F_DOCUMENT,
	F_GROUP,   /* abi-corpus-group */
	F_CORPUS,  /* abi-corpus */
	F_SYMBOLS, /* elf-function-symbols, elf-variable-symbols */
	F_UNIT,	   /* abi-instr, namespace-decl */
	F_MEMBER_TYPE,
	F_AGGREGATE, /* class-decl, union-decl */
	F_ENUM,
	F_FUNCTION, /* function-type, function-decl */
	F_ARRAY,
	F_DATA_MEMBER,
	F_LEAF, /* holds nothing */
	F_SKIP, /* C++ only (methods, templates): not read */
};

struct abixml_element; /* elements.c's table */

/*
 * Elements known by name once: libxml2 gives each name from its
 * dictionary, one pointer for one name through a parse, so a name's
 * pointer finds its element again without comparing strings.
 */
#define ABIXML_NAME_CACHE 64

struct frame {
	const struct abixml_element *element; /* NULL: not known (F_SKIP) */
	uint8_t kind;			      /* enum frame_kind */
	bool function_symbols;		      /* F_SYMBOLS */
	bool has_child;			      /* F_DATA_MEMBER: its var-decl */
	bool has_return;		      /* F_FUNCTION */
	uint8_t ndims;			      /* F_ARRAY */
	uint32_t want;	    /* array: its dimensions; qualifiers: bits */
	uint32_t first;	    /* its references from here in r->refs */
	uint32_t symbol;    /* function-decl: elf-symbol-id, or NONE */
	uint32_t decl_name; /* function-decl: its name, in r->ids */
	uint64_t offset;    /* data-member: bits */
	uint64_t dims[ABIXML_MAX_DIMENSIONS];
	unsigned long line;
	struct stg_node node; /* what it makes, added at its end */
};

/* A function-decl or var-decl tied to a symbol by elf-symbol-id. */
struct abixml_decl {
	uint32_t corpus;
	uint32_t symbol; /* the elf-symbol-id, in r->ids */
	uint32_t type;	 /* node id */
	bool named_so;	 /* its mangled name (or name) is the symbol's */
	unsigned long line;
};

/* A symbol that names aliases: they take its type if they have none. */
struct abixml_alias {
	uint32_t corpus;
	uint32_t symbol;  /* node id */
	uint32_t aliases; /* the comma-separated names, in r->ids */
};

/* What is known of a number. */
struct abixml_id {
	uint32_t string;  /* the id, in r->ids, or NONE */
	uint32_t used;	  /* the line of the first reference, or 0 */
	uint32_t defined; /* the line of its definition, or 0 */
};

/* A machine as libabigail names it, and as kabi's ELF reader does. */
struct abixml_machine {
	const char *abixml; /* "elf-amd-x86_64" */
	const char *name;   /* "x86-64" */
	uint8_t bits;
	uint8_t byte_order; /* enum kabi_byte_order */
	bool char_unsigned; /* plain char, by its psABI */
};

struct abixml_attr {
	const char *name;
	const char *raw; /* as libxml2 gives it, len bytes */
	size_t len;
	const char *value; /* decoded, in values, once asked for; or NULL */
};

struct abixml_reader {
	const char *path;
	xmlParserCtxtPtr xml; /* NULL when events are replayed */
	struct source *src;
	const char *text; /* the whole file, decompressed */
	size_t text_len, text_pos;
	struct diag *d;
	struct kabi_model *frag; /* names, as stg_graph_build takes them */
	struct stg_nodes *nodes;
	int err;
	unsigned long line;
	/* the first error, held until the parser moves on (store's way) */
	struct strbuf held;
	unsigned long held_line;
	bool stopped;
	bool seen_root;
	bool char_unsigned;		      /* the machine's plain char */
	const struct abixml_machine *machine; /* the first corpus's, or NULL */
	const char *cached_name[ABIXML_NAME_CACHE];
	const struct abixml_element *cached[ABIXML_NAME_CACHE];
	bool in_c; /* the unit's language is C */
	/* the current element's attributes; values hold those read */
	const char *element;
	struct abixml_attr attrs[ABIXML_MAX_ATTRS];
	size_t nattrs;
	struct strbuf values, spare;
	struct frame frames[ABIXML_MAX_DEPTH + 1];
	int depth; /* frames[depth] is the innermost open element */
	/* the references of open elements, each one's in a run */
	uint32_t *refs;
	size_t nrefs, refs_alloc;
	/* ABIXML's ids and strings kept apart from names */
	struct strset ids;
	struct hashmap numbers;	    /* id string -> number */
	uint32_t next;		    /* numbers given so far */
	struct abixml_id *numbered; /* by number */
	size_t numbered_alloc;
	uint32_t variadic; /* the node of '...' in a parameter list, or 0 */
	uint32_t corpus;   /* corpora seen */
	struct hashmap symbols; /* (corpus, symbol id) -> node id */
	uint32_t *symbol_ids;	/* every symbol's node id */
	size_t nsymbols, symbols_alloc;
	struct abixml_decl *decls;
	size_t ndecls, decls_alloc;
	struct abixml_alias *aliases;
	size_t naliases, aliases_alloc;
};

/* pieces.c */
/* 2 for an abi-corpus-group (its corpora inside), 1 for an abi-corpus. */
int abixml_root_depth(const char *text, size_t len);
enum abixml_pieces {
	ABIXML_PIECES_NONE,  /* one piece, or one thread: r untouched */
	ABIXML_PIECES_READ,  /* read and linked: r->err says how it went */
	ABIXML_PIECES_AGAIN, /* to be read again whole, from a fresh r */
};
enum abixml_pieces abixml_parse_pieces(struct abixml_reader *r, unsigned jobs,
				       size_t piece_size);

/* sax.c */
__attribute__((format(printf, 2, 3))) int abixml_fail(struct abixml_reader *r,
						      const char *fmt, ...);
/* Report the held error, if any; the input ends. */
void abixml_commit_error(struct abixml_reader *r);
/* An element's attributes, as SAX2 gives them; 0, or an error. */
int abixml_read_attrs(struct abixml_reader *r, int nattrs,
		      const xmlChar **attrs);
/* libxml2's errors, as the first error. */
void abixml_xml_error(void *arg, xmlErrorPtr error);
/* Up to room bytes of text from *pos on, for libxml2's input callback. */
int abixml_give(const char *text, size_t len, size_t *pos, char *buf, int room);
/* Whether characters libxml2 gives are white space only. */
bool abixml_blank(const xmlChar *text, int len);
const char *abixml_get(struct abixml_reader *r, const char *name);
const char *abixml_need(struct abixml_reader *r, const char *name);
bool abixml_flag(struct abixml_reader *r, const char *name);
/* A number of bits or a value; false (and an error) if bad. */
bool abixml_u64(struct abixml_reader *r, const char *name, bool required,
		uint64_t *out);
bool abixml_i64(struct abixml_reader *r, const char *name, int64_t *out);
/* A new number for a node ABIXML does not name. */
uint32_t abixml_new_id(struct abixml_reader *r);
/* The number of an id string; used marks a reference, with its line. */
uint32_t abixml_id(struct abixml_reader *r, const char *id, bool used);
/* The reference an attribute holds, or 0 (and an error) if none. */
uint32_t abixml_ref(struct abixml_reader *r, const char *name);
/* The id string of a number, for messages. */
const char *abixml_id_name(const struct abixml_reader *r, uint32_t number);

/* elements.c */
void abixml_element_start(struct abixml_reader *r);
void abixml_element_end(struct abixml_reader *r);
/*
 * A tag as libxml2 gives it, parsed or replayed (r->line set): after
 * the error held, if any, is reported, the element started or ended.
 */
void abixml_start_tag(struct abixml_reader *r, const char *name,
		      bool namespaced, int nattrs, const xmlChar **attrs);
void abixml_end_tag(struct abixml_reader *r, const char *name);

/* link.c */
int abixml_link(struct abixml_reader *r);
/* After the last tag: the root seen, the errors reported, then linked. */
void abixml_finish(struct abixml_reader *r);
void abixml_add_symbol(struct abixml_reader *r, const struct stg_node *n,
		       const char *key, const char *aliases);

#endif
