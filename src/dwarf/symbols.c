// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Exported symbols in a compilation unit: the top-level subprogram and
 * variable DIEs that define a name the file exports. A definition may
 * carry its name itself, or through DW_AT_specification (a variable
 * declared extern before) or DW_AT_abstract_origin (an inline function's
 * out-of-line copy); declarations are skipped.
 */
#include "symbols.h"

#include <dwarf.h>
#include <stdlib.h>
#include <string.h>

#include "walker.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

void file_exports_init(struct file_exports *fx, const struct kabi_model *m,
		       uint32_t module)
{
	size_t i;

	memset(fx, 0, sizeof(*fx));
	fx->model = m;
	fx->module = module;
	hashmap_init(&fx->by_name);
	for (i = 0; i < m->nsymbols; i++) {
		const struct kabi_symbol *s = &m->symbols[i];

		if (s->module != module)
			continue;
		hashmap_add(&fx->by_name, hash_string(model_str(m, s->name)), i,
			    0);
		fx->count++;
	}
}

void file_exports_free(struct file_exports *fx)
{
	hashmap_free(&fx->by_name);
}

static uint32_t find_export(const struct file_exports *fx, const char *name)
{
	struct hashmap_iter it;
	struct hashmap_entry *e;

	for (e = hashmap_first(&fx->by_name, hash_string(name), &it); e;
	     e = hashmap_next(&fx->by_name, &it))
		if (!strcmp(
			model_str(fx->model, fx->model->symbols[e->key].name),
			name))
			return (uint32_t)e->key;
	return KABI_NONE;
}

/*
 * Whether a definition is of the export's kind: a static variable of one
 * file may have the name of a function another exports (6.1's
 * "kern_path", a struct ctl_path[2] in kernel/sysctl.c).
 */
static bool same_kind(const struct file_exports *fx, uint32_t index,
		      bool function)
{
	return !(fx->model->symbols[index].flags & KABI_SYM_FUNCTION) ==
	       !function;
}

/* The name of a definition, or NULL for declarations and the nameless. */
static const char *definition_name(Dwarf_Die *die)
{
	Dwarf_Attribute attr;
	bool declaration = false;
	const char *name;

	if (dwarf_attr(die, DW_AT_declaration, &attr) &&
	    dwarf_formflag(&attr, &declaration) == 0 && declaration)
		return NULL;
	name = dwarf_diename(die);
	if (name)
		return name;
	if (!dwarf_hasattr(die, DW_AT_specification) &&
	    !dwarf_hasattr(die, DW_AT_abstract_origin))
		return NULL;
	return dwarf_formstring(dwarf_attr_integrate(die, DW_AT_name, &attr));
}

/*
 * The export a variable's name marks as exported by this unit: the
 * EXPORT_SYMBOL of a kernel with PREL32 entries (x86-64, arm64, ...)
 * leaves __ADDRESSABLE(sym), a variable "__UNIQUE_ID___addressable_"
 * sym N (N from __COUNTER__); one without leaves the entry itself as a C
 * variable, "__ksymtab_" sym. genksyms computes the CRC in that unit,
 * which need not be the one defining sym (a tracepoint is defined where
 * CREATE_TRACE_POINTS is, and often exported elsewhere). KABI_NONE when
 * the name marks no export of the file. Of the names N could be cut
 * from (sym may end in digits), the longest export is taken.
 */
#define ADDRESSABLE_PREFIX "__UNIQUE_ID___addressable_"
#define KSYMTAB_PREFIX	   "__ksymtab_"
#define MARKED_NAME_MAX	   512

static uint32_t marked_export(const struct file_exports *fx, const char *name)
{
	char sym[MARKED_NAME_MAX];
	size_t len;

	if (!strncmp(name, KSYMTAB_PREFIX, strlen(KSYMTAB_PREFIX)))
		return find_export(fx, name + strlen(KSYMTAB_PREFIX));
	if (strncmp(name, ADDRESSABLE_PREFIX, strlen(ADDRESSABLE_PREFIX)))
		return KABI_NONE;
	name += strlen(ADDRESSABLE_PREFIX);
	len = strlen(name);
	if (len >= sizeof(sym))
		return KABI_NONE;
	memcpy(sym, name, len + 1);
	while (len > 1 && sym[len - 1] >= '0' && sym[len - 1] <= '9') {
		uint32_t index;

		sym[--len] = '\0';
		index = find_export(fx, sym);
		if (index != KABI_NONE)
			return index;
	}
	return KABI_NONE;
}

/* A struct, union or enum with a name: a tag a unit declares or defines. */
static bool is_tag(const struct kabi_type *t)
{
	return t->name && (t->kind == KABI_STRUCT || t->kind == KABI_UNION ||
			   t->kind == KABI_ENUM);
}

/*
 * The CU as the unit of the exports it defines: its file, and the tags
 * its types declare without defining (the walk reached them from those
 * exports, so each is opaque to one of them). A tag C declares in one
 * place and defines in another is defined.
 */
static void add_unit(struct type_walker *w, const struct file_exports *fx)
{
	struct kabi_model *frag = w->out;
	struct hashmap defined = HASHMAP_INIT;
	uint32_t unit, i;

	unit = model_add_unit(
	    frag, model_intern(frag, model_str(fx->model, fx->module)),
	    walker_unit_name(w));
	for (i = 1; i < frag->ntypes; i++) {
		const struct kabi_type *t = &frag->types[i];

		if (is_tag(t) && !(t->flags & KABI_TYPE_DECLARATION))
			hashmap_add(&defined, hash_combine(t->kind, t->name), i,
				    0);
	}
	for (i = 1; i < frag->ntypes; i++) {
		const struct kabi_type *t = &frag->types[i];
		struct kabi_tag tag = {t->name, t->kind};
		struct hashmap_iter it;
		struct hashmap_entry *e;
		bool found = false;

		if (!is_tag(t) || !(t->flags & KABI_TYPE_DECLARATION))
			continue;
		for (e = hashmap_first(&defined, hash_combine(t->kind, t->name),
				       &it);
		     e && !found; e = hashmap_next(&defined, &it))
			found = frag->types[e->key].kind == t->kind &&
				frag->types[e->key].name == t->name;
		if (!found)
			model_add_opaque(frag, unit, &tag);
	}
	for (i = 0; i < frag->nsymbols; i++)
		frag->symbols[i].unit = unit;
	hashmap_free(&defined);
}

/* The exports a CU describes: which symbol of the final model each is. */
struct targets {
	uint32_t *v;
	size_t n, alloc;
};

static bool targets_hold(const struct targets *t, uint32_t index)
{
	size_t i;

	for (i = 0; i < t->n; i++)
		if (t->v[i] == index)
			return true;
	return false;
}

static void targets_add(struct targets *t, uint32_t index)
{
	ALLOC_GROW(t->v, t->n + 1, t->alloc);
	t->v[t->n++] = index;
}

static void add_symbol(struct type_walker *w, Dwarf_Die *die, uint32_t index,
		       const char *name, uint32_t flags,
		       struct targets *targets)
{
	struct kabi_symbol sym = {.name = model_intern(w->out, name),
				  .flags = flags};
	Dwarf_Attribute attr;
	Dwarf_Die origin;

	if (dwarf_tag(die) == DW_TAG_subprogram) {
		/* an out-of-line copy: its abstract origin has it all */
		if (dwarf_attr(die, DW_AT_abstract_origin, &attr) &&
		    dwarf_formref_die(&attr, &origin))
			die = &origin;
		sym.type =
		    walker_function(w, die, &sym.first_param, &sym.nparams);
		sym.flags |= KABI_SYM_FUNCTION;
	} else {
		sym.type = walker_type_of(w, die);
	}
	model_add_symbol(w->out, &sym);
	targets_add(targets, index);
}

/*
 * The exports this CU holds EXPORT_SYMBOL of but another defines: each
 * described by its declaration here (EXPORT_SYMBOL's own extern
 * typeof(sym) sym), as this unit sees its types, for the unit alone.
 */
static void add_declared(struct type_walker *w, Dwarf_Die *cu,
			 const struct file_exports *fx,
			 const struct targets *foreign, struct targets *targets)
{
	Dwarf_Attribute attr;
	bool declaration;
	Dwarf_Die child;

	if (!foreign->n || dwarf_child(cu, &child) != 0)
		return;
	do {
		int tag = dwarf_tag(&child);
		const char *name;
		uint32_t index;

		if ((tag != DW_TAG_subprogram && tag != DW_TAG_variable) ||
		    !dwarf_attr(&child, DW_AT_declaration, &attr) ||
		    dwarf_formflag(&attr, &declaration) != 0 || !declaration)
			continue;
		name = dwarf_diename(&child);
		index = name ? find_export(fx, name) : KABI_NONE;
		if (index != KABI_NONE && targets_hold(foreign, index) &&
		    !targets_hold(targets, index) &&
		    same_kind(fx, index, tag == DW_TAG_subprogram))
			add_symbol(w, &child, index, name,
				   KABI_SYM_DECLARED | KABI_SYM_EXPORTED_HERE,
				   targets);
	} while (dwarf_siblingof(&child, &child) == 0);
}

/*
 * Flag the exports the CU both defines and exports; those it exports and
 * another defines go to foreign.
 */
static void sort_marked(struct kabi_model *frag, const struct targets *defined,
			const struct targets *marked, struct targets *foreign)
{
	size_t i;

	for (i = 0; i < marked->n; i++) {
		size_t k;

		for (k = 0; k < defined->n; k++)
			if (defined->v[k] == marked->v[i])
				break;
		if (k < defined->n)
			frag->symbols[k].flags |= KABI_SYM_EXPORTED_HERE;
		else if (!targets_hold(foreign, marked->v[i]))
			targets_add(foreign, marked->v[i]);
	}
}

struct fragment_summary *symbols_read_cu(Dwarf_Die *cu,
					 const struct file_exports *fx,
					 const char *path, struct diag *d,
					 atomic_uint *errors,
					 struct definition_list *defs)
{
	struct targets targets = {0}, marked = {0}, foreign = {0};
	struct fragment_summary *s;
	struct kabi_model *frag;
	struct type_walker w;
	Dwarf_Attribute attr;
	Dwarf_Word language;
	Dwarf_Die child;

	/*
	 * The assembler describes its functions as returning an unspecified
	 * type: that is no type information.
	 */
	if (dwarf_formudata(dwarf_attr(cu, DW_AT_language, &attr), &language) ==
		0 &&
	    language == DW_LANG_Mips_Assembler)
		return NULL;
	frag = xmalloc(sizeof(*frag));
	model_init(frag);
	walker_init(&w, cu, frag, path, d, errors);
	if (dwarf_child(cu, &child) == 0) {
		do {
			int tag = dwarf_tag(&child);
			const char *name;
			uint32_t index;

			if (tag != DW_TAG_subprogram &&
			    tag != DW_TAG_variable) {
				definitions_note(
				    defs, &child,
				    defs->note_uapi &&
					walker_declared_in_uapi(&w, &child));
				continue;
			}
			name = definition_name(&child);
			if (!name)
				continue;
			if (tag == DW_TAG_variable) {
				index = marked_export(fx, name);
				if (index != KABI_NONE)
					targets_add(&marked, index);
			}
			index = find_export(fx, name);
			if (index != KABI_NONE &&
			    same_kind(fx, index, tag == DW_TAG_subprogram))
				add_symbol(&w, &child, index, name, 0,
					   &targets);
		} while (dwarf_siblingof(&child, &child) == 0);
	}
	sort_marked(frag, &targets, &marked, &foreign);
	add_declared(&w, cu, fx, &foreign, &targets);
	free(marked.v);
	free(foreign.v);
	walker_drain(&w);
	if (frag->nsymbols)
		add_unit(&w, fx);
	walker_free(&w);
	if (!frag->nsymbols) {
		model_free(frag);
		free(frag);
		free(targets.v);
		return NULL;
	}
	s = fragment_summarize(frag, targets.v);
	free(targets.v);
	return s;
}

struct fragment_summary *symbols_read_type(Dwarf_Die *die, const char *path,
					   struct diag *d, atomic_uint *errors)
{
	struct kabi_model *frag = xmalloc(sizeof(*frag));
	struct type_walker w;
	Dwarf_Die cu;

	if (!dwarf_diecu(die, &cu, NULL, NULL)) {
		free(frag);
		return NULL;
	}
	model_init(frag);
	walker_init(&w, &cu, frag, path, d, errors);
	walker_type(&w, die);
	walker_drain(&w);
	walker_free(&w);
	return fragment_summarize(frag, NULL);
}
