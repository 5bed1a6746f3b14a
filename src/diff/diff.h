/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The diff/ stage: what changed between two models, as a graph.
 *
 * Types are compared in pairs (an old type and the new type in its
 * place), each pair once, walking both graphs side by side from the
 * symbols; recursive types end where a pair is met again. A pair holds
 * its local changes (items: a member moved, an enumerator added) and
 * edges to the pairs of the types it refers to. A pair whose own items
 * are not empty is a root cause; every symbol whose type reaches it, by
 * any path, is affected by it. So each cause is reported once, with the
 * symbols it reaches and the paths to them.
 *
 * Every item is classified here, by the rule that names it (see
 * docs/changes.md); the report only renders. Neither model is changed.
 */
#ifndef KABI_DIFF_H
#define KABI_DIFF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../model/model.h"
#include "../model/names.h"

enum severity { COMPATIBLE, BREAKING };

/*
 * Every kind of change, once: its identifier, the rule name reports
 * show, its classification, and what it says.
 */
#define DIFF_CHANGES                                                           \
	C(SYMBOL_REMOVED, "symbol-removed", BREAKING, "export removed")        \
	C(SYMBOL_ADDED, "symbol-added", COMPATIBLE, "export added")            \
	C(EXPORT_TO_GPL, "export-gpl-only", BREAKING,                          \
	  "export became GPL-only: non-GPL modules can no longer use it")      \
	C(EXPORT_FROM_GPL, "export-not-gpl-only", COMPATIBLE,                  \
	  "export no longer GPL-only")                                         \
	C(EXPORT_FROM_GPL_PINNED, "export-not-gpl-only-pinned", BREAKING,      \
	  "export no longer GPL-only, where a rule file holds it to its "      \
	  "export kind (Debian's buildcheck stops on it)")                     \
	C(NAMESPACE_ADDED, "namespace-added", BREAKING,                        \
	  "export moved into a namespace modules must import")                 \
	C(NAMESPACE_REMOVED, "namespace-removed", COMPATIBLE,                  \
	  "export left its namespace")                                         \
	C(NAMESPACE_REMOVED_PINNED, "namespace-removed-pinned", BREAKING,      \
	  "export left its namespace, where a rule file holds it to its "      \
	  "namespace (Debian's buildcheck stops on it)")                       \
	C(NAMESPACE_CHANGED, "namespace-changed", BREAKING,                    \
	  "export moved to another namespace")                                 \
	C(SYMBOL_KIND, "symbol-kind", BREAKING,                                \
	  "function became variable or the reverse")                           \
	C(MODULE_MOVED, "module-moved", COMPATIBLE,                            \
	  "export moved to another module")                                    \
	C(MODULE_MOVED_PINNED, "module-moved-pinned", BREAKING,                \
	  "export moved to another module, where a rule file holds it to "     \
	  "its module (Red Hat's check-kabi stops on it)")                     \
	C(CRC_CHANGED, "crc-changed", BREAKING,                                \
	  "CRC changed: modules built with modversions will not load")         \
	C(CRC_UNVERSIONED, "crc-unversioned", BREAKING,                        \
	  "no CRC (0x00000000), where a rule file requires one of every "      \
	  "export (Debian's buildcheck: \"ABI is not completely versioned\")") \
	C(TYPE_INFO_LOST, "type-info-lost", BREAKING,                          \
	  "no longer described by debug information")                          \
	C(TYPE_INFO_GAINED, "type-info-gained", COMPATIBLE,                    \
	  "now described by debug information")                                \
	C(TYPE_REPLACED, "type-replaced", BREAKING,                            \
	  "type replaced by another")                                          \
	C(SAME_LAYOUT, "retyped-same-layout", COMPATIBLE,                      \
	  "type replaced by one made of the same scalars at the same offsets") \
	C(SAME_UNDERLYING, "same-underlying-type", COMPATIBLE,                 \
	  "spelled differently, same type underneath")                         \
	C(QUALIFIER_CHANGED, "qualifier-changed", COMPATIBLE,                  \
	  "qualifier added or removed")                                        \
	C(SIZE_CHANGED, "size-changed", BREAKING, "size changed")              \
	C(ALIGN_CHANGED, "alignment-changed", BREAKING, "alignment changed")   \
	C(BECAME_OPAQUE, "became-opaque", BREAKING,                            \
	  "definition no longer visible (declaration only)")                   \
	C(BECAME_DEFINED, "became-defined", COMPATIBLE,                        \
	  "definition now visible")                                            \
	C(MEMBER_ADDED, "member-added", COMPATIBLE, "member added")            \
	C(MEMBER_REMOVED, "member-removed", BREAKING, "member removed")        \
	C(MEMBER_MOVED, "member-moved", BREAKING, "member moved")              \
	C(MEMBER_RENAMED, "member-renamed", COMPATIBLE, "member renamed")      \
	C(RESERVED_USED, "reserved-slot-used", COMPATIBLE,                     \
	  "a reserved member's place taken by members that fit it")            \
	C(MEMBER_REPLACED, "member-replaced-in-place", COMPATIBLE,             \
	  "a member replaced the kABI way (a union keeping the original) by "  \
	  "members that fit its place")                                        \
	C(REPLACEMENT_TOO_BIG, "replacement-too-big", BREAKING,                \
	  "a reserved or replaced member's place taken by members larger "     \
	  "than it")                                                           \
	C(REPLACEMENT_MISPLACED, "replacement-misaligned", BREAKING,           \
	  "a reserved or replaced member's place taken by members more "       \
	  "aligned than it: the union holding them moved")                     \
	C(BITFIELD_CHANGED, "bitfield-changed", BREAKING,                      \
	  "bitfield width changed")                                            \
	C(ENUMERATOR_ADDED, "enumerator-added", COMPATIBLE,                    \
	  "enumerator added")                                                  \
	C(ENUMERATOR_REMOVED, "enumerator-removed", BREAKING,                  \
	  "enumerator removed")                                                \
	C(ENUMERATOR_VALUE, "enumerator-value", BREAKING,                      \
	  "enumerator value changed")                                          \
	C(ENUMERATOR_RENAMED, "enumerator-renamed", COMPATIBLE,                \
	  "enumerator renamed")                                                \
	C(PARAM_ADDED, "parameter-added", BREAKING, "parameter added")         \
	C(PARAM_REMOVED, "parameter-removed", BREAKING, "parameter removed")   \
	C(VARIADIC_CHANGED, "variadic-changed", BREAKING, "variadic changed")  \
	C(PROTOTYPE_CHANGED, "prototype-changed", BREAKING,                    \
	  "declared with a prototype, or no longer")                           \
	C(ARRAY_COUNT, "array-bounds", BREAKING, "array bounds changed")       \
	C(FLEX_ARRAY, "flexible-array", COMPATIBLE,                            \
	  "trailing [0] array became a flexible array member [], or the "      \
	  "reverse")                                                           \
	C(BASE_CHANGED, "base-type-changed", BREAKING,                         \
	  "base type size or encoding changed")                                \
	C(SYSCALL_ADDED, "syscall-added", COMPATIBLE, "system call added")     \
	C(SYSCALL_REMOVED, "syscall-removed", BREAKING,                        \
	  "system call removed: programs making it get ENOSYS")                \
	C(SYSCALL_RENUMBERED, "syscall-renumbered", BREAKING,                  \
	  "system call renumbered: programs built for its old number make "    \
	  "another call")                                                      \
	C(SYSCALL_PARAMETERS, "syscall-parameters", BREAKING,                  \
	  "number of parameters changed")                                      \
	C(SYSCALL_PARAM_TYPE, "syscall-parameter-type", BREAKING,              \
	  "parameter type changed, as the source spells it")                   \
	C(SYSCALL_PARAM_RENAMED, "syscall-parameter-renamed", COMPATIBLE,      \
	  "parameter renamed")                                                 \
	C(UAPI_TYPE_ADDED, "uapi-type-added", COMPATIBLE,                      \
	  "type of the uapi headers added to what the kernel uses")            \
	C(UAPI_TYPE_REMOVED, "uapi-type-removed", BREAKING,                    \
	  "type of the uapi headers no longer defined by the kernel (removed " \
	  "from them, or no longer used)")                                     \
	C(UAPI_TYPE_GREW, "uapi-type-grew", BREAKING,                          \
	  "grew: programs built with the old size pass less than the kernel "  \
	  "now reads, unless it takes the size from them, as clone3, openat2 " \
	  "and sched_setattr do")

enum change_kind {
#define C(id, rule, severity, text) CHANGE_##id,
	DIFF_CHANGES
#undef C
	    CHANGE_COUNT
};

const char *change_rule(enum change_kind kind);
enum severity change_severity(enum change_kind kind);
const char *change_text(enum change_kind kind);

/* Where in a type an item or an edge is. */
enum change_place {
	PLACE_SELF,	  /* the type itself */
	PLACE_MEMBER,	  /* name: the member */
	PLACE_ENUMERATOR, /* name: the enumerator */
	PLACE_PARAM,	  /* index: the parameter, from 0 */
	PLACE_RETURN,
	PLACE_TARGET, /* pointee, element, aliased, qualified */
};

/*
 * One local change. old_value/new_value: sizes and counts in bytes or
 * elements, offsets in bits, enumerator values; old_type/new_type: for a
 * replaced type, the types, in the old and new model.
 */
struct change_item {
	enum change_kind kind;
	enum change_place place;
	const char *name;     /* member or enumerator, in one of the models */
	const char *new_name; /* for a rename */
	uint32_t index;	      /* parameter */
	uint64_t old_value, new_value;
	uint32_t old_type, new_type;
	bool has_values;
};

struct pair_edge {
	uint32_t to; /* pair index */
	enum change_place place;
	const char *name; /* member, for PLACE_MEMBER */
	uint32_t index;	  /* parameter, for PLACE_PARAM */
};

struct type_pair {
	uint32_t old_type, new_type;
	uint32_t first_item, nitems;
	uint32_t first_edge, nedges;
	bool differs;	   /* it or what it reaches has items */
	bool private_type; /* defined in a .c file: modules cannot see in */
	/*
	 * The declared type of an exported variable, whose old and new types
	 * do not stand in each other's place: its items say how they differ,
	 * as a function type's say how a signature did.
	 */
	bool variable;
	enum severity severity; /* of its own items */
};

/* symbol_change.flags beyond its items */
enum {
	/* a root cause reaches it (as its units see the types, by default) */
	SYMCHANGE_TYPE = 1 << 0,
};

/*
 * What the units of an export see: its unit in the old model and in the
 * new (0 where not known). A struct, union or enum either unit only
 * declares is opaque to the export on that side (model.h, kabi_unit).
 */
struct unit_view {
	uint32_t old_unit, new_unit;
};

/*
 * A paired export's type change set against its CRC, the kernel's own
 * word on what its unit sees (docs/changes.md, "Type changes and CRCs").
 */
enum crc_class {
	CRC_NOT_COMPARED, /* a side has no CRC for it */
	CRC_SAME,	  /* neither changed */
	CRC_AGREE,	  /* a type change its unit sees, and a new CRC */
	CRC_ONLY,	  /* a new CRC, no type change its unit sees */
	CRC_HIDDEN,	  /* a type change its unit sees, the CRC kept */
	CRC_BEYOND,	  /* only changes beyond its unit's view; CRC kept */
};

/* What kabi can tell of a CRC_ONLY or CRC_HIDDEN change. */
enum crc_reason {
	CRC_REASON_NONE,
	/* its unit now sees a definition it only declared, or the reverse */
	CRC_REASON_VIEW,
	/* no debug information describes it on a side */
	CRC_REASON_NO_TYPE,
	/* nothing in the binaries: the source or the build */
	CRC_REASON_SOURCE,
	/* CRC_HIDDEN: only array bounds changed, which genksyms reads as
	   written */
	CRC_REASON_ARRAY_BOUND,
	/* CRC_HIDDEN otherwise: kept from genksyms, or exported from elsewhere
	 */
	CRC_REASON_HIDDEN,
};

struct symbol_change {
	uint32_t old_symbol, new_symbol; /* KABI_NONE when absent */
	uint32_t pair;			 /* its type pair, or KABI_NONE */
	uint32_t first_item, nitems;
	uint32_t flags;
	enum severity severity; /* of its own items and its type */
	uint32_t view;		/* in kabi_diff.views; KABI_NONE: unpaired */
	enum crc_class crc_class;
	enum crc_reason crc_reason;
	/*
	 * CRC_REASON_VIEW: the pair its unit's view of changed.
	 */
	uint32_t crc_cause;
	bool crc_now_defined; /* VIEW: the new unit is the one defining it */
	bool crc_hidden_breaking;
};

/*
 * How an export reaches a root cause, by the pointers on the nearest way
 * from the export's type to the changed type: the export holds the
 * type's bytes (its parameter, return or variable type is the type, or
 * embeds it through arrays, typedefs and qualifiers), or reaches it
 * within one pointer, or only through two or more.
 */
enum reach_kind {
	REACH_BY_VALUE,
	REACH_ONE_POINTER,
	REACH_FURTHER,
	REACH_KINDS
};
/* "by value", "within one pointer", "further" */
const char *reach_kind_name(enum reach_kind kind);

/* Exports a root cause reaches: nearest first, then by index, and how. */
struct root_exports {
	uint32_t *symbols; /* symbol_change indices */
	uint8_t *reach;	   /* per symbol: enum reach_kind */
	size_t n;
};

struct root_cause {
	uint32_t pair; /* whose items tell the change */
	/*
	 * No export reaches it as its units see the types, only through a
	 * struct one of them just declares: shown apart, compatible.
	 */
	bool beyond;
	/*
	 * Every pair with this same change, pair first: one struct seen as
	 * two types (a module's own view of it) changed the same way is one
	 * cause.
	 */
	uint32_t *variants;
	size_t nvariants;
	/*
	 * Its verdict, which every format shows: its items' severity, but
	 * compatible beyond every unit's view (and for a private type).
	 */
	enum severity severity;
	/*
	 * The exports it reaches as their units see the types (none when
	 * beyond every unit's view), and through every pointer. Which of
	 * the two the comparison counts: diff_root_reached.
	 */
	struct root_exports visible, transitive;
	/*
	 * For a type without a name of its own (a function type, an
	 * anonymous struct): the nearest named type holding it and the
	 * member that leads to it, or the export whose type it is.
	 */
	uint32_t context_pair; /* or KABI_NONE */
	const char *context_member;
	uint32_t own_symbol; /* symbol change, or KABI_NONE */
};

/*
 * A system call added, removed or changed (kabi diff --syscalls), paired
 * by table and name. Its items: renumbered (old_value, new_value: the
 * numbers), parameters (the counts), a parameter's type (index; name,
 * new_name: the old and new type as spelled) or name (name, new_name).
 */
struct syscall_change {
	uint32_t old_call, new_call; /* in the models' syscalls; or KABI_NONE */
	uint32_t first_item, nitems;
	enum severity severity;
};

/*
 * A type of the uapi headers added, removed or changed (kabi diff
 * --uapi), paired by kind and name. pair: its type pair when in both,
 * whose items say what changed in it; through: when only what it holds
 * changed, the nearest pair with changes of its own; its own items:
 * added, removed, grew (old_value, new_value: the sizes in bytes).
 */
struct uapi_change {
	uint32_t old_type, new_type; /* or KABI_NONE */
	uint32_t pair, through;	     /* or KABI_NONE */
	uint32_t first_item, nitems;
	enum severity severity; /* of all it shows, through included */
};

/* The edges reversed, for walks from a root cause back to exports. */
struct diff_reverse;
/* What the exports' units see, for walks from an export (reach.h). */
struct diff_reach;

struct kabi_diff {
	const struct kabi_model *old, *new;
	struct type_names old_names, new_names;
	struct type_pair *pairs;
	size_t npairs, pairs_alloc;
	struct change_item *items;
	size_t nitems, items_alloc;
	/* names an item lists that neither model spells: "'lo', 'hi'" */
	char **texts;
	size_t ntexts, texts_alloc;
	struct pair_edge *edges;
	size_t nedges, edges_alloc;
	struct symbol_change *symbols; /* sorted by name, then module */
	size_t nsymbols, symbols_alloc;
	/* the exports' views, each once */
	struct unit_view *views;
	size_t nviews;
	/*
	 * Paired exports whose unit neither side knows (types from BTF, a
	 * baseline without units): their CRCs alone tell what their units
	 * saw, and none can be hidden from modversions (docs/changes.md).
	 */
	size_t units_unknown;
	/* DIFF_TRANSITIVE: root causes reach exports through every pointer */
	bool transitive;
	unsigned test_batch; /* DIFF_TEST_BATCH's n, or 0 */
	/* both sides have CRCs; else what lacks them: "OLD", "NEW", "either" */
	bool crcs_compared;
	const char *crcs_missing;
	struct root_cause *roots; /* breaking first, widest first */
	size_t nroots;
	struct diff_reverse *reverse;
	struct diff_reach *reach; /* walks as the exports' units see */
	/* diff_syscalls: by table, then name */
	bool syscalls_compared;
	struct syscall_change *syscalls;
	size_t nsyscalls, syscalls_alloc;
	/* DIFF_UAPI: sorted by spelling ("enum x", "struct y") */
	bool uapi_compared;
	size_t old_nuapi, new_nuapi; /* the uapi types of each side */
	struct uapi_change *uapi;
	size_t nuapi, uapi_alloc;
};

/*
 * Compare two models with up to `threads` threads; d must be freed with
 * diff_free. DIFF_UAPI: also the types of the uapi headers (both must
 * have them, has_uapi), the user-space interface, asked for apart from
 * the module interface.
 */
#define DIFF_UAPI 1u
/*
 * Root causes reach the exports whose types lead to them through any
 * pointer, as kabi did before it kept units: the count of exports as
 * their units see the types becomes the other one.
 */
#define DIFF_TRANSITIVE 2u
/*
 * A test hook: the reach stage in batches of n groups (1 to 512), so that
 * small fixtures cross batches, and checked against a slow walk from each
 * export; a difference aborts.
 */
#define DIFF_TEST_BATCH(n) ((unsigned)(n) << 8)
void diff_models(const struct kabi_model *old, const struct kabi_model *new,
		 unsigned flags, unsigned threads, struct kabi_diff *d);
void diff_free(struct kabi_diff *d);
/*
 * Compare the system calls of the two models too (both must have them):
 * the user-space interface, asked for apart from the module interface.
 */
void diff_syscalls(struct kabi_diff *d);

/*
 * Paths from exports to root causes, for a report. The search state is
 * the paths object's, which its user owns: the diff stays read-only once
 * it is built. Asked root by root, each root costs one walk.
 */
struct diff_paths;
struct diff_paths *diff_paths_new(const struct kabi_diff *d);
void diff_paths_free(struct diff_paths *p);
/*
 * The shortest path from a symbol change's type pair to a root cause (any
 * of its variants), as edge indices (into d->edges), in order; its
 * length, 0 if the pair is the root's own. It passes only what the
 * export's unit sees, unless the root is beyond view or the comparison
 * follows every pointer (DIFF_TRANSITIVE).
 */
size_t diff_paths_find(struct diff_paths *p, uint32_t symbol,
		       const struct root_cause *root, uint32_t *edges,
		       size_t max);

/*
 * The exports a root cause reaches as the comparison counts them: as
 * their units see the types, or through every pointer (DIFF_TRANSITIVE);
 * and the other list, the count a report gives beside.
 */
const struct root_exports *diff_root_reached(const struct kabi_diff *d,
					     const struct root_cause *r);
const struct root_exports *diff_root_other(const struct kabi_diff *d,
					   const struct root_cause *r);

/*
 * Whether types were compared: not when a side is a list of exports
 * alone (a Module.symvers), which knows no types nor kinds.
 */
bool diff_types_compared(const struct kabi_diff *d);

/*
 * Whether a side knows the unit of a paired export: where neither does,
 * its CRC alone says what its unit saw (units_unknown).
 */
bool diff_unit_known(const struct kabi_diff *d, const struct symbol_change *s);

/* Whether a symbol change has a CRC change among its items. */
bool diff_crc_changed(const struct kabi_diff *d, const struct symbol_change *s);

/* The name of a symbol change's symbol (new one when present). */
const char *diff_symbol_name(const struct kabi_diff *d,
			     const struct symbol_change *s);

#endif
