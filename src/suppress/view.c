// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Deciding what of a diff shows: rules applied to root causes and to the
 * changes of exports, first matching rule first. A root cause that no
 * shown export reaches any more is hidden too, and an export's type
 * change shows only while some root cause it reaches does.
 */
#include <stdlib.h>
#include <string.h>

#include "suppress.h"
#include "rule_index.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

/*
 * Rules are numbered: those of suppression files, then the lines of the
 * distributions' rule files, then the pseudo-rules of the options.
 */
/*
 * The rules indexed for the view's judging, so that a file of 100,000
 * rules costs no more a change than a file of one: each rule on a
 * literal name is looked up by it (rule_index.h).
 */
struct view_index {
	struct rule_index exports, symbols, types;
};

static void view_index_build(struct diff_view *v)
{
	struct view_index *x = xcalloc(1, sizeof(*x));
	uint32_t k;

	rule_index_init(&x->exports);
	rule_index_init(&x->symbols);
	rule_index_init(&x->types);
	export_rules_index(v->s, &x->exports);
	for (k = 0; k < v->s->nrules; k++) {
		const struct suppress_rule *r = &v->s->rules[k];
		/* a name or a symbol name: the one the export must have */
		struct rule_key key = {0, r->name ? r->name : r->symbol_name};

		rule_index_add(r->section == RULE_TYPE ? &x->types
						       : &x->symbols,
			       k, key.name ? &key : NULL);
	}
	v->index = x;
}

static void view_index_free(struct view_index *x)
{
	if (!x)
		return;
	rule_index_free(&x->exports);
	rule_index_free(&x->symbols);
	rule_index_free(&x->types);
	free(x);
}

static uint32_t export_rule(const struct diff_view *v, uint32_t k)
{
	return (uint32_t)v->s->nrules + k;
}

static uint32_t pseudo_rule(const struct diff_view *v, uint32_t k)
{
	return (uint32_t)(v->s->nrules + v->s->nexports) + k;
}

static uint32_t rule_headers(const struct diff_view *v)
{
	return pseudo_rule(v, 0);
}

static uint32_t rule_no_export(const struct diff_view *v)
{
	return pseudo_rule(v, 1);
}

static uint32_t rule_ignore_crc(const struct diff_view *v)
{
	return pseudo_rule(v, 2);
}

static uint32_t rule_breaking_only(const struct diff_view *v)
{
	return pseudo_rule(v, 3);
}

static uint32_t rule_default_severity(const struct diff_view *v)
{
	return pseudo_rule(v, 4);
}

const char *view_rule_name(const struct diff_view *v, uint32_t rule)
{
	if (rule < v->s->nrules)
		return v->s->rules[rule].label;
	if (rule < pseudo_rule(v, 0))
		return v->s->exports[rule - v->s->nrules].label;
	if (rule == rule_headers(v))
		return "--headers-dir";
	if (rule == rule_ignore_crc(v))
		return "--ignore-crc";
	if (rule == rule_breaking_only(v))
		return "--breaking-only";
	if (rule == rule_default_severity(v))
		return "--max-badness (severity 8, no line matched)";
	return "every export it reaches is suppressed";
}

static bool matches(const struct rule_regex *r, const char *s)
{
	return regexec(&r->re, s, 0, NULL, 0) == 0;
}

/* A declaring file in a list: the same path, or ending with "/" + entry. */
static bool file_in(const char *file, char *const *list, size_t n)
{
	size_t flen = strlen(file), i;

	for (i = 0; i < n; i++) {
		size_t len = strlen(list[i]);

		if (!strcmp(file, list[i]) ||
		    (flen > len && file[flen - len - 1] == '/' &&
		     !strcmp(file + flen - len, list[i])))
			return true;
	}
	return false;
}

static bool name_in(const char *name, char *const *list, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(name, list[i]))
			return true;
	return false;
}

/*
 * Whether a declaring file lies below a headers folder. Files are
 * relative to the build folder ("include/linux/skbuff.h"); a folder
 * matches when the file starts with it, or, for a folder given by its
 * path in a source tree (/usr/src/linux/include/linux), when the file
 * starts with one of its trailing parts ("include/linux").
 */
static bool in_header_dir(const char *file, const char *dir)
{
	const char *part = dir;

	while (part) {
		size_t len = strlen(part);

		if (len && !strncmp(file, part, len) && file[len] == '/')
			return true;
		part = strchr(part + 1, '/');
		part = part ? part + 1 : NULL;
	}
	return false;
}

static bool dir_declares_something(const char *dir,
				   const struct kabi_model *const *models,
				   size_t n)
{
	size_t i, t;

	for (i = 0; i < n; i++)
		for (t = 0; t < models[i]->ntypes; t++) {
			uint32_t file = models[i]->types[t].decl_file;

			if (file &&
			    in_header_dir(model_str(models[i], file), dir))
				return true;
		}
	return false;
}

/* Whether a rule judges types by where they are declared. */
static bool rule_needs_sources(const struct suppress_rule *r)
{
	return r->nnot_in || r->source_not_re.set;
}

/*
 * BTF names no source files: a folder of headers, or a rule on source
 * locations, would hide or keep changes at random on a kernel whose
 * types came from it. The first one found is an error.
 */
static int check_sources(const struct suppressions *s,
			 const struct kabi_model *const *models, size_t n,
			 struct diag *d)
{
	const struct suppress_rule *rule = NULL;
	size_t k;

	for (k = 0; !s->nheader_dirs && !rule && k < s->nrules; k++)
		if (rule_needs_sources(&s->rules[k]))
			rule = &s->rules[k];
	for (k = 0; (s->nheader_dirs || rule) && k < n; k++)
		if (models[k]->from_btf)
			return diag_error(
			    d, KABI_E_USAGE, DIAG_AT_FILE(NULL),
			    "%s%s%s needs the files types are declared in, "
			    "and the types of the %s kernel come from BTF, "
			    "which names none",
			    rule ? "suppression '" : "--headers-dir",
			    rule && rule->label ? rule->label : "",
			    rule ? "'" : "",
			    n < 2 ? ""
			    : k	  ? "new"
				  : "old");
	return 0;
}

int suppressions_check_header_dirs(const struct suppressions *s,
				   const struct kabi_model *const *models,
				   size_t n, struct diag *d)
{
	size_t k;
	int err = check_sources(s, models, n, d);

	if (err)
		return err;

	for (k = 0; k < s->nheader_dirs; k++)
		if (!dir_declares_something(s->header_dirs[k], models, n))
			err = diag_error(
			    d, KABI_E_USAGE, DIAG_AT_FILE(NULL),
			    "--headers-dir '%s': no type of %s is declared "
			    "below it, so every change would be hidden",
			    s->header_dirs[k],
			    n > 1 ? "either kernel" : "the kernel");
	return err;
}

/* The declaring file of a root cause: its type's, or its holder's. */
static const char *root_file(const struct kabi_diff *d,
			     const struct root_cause *r)
{
	const struct type_pair *p = &d->pairs[r->pair];
	uint32_t t = p->old_type;

	if (!model_type(d->old, t)->decl_file && r->context_pair != KABI_NONE)
		t = d->pairs[r->context_pair].old_type;
	return model_str(d->old, model_type(d->old, t)->decl_file);
}

/*
 * An offset of a rule, in bits, in the old type as libabigail reads it
 * ("end" is where the old type ended, where appended members go); a
 * member only the new type has is looked up there. False if none.
 */
static bool offset_in(const struct kabi_model *m, uint32_t type,
		      const struct rule_offset *o, uint64_t *bits)
{
	const struct kabi_type *t = model_type(m, type);
	uint32_t i;

	switch (o->kind) {
	case OFFSET_BITS:
		*bits = o->bits;
		return true;
	case OFFSET_END:
		*bits = t->size * 8;
		return true;
	default:
		for (i = 0; i < t->count; i++) {
			const struct kabi_member *mb = &kabi_members(m, t)[i];

			if (strcmp(model_str(m, mb->name), o->member))
				continue;
			*bits = mb->offset;
			if (o->kind == OFFSET_AFTER)
				*bits += mb->bit_size
					     ? mb->bit_size
					     : model_type_bits(m, mb->type);
			return true;
		}
		return false;
	}
}

/* Only members inserted within the rule's range (and the size that grew). */
static bool only_insertions(const struct kabi_diff *d,
			    const struct suppress_rule *rule,
			    const struct type_pair *p)
{
	uint64_t from, to;
	uint32_t i;

	if ((!offset_in(d->old, p->old_type, &rule->insert_from, &from) &&
	     !offset_in(d->new, p->new_type, &rule->insert_from, &from)) ||
	    (!offset_in(d->old, p->old_type, &rule->insert_to, &to) &&
	     !offset_in(d->new, p->new_type, &rule->insert_to, &to)))
		return false;
	for (i = 0; i < p->nitems; i++) {
		const struct change_item *it = &d->items[p->first_item + i];

		if (it->kind == CHANGE_SIZE_CHANGED)
			continue;
		if (it->kind != CHANGE_MEMBER_ADDED || it->new_value < from ||
		    it->new_value > to)
			return false;
	}
	return true;
}

static bool only_enumerators(const struct kabi_diff *d,
			     const struct suppress_rule *rule,
			     const struct type_pair *p)
{
	uint32_t i;

	for (i = 0; i < p->nitems; i++) {
		const struct change_item *it = &d->items[p->first_item + i];

		if (it->place != PLACE_ENUMERATOR ||
		    !name_in(it->name, rule->enumerators, rule->nenumerators))
			return false;
	}
	return p->nitems > 0;
}

static const char *module_of(const struct kabi_diff *d,
			     const struct symbol_change *s)
{
	const struct kabi_model *m =
	    s->new_symbol != KABI_NONE ? d->new : d->old;
	uint32_t i = s->new_symbol != KABI_NONE ? s->new_symbol : s->old_symbol;

	return model_str(m, m->symbols[i].module);
}

static bool type_rule_matches(const struct kabi_diff *d,
			      const struct suppress_rule *rule,
			      const struct root_cause *r)
{
	const struct type_pair *p = &d->pairs[r->pair];
	const struct kabi_type *t = model_type(d->old, p->old_type);
	const char *name = model_str(d->old, t->name);
	const char *file = root_file(d, r);
	const struct root_exports *list;
	size_t i;

	if (rule->name && strcmp(rule->name, name) &&
	    strcmp(rule->name, type_spelling(&d->old_names, p->old_type)))
		return false;
	if (rule->name_re.set && !matches(&rule->name_re, name))
		return false;
	if (rule->name_not_re.set && matches(&rule->name_not_re, name))
		return false;
	if (rule->type_kind != -1 && rule->type_kind != t->kind)
		return false;
	if (rule->nnot_in && file_in(file, rule->not_in, rule->nnot_in))
		return false;
	if (rule->source_not_re.set && matches(&rule->source_not_re, file))
		return false;
	if (rule->has_insertion && !only_insertions(d, rule, p))
		return false;
	if (rule->nenumerators && !only_enumerators(d, rule, p))
		return false;
	list = view_root_exports(d, r);
	for (i = 0; rule->file_re.set && i < list->n; i++)
		if (!matches(&rule->file_re,
			     module_of(d, &d->symbols[list->symbols[i]])))
			return false;
	return true;
}

/* The change kinds of a symbol change a function or variable rule sees. */
static unsigned symbol_change_kind(const struct symbol_change *s)
{
	if (s->old_symbol == KABI_NONE)
		return CHANGE_KIND_ADDED;
	if (s->new_symbol == KABI_NONE)
		return CHANGE_KIND_DELETED;
	return CHANGE_KIND_SUBTYPE;
}

static bool symbol_rule_matches(const struct kabi_diff *d,
				const struct suppress_rule *rule,
				const struct symbol_change *s)
{
	const struct kabi_model *m =
	    s->new_symbol != KABI_NONE ? d->new : d->old;
	uint32_t idx =
	    s->new_symbol != KABI_NONE ? s->new_symbol : s->old_symbol;
	bool function = m->symbols[idx].flags & KABI_SYM_FUNCTION;
	const char *name = model_str(m, m->symbols[idx].name);

	if (function != (rule->section == RULE_FUNCTION))
		return false;
	if (!(rule->change_kinds & symbol_change_kind(s)))
		return false;
	/* in C the name of a function is its symbol's name */
	if ((rule->name && strcmp(rule->name, name)) ||
	    (rule->symbol_name && strcmp(rule->symbol_name, name)))
		return false;
	if ((rule->name_re.set && !matches(&rule->name_re, name)) ||
	    (rule->symbol_name_re.set && !matches(&rule->symbol_name_re, name)))
		return false;
	return !rule->file_re.set || matches(&rule->file_re, module_of(d, s));
}

/*
 * A distribution's rules on an export (SUSE's, Debian's) judge it by
 * its name, module and namespace, as their tools read them from the
 * Module.symvers files; one that passes it hides all its changes.
 */
static bool judge_by_distribution(struct diff_view *v, size_t i)
{
	const struct kabi_diff *d = v->d;
	const struct symbol_change *s = &d->symbols[i];
	const struct kabi_symbol *o =
	    s->old_symbol != KABI_NONE ? &d->old->symbols[s->old_symbol] : NULL;
	const struct kabi_symbol *n =
	    s->new_symbol != KABI_NONE ? &d->new->symbols[s->new_symbol] : NULL;
	const struct kabi_model *m = o ? d->old : d->new;
	const struct kabi_symbol *sym = o ? o : n;
	struct export_subject e = {model_str(m, sym->name),
				   model_str(m, sym->ns),
				   o ? model_str(d->old, o->module) : NULL,
				   n ? model_str(d->new, n->module) : NULL};
	bool tolerated;
	uint32_t k = export_rule_find(v->s, &v->index->exports, &e, &tolerated);

	if (!tolerated)
		return false;
	v->symbol_rule[i] =
	    k == KABI_NONE ? rule_default_severity(v) : export_rule(v, k);
	return true;
}

struct symbol_lookup {
	const struct diff_view *v;
	const struct symbol_change *s;
};

static bool symbol_rule_at(uint32_t k, void *ctx)
{
	const struct symbol_lookup *l = ctx;
	const struct suppress_rule *rule = &l->v->s->rules[k];

	return rule->section != RULE_TYPE &&
	       symbol_rule_matches(l->v->d, rule, l->s);
}

/* The first function or variable rule matching an export's change. */
static uint32_t first_symbol_rule(const struct diff_view *v,
				  const struct symbol_change *s)
{
	struct symbol_lookup l = {v, s};
	struct rule_key key = {0, diff_symbol_name(v->d, s)};

	return rule_index_first(&v->index->symbols, &key, 1, symbol_rule_at,
				&l);
}

struct type_lookup {
	const struct diff_view *v;
	const struct root_cause *r;
};

static bool type_rule_at(uint32_t k, void *ctx)
{
	const struct type_lookup *l = ctx;

	return type_rule_matches(l->v->d, &l->v->s->rules[k], l->r);
}

/* The first type rule matching a root cause, by its name or spelling. */
static uint32_t first_type_rule(const struct diff_view *v,
				const struct root_cause *r)
{
	const struct kabi_diff *d = v->d;
	uint32_t old_type = d->pairs[r->pair].old_type;
	struct type_lookup l = {v, r};
	struct rule_key keys[] = {
	    {0, model_str(d->old, model_type(d->old, old_type)->name)},
	    {0, type_spelling(&d->old_names, old_type)}};

	return rule_index_first(&v->index->types, keys, 2, type_rule_at, &l);
}

static void judge_symbols(struct diff_view *v, bool *subtype_hidden)
{
	const struct kabi_diff *d = v->d;
	size_t i, k;

	for (i = 0; i < d->nsymbols; i++) {
		const struct symbol_change *s = &d->symbols[i];

		v->symbol_rule[i] = SHOWN;
		if (v->s->nexports && judge_by_distribution(v, i)) {
			subtype_hidden[i] = true;
			/* an export with nothing of its own hides nothing */
			if (!s->nitems && !(s->flags & SYMCHANGE_TYPE))
				v->symbol_rule[i] = SHOWN;
			continue;
		}
		k = first_symbol_rule(v, s);
		if (k != UINT32_MAX) {
			const struct suppress_rule *rule = &v->s->rules[k];

			/* "subtype" alone leaves the export's own changes */
			subtype_hidden[i] = true;
			if (rule->change_kinds != CHANGE_KIND_SUBTYPE ||
			    !s->nitems)
				v->symbol_rule[i] = (uint32_t)k;
		}
	}
}

/*
 * The exports a root reaches as the report counts them: as their units
 * see the types, or for a root no unit sees, through every pointer.
 */
const struct root_exports *view_root_exports(const struct kabi_diff *d,
					     const struct root_cause *r)
{
	return r->beyond ? &r->transitive : diff_root_reached(d, r);
}

static void judge_roots(struct diff_view *v, const bool *subtype_hidden)
{
	const struct kabi_diff *d = v->d;
	size_t i, k, j;

	for (i = 0; i < d->nroots; i++) {
		const struct root_cause *r = &d->roots[i];
		const struct root_exports *list = view_root_exports(d, r);
		bool reached = false;

		v->root_rule[i] = first_type_rule(v, r);
		if (v->root_rule[i] == UINT32_MAX)
			v->root_rule[i] = SHOWN;
		if (v->root_rule[i] == SHOWN && v->s->nheader_dirs) {
			const char *file = root_file(d, r);
			bool below = !*file && r->context_pair == KABI_NONE;

			for (k = 0; k < v->s->nheader_dirs && !below; k++)
				below =
				    in_header_dir(file, v->s->header_dirs[k]);
			if (!below)
				v->root_rule[i] = rule_headers(v);
		}
		if (v->root_rule[i] == SHOWN && v->s->breaking_only &&
		    r->severity != BREAKING)
			v->root_rule[i] = rule_breaking_only(v);
		for (j = 0; j < list->n && !reached; j++)
			reached = !subtype_hidden[list->symbols[j]];
		if (v->root_rule[i] == SHOWN && !reached)
			v->root_rule[i] = rule_no_export(v);
	}
}

static bool has_breaking_item(const struct kabi_diff *d, size_t symbol)
{
	const struct symbol_change *s = &d->symbols[symbol];
	uint32_t k;

	for (k = 0; k < s->nitems; k++)
		if (change_severity(d->items[s->first_item + k].kind) ==
		    BREAKING)
			return true;
	return false;
}

/* --breaking-only: an export with nothing breaking of its own keeps none. */
static void hide_compatible_symbols(struct diff_view *v)
{
	size_t i;

	for (i = 0; i < v->d->nsymbols; i++)
		if (v->symbol_rule[i] == SHOWN && v->d->symbols[i].nitems &&
		    !has_breaking_item(v->d, i))
			v->symbol_rule[i] = rule_breaking_only(v);
}

/* What shows of each export: the roots it reaches, then its own changes. */
static void settle_symbols(struct diff_view *v, const bool *subtype_hidden)
{
	const struct kabi_diff *d = v->d;
	size_t i, j;
	uint32_t k;

	for (i = 0; i < d->nroots; i++) {
		const struct root_cause *r = &d->roots[i];
		const struct root_exports *list = view_root_exports(d, r);

		if (v->root_rule[i] != SHOWN)
			continue;
		for (j = 0; j < list->n; j++) {
			uint32_t s = list->symbols[j];

			if (subtype_hidden[s])
				continue;
			if (r->beyond) {
				v->symbol_beyond[s] = true;
				continue;
			}
			v->symbol_type[s] = true;
			if (r->severity == BREAKING)
				v->symbol_severity[s] = BREAKING;
		}
	}
	for (i = 0; i < d->nsymbols; i++)
		for (k = 0; k < d->symbols[i].nitems; k++)
			if (view_item_shown(v, i, k) &&
			    change_severity(
				d->items[d->symbols[i].first_item + k].kind) ==
				BREAKING)
				v->symbol_severity[i] = BREAKING;
}

/*
 * CRCs out of sight: each counted once, and an export that had nothing
 * else to show counts as hidden by --ignore-crc.
 */
static void count_ignored_crcs(struct diff_view *v)
{
	size_t i;

	for (i = 0; i < v->d->nsymbols; i++) {
		if (v->symbol_rule[i] != SHOWN ||
		    !diff_crc_changed(v->d, &v->d->symbols[i]))
			continue;
		v->ignored_crcs++;
		if (!view_symbol_shown(v, i))
			v->hits[rule_ignore_crc(v)]++;
	}
}

void diff_view_build(struct diff_view *v, const struct kabi_diff *d,
		     const struct suppressions *s)
{
	bool *subtype_hidden = xcalloc(d->nsymbols + 1, sizeof(bool));
	size_t i;

	memset(v, 0, sizeof(*v));
	v->d = d;
	v->s = s;
	v->nrules = s->nrules + s->nexports + 5;
	v->root_rule = xcalloc(d->nroots + 1, sizeof(uint32_t));
	v->symbol_rule = xcalloc(d->nsymbols + 1, sizeof(uint32_t));
	v->symbol_type = xcalloc(d->nsymbols + 1, sizeof(bool));
	v->symbol_beyond = xcalloc(d->nsymbols + 1, sizeof(bool));
	v->symbol_severity = xcalloc(d->nsymbols + 1, sizeof(enum severity));
	v->hits = xcalloc(v->nrules, sizeof(size_t));
	view_index_build(v);
	judge_symbols(v, subtype_hidden);
	if (s->breaking_only)
		hide_compatible_symbols(v);
	judge_roots(v, subtype_hidden);
	settle_symbols(v, subtype_hidden);
	for (i = 0; i < d->nroots; i++)
		if (v->root_rule[i] != SHOWN)
			v->hits[v->root_rule[i]]++;
	for (i = 0; i < d->nsymbols; i++)
		if (v->symbol_rule[i] != SHOWN)
			v->hits[v->symbol_rule[i]]++;
	if (s->ignore_crc)
		count_ignored_crcs(v);
	/* system calls: only --breaking-only hides any */
	v->syscall_shown = xcalloc(d->nsyscalls + 1, sizeof(bool));
	for (i = 0; i < d->nsyscalls; i++) {
		v->syscall_shown[i] =
		    !s->breaking_only || d->syscalls[i].severity == BREAKING;
		if (!v->syscall_shown[i])
			v->hits[rule_breaking_only(v)]++;
	}
	/* uapi types likewise */
	v->uapi_shown = xcalloc(d->nuapi + 1, sizeof(bool));
	for (i = 0; i < d->nuapi; i++) {
		v->uapi_shown[i] =
		    !s->breaking_only || d->uapi[i].severity == BREAKING;
		if (!v->uapi_shown[i])
			v->hits[rule_breaking_only(v)]++;
	}
	free(subtype_hidden);
}

void diff_view_free(struct diff_view *v)
{
	view_index_free(v->index);
	free(v->root_rule);
	free(v->symbol_rule);
	free(v->symbol_type);
	free(v->symbol_beyond);
	free(v->symbol_severity);
	free(v->hits);
	free(v->syscall_shown);
	free(v->uapi_shown);
	memset(v, 0, sizeof(*v));
}

bool view_item_shown(const struct diff_view *v, size_t symbol, uint32_t item)
{
	const struct symbol_change *s = &v->d->symbols[symbol];

	if (v->symbol_rule[symbol] != SHOWN)
		return false;
	if (v->s->breaking_only &&
	    change_severity(v->d->items[s->first_item + item].kind) != BREAKING)
		return false;
	/* a CRC a type change explains goes with that change, shown or not */
	if (v->d->items[s->first_item + item].kind == CHANGE_CRC_CHANGED)
		return !v->s->ignore_crc &&
		       (v->symbol_type[symbol] || !(s->flags & SYMCHANGE_TYPE));
	return true;
}

bool view_change_item_shown(const struct diff_view *v,
			    const struct change_item *it)
{
	return !v->s->breaking_only || change_severity(it->kind) == BREAKING;
}

bool view_symbol_shown(const struct diff_view *v, size_t symbol)
{
	const struct symbol_change *s = &v->d->symbols[symbol];
	uint32_t k;

	if (v->symbol_type[symbol])
		return true;
	for (k = 0; k < s->nitems; k++)
		if (view_item_shown(v, symbol, k))
			return true;
	return false;
}
