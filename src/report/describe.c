// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Words for what a diff holds, shared by the text and JSON reports: the
 * summary counts, one sentence per change item, and the path from a
 * symbol to the type a root cause changed.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "../util/rows.h"
#include "../util/sort.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

bool report_crc_only(const struct diff_filter *f, size_t symbol)
{
	const struct symbol_change *s = &f->d->symbols[symbol];

	return s->old_symbol != KABI_NONE && s->new_symbol != KABI_NONE &&
	       !f->symbol_type[symbol] && s->nitems == 1 &&
	       f->d->items[s->first_item].kind == CHANGE_CRC_CHANGED &&
	       filter_item_shown(f, symbol, 0);
}

enum {
	ROOT_STRUCT,
	ROOT_UNION,
	ROOT_ENUM,
	ROOT_TYPEDEF,
	ROOT_FUNCTION,
	ROOT_VARIABLE,
	ROOT_BASE,
	ROOT_OTHER
};

static const char *const root_kinds[REPORT_ROOT_KINDS] = {
    [ROOT_STRUCT] = "struct",	  [ROOT_UNION] = "union",
    [ROOT_ENUM] = "enum",	  [ROOT_TYPEDEF] = "typedef",
    [ROOT_FUNCTION] = "function", [ROOT_VARIABLE] = "variable",
    [ROOT_BASE] = "base type",	  [ROOT_OTHER] = "other",
};

const char *report_root_kind_label(unsigned index)
{
	return index < REPORT_ROOT_KINDS ? root_kinds[index] : "other";
}

unsigned report_root_kind(const struct kabi_diff *d, const struct root_cause *r)
{
	const struct type_pair *p = &d->pairs[r->pair];

	if (p->variable)
		return ROOT_VARIABLE;
	switch (model_type(d->old, p->old_type)->kind) {
	case KABI_STRUCT:
		return ROOT_STRUCT;
	case KABI_UNION:
		return ROOT_UNION;
	case KABI_ENUM:
		return ROOT_ENUM;
	case KABI_TYPEDEF:
		return ROOT_TYPEDEF;
	case KABI_FUNCTION:
		return ROOT_FUNCTION;
	case KABI_BASE:
		return ROOT_BASE;
	default:
		return ROOT_OTHER;
	}
}

/* The breaking rules among the items of a root or an export, once each. */
static void count_breaking_rules(const struct change_item *items, uint32_t n,
				 size_t *by_rule, const struct diff_filter *f,
				 size_t symbol)
{
	bool seen[CHANGE_COUNT] = {false};
	uint32_t i;

	for (i = 0; i < n; i++) {
		enum change_kind kind = items[i].kind;

		if (change_severity(kind) != BREAKING || seen[kind] ||
		    (symbol != SIZE_MAX &&
		     (!filter_item_shown(f, symbol, i) ||
		      filter_item_approved(f, symbol, i))))
			continue;
		seen[kind] = true;
		by_rule[kind]++;
	}
}

/*
 * A uapi type change's breaking rules: its own, its pair's, and when
 * only what it holds changed, those of the nearest change it holds.
 */
static void count_uapi_rules(const struct kabi_diff *d,
			     const struct uapi_change *c, size_t *by_rule,
			     const struct diff_filter *f)
{
	const struct type_pair *p =
	    c->pair != KABI_NONE ? &d->pairs[c->pair] : NULL;

	count_breaking_rules(d->items + c->first_item, c->nitems, by_rule, f,
			     SIZE_MAX);
	if (p && p->nitems)
		count_breaking_rules(d->items + p->first_item, p->nitems,
				     by_rule, f, SIZE_MAX);
	else if (c->through != KABI_NONE)
		count_breaking_rules(d->items + d->pairs[c->through].first_item,
				     d->pairs[c->through].nitems, by_rule, f,
				     SIZE_MAX);
}

static void count_breaking(const struct diff_filter *f,
			   struct report_summary *s)
{
	const struct kabi_diff *d = f->d;
	size_t i, k;

	for (i = 0; i < d->nroots; i++) {
		const struct type_pair *p = &d->pairs[d->roots[i].pair];

		if (f->root_rule[i] == SHOWN && !f->root_approved[i] &&
		    d->roots[i].severity == BREAKING)
			count_breaking_rules(
			    d->items + p->first_item, p->nitems,
			    s->breaking_roots_by_rule, f, SIZE_MAX);
	}
	for (i = 0; i < d->nsymbols; i++)
		count_breaking_rules(d->items + d->symbols[i].first_item,
				     d->symbols[i].nitems,
				     s->breaking_exports_by_rule, f, i);
	for (i = 0; i < d->nsyscalls; i++)
		if (f->syscall_shown[i])
			count_breaking_rules(
			    d->items + d->syscalls[i].first_item,
			    d->syscalls[i].nitems, s->breaking_syscalls_by_rule,
			    f, SIZE_MAX);
	for (i = 0; i < d->nuapi; i++)
		if (f->uapi_shown[i])
			count_uapi_rules(d, &d->uapi[i],
					 s->breaking_uapi_by_rule, f);
	s->breaking_by_crc_alone =
	    s->breaking_exports_by_rule[CHANGE_CRC_CHANGED];
	for (k = 0; k < CHANGE_COUNT; k++)
		if (k != CHANGE_CRC_CHANGED &&
		    (s->breaking_roots_by_rule[k] ||
		     s->breaking_exports_by_rule[k] ||
		     s->breaking_syscalls_by_rule[k] ||
		     s->breaking_uapi_by_rule[k]))
			s->breaking_by_crc_alone = false;
}

const char *report_verdict_note(const struct report_summary *s)
{
	if (!s->breaking_by_crc_alone)
		return NULL;
	if (!s->types_compared)
		return "types were not compared (a side lists exports alone), "
		       "so nothing says why the CRCs changed; modules built "
		       "with modversions against OLD will not load on NEW. "
		       "Compare kernels or baselines to see why, or judge "
		       "without CRCs: --ignore-crc.";
	if (s->roots)
		return "every type change found is compatible: the CRCs alone "
		       "make this breaking, as modules built with modversions "
		       "against OLD will not load on NEW. Keep the CRCs (hide "
		       "the change from genksyms, as distributions do with "
		       "__GENKSYMS__) or judge without them: --ignore-crc.";
	return "no type change was found to explain the CRC changes; modules "
	       "built with modversions against OLD will not load on NEW. To "
	       "judge without CRCs: --ignore-crc.";
}

void report_summarize(const struct diff_filter *f, struct report_summary *s)
{
	const struct kabi_diff *d = f->d;
	size_t i;

	memset(s, 0, sizeof(*s));
	s->types_compared = diff_types_compared(d);
	s->old_symbols = d->old->nsymbols;
	s->new_symbols = d->new->nsymbols;
	for (i = 0; i < d->nsymbols; i++) {
		const struct symbol_change *c = &d->symbols[i];

		s->beyond_symbols += c->old_symbol != KABI_NONE &&
				     c->new_symbol != KABI_NONE &&
				     f->symbol_beyond[i] && !f->symbol_type[i];
		if (!filter_symbol_shown(f, i)) {
			s->hidden_symbols +=
			    (c->nitems || (c->flags & SYMCHANGE_TYPE));
			continue;
		}
		if (c->old_symbol == KABI_NONE)
			s->added++;
		else if (c->new_symbol == KABI_NONE)
			s->removed++;
		else {
			s->changed++;
			if (f->symbol_type[i])
				s->by_type++;
			else if (report_crc_only(f, i))
				s->crc_only++;
			else
				s->by_export++;
		}
		if (f->symbol_severity[i] == BREAKING)
			s->breaking = true;
		s->approved_symbols += f->symbol_approval[i] != KABI_NONE;
	}
	for (i = 0; i < d->nroots; i++) {
		if (f->root_rule[i] != SHOWN) {
			s->hidden_roots++;
			continue;
		}
		if (d->roots[i].beyond) {
			s->beyond_roots++;
			continue;
		}
		s->roots++;
		s->roots_by_kind[report_root_kind(d, &d->roots[i])]++;
		if (f->root_approved[i])
			s->approved_roots++;
		else if (d->roots[i].severity == BREAKING) {
			s->breaking_roots++;
			s->breaking = true;
		}
	}
	for (i = 0; i < d->nsyscalls; i++) {
		const struct syscall_change *c = &d->syscalls[i];

		if (!f->syscall_shown[i]) {
			s->hidden_syscalls++;
			continue;
		}
		if (c->old_call == KABI_NONE)
			s->syscalls_added++;
		else if (c->new_call == KABI_NONE)
			s->syscalls_removed++;
		else
			s->syscalls_changed++;
		if (c->severity == BREAKING)
			s->breaking = true;
	}
	for (i = 0; i < d->nuapi; i++) {
		const struct uapi_change *c = &d->uapi[i];

		if (!f->uapi_shown[i]) {
			s->hidden_uapi++;
			continue;
		}
		if (c->old_type == KABI_NONE)
			s->uapi_added++;
		else if (c->new_type == KABI_NONE)
			s->uapi_removed++;
		else
			s->uapi_changed++;
		if (c->severity == BREAKING)
			s->breaking = true;
	}
	count_breaking(f, s);
	report_count_crcs(f, s);
}

uint32_t *report_root_symbols(const struct diff_filter *f, size_t root,
			      size_t *n)
{
	const struct root_cause *r = &f->d->roots[root];
	const bool *reached = r->beyond ? f->symbol_beyond : f->symbol_type;
	const struct root_exports *list = filter_root_exports(f->d, r);
	uint32_t *out = xmalloc(xmul(list->n + 1, sizeof(uint32_t)));
	size_t i;

	*n = 0;
	for (i = 0; i < list->n; i++)
		if (reached[list->symbols[i]] || f->root_rule[root] != SHOWN)
			out[(*n)++] = list->symbols[i];
	/* no unit's view ranks the exports of a root beyond it: by name */
	if (r->beyond)
		sort_u32(out, *n);
	return out;
}

void report_root_reach(const struct diff_filter *f, size_t root, size_t *counts)
{
	const struct root_exports *list =
	    diff_root_reached(f->d, &f->d->roots[root]);
	size_t i;

	/* a root beyond every unit's view has none as they see it */
	memset(counts, 0, REACH_KINDS * sizeof(*counts));
	for (i = 0; i < list->n; i++)
		if (f->symbol_type[list->symbols[i]] ||
		    f->root_rule[root] != SHOWN)
			counts[list->reach[i]]++;
}

size_t report_root_other(const struct diff_filter *f, size_t root)
{
	const struct root_cause *r = &f->d->roots[root];

	return r->beyond ? 0 : diff_root_other(f->d, r)->n;
}

void report_describe_reach(struct strbuf *sb, const struct diff_filter *f,
			   size_t root, size_t n)
{
	const struct root_cause *r = &f->d->roots[root];
	size_t counts[REACH_KINDS], other;

	strbuf_addf(sb, "reaches %zu export%s", n, n == 1 ? "" : "s");
	if (r->beyond) {
		strbuf_addf(sb, ", %s", report_beyond_how(f->d, n));
		return;
	}
	report_root_reach(f, root, counts);
	report_add_reach(sb, counts);
	other = report_root_other(f, root);
	if (other != n)
		strbuf_addf(sb, "; %zu %s", other,
			    f->d->transitive ? "as their units see the types"
					     : "following every pointer");
}

void report_add_reach(struct strbuf *sb, const size_t *counts)
{
	const char *sep = " (";
	unsigned k, kinds = 0;

	for (k = 0; k < REACH_KINDS; k++)
		kinds += counts[k] != 0;
	for (k = 0; k < REACH_KINDS; k++) {
		if (!counts[k])
			continue;
		/* "(by value)" when all are alike; else counts */
		if (kinds == 1)
			strbuf_addf(sb, " (%s)", reach_kind_name(k));
		else
			strbuf_addf(sb, "%s%zu %s", sep, counts[k],
				    reach_kind_name(k));
		sep = ", ";
	}
	if (kinds > 1)
		strbuf_adds(sb, ")");
}

void report_add_member_label(struct strbuf *sb, const char *name)
{
	if (name && *name)
		strbuf_addf(sb, "'%s'", name);
	else
		strbuf_adds(sb, "(anonymous)");
}

static const char *old_spelling(const struct kabi_diff *d, uint32_t type)
{
	return type_spelling(&d->old_names, type);
}

static const char *new_spelling(const struct kabi_diff *d, uint32_t type)
{
	return type_spelling(&d->new_names, type);
}

static void add_offset(struct strbuf *sb, uint64_t bits)
{
	if (bits % 8 == 0)
		strbuf_addf(sb, "offset %" PRIu64, bits / 8);
	else
		strbuf_addf(sb, "bit offset %" PRIu64, bits);
}

/* "member 'len'", "parameter 2", "return type", ... */
static void add_place(struct strbuf *sb, const struct change_item *it)
{
	switch (it->place) {
	case PLACE_MEMBER:
		if (it->name && *it->name)
			strbuf_addf(sb, "member '%s'", it->name);
		else
			strbuf_adds(sb, "anonymous member");
		break;
	case PLACE_ENUMERATOR:
		strbuf_addf(sb, "enumerator %s", it->name);
		break;
	case PLACE_PARAM:
		strbuf_addf(sb, "parameter %" PRIu32, it->index + 1);
		break;
	case PLACE_RETURN:
		strbuf_adds(sb, "return type");
		break;
	case PLACE_TARGET:
		strbuf_adds(sb, "target type");
		break;
	case PLACE_SELF:
		strbuf_adds(sb, "type");
		break;
	}
}

static void add_value(struct strbuf *sb, uint64_t value, bool is_signed)
{
	if (is_signed)
		strbuf_addf(sb, "%" PRId64, (int64_t)value);
	else
		strbuf_addf(sb, "%" PRIu64, value);
}

static bool enum_signed(const struct kabi_diff *d, uint32_t pair)
{
	return pair != KABI_NONE &&
	       ((d->old->types[d->pairs[pair].old_type].flags |
		 d->new->types[d->pairs[pair].new_type].flags) &
		KABI_TYPE_SIGNED);
}

/* "signed-char, 1 byte" */
static void add_base(struct strbuf *sb, const struct kabi_model *m,
		     uint32_t type)
{
	const struct kabi_type *t = model_type(m, type);
	const char *enc = kabi_encoding_name(t->encoding);

	if (enc)
		strbuf_adds(sb, enc);
	else
		strbuf_addf(sb, "encoding %u", (unsigned)t->encoding);
	strbuf_addf(sb, ", %" PRIu64 " byte%s", t->size,
		    t->size == 1 ? "" : "s");
}

static void describe_member(struct strbuf *sb, const struct kabi_diff *d,
			    const struct change_item *it)
{
	if (it->kind == CHANGE_RESERVED_USED)
		strbuf_addf(sb, "reserved slot '%s'", it->name);
	else
		add_place(sb, it);
	switch (it->kind) {
	case CHANGE_MEMBER_ADDED:
		strbuf_addf(sb, " (%s) added at ",
			    new_spelling(d, it->new_type));
		add_offset(sb, it->new_value);
		break;
	case CHANGE_MEMBER_REMOVED:
		strbuf_addf(sb, " (%s) removed, was at ",
			    old_spelling(d, it->old_type));
		add_offset(sb, it->old_value);
		break;
	case CHANGE_MEMBER_MOVED:
		strbuf_adds(sb, " moved from ");
		add_offset(sb, it->old_value);
		strbuf_adds(sb, " to ");
		add_offset(sb, it->new_value);
		break;
	case CHANGE_MEMBER_RENAMED:
		strbuf_addf(sb, " renamed to '%s'", it->new_name);
		break;
	case CHANGE_RESERVED_USED:
	case CHANGE_MEMBER_REPLACED:
		strbuf_adds(sb, it->kind == CHANGE_RESERVED_USED
				    ? " now holds "
				    : " replaced in its place by ");
		strbuf_addf(sb, "%s (%" PRIu64 " of its %" PRIu64 " byte%s)",
			    it->new_name, it->new_value, it->old_value,
			    it->old_value == 1 ? "" : "s");
		break;
	case CHANGE_REPLACEMENT_TOO_BIG:
		strbuf_addf(sb,
			    " cannot hold %s: %" PRIu64
			    " bytes in a place of %" PRIu64,
			    it->new_name, it->new_value, it->old_value);
		break;
	case CHANGE_REPLACEMENT_MISPLACED:
		strbuf_addf(sb,
			    " cannot hold %s: their alignment moves them from ",
			    it->new_name);
		add_offset(sb, it->old_value);
		strbuf_adds(sb, " to ");
		add_offset(sb, it->new_value);
		break;
	case CHANGE_BITFIELD_CHANGED:
		if (!it->new_value)
			strbuf_addf(
			    sb, " no longer a bitfield (was %" PRIu64 " bit%s)",
			    it->old_value, it->old_value == 1 ? "" : "s");
		else if (!it->old_value)
			strbuf_addf(sb, " now a bitfield of %" PRIu64 " bit%s",
				    it->new_value,
				    it->new_value == 1 ? "" : "s");
		else
			strbuf_addf(sb,
				    " bitfield width %" PRIu64 " -> %" PRIu64
				    " bits",
				    it->old_value, it->new_value);
		break;
	default:
		break;
	}
}

void report_describe_item(struct strbuf *sb, const struct kabi_diff *d,
			  uint32_t pair, const struct change_item *it)
{
	bool sgn = enum_signed(d, pair);

	switch (it->kind) {
	case CHANGE_MEMBER_ADDED:
	case CHANGE_MEMBER_REMOVED:
	case CHANGE_MEMBER_MOVED:
	case CHANGE_MEMBER_RENAMED:
	case CHANGE_RESERVED_USED:
	case CHANGE_MEMBER_REPLACED:
	case CHANGE_REPLACEMENT_TOO_BIG:
	case CHANGE_REPLACEMENT_MISPLACED:
	case CHANGE_BITFIELD_CHANGED:
		describe_member(sb, d, it);
		return;
	case CHANGE_TYPE_REPLACED:
	case CHANGE_SAME_LAYOUT:
	case CHANGE_QUALIFIER_CHANGED:
	case CHANGE_SAME_UNDERLYING:
	case CHANGE_ARRAY_COUNT:
	case CHANGE_FLEX_ARRAY:
		add_place(sb, it);
		strbuf_addf(sb, " changed from %s to %s",
			    old_spelling(d, it->old_type),
			    new_spelling(d, it->new_type));
		if (it->kind == CHANGE_QUALIFIER_CHANGED)
			strbuf_adds(sb, " (qualifiers only)");
		else if (it->kind == CHANGE_SAME_LAYOUT)
			strbuf_adds(sb, " (the same scalars at the same "
					"offsets)");
		else if (it->kind == CHANGE_SAME_UNDERLYING)
			strbuf_adds(sb, " (the same type underneath)");
		else if (it->kind == CHANGE_ARRAY_COUNT)
			strbuf_adds(sb, " (array bounds)");
		else if (it->kind == CHANGE_FLEX_ARRAY)
			strbuf_adds(sb, " (the same empty array at the end)");
		return;
	case CHANGE_SIZE_CHANGED:
		strbuf_addf(sb, "size %" PRIu64 " -> %" PRIu64 " bytes",
			    it->old_value, it->new_value);
		return;
	case CHANGE_ALIGN_CHANGED:
		strbuf_addf(sb, "alignment %" PRIu64 " -> %" PRIu64 " bytes",
			    it->old_value, it->new_value);
		return;
	case CHANGE_ENUMERATOR_ADDED:
		strbuf_addf(sb, "enumerator %s = ", it->name);
		add_value(sb, it->new_value, sgn);
		strbuf_adds(sb, " added");
		return;
	case CHANGE_ENUMERATOR_REMOVED:
		strbuf_addf(sb, "enumerator %s = ", it->name);
		add_value(sb, it->old_value, sgn);
		strbuf_adds(sb, " removed");
		return;
	case CHANGE_ENUMERATOR_VALUE:
		strbuf_addf(sb, "enumerator %s value ", it->name);
		add_value(sb, it->old_value, sgn);
		strbuf_adds(sb, " -> ");
		add_value(sb, it->new_value, sgn);
		return;
	case CHANGE_ENUMERATOR_RENAMED:
		strbuf_addf(sb, "enumerator %s renamed to %s", it->name,
			    it->new_name);
		return;
	case CHANGE_PARAM_ADDED:
		strbuf_addf(sb, "parameter %" PRIu32 " (%s) added",
			    it->index + 1, new_spelling(d, it->new_type));
		return;
	case CHANGE_PARAM_REMOVED:
		strbuf_addf(sb, "parameter %" PRIu32 " (%s) removed",
			    it->index + 1, old_spelling(d, it->old_type));
		return;
	case CHANGE_PROTOTYPE_CHANGED:
		strbuf_adds(
		    sb, it->new_value
			    ? "now declared with a prototype (was \"()\")"
			    : "now declared without a prototype, as \"()\"");
		return;
	case CHANGE_VARIADIC_CHANGED:
		strbuf_adds(sb, it->new_value ? "now variadic"
					      : "no longer variadic");
		return;
	case CHANGE_BASE_CHANGED:
		strbuf_adds(sb, "base type changed from ");
		add_base(sb, d->old, it->old_type);
		strbuf_adds(sb, " to ");
		add_base(sb, d->new, it->new_type);
		return;
	case CHANGE_CRC_CHANGED:
		strbuf_addf(sb, "CRC 0x%08" PRIx64 " -> 0x%08" PRIx64,
			    it->old_value, it->new_value);
		return;
	default:
		strbuf_adds(sb, change_text(it->kind));
		return;
	}
}

static const char *param_name(const struct kabi_diff *d,
			      const struct symbol_change *s, uint32_t index)
{
	const struct kabi_model *m =
	    s->new_symbol != KABI_NONE ? d->new : d->old;
	const struct kabi_symbol *sym =
	    &m->symbols[s->new_symbol != KABI_NONE ? s->new_symbol
						   : s->old_symbol];

	if (index < sym->nparams && m->param_names[sym->first_param + index])
		return model_str(m, m->param_names[sym->first_param + index]);
	return NULL;
}

static void add_member_step(struct strbuf *sb, const char *member)
{
	strbuf_addf(sb, "::%s", member && *member ? member : "(anonymous)");
}

void report_describe_path(struct strbuf *sb, struct diff_paths *paths,
			  const struct kabi_diff *d, uint32_t symbol,
			  const struct root_cause *root)
{
	const struct symbol_change *s = &d->symbols[symbol];
	const struct kabi_symbol *sym = &d->old->symbols[s->old_symbol];
	uint32_t edges[64];
	size_t n = diff_paths_find(paths, symbol, root, edges, 64), k = 0;

	strbuf_adds(sb, diff_symbol_name(d, s));
	if (sym->flags & KABI_SYM_FUNCTION) {
		const struct pair_edge *e = n ? &d->edges[edges[0]] : NULL;
		const char *p;

		if (e && e->place == PLACE_PARAM) {
			p = param_name(d, s, e->index);
			if (p)
				strbuf_addf(sb, "(%s)", p);
			else
				strbuf_addf(sb, "(parameter %" PRIu32 ")",
					    e->index + 1);
		} else if (e && e->place == PLACE_RETURN) {
			strbuf_adds(sb, "() returns");
		} else {
			strbuf_adds(sb, "()");
		}
	} else {
		strbuf_addf(sb, " -> %s",
			    old_spelling(d, d->pairs[s->pair].old_type));
		if (n && d->edges[edges[0]].place == PLACE_MEMBER)
			add_member_step(sb, d->edges[edges[0]].name);
	}
	for (; k < n; k++) {
		const struct pair_edge *e = &d->edges[edges[k]];
		const char *to = old_spelling(d, d->pairs[e->to].old_type);

		/*
		 * A variable whose declared type changed only by a qualifier
		 * leads to the same type again: one step says it.
		 */
		if (k || !d->pairs[s->pair].variable ||
		    strcmp(to, old_spelling(d, d->pairs[s->pair].old_type)))
			strbuf_addf(sb, " -> %s", to);
		if (k + 1 < n && d->edges[edges[k + 1]].place == PLACE_MEMBER)
			add_member_step(sb, d->edges[edges[k + 1]].name);
	}
}

/* What a root cause is called: its type, or where an unnamed one sits. */
void report_root_title(struct strbuf *sb, const struct kabi_diff *d,
		       const struct root_cause *r)
{
	const struct type_pair *p = &d->pairs[r->pair];
	const char *olds = type_spelling(&d->old_names, p->old_type);
	const char *news = type_spelling(&d->new_names, p->new_type);
	const struct kabi_type *t = model_type(d->old, p->old_type);

	if (p->variable) {
		strbuf_addf(sb, "type of %s",
			    diff_symbol_name(d, &d->symbols[r->own_symbol]));
	} else if (r->context_pair != KABI_NONE) {
		strbuf_addf(sb, "%s",
			    type_spelling(&d->old_names,
					  d->pairs[r->context_pair].old_type));
		if (r->context_member && *r->context_member)
			strbuf_addf(sb, "::%s", r->context_member);
		strbuf_addf(sb, " (%s)", olds);
	} else if (r->own_symbol != KABI_NONE && t->kind == KABI_FUNCTION) {
		strbuf_addf(sb, "%s() signature",
			    diff_symbol_name(d, &d->symbols[r->own_symbol]));
	} else if (r->own_symbol != KABI_NONE && !t->name) {
		strbuf_addf(sb, "type of %s (%s)",
			    diff_symbol_name(d, &d->symbols[r->own_symbol]),
			    olds);
	} else {
		strbuf_adds(sb, olds);
		if (strcmp(olds, news))
			strbuf_addf(sb, " -> %s", news);
	}
}

int report_exit_status(const struct diff_filter *f,
		       const struct report_options *o)
{
	/* stale approvals fail CI when asked, whatever changed */
	int incomplete =
	    (o->incomplete ? REPORT_EXIT_INCOMPLETE : 0) |
	    (f->s->fail_stale && approvals_stale(f) ? REPORT_EXIT_STALE : 0);
	struct report_summary s;

	report_summarize(f, &s);
	/* a module that would not load is broken, whatever changed */
	if (report_failing_modules(o))
		return incomplete | REPORT_EXIT_CHANGED | REPORT_EXIT_BREAKING;
	if (!s.added && !s.removed && !s.changed && !s.roots &&
	    !s.beyond_roots && !s.syscalls_added && !s.syscalls_removed &&
	    !s.syscalls_changed && !s.uapi_added && !s.uapi_removed &&
	    !s.uapi_changed)
		return incomplete;
	return incomplete | REPORT_EXIT_CHANGED |
	       (s.breaking ? REPORT_EXIT_BREAKING : 0);
}

/* "size-changed 43, member-moved 43": the most frequent rule first. */
static void add_rule_counts(struct strbuf *sb, const size_t *by_rule, char glue)
{
	bool done[CHANGE_COUNT] = {false};
	unsigned k, best;
	const char *sep = "";

	for (;;) {
		best = CHANGE_COUNT;
		for (k = 0; k < CHANGE_COUNT; k++)
			if (!done[k] && by_rule[k] &&
			    (best == CHANGE_COUNT ||
			     by_rule[k] > by_rule[best]))
				best = k;
		if (best == CHANGE_COUNT)
			return;
		done[best] = true;
		strbuf_addf(sb, "%s%s%c%zu", sep, change_rule(best), glue,
			    by_rule[best]);
		sep = ", ";
	}
}

void report_add_because(struct strbuf *sb, const struct report_summary *s,
			const struct report_options *o, char glue)
{
	size_t roots = 0, exports = 0, calls = 0, uapi = 0;
	size_t modules = report_failing_modules(o);
	unsigned k;

	for (k = 0; k < CHANGE_COUNT; k++) {
		roots += s->breaking_roots_by_rule[k];
		exports += s->breaking_exports_by_rule[k];
		calls += s->breaking_syscalls_by_rule[k];
		uapi += s->breaking_uapi_by_rule[k];
	}
	if (roots) {
		strbuf_adds(sb, "root causes: ");
		add_rule_counts(sb, s->breaking_roots_by_rule, glue);
	}
	if (exports) {
		strbuf_adds(sb, roots ? "; exports: " : "exports: ");
		add_rule_counts(sb, s->breaking_exports_by_rule, glue);
	}
	if (calls) {
		strbuf_adds(sb, roots || exports ? "; system calls: "
						 : "system calls: ");
		add_rule_counts(sb, s->breaking_syscalls_by_rule, glue);
	}
	if (uapi) {
		strbuf_adds(sb, roots || exports || calls ? "; uapi types: "
							  : "uapi types: ");
		add_rule_counts(sb, s->breaking_uapi_by_rule, glue);
	}
	if (modules)
		strbuf_addf(sb, "%smodules that will not load: %zu",
			    roots || exports || calls || uapi ? "; " : "",
			    modules);
}

void report_describe_approval(struct strbuf *sb, const struct diff_filter *f,
			      uint32_t approval)
{
	const struct approval *a = &f->s->approvals[approval];

	strbuf_addf(sb, "%s (%s%s%s)", a->reason, a->where,
		    a->until ? ", until " : "", a->until ? a->until : "");
}

const char *report_breaking_mark(enum change_kind kind)
{
	return change_severity(kind) == BREAKING ? ", breaking" : "";
}

/*
 * "its unit now sees the definition of struct sock", or where the export
 * moved, "it moved from drivers/pci/pci.c to drivers/pci/rebar.c, which
 * does not see the definition of struct device_node".
 */
static void add_view_change(struct strbuf *sb, const struct kabi_diff *d,
			    const struct symbol_change *s)
{
	uint32_t o = d->old->symbols[s->old_symbol].unit;
	uint32_t n = d->new->symbols[s->new_symbol].unit;
	const char *from = o ? model_str(d->old, d->old->units[o].name) : "";
	const char *to = n ? model_str(d->new, d->new->units[n].name) : "";
	const char *tag = old_spelling(d, d->pairs[s->crc_cause].old_type);

	if (*from && *to && strcmp(from, to))
		strbuf_addf(sb,
			    "it moved from %s to %s, which %s the "
			    "definition of %s",
			    from, to,
			    s->crc_now_defined ? "sees" : "does not see", tag);
	else
		strbuf_addf(sb, "its unit %s sees the definition of %s",
			    s->crc_now_defined ? "now" : "no longer", tag);
}

void report_crc_reason(struct strbuf *sb, const struct kabi_diff *d,
		       size_t symbol)
{
	const struct symbol_change *s = &d->symbols[symbol];

	switch (s->crc_reason) {
	case CRC_REASON_VIEW:
		add_view_change(sb, d, s);
		return;
	case CRC_REASON_NO_TYPE:
		strbuf_adds(sb, "no debug information describes it");
		return;
	default:
		strbuf_adds(sb,
			    "no change its unit sees in the binaries: one "
			    "genksyms sees in the source alone (a parameter "
			    "renamed in a prototype), or a rebuild");
		return;
	}
}

bool report_crcs_to_say(const struct diff_filter *f,
			const struct report_summary *s)
{
	if (!s->types_compared || f->s->ignore_crc)
		return false;
	if (!s->crcs_compared)
		return s->changed || s->roots;
	return s->crc_agree || s->crc_unexplained || s->crc_hidden;
}

void report_describe_crcs(struct strbuf *sb, const struct kabi_diff *d,
			  const struct report_summary *s)
{
	if (!s->crcs_compared) {
		const char *m = d->crcs_missing ? d->crcs_missing : "either";

		strbuf_addf(sb,
			    "not reconciled: %s (a kernel without modversions, "
			    "or BTF or a baseline without them)",
			    !strcmp(m, "OLD")	? "OLD has no CRCs"
			    : !strcmp(m, "NEW") ? "NEW has no CRCs"
						: "neither side has CRCs");
		return;
	}
	strbuf_addf(sb, "%zu changed with a type change their %s, %zu without",
		    s->crc_agree,
		    d->units_unknown ? "types reach" : "units see",
		    s->crc_unexplained);
	if (s->crc_hidden)
		strbuf_addf(sb,
			    "; %zu unchanged over one (hidden from "
			    "modversions: %zu breaking",
			    s->crc_hidden, s->crc_hidden_breaking);
	if (s->crc_hidden && s->crc_hidden_approved)
		strbuf_addf(sb, ", %zu approved", s->crc_hidden_approved);
	if (s->crc_hidden)
		strbuf_adds(sb, ")");
}

const char *report_beyond_how(const struct kabi_diff *d, size_t n)
{
	if (d->units_unknown)
		return n == 1 ? "whose CRC did not change: its unit does not "
				"see it"
			      : "whose CRCs did not change: their units do "
				"not see it";
	return n == 1 ? "only through types its unit leaves opaque"
		      : "only through types their units leave opaque";
}

const char *report_beyond_why(const struct kabi_diff *d)
{
	if (d->units_unknown)
		return "each reaches only exports whose CRCs did not change, "
		       "so their units do not see it (units not known: their "
		       "CRCs say so)";
	return "each reaches exports only through a struct, union or enum "
	       "their units declare without defining, or define in their "
	       "own .c file; genksyms leaves it out of their CRCs, and "
	       "modules see no layout through them";
}

bool report_describe_units(struct strbuf *sb, const struct diff_filter *f,
			   const struct report_summary *s)
{
	const struct kabi_diff *d = f->d;

	if (!d->units_unknown || !s->types_compared || d->transitive ||
	    !(s->changed || s->roots || s->beyond_roots))
		return false;
	strbuf_addf(sb,
		    "not known for %zu export%s (types from BTF, or a "
		    "baseline without units): ",
		    d->units_unknown, d->units_unknown == 1 ? "" : "s");
	if (s->crcs_compared)
		strbuf_adds(sb, "an export's own CRC says whether its unit saw "
				"a change, so a root cause reaches those its "
				"types lead to whose CRCs changed, and none is "
				"judged hidden from modversions");
	else
		strbuf_adds(sb, "without CRCs to say what their units saw, a "
				"root cause reaches every export its types "
				"lead to, through any pointer");
	return true;
}

void report_hidden_reason(struct strbuf *sb, const struct kabi_diff *d,
			  size_t symbol)
{
	if (d->symbols[symbol].crc_reason == CRC_REASON_ARRAY_BOUND)
		strbuf_adds(sb, "only array bounds changed, and genksyms reads "
				"a bound as the source writes it (a name, or "
				"none where an initializer sets it), not its "
				"value");
	else
		strbuf_adds(sb,
			    "the change was kept from genksyms (as "
			    "#ifndef __GENKSYMS__ does), or genksyms read "
			    "a unit whose view the DWARF does not show (one "
			    "exporting what another defines, built by "
			    "clang)");
}

struct crc_roots *report_crc_roots(const struct kabi_diff *d)
{
	struct crc_roots *c = xmalloc(sizeof(*c));
	size_t r, k;

	c->first = xmalloc(xmul(d->nsymbols + 1, sizeof(uint32_t)));
	c->count = xcalloc(d->nsymbols + 1, sizeof(uint32_t));
	memset(c->first, 0xff, (d->nsymbols + 1) * sizeof(uint32_t));
	for (r = 0; r < d->nroots; r++) {
		const struct root_cause *root = &d->roots[r];
		/* as the units see the types, whichever the report counts */
		const struct root_exports *list = &root->visible;

		for (k = 0; k < list->n; k++) {
			uint32_t s = list->symbols[k];

			if (c->first[s] == KABI_NONE)
				c->first[s] = (uint32_t)r;
			c->count[s]++;
		}
	}
	return c;
}

void report_crc_roots_free(struct crc_roots *c)
{
	if (!c)
		return;
	free(c->first);
	free(c->count);
	free(c);
}

bool report_hidden_crc(const struct diff_filter *f, size_t symbol)
{
	return f->d->symbols[symbol].crc_class == CRC_HIDDEN &&
	       f->symbol_rule[symbol] == SHOWN && f->symbol_type[symbol];
}

size_t report_each_export_item(const struct diff_filter *f, size_t limit,
			       report_export_item_fn *fn, void *ctx)
{
	const struct kabi_diff *d = f->d;
	size_t i, n = 0;
	uint32_t k;

	for (i = 0; i < d->nsymbols; i++) {
		const struct symbol_change *s = &d->symbols[i];

		if (s->old_symbol == KABI_NONE || s->new_symbol == KABI_NONE)
			continue;
		for (k = 0; k < s->nitems; k++) {
			const struct change_item *it =
			    &d->items[s->first_item + k];

			if (it->kind == CHANGE_CRC_CHANGED ||
			    !filter_item_shown(f, i, k))
				continue;
			if (n < limit)
				fn(ctx, i, it, n);
			n++;
		}
	}
	return n;
}

enum hidden_verdict report_hidden_verdict(const struct diff_filter *f,
					  size_t symbol)
{
	if (!f->d->symbols[symbol].crc_hidden_breaking)
		return HIDDEN_COMPATIBLE;
	/* what approved causes alone reach breaks nothing */
	return f->symbol_severity[symbol] == BREAKING ? HIDDEN_BREAKING
						      : HIDDEN_APPROVED;
}

void report_count_crcs(const struct diff_filter *f, struct report_summary *s)
{
	const struct kabi_diff *d = f->d;
	size_t i;

	s->crcs_compared = d->crcs_compared && s->types_compared;
	for (i = 0; i < d->nsymbols; i++) {
		if (f->symbol_rule[i] != SHOWN)
			continue;
		switch (d->symbols[i].crc_class) {
		case CRC_AGREE:
			s->crc_agree++;
			break;
		case CRC_ONLY:
			s->crc_unexplained++;
			break;
		case CRC_HIDDEN:
			/* a suppressed root's change shows nowhere */
			if (!report_hidden_crc(f, i))
				break;
			s->crc_hidden++;
			s->crc_hidden_breaking +=
			    report_hidden_verdict(f, i) == HIDDEN_BREAKING;
			s->crc_hidden_approved +=
			    report_hidden_verdict(f, i) == HIDDEN_APPROVED;
			break;
		case CRC_BEYOND:
			s->crc_beyond++;
			break;
		default:
			break;
		}
	}
}

struct roots_walk {
	const struct diff_filter *f;
	bool beyond;
};

static void walk_root_exports(struct rows_builder *b, void *ctx)
{
	const struct roots_walk *w = ctx;
	const struct kabi_diff *d = w->f->d;
	size_t r, k;

	for (r = 0; r < d->nroots; r++) {
		const struct root_exports *list;

		if (w->f->root_rule[r] != SHOWN ||
		    (!w->beyond && d->roots[r].beyond))
			continue;
		list = filter_root_exports(d, &d->roots[r]);
		for (k = 0; k < list->n; k++)
			rows_put(b, list->symbols[k], (uint32_t)r);
	}
}

void report_roots_by_export(const struct diff_filter *f, bool beyond,
			    struct rows *rows)
{
	struct roots_walk w = {f, beyond};

	rows_build(rows, f->d->nsymbols, walk_root_exports, &w);
}

void report_html_text(FILE *out, const char *s)
{
	for (; *s; s++)
		switch (*s) {
		case '&':
			fputs("&amp;", out);
			break;
		case '<':
			fputs("&lt;", out);
			break;
		case '>':
			fputs("&gt;", out);
			break;
		case '"':
			fputs("&quot;", out);
			break;
		case '\'':
			fputs("&#39;", out);
			break;
		case '\n': /* the same in HTML; in Markdown, no blank line */
			fputc(' ', out);
			break;
		default:
			fputc(*s, out);
		}
}

size_t report_failing_modules(const struct report_options *o)
{
	const struct load_verdicts *lv;
	size_t i, n = 0;

	if (!o->modules)
		return 0;
	lv = o->modules->verdicts;
	for (i = 0; i < lv->nfailures; i++)
		if (!i || lv->failures[i].module != lv->failures[i - 1].module)
			n++;
	return n;
}

size_t *report_root_numbers(const struct diff_filter *f)
{
	size_t *numbers = xcalloc(f->d->nroots + 1, sizeof(*numbers));
	size_t i, number = 0;

	for (i = 0; i < f->d->nroots; i++)
		if (f->root_rule[i] == SHOWN)
			numbers[i] = ++number;
	return numbers;
}
