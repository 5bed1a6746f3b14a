// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What is known only at the end of the file: that every id referred to
 * is defined, which declaration gives each symbol its type, the types
 * of aliases, and the root interface of every symbol (the graph of
 * stg/nodes.h wants one).
 *
 * A declaration's elf-symbol-id may name no symbol of its corpus:
 * libabigail writes one for a symbol it then leaves out of the lists,
 * and the declaration is then no export's (counted in a warning). Two
 * declarations may name one symbol: libabigail gives the symbol of a
 * zero-sized variable to the one next to it too (STG's test
 * abigail_bad_dwarf_elf_link), and the one named as the symbol is is
 * taken, else the first.
 */
#include "abixml_impl.h"

#include <string.h>

#include "../util/xalloc.h"
#include "../util/banned.h"

static uint64_t symbol_key(uint32_t corpus, uint32_t id)
{
	return (uint64_t)corpus << 32 | id;
}

static uint32_t find_symbol(const struct abixml_reader *r, uint32_t corpus,
			    uint32_t id)
{
	uint64_t key = symbol_key(corpus, id);
	struct hashmap_iter it;
	struct hashmap_entry *e;

	for (e = hashmap_first(&r->symbols, hash_u64(key), &it); e;
	     e = hashmap_next(&r->symbols, &it))
		if (e->key == key)
			return (uint32_t)e->value;
	return 0;
}

void abixml_add_symbol(struct abixml_reader *r, const struct stg_node *n,
		       const char *key, const char *aliases)
{
	struct stg_node s = *n;
	uint32_t id = strset_add(&r->ids, key), other;

	if ((other = find_symbol(r, r->corpus, id))) {
		abixml_fail(r,
			    "a second ELF symbol '%s' (the first at line %lu)",
			    key, stg_nodes_find(r->nodes, other)->line);
		return;
	}
	s.id = abixml_new_id(r);
	stg_nodes_add(r->nodes, &s);
	hashmap_add(&r->symbols, hash_u64(symbol_key(r->corpus, id)),
		    symbol_key(r->corpus, id), s.id);
	ALLOC_GROW(r->symbol_ids, r->nsymbols + 1, r->symbols_alloc);
	r->symbol_ids[r->nsymbols++] = s.id;
	if (!aliases || !*aliases)
		return;
	ALLOC_GROW(r->aliases, r->naliases + 1, r->aliases_alloc);
	r->aliases[r->naliases].corpus = r->corpus;
	r->aliases[r->naliases].symbol = s.id;
	r->aliases[r->naliases++].aliases = strset_add(&r->ids, aliases);
}

static struct stg_node *node_of(struct abixml_reader *r, uint32_t id)
{
	return &r->nodes->v[stg_nodes_find(r->nodes, id) - r->nodes->v];
}

static int check_defined(struct abixml_reader *r)
{
	uint32_t n;

	for (n = 1; n <= r->next; n++) {
		const struct abixml_id *id = &r->numbered[n];

		if (id->used && !id->defined) {
			r->line = id->used;
			return abixml_fail(r, "no element defines '%s'",
					   abixml_id_name(r, n));
		}
	}
	return 0;
}

/*
 * Each declaration's type to its symbol: first those named as their
 * symbol, then the others, for symbols still without one.
 */
static size_t tie_decls(struct abixml_reader *r)
{
	size_t k, untied = 0;
	int pass;

	for (pass = 0; pass < 2; pass++)
		for (k = 0; k < r->ndecls; k++) {
			const struct abixml_decl *d = &r->decls[k];
			uint32_t s = find_symbol(r, d->corpus, d->symbol);
			struct stg_node *sym;

			if (!s) {
				untied += pass == 0;
				continue;
			}
			sym = node_of(r, s);
			if (d->named_so == (pass == 1) ||
			    (sym->flags & STG_HAS_REF))
				continue;
			sym->ref = d->type;
			sym->flags |= STG_HAS_REF;
		}
	return untied;
}

/* memcpy, an alias of __memcpy, has no declaration of its own. */
static void type_aliases(struct abixml_reader *r)
{
	size_t k;

	for (k = 0; k < r->naliases; k++) {
		const struct abixml_alias *a = &r->aliases[k];
		const struct stg_node *main = node_of(r, a->symbol);
		const char *p = strset_str(&r->ids, a->aliases);

		while (*p && (main->flags & STG_HAS_REF)) {
			size_t len = strcspn(p, ",");
			uint32_t id = strset_add_len(&r->ids, p, len);
			uint32_t s = find_symbol(r, a->corpus, id);

			if (s && !(node_of(r, s)->flags & STG_HAS_REF)) {
				node_of(r, s)->ref = main->ref;
				node_of(r, s)->flags |= STG_HAS_REF;
			}
			p += len + (p[len] == ',');
		}
	}
}

static void add_interface(struct abixml_reader *r)
{
	struct stg_node root = {.kind = STG_INTERFACE};
	size_t k;

	root.id = abixml_new_id(r);
	for (k = 0; k < r->nsymbols; k++)
		stg_nodes_add_ref(r->nodes, &root, r->symbol_ids[k]);
	stg_nodes_add(r->nodes, &root);
	r->nodes->root_id = root.id;
	r->nodes->has_root = true;
}

int abixml_link(struct abixml_reader *r)
{
	size_t untied;

	if (check_defined(r))
		return r->err;
	untied = tie_decls(r);
	type_aliases(r);
	add_interface(r);
	if (untied)
		diag_warning(r->d, DIAG_AT_FILE(r->path),
			     "%zu declaration%s name%s an ELF symbol the "
			     "file does not list: not an export",
			     untied, untied == 1 ? "" : "s",
			     untied == 1 ? "s" : "");
	return 0;
}

void abixml_finish(struct abixml_reader *r)
{
	if (!r->err && !r->seen_root)
		abixml_fail(r, "no <abi-corpus> element");
	abixml_commit_error(r);
	if (!r->err && abixml_link(r))
		abixml_commit_error(r);
}
