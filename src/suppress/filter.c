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
 * The rules indexed for the filter's judging, so that a file of 100,000
 * rules costs no more a change than a file of one: each rule on a
 * literal name is looked up by it (rule_index.h).
 */
struct filter_index {
	struct rule_index exports, symbols, types;
};

static void filter_index_build(struct diff_filter *f)
{
	struct filter_index *x = xcalloc(1, sizeof(*x));
	uint32_t k;

	rule_index_init(&x->exports);
	rule_index_init(&x->symbols);
	rule_index_init(&x->types);
	export_rules_index(f->s, &x->exports);
	for (k = 0; k < f->s->nrules; k++) {
		const struct suppress_rule *r = &f->s->rules[k];
		/* a name or a symbol name: the one the export must have */
		struct rule_key key = {0, r->name ? r->name : r->symbol_name};

		rule_index_add(r->section == RULE_TYPE ? &x->types
						       : &x->symbols,
			       k, key.name ? &key : NULL);
	}
	f->index = x;
}

const struct rule_index *filter_export_index(const struct diff_filter *f)
{
	return &f->index->exports;
}

static void filter_index_free(struct filter_index *x)
{
	if (!x)
		return;
	rule_index_free(&x->exports);
	rule_index_free(&x->symbols);
	rule_index_free(&x->types);
	free(x);
}

static uint32_t export_rule(const struct diff_filter *f, uint32_t k)
{
	return (uint32_t)f->s->nrules + k;
}

static uint32_t pseudo_rule(const struct diff_filter *f, uint32_t k)
{
	return (uint32_t)(f->s->nrules + f->s->nexports) + k;
}

static uint32_t rule_headers(const struct diff_filter *f)
{
	return pseudo_rule(f, 0);
}

static uint32_t rule_no_export(const struct diff_filter *f)
{
	return pseudo_rule(f, 1);
}

static uint32_t rule_ignore_crc(const struct diff_filter *f)
{
	return pseudo_rule(f, 2);
}

static uint32_t rule_breaking_only(const struct diff_filter *f)
{
	return pseudo_rule(f, 3);
}

static uint32_t rule_default_severity(const struct diff_filter *f)
{
	return pseudo_rule(f, 4);
}

const char *filter_rule_name(const struct diff_filter *f, uint32_t rule)
{
	if (rule < f->s->nrules)
		return f->s->rules[rule].label;
	if (rule < pseudo_rule(f, 0))
		return f->s->exports[rule - f->s->nrules].label;
	if (rule == rule_headers(f))
		return "--headers-dir";
	if (rule == rule_ignore_crc(f))
		return "--ignore-crc";
	if (rule == rule_breaking_only(f))
		return "--breaking-only";
	if (rule == rule_default_severity(f))
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
		if (model_types_as_btf(models[k]))
			return diag_error(
			    d, KABI_E_USAGE, DIAG_AT_FILE(NULL),
			    "%s%s%s needs the files types are declared in, "
			    "and the types of the %s kernel come from %s, "
			    "which names none",
			    rule ? "suppression '" : "--headers-dir",
			    rule && rule->label ? rule->label : "",
			    rule ? "'" : "",
			    n < 2 ? ""
			    : k	  ? "new"
				  : "old",
			    models[k]->foreign ? model_foreign_name(models[k])
					       : "BTF");
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
	list = filter_root_exports(d, r);
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

/* Whether an export has an item of a kind. */
static bool has_item(const struct kabi_diff *d, const struct symbol_change *s,
		     enum change_kind kind)
{
	uint32_t k;

	for (k = 0; k < s->nitems; k++)
		if (d->items[s->first_item + k].kind == kind)
			return true;
	return false;
}

/*
 * A distribution's rules on an export (SUSE's, Debian's) judge it by
 * its name, module and namespace, as their tools read them from the
 * Module.symvers files; one that passes it hides all its changes. An
 * export without a CRC fails all the same: buildcheck refuses an
 * unversioned kernel before it reads its ignore-changes.
 */
static bool judge_by_distribution(struct diff_filter *f, size_t i)
{
	const struct kabi_diff *d = f->d;
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
	uint32_t k;

	if (has_item(d, s, CHANGE_CRC_UNVERSIONED))
		return false;
	k = export_rule_find(f->s, &f->index->exports, &e, &tolerated);
	if (!tolerated)
		return false;
	f->symbol_rule[i] =
	    k == KABI_NONE ? rule_default_severity(f) : export_rule(f, k);
	return true;
}

struct symbol_lookup {
	const struct diff_filter *f;
	const struct symbol_change *s;
};

static bool symbol_rule_at(uint32_t k, void *ctx)
{
	const struct symbol_lookup *l = ctx;
	const struct suppress_rule *rule = &l->f->s->rules[k];

	return rule->section != RULE_TYPE &&
	       symbol_rule_matches(l->f->d, rule, l->s);
}

/* The first function or variable rule matching an export's change. */
static uint32_t first_symbol_rule(const struct diff_filter *f,
				  const struct symbol_change *s)
{
	struct symbol_lookup l = {f, s};
	struct rule_key key = {0, diff_symbol_name(f->d, s)};

	return rule_index_first(&f->index->symbols, &key, 1, symbol_rule_at,
				&l);
}

struct type_lookup {
	const struct diff_filter *f;
	const struct root_cause *r;
};

static bool type_rule_at(uint32_t k, void *ctx)
{
	const struct type_lookup *l = ctx;

	return type_rule_matches(l->f->d, &l->f->s->rules[k], l->r);
}

/* The first type rule matching a root cause, by its name or spelling. */
static uint32_t first_type_rule(const struct diff_filter *f,
				const struct root_cause *r)
{
	const struct kabi_diff *d = f->d;
	uint32_t old_type = d->pairs[r->pair].old_type;
	struct type_lookup l = {f, r};
	struct rule_key keys[] = {
	    {0, model_str(d->old, model_type(d->old, old_type)->name)},
	    {0, type_spelling(&d->old_names, old_type)}};

	return rule_index_first(&f->index->types, keys, 2, type_rule_at, &l);
}

static void judge_symbols(struct diff_filter *f, bool *subtype_hidden)
{
	const struct kabi_diff *d = f->d;
	size_t i, k;

	for (i = 0; i < d->nsymbols; i++) {
		const struct symbol_change *s = &d->symbols[i];

		f->symbol_rule[i] = SHOWN;
		if (f->s->nexports && judge_by_distribution(f, i)) {
			subtype_hidden[i] = true;
			/* an export with nothing of its own hides nothing */
			if (!s->nitems && !(s->flags & SYMCHANGE_TYPE))
				f->symbol_rule[i] = SHOWN;
			continue;
		}
		k = first_symbol_rule(f, s);
		if (k != UINT32_MAX) {
			const struct suppress_rule *rule = &f->s->rules[k];

			/* "subtype" alone leaves the export's own changes */
			subtype_hidden[i] = true;
			if (rule->change_kinds != CHANGE_KIND_SUBTYPE ||
			    !s->nitems)
				f->symbol_rule[i] = (uint32_t)k;
		}
	}
}

/*
 * The exports a root reaches as the report counts them: as their units
 * see the types, or for a root no unit sees, through every pointer.
 */
const struct root_exports *filter_root_exports(const struct kabi_diff *d,
					       const struct root_cause *r)
{
	return r->beyond ? &r->transitive : diff_root_reached(d, r);
}

static void judge_roots(struct diff_filter *f, const bool *subtype_hidden)
{
	const struct kabi_diff *d = f->d;
	size_t i, k, j;

	for (i = 0; i < d->nroots; i++) {
		const struct root_cause *r = &d->roots[i];
		const struct root_exports *list = filter_root_exports(d, r);
		bool reached = false;

		f->root_rule[i] = first_type_rule(f, r);
		if (f->root_rule[i] == UINT32_MAX)
			f->root_rule[i] = SHOWN;
		if (f->root_rule[i] == SHOWN && f->s->nheader_dirs) {
			const char *file = root_file(d, r);
			bool below = !*file && r->context_pair == KABI_NONE;

			for (k = 0; k < f->s->nheader_dirs && !below; k++)
				below =
				    in_header_dir(file, f->s->header_dirs[k]);
			if (!below)
				f->root_rule[i] = rule_headers(f);
		}
		if (f->root_rule[i] == SHOWN && f->s->breaking_only &&
		    r->severity != BREAKING)
			f->root_rule[i] = rule_breaking_only(f);
		for (j = 0; j < list->n && !reached; j++)
			reached = !subtype_hidden[list->symbols[j]];
		if (f->root_rule[i] == SHOWN && !reached)
			f->root_rule[i] = rule_no_export(f);
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
static void hide_compatible_symbols(struct diff_filter *f)
{
	size_t i;

	for (i = 0; i < f->d->nsymbols; i++)
		if (f->symbol_rule[i] == SHOWN && f->d->symbols[i].nitems &&
		    !has_breaking_item(f->d, i))
			f->symbol_rule[i] = rule_breaking_only(f);
}

/* What shows of each export: the roots it reaches, then its own changes. */
static void settle_symbols(struct diff_filter *f, const bool *subtype_hidden)
{
	const struct kabi_diff *d = f->d;
	size_t i, j;
	uint32_t k;

	for (i = 0; i < d->nroots; i++) {
		const struct root_cause *r = &d->roots[i];
		const struct root_exports *list = filter_root_exports(d, r);

		if (f->root_rule[i] != SHOWN)
			continue;
		for (j = 0; j < list->n; j++) {
			uint32_t s = list->symbols[j];

			if (subtype_hidden[s])
				continue;
			if (r->beyond) {
				f->symbol_beyond[s] = true;
				continue;
			}
			f->symbol_type[s] = true;
			/* an approved cause breaks none it reaches */
			if (f->root_approved[i])
				f->symbol_crc_approved[s] = true;
			else if (r->severity == BREAKING)
				f->symbol_severity[s] = BREAKING;
		}
	}
	for (i = 0; i < d->nsymbols; i++)
		for (k = 0; k < d->symbols[i].nitems; k++)
			if (filter_item_shown(f, i, k) &&
			    !filter_item_approved(f, i, k) &&
			    change_severity(
				d->items[d->symbols[i].first_item + k].kind) ==
				BREAKING)
				f->symbol_severity[i] = BREAKING;
}

/*
 * CRCs out of sight: each counted once, and an export that had nothing
 * else to show counts as hidden by --ignore-crc.
 */
static void count_ignored_crcs(struct diff_filter *f)
{
	size_t i;

	for (i = 0; i < f->d->nsymbols; i++) {
		if (f->symbol_rule[i] != SHOWN ||
		    !diff_crc_changed(f->d, &f->d->symbols[i]))
			continue;
		f->ignored_crcs++;
		if (!filter_symbol_shown(f, i))
			f->hits[rule_ignore_crc(f)]++;
	}
}

/*
 * Whether a system call's or uapi type's change shows: all do, but
 * under --breaking-only, which hides the compatible ones (counted).
 */
static bool user_change_shown(struct diff_filter *f, enum severity severity)
{
	if (!f->s->breaking_only || severity == BREAKING)
		return true;
	f->hits[rule_breaking_only(f)]++;
	return false;
}

void diff_filter_build(struct diff_filter *f, const struct kabi_diff *d,
		       const struct suppressions *s)
{
	bool *subtype_hidden = xcalloc(d->nsymbols + 1, sizeof(bool));
	size_t i;

	memset(f, 0, sizeof(*f));
	f->d = d;
	f->s = s;
	f->nrules = s->nrules + s->nexports + 5;
	f->root_rule = xcalloc(d->nroots + 1, sizeof(uint32_t));
	f->symbol_rule = xcalloc(d->nsymbols + 1, sizeof(uint32_t));
	f->symbol_type = xcalloc(d->nsymbols + 1, sizeof(bool));
	f->symbol_beyond = xcalloc(d->nsymbols + 1, sizeof(bool));
	f->symbol_severity = xcalloc(d->nsymbols + 1, sizeof(enum severity));
	f->hits = xcalloc(f->nrules, sizeof(size_t));
	f->root_approval = xmalloc(xmul(d->nroots + 1, sizeof(uint32_t)));
	f->symbol_approval = xmalloc(xmul(d->nsymbols + 1, sizeof(uint32_t)));
	for (i = 0; i <= d->nroots; i++)
		f->root_approval[i] = KABI_NONE;
	for (i = 0; i <= d->nsymbols; i++)
		f->symbol_approval[i] = KABI_NONE;
	f->root_approved = xcalloc(d->nroots + 1, sizeof(bool));
	f->item_approved = xcalloc(d->nitems + 1, sizeof(bool));
	f->symbol_crc_approved = xcalloc(d->nsymbols + 1, sizeof(bool));
	f->approval_hits = xcalloc(s->napprovals + 1, sizeof(size_t));
	f->approval_dup_of = xcalloc(s->napprovals + 1, sizeof(uint32_t));
	filter_index_build(f);
	judge_symbols(f, subtype_hidden);
	if (s->breaking_only)
		hide_compatible_symbols(f);
	judge_roots(f, subtype_hidden);
	approvals_match(f);
	settle_symbols(f, subtype_hidden);
	for (i = 0; i < d->nroots; i++)
		if (f->root_rule[i] != SHOWN)
			f->hits[f->root_rule[i]]++;
	for (i = 0; i < d->nsymbols; i++)
		if (f->symbol_rule[i] != SHOWN)
			f->hits[f->symbol_rule[i]]++;
	if (s->ignore_crc)
		count_ignored_crcs(f);
	/* system calls and uapi types: only --breaking-only hides any */
	f->syscall_shown = xcalloc(d->nsyscalls + 1, sizeof(bool));
	for (i = 0; i < d->nsyscalls; i++)
		f->syscall_shown[i] =
		    user_change_shown(f, d->syscalls[i].severity);
	f->uapi_shown = xcalloc(d->nuapi + 1, sizeof(bool));
	for (i = 0; i < d->nuapi; i++)
		f->uapi_shown[i] = user_change_shown(f, d->uapi[i].severity);
	free(subtype_hidden);
}

void diff_filter_free(struct diff_filter *f)
{
	filter_index_free(f->index);
	free(f->root_rule);
	free(f->symbol_rule);
	free(f->symbol_type);
	free(f->symbol_beyond);
	free(f->symbol_severity);
	free(f->hits);
	free(f->syscall_shown);
	free(f->uapi_shown);
	free(f->root_approval);
	free(f->symbol_approval);
	free(f->root_approved);
	free(f->item_approved);
	free(f->symbol_crc_approved);
	free(f->approval_hits);
	free(f->approval_dup_of);
	memset(f, 0, sizeof(*f));
}

bool filter_item_shown(const struct diff_filter *f, size_t symbol,
		       uint32_t item)
{
	const struct symbol_change *s = &f->d->symbols[symbol];

	if (f->symbol_rule[symbol] != SHOWN)
		return false;
	if (f->s->breaking_only &&
	    change_severity(f->d->items[s->first_item + item].kind) != BREAKING)
		return false;
	/* a CRC a type change explains goes with that change, shown or not */
	if (f->d->items[s->first_item + item].kind == CHANGE_CRC_CHANGED)
		return !f->s->ignore_crc &&
		       (f->symbol_type[symbol] || !(s->flags & SYMCHANGE_TYPE));
	return true;
}

bool filter_change_item_shown(const struct diff_filter *f,
			      const struct change_item *it)
{
	return !f->s->breaking_only || change_severity(it->kind) == BREAKING;
}

bool filter_symbol_shown(const struct diff_filter *f, size_t symbol)
{
	const struct symbol_change *s = &f->d->symbols[symbol];
	uint32_t k;

	if (f->symbol_type[symbol])
		return true;
	for (k = 0; k < s->nitems; k++)
		if (filter_item_shown(f, symbol, k))
			return true;
	return false;
}

bool filter_item_approved(const struct diff_filter *f, size_t symbol,
			  uint32_t item)
{
	const struct symbol_change *s = &f->d->symbols[symbol];
	uint32_t at = s->first_item + item;

	/* a CRC a type change explains goes with it, approved or not */
	return f->item_approved[at] ||
	       (f->d->items[at].kind == CHANGE_CRC_CHANGED &&
		f->symbol_crc_approved[symbol]);
}
