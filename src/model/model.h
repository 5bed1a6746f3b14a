/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The model/ stage: an ABI corpus. The exported symbols of a kernel and
 * the graph of the types they use, in the style of BTF: types refer to
 * types by 32-bit id, names are offsets into one string set, and the
 * variable-length parts of types (members, enumerators, parameters) live
 * in arrays of their own. The model never mentions DWARF or XML; both
 * readers produce it and every later stage consumes it.
 *
 * Type 0 is void. A model owns all its memory.
 */
#ifndef KABI_MODEL_H
#define KABI_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../util/strset.h"

struct type_names;

/*
 * "No such thing" for any 32-bit index or id: no pair, no symbol, no
 * rule. One sentinel for every stage.
 */
#define KABI_NONE UINT32_MAX

enum kabi_kind {
	KABI_VOID,
	KABI_BASE,
	KABI_POINTER,
	KABI_CONST,
	KABI_VOLATILE,
	KABI_RESTRICT,
	KABI_ATOMIC,
	KABI_TYPEDEF,
	KABI_STRUCT,
	KABI_UNION,
	KABI_ENUM,
	KABI_ARRAY,
	KABI_FUNCTION,
	KABI_UNKNOWN, /* a type kabi cannot represent; name says what */
	KABI_KIND_COUNT
};

/*
 * How a base type's bits are read. The values are DWARF's DW_ATE_* ones,
 * so that a reader of DWARF maps them one to one and the hashes of
 * baseline ids stay what they were; other readers use the names.
 */
enum kabi_encoding {
	KABI_ENC_NONE = 0,
	KABI_ENC_ADDRESS = 0x1,
	KABI_ENC_BOOLEAN = 0x2,
	KABI_ENC_COMPLEX_FLOAT = 0x3,
	KABI_ENC_FLOAT = 0x4,
	KABI_ENC_SIGNED = 0x5,
	KABI_ENC_SIGNED_CHAR = 0x6,
	KABI_ENC_UNSIGNED = 0x7,
	KABI_ENC_UNSIGNED_CHAR = 0x8,
	KABI_ENC_UTF = 0x10,
};

enum kabi_byte_order {
	KABI_ORDER_UNKNOWN,
	KABI_ORDER_LITTLE,
	KABI_ORDER_BIG,
};

/* Another tool's baseline a corpus was read from (kabi_model.foreign). */
enum kabi_foreign {
	KABI_FOREIGN_NONE,
	KABI_FOREIGN_STG,    /* STG's native format (.stg) */
	KABI_FOREIGN_ABIXML, /* libabigail's ABIXML (abidw) */
};

/* kabi_type.flags */
enum {
	KABI_TYPE_DECLARATION = 1
				<< 0, /* struct/union/enum known by name only */
	KABI_TYPE_AMBIGUOUS =
	    1 << 1, /* ... and the tree defines it several ways */
	KABI_TYPE_VARIADIC = 1 << 2,	 /* function: ends with "..." */
	KABI_TYPE_UNPROTOTYPED = 1 << 3, /* function: K&R "()" */
	KABI_TYPE_NO_COUNT = 1 << 4,	 /* array: count not given (flexible) */
	KABI_TYPE_SIGNED = 1 << 5,	 /* enum: values are signed */
};

struct kabi_type {
	uint8_t kind;
	uint8_t flags;
	/* base types: enum kabi_encoding */
	uint16_t encoding;
	/* string offset; 0: anonymous */
	uint32_t name;
	/* pointee, qualified, aliased, element or return type */
	uint32_t target;
	/* the first member, enumerator or parameter, and how many */
	uint32_t first;
	uint32_t count;
	/* bytes; 0: not given */
	uint32_t align;
	/* bytes; 0 for an array, whose length is its element count */
	uint64_t size;
	/* an array's element count (0 and KABI_TYPE_NO_COUNT: not given) */
	uint64_t elements;
	/* string offset of the declaring file (0: unknown), and its line */
	uint32_t decl_file;
	uint32_t decl_line;
};

struct kabi_member {
	uint32_t name; /* 0: anonymous member */
	uint32_t type;
	uint64_t offset;   /* in bits from the start of the aggregate */
	uint32_t bit_size; /* 0: not a bitfield */
};

struct kabi_enumerator {
	uint32_t name;
	uint64_t value; /* as int64_t if the enum is KABI_TYPE_SIGNED */
};

/* kabi_symbol.flags */
enum {
	KABI_SYM_FUNCTION = 1 << 0, /* else a variable */
	KABI_SYM_GPL = 1 << 1,	    /* EXPORT_SYMBOL_GPL */
	KABI_SYM_HAS_CRC = 1 << 2,
	KABI_SYM_HAS_TYPE = 1 << 3, /* DWARF described it */
	/*
	 * A rule file holds the export to its module (Red Hat's lists): a
	 * move is breaking. Set on OLD before a diff, never kept in a
	 * baseline; so are the two below.
	 */
	KABI_SYM_MODULE_PINNED = 1 << 4,
	/*
	 * A rule file holds the export to its export kind and namespace,
	 * as Debian's buildcheck compares every field but the module: a
	 * laxer kind or a namespace left is breaking too (on OLD).
	 */
	KABI_SYM_FIELDS_PINNED = 1 << 7,
	/*
	 * A rule file requires a CRC of every export (Debian's buildcheck:
	 * "ABI is not completely versioned!"): one of 0, or none, is
	 * breaking (on NEW).
	 */
	KABI_SYM_CRC_REQUIRED = 1 << 8,
	/*
	 * Known from a symbol list alone (Red Hat's Module.kabi), not from
	 * OLD: no type to compare (on OLD).
	 */
	KABI_SYM_FROM_LIST = 1 << 9,
	/*
	 * From the DWARF reader to the model builder only: the fragment's
	 * unit holds the export's EXPORT_SYMBOL; the fragment describes it
	 * by its declaration there (another unit defines it), for the unit
	 * alone.
	 */
	KABI_SYM_EXPORTED_HERE = 1 << 5,
	KABI_SYM_DECLARED = 1 << 6,
};

struct kabi_symbol {
	uint32_t name;
	uint32_t module; /* "vmlinux" or a module path */
	uint32_t ns;	 /* namespace; 0: none */
	uint32_t crc;
	uint32_t type;	      /* a function type, or the variable's type */
	uint32_t first_param; /* parameter names, in param_names */
	uint32_t nparams;
	uint32_t flags;
	/*
	 * The unit that exports it, in units (the one that defines it, but
	 * when another unit holds its EXPORT_SYMBOL); 0: not known
	 */
	uint32_t unit;
};

/*
 * A struct, union or enum as a unit names it: by kind and name, as C
 * looks up a tag within one compilation unit.
 */
struct kabi_tag {
	uint32_t name;
	uint8_t kind;
};

/*
 * A unit: a compilation unit that defines exports, and what it could see
 * of their types. genksyms computes an export's CRC in its unit, where
 * a struct, union or enum the unit defines is expanded and one it only
 * declares is opaque ("struct foo { UNKNOWN }"): a type change reaches
 * the CRC through the definitions the unit holds, and no further. So
 * each unit keeps the tags it declares without defining (opaque, sorted
 * by kind, then name), and each export its unit.
 *
 * Unit 0 is no unit: the exports of a reader that cannot tell (BTF, a
 * baseline written before units were kept) refer to it, and their
 * types are followed through every pointer.
 */
struct kabi_unit {
	uint32_t module;		/* "vmlinux" or the module's path */
	uint32_t name;			/* its source file: "net/core/dev.c" */
	uint32_t first_opaque, nopaque; /* in opaque */
};

/*
 * A system call of one of the kernel's tables. Its parameters are pairs
 * of strings (the C type as the source spells it, the name) in
 * syscall_params, from first_param on.
 */
struct kabi_syscall {
	uint32_t abi;	 /* the table: "x86-64", "i386", "arm64", ... */
	uint32_t number; /* its slot */
	uint32_t name;	 /* "read" */
	int32_t nparams; /* -1: not known */
	uint32_t first_param;
};

struct kabi_model {
	struct strset strings;
	struct kabi_type *types;
	size_t ntypes, types_alloc;
	struct kabi_member *members;
	size_t nmembers, members_alloc;
	struct kabi_enumerator *enumerators;
	size_t nenumerators, enumerators_alloc;
	uint32_t *params; /* parameter types of function types */
	size_t nparams, params_alloc;
	struct kabi_symbol *symbols;
	size_t nsymbols, symbols_alloc;
	uint32_t *param_names; /* parameter names of function symbols */
	size_t nparam_names, param_names_alloc;
	/* the exports' units, sorted by module, then name, after unit 0 */
	struct kabi_unit *units;
	size_t nunits, units_alloc;
	struct kabi_tag *opaque;
	size_t nopaque, opaque_alloc;
	/*
	 * the user-space interface, when asked for: system calls, and the
	 * structs, unions and enums of the uapi headers (has_uapi: every
	 * one vmlinux and the modules read define is among the types, found
	 * by its declaring file, path_is_uapi)
	 */
	bool has_uapi;
	bool has_syscalls;
	struct kabi_syscall *syscalls; /* by table, then number */
	size_t nsyscalls, syscalls_alloc;
	uint32_t *syscall_params; /* (type, name) string pairs */
	size_t nsyscall_params, syscall_params_alloc;
	/*
	 * What could not be read when the corpus was made: one message per
	 * error ("drivers/x.ko: error: ..."). A corpus with errors describes
	 * an incomplete kernel, and says so wherever it goes.
	 */
	uint32_t *errors;
	size_t nerrors, errors_alloc;
	/*
	 * Exports only, as a Module.symvers lists them: no types, and no
	 * function told from variable. A comparison with such a corpus
	 * compares exports alone, and says so.
	 */
	bool no_types;
	/*
	 * The types come from BTF, not DWARF: no declaring files, no
	 * alignment, no "[0]" told from "[]", functions and per-CPU
	 * variables only. A comparison with a DWARF corpus ignores what
	 * only one side can say (docs/changes.md).
	 */
	bool from_btf;
	/*
	 * Read from another tool's baseline (enum kabi_foreign): STG's native
	 * format (stg/stg.h) or libabigail's ABIXML (abixml/abixml.h). Their
	 * types are DWARF's as that tool kept them, which says as little as
	 * BTF in every way the comparison cares for (no declaring files, no
	 * alignment, no K&R prototypes, "[0]" as "[]"), so they are compared
	 * as a BTF corpus's are (model_types_as_btf). Neither keeps an
	 * export's module or export kind: every symbol's module is "" (not
	 * known) and none is GPL, and a comparison ignores both where either
	 * side is foreign. Neither keeps a parameter's own qualifiers; ABIXML
	 * keeps no bit-field's width either (model_foreign_*).
	 */
	uint8_t foreign;
	/* what the corpus describes */
	uint32_t arch;	    /* "x86-64", ... */
	uint8_t bits;	    /* 32 or 64; 0: not known (an old baseline) */
	uint8_t byte_order; /* enum kabi_byte_order */
	uint32_t release;   /* kernel release, 0 if unknown */
	/*
	 * The types' names and ids as a baseline gave them (names.h), or
	 * NULL: a model of a kernel's files, or one cut down or changed
	 * after reading, has them computed where they are needed.
	 */
	struct type_names *names;
};

void model_init(struct kabi_model *m);
void model_free(struct kabi_model *m);

static inline const char *model_str(const struct kabi_model *m, uint32_t off)
{
	return strset_str(&m->strings, off);
}

static inline uint32_t model_intern(struct kabi_model *m, const char *s)
{
	return strset_add(&m->strings, s);
}

static inline const struct kabi_type *model_type(const struct kabi_model *m,
						 uint32_t id)
{
	return &m->types[id];
}

/*
 * Whether a corpus's types say as little as BTF's: read from BTF, or
 * from another tool's baseline (which kept DWARF's, less what BTF lacks
 * too).
 */
static inline bool model_types_as_btf(const struct kabi_model *m)
{
	return m->from_btf || m->foreign;
}

/* The other tool's format a corpus was read from, for messages; or NULL. */
const char *model_foreign_name(const struct kabi_model *m);
/* Its name in a baseline's types attribute ("stg", "abixml"), or NULL. */
const char *model_foreign_types(const struct kabi_model *m);
/* The foreign format a types attribute names, or KABI_FOREIGN_NONE. */
enum kabi_foreign model_foreign_of_types(const char *types);

/*
 * Whether a corpus knows its bit-fields' widths: ABIXML keeps none (a
 * bit-field is a member of its type at its bit offset), and a
 * comparison with it compares members by offset alone.
 */
static inline bool model_keeps_bit_sizes(const struct kabi_model *m)
{
	return m->foreign != KABI_FOREIGN_ABIXML;
}

/*
 * Whether a corpus writes its types whole. libabigail's ABIXML does
 * not: it writes "const void *" as "void *", an exported array as the
 * header's "extern char x[]" declared it (no bound), and a struct whose
 * definition no unit it kept holds as a declaration. Against a corpus
 * that keeps them, these are not changes (diff_side_lacks); two ABIXML
 * corpora lack the same and are compared as they are.
 */
static inline bool model_keeps_whole_types(const struct kabi_model *m)
{
	return m->foreign != KABI_FOREIGN_ABIXML;
}

/* Whether either side of a comparison is another tool's baseline. */
static inline bool model_either_foreign(const struct kabi_model *a,
					const struct kabi_model *b)
{
	return a->foreign || b->foreign;
}

/* The type a chain of typedefs and qualifiers ends at. */
uint32_t model_strip_typedefs(const struct kabi_model *m, uint32_t id);
/* Bits of a type, arrays counted whole; 0 where a chain does not end. */
uint64_t model_type_bits(const struct kabi_model *m, uint32_t id);

/* Append a type (its members etc. must be added right after); its id. */
uint32_t model_add_type(struct kabi_model *m, const struct kabi_type *t);
/* Append to the variable-length parts; each returns the new index. */
uint32_t model_add_member(struct kabi_model *m, const struct kabi_member *mb);
uint32_t model_add_enumerator(struct kabi_model *m,
			      const struct kabi_enumerator *e);
uint32_t model_add_param(struct kabi_model *m, uint32_t type);
uint32_t model_add_symbol(struct kabi_model *m, const struct kabi_symbol *s);
uint32_t model_add_param_name(struct kabi_model *m, uint32_t name);
/* A unit with no opaque tags yet; then its tags, in order, one by one. */
uint32_t model_add_unit(struct kabi_model *m, uint32_t module, uint32_t name);
void model_add_opaque(struct kabi_model *m, uint32_t unit,
		      const struct kabi_tag *tag);
/* A unit's opaque tags, u->nopaque of them. */
static inline const struct kabi_tag *
kabi_unit_opaque(const struct kabi_model *m, const struct kabi_unit *u)
{
	return u->nopaque ? m->opaque + u->first_opaque : NULL;
}
/*
 * Sort the units by module, then name (their tags by kind, then name,
 * once each) and point the symbols at their new places.
 */
void model_sort_units(struct kabi_model *m);
/* Order of two tags: kind, then name; in one model. */
int model_compare_tags(const struct kabi_model *m, const struct kabi_tag *a,
		       const struct kabi_tag *b);
/* A system call, and one parameter of the last one added. */
uint32_t model_add_syscall(struct kabi_model *m, const struct kabi_syscall *c);
void model_add_syscall_param(struct kabi_model *m, uint32_t type,
			     uint32_t name);
/*
 * Chains of qualifiers in one order (const, volatile, restrict, _Atomic,
 * outermost first), whatever order the compiler wrote: GCC writes 'const
 * volatile' mostly as const of volatile, but not always, and Clang the
 * other way. The type readers call it on each fragment before it is
 * summarized, and the baseline reader on what it read.
 */
void model_order_qualifiers(struct kabi_model *m);
/* Note what could not be read; kept sorted, once each. */
void model_add_error(struct kabi_model *m, const char *message);

/*
 * A copy of `in` holding only the symbols marked in keep (one flag per
 * symbol) and the types they reach.
 */
void model_restrict(const struct kabi_model *in, const bool *keep,
		    struct kabi_model *out);

/* Sort symbols by name, then module. */
void model_sort_symbols(struct kabi_model *m);

/* --- the parts of a type ------------------------------------------------- */

/*
 * A struct's or union's members, an enum's enumerators, a function type's
 * parameter types: t->count of each, in order (none for other kinds).
 */
static inline const struct kabi_member *kabi_members(const struct kabi_model *m,
						     const struct kabi_type *t)
{
	return t->count ? m->members + t->first : NULL;
}

static inline const struct kabi_enumerator *
kabi_enumerators(const struct kabi_model *m, const struct kabi_type *t)
{
	return t->count ? m->enumerators + t->first : NULL;
}

static inline const uint32_t *kabi_params(const struct kabi_model *m,
					  const struct kabi_type *t)
{
	return t->count ? m->params + t->first : NULL;
}

/*
 * References that close a loop other than through a struct or union (a
 * typedef of itself, a pointer to itself): only damaged input makes them
 * (cycles.c). Each is type's reference: 0 its target, k its k-th param.
 */
struct model_loop {
	uint32_t type;
	uint32_t reference;
};
/* The loops of m, in a new array (*loops, freed by the caller). */
size_t model_find_loops(const struct kabi_model *m, struct model_loop **loops);
/*
 * Cut each loop (the reference made void): one error at path, of damaged
 * what ("BTF", "DWARF"). How many there were.
 */
struct diag;
size_t model_cut_loops(struct kabi_model *m, const char *path, const char *what,
		       struct diag *d);

/* const, volatile, restrict, _Atomic */
bool kabi_kind_is_qualifier(enum kabi_kind kind);
/*
 * A kind whose target field is a type: pointers, qualifiers, typedefs,
 * arrays (the element) and function types (the return type).
 */
bool kabi_kind_has_target(enum kabi_kind kind);
/* struct and union */
bool kabi_kind_has_members(enum kabi_kind kind);

/*
 * Every type a type refers to, in a fixed order: its target, then its
 * members' types or its parameters' types. The one walk over references
 * that every pass uses; visit gets each reference by address, so that a
 * pass that numbers types anew (a copy, a reader resolving ids) rewrites
 * it in place.
 */
typedef void (*kabi_ref_visitor)(uint32_t *ref, void *ctx);
void model_visit_refs(struct kabi_model *m, uint32_t id, kabi_ref_visitor visit,
		      void *ctx);
/* The same, to read them. */
typedef void (*kabi_ref_reader)(uint32_t ref, void *ctx);
void model_for_each_ref(const struct kabi_model *m, uint32_t id,
			kabi_ref_reader read, void *ctx);

/* "struct", "union", "pointer", ... as used in baselines and reports */
const char *kabi_kind_name(enum kabi_kind kind);
/*
 * "signed", "unsigned-char", ... as baselines spell an encoding; NULL for
 * a value without a name (baselines then give the number).
 */
const char *kabi_encoding_name(unsigned encoding);
/* The encoding a name spells; false if none does. */
bool kabi_encoding_parse(const char *name, unsigned *encoding);
/*
 * The one spelling of a C integer type, whatever the compiler wrote:
 * GCC's ("long unsigned int", "short int", "__int128 unsigned"), so that
 * Clang's "unsigned long" is the same type. Other names are returned as
 * they are; buf (at least KABI_BASE_NAME_MAX bytes) may hold the result.
 */
#define KABI_BASE_NAME_MAX 32
const char *model_base_type_name(const char *name, char *buf);
/*
 * Whether two corpora describe kernels of one machine, class and byte
 * order, as far as both say; if not, a description of each ("x86-64,
 * 64-bit, little-endian") in a and b, of size len.
 */
bool model_same_machine(const struct kabi_model *x, const struct kabi_model *y,
			char *a, char *b, size_t len);
/*
 * A struct, union, enum or typedef with a name: a type with an identity
 * of its own, which its kind and name find.
 */
bool kabi_type_has_identity(const struct kabi_type *t);

#endif
