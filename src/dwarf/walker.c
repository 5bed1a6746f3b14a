// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * From type DIEs to the local types of a fragment, one handler per tag;
 * see walker.h.
 */
#include "walker.h"

#include <dwarf.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "../util/path.h"
#include "../util/strbuf.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

/* Problems reported per file before the rest are only counted. */
#define WALKER_ERROR_CAP 10

void walker_init(struct type_walker *w, Dwarf_Die *cu, struct kabi_model *out,
		 const char *path, struct diag *d, atomic_uint *errors)
{
	Dwarf_Attribute attr;
	Dwarf_Die cu_die;
	uint8_t offset_size;
	const char *ident;

	memset(w, 0, sizeof(*w));
	w->cu = *cu;
	w->out = out;
	w->path = path;
	w->diag = d;
	w->errors = errors;
	hashmap_init(&w->seen);
	/* a split unit's folder is its skeleton's (clang names it there only)
	 */
	w->comp_dir =
	    dwarf_formstring(dwarf_attr_integrate(cu, DW_AT_comp_dir, &attr));
	if (!dwarf_diecu(cu, &cu_die, &w->address_size, &offset_size))
		w->address_size = 8;
	ident = elf_getident(dwarf_getelf(dwarf_cu_getdwarf(cu->cu)), NULL);
	w->big_endian = ident && ident[EI_DATA] == ELFDATA2MSB;
}

void walker_free(struct type_walker *w)
{
	line_files_free(&w->files);
	hashmap_free(&w->seen);
	free(w->queue);
	memset(w, 0, sizeof(*w));
}

void walker_error(struct type_walker *w, Dwarf_Die *die, const char *fmt, ...)
{
	va_list ap;

	unsigned seen = atomic_fetch_add(w->errors, 1);

	if (seen >= WALKER_ERROR_CAP) {
		if (seen == WALKER_ERROR_CAP)
			diag_error(
			    w->diag, KABI_E_BAD_DWARF, DIAG_AT_FILE(w->path),
			    "more problems with its DWARF are not shown");
		return;
	}
	va_start(ap, fmt);
	diag_verror(w->diag, KABI_E_BAD_DWARF,
		    DIAG_AT_SECTION(w->path, ".debug_info",
				    die ? dwarf_dieoffset(die) : 0),
		    fmt, ap);
	va_end(ap);
}

/* --- attributes ------------------------------------------------------ */

static const char *die_name(Dwarf_Die *die)
{
	Dwarf_Attribute attr;

	return dwarf_formstring(dwarf_attr_integrate(die, DW_AT_name, &attr));
}

static uint32_t name_of(struct type_walker *w, Dwarf_Die *die)
{
	const char *name = die_name(die);

	return name ? model_intern(w->out, name) : 0;
}

static bool get_udata(Dwarf_Die *die, unsigned at, uint64_t *out)
{
	Dwarf_Attribute attr;
	Dwarf_Word v;

	if (!dwarf_attr_integrate(die, at, &attr) || dwarf_formudata(&attr, &v))
		return false;
	*out = v;
	return true;
}

static bool get_flag(Dwarf_Die *die, unsigned at)
{
	Dwarf_Attribute attr;
	bool v = false;

	if (dwarf_attr(die, at, &attr) && dwarf_formflag(&attr, &v) == 0)
		return v;
	return false;
}

/*
 * A declaring file as the build saw it, cleaned ("drivers/base/power/
 * ../base.h" is "drivers/base/base.h", or two units would see two
 * types) and relative to the compilation directory when it lies below
 * it, so that baselines do not depend on where the kernel was built:
 * "include/linux/skbuff.h".
 */
static uint32_t normalized_file(struct type_walker *w, const char *file)
{
	size_t dirlen = w->comp_dir ? strlen(w->comp_dir) : 0;
	char *clean = xstrdup(file);
	const char *rel = clean;
	uint32_t id;

	path_normalize(clean);
	if (dirlen && !strncmp(clean, w->comp_dir, dirlen) &&
	    clean[dirlen] == '/')
		rel = clean + dirlen + 1;
	id = model_intern(w->out, rel);
	free(clean);
	return id;
}

/*
 * The unit's file table from its line table's header; libdw reads what
 * that reader leaves, reading all the lines too (line_files.h).
 */
static void read_files(struct type_walker *w)
{
	if (!line_files_read(&w->cu, w->comp_dir, &w->files))
		w->files_state = FILES_OURS;
	else if (!dwarf_getsrcfiles(&w->cu, &w->libdw_files, &w->libdw_nfiles))
		w->files_state = FILES_LIBDW;
	else
		w->files_state = FILES_NONE;
}

/* The declaring file of a DIE as the unit's line table names it. */
static const char *decl_file(struct type_walker *w, Dwarf_Die *die)
{
	uint64_t index;

	if (!get_udata(die, DW_AT_decl_file, &index))
		return NULL;
	if (w->files_state == FILES_UNREAD)
		read_files(w);
	if (w->files_state == FILES_OURS)
		return line_file(&w->files, index);
	if (w->files_state == FILES_LIBDW && index < w->libdw_nfiles)
		return dwarf_filesrc(w->libdw_files, index, NULL, NULL);
	return NULL;
}

static void set_decl(struct type_walker *w, Dwarf_Die *die, struct kabi_type *t)
{
	uint64_t line;
	const char *file = decl_file(w, die);

	if (get_udata(die, DW_AT_decl_line, &line))
		t->decl_line = (uint32_t)line;
	if (file)
		t->decl_file = normalized_file(w, file);
}

uint32_t walker_unit_name(struct type_walker *w)
{
	const char *name = die_name(&w->cu);

	return name ? normalized_file(w, name) : 0;
}

bool walker_declared_in_uapi(struct type_walker *w, Dwarf_Die *die)
{
	const char *file = decl_file(w, die);

	return file && path_is_uapi(file);
}

/* --- the queue --------------------------------------------------------- */

/*
 * GCC writes "const int a[4]" as a const array of const int; in C a
 * qualifier on an array type is one on its elements, so the outer one
 * says nothing and is skipped.
 */
static bool redundant_qualifier(Dwarf_Die *die, Dwarf_Die *array)
{
	int tag = dwarf_tag(die);
	Dwarf_Attribute attr;
	Dwarf_Die element;

	if (tag != DW_TAG_const_type && tag != DW_TAG_volatile_type)
		return false;
	if (!dwarf_attr(die, DW_AT_type, &attr) ||
	    !dwarf_formref_die(&attr, array) ||
	    dwarf_tag(array) != DW_TAG_array_type)
		return false;
	return dwarf_attr(array, DW_AT_type, &attr) &&
	       dwarf_formref_die(&attr, &element) && dwarf_tag(&element) == tag;
}

uint32_t walker_type(struct type_walker *w, Dwarf_Die *die)
{
	uint64_t off = dwarf_dieoffset(die);
	Dwarf_Die array;
	uint64_t hash = hash_u64(off);
	struct kabi_type placeholder = {.kind = KABI_UNKNOWN};
	struct hashmap_iter iter;
	struct hashmap_entry *e;
	uint32_t id;

	for (e = hashmap_first(&w->seen, hash, &iter); e;
	     e = hashmap_next(&w->seen, &iter))
		if (e->key == off)
			return (uint32_t)e->value;
	if (redundant_qualifier(die, &array))
		return walker_type(w, &array);
	id = model_add_type(w->out, &placeholder);
	hashmap_add(&w->seen, hash, off, id);
	ALLOC_GROW(w->queue, w->nqueue + 1, w->queue_alloc);
	w->queue[w->nqueue].die = *die;
	w->queue[w->nqueue].id = id;
	w->nqueue++;
	return id;
}

/* The type a DW_AT_type attribute of die refers to. */
static uint32_t walker_type_of_attr(struct type_walker *w, Dwarf_Die *die,
				    Dwarf_Attribute *attr)
{
	Dwarf_Die target;

	if (!dwarf_formref_die(attr, &target)) {
		walker_error(w, die, "cannot follow 'DW_AT_type': %s",
			     dwarf_errmsg(-1));
		return 0;
	}
	return walker_type(w, &target);
}

uint32_t walker_type_of(struct type_walker *w, Dwarf_Die *die)
{
	Dwarf_Attribute attr;

	if (!dwarf_attr_integrate(die, DW_AT_type, &attr))
		return 0; /* no type: void */
	return walker_type_of_attr(w, die, &attr);
}

/* --- one handler per tag ----------------------------------------------- */

/* DWARF's encoding in the model's words; one it has none for, as is. */
static uint16_t model_encoding(uint64_t ate)
{
	switch (ate) {
	case DW_ATE_address:
		return KABI_ENC_ADDRESS;
	case DW_ATE_boolean:
		return KABI_ENC_BOOLEAN;
	case DW_ATE_complex_float:
		return KABI_ENC_COMPLEX_FLOAT;
	case DW_ATE_float:
		return KABI_ENC_FLOAT;
	case DW_ATE_signed:
		return KABI_ENC_SIGNED;
	case DW_ATE_signed_char:
		return KABI_ENC_SIGNED_CHAR;
	case DW_ATE_unsigned:
		return KABI_ENC_UNSIGNED;
	case DW_ATE_unsigned_char:
		return KABI_ENC_UNSIGNED_CHAR;
	case DW_ATE_UTF:
		return KABI_ENC_UTF;
	default:
		return (uint16_t)ate;
	}
}

static void fill_base(struct type_walker *w, Dwarf_Die *die,
		      struct kabi_type *t)
{
	const char *name = die_name(die);
	char canonical[KABI_BASE_NAME_MAX];
	uint64_t v;

	t->kind = KABI_BASE;
	/* one spelling per C type, whichever compiler wrote it */
	if (name)
		t->name =
		    model_intern(w->out, model_base_type_name(name, canonical));
	if (get_udata(die, DW_AT_byte_size, &v))
		t->size = v;
	if (get_udata(die, DW_AT_encoding, &v))
		t->encoding = model_encoding(v);
}

static void fill_reference(struct type_walker *w, Dwarf_Die *die,
			   struct kabi_type *t, enum kabi_kind kind)
{
	uint64_t v;

	t->kind = kind;
	t->target = walker_type_of(w, die);
	if (kind == KABI_POINTER)
		t->size =
		    get_udata(die, DW_AT_byte_size, &v) ? v : w->address_size;
	if (kind == KABI_TYPEDEF) {
		t->name = name_of(w, die);
		set_decl(w, die, t);
	}
}

/*
 * The attributes of a member that kabi reads, found in one pass over the
 * DIE: looked up one by one, each absent attribute (the bit size of most
 * members) cost three scans of its abbreviation, for the attribute and
 * for an abstract origin or specification to follow.
 */
enum member_attr {
	MA_NAME,
	MA_TYPE,
	MA_BIT_SIZE,
	MA_DATA_BIT_OFFSET,
	MA_LOCATION,
	MA_BIT_OFFSET,
	MA_BYTE_SIZE,
	MA_COUNT
};

static const unsigned member_attr_code[MA_COUNT] = {
    [MA_NAME] = DW_AT_name,
    [MA_TYPE] = DW_AT_type,
    [MA_BIT_SIZE] = DW_AT_bit_size,
    [MA_DATA_BIT_OFFSET] = DW_AT_data_bit_offset,
    [MA_LOCATION] = DW_AT_data_member_location,
    [MA_BIT_OFFSET] = DW_AT_bit_offset,
    [MA_BYTE_SIZE] = DW_AT_byte_size,
};

struct member_attrs {
	Dwarf_Attribute attr[MA_COUNT];
	bool have[MA_COUNT];
	bool indirect; /* it names another DIE to take attributes from */
};

static int note_member_attr(Dwarf_Attribute *attr, void *arg)
{
	struct member_attrs *a = arg;
	unsigned code = dwarf_whatattr(attr), i;

	if (code == DW_AT_abstract_origin || code == DW_AT_specification)
		a->indirect = true;
	for (i = 0; i < MA_COUNT; i++)
		if (member_attr_code[i] == code) {
			a->attr[i] = *attr;
			a->have[i] = true;
			break;
		}
	return DWARF_CB_OK;
}

static void read_member_attrs(Dwarf_Die *member, struct member_attrs *a)
{
	unsigned i;

	memset(a, 0, sizeof(*a));
	dwarf_getattrs(member, note_member_attr, a, 0);
	if (!a->indirect) /* C members never are; other DWARF may be */
		return;
	for (i = 0; i < MA_COUNT; i++)
		/* the location is only ever the member's own, as it was */
		if (!a->have[i] && i != MA_LOCATION)
			a->have[i] =
			    dwarf_attr_integrate(member, member_attr_code[i],
						 &a->attr[i]) != NULL;
}

static bool member_udata(struct member_attrs *a, enum member_attr which,
			 uint64_t *out)
{
	Dwarf_Word v;

	if (!a->have[which] || dwarf_formudata(&a->attr[which], &v))
		return false;
	*out = v;
	return true;
}

static int member_location(struct type_walker *w, Dwarf_Die *member,
			   struct member_attrs *a, uint64_t *bytes)
{
	Dwarf_Attribute *attr = &a->attr[MA_LOCATION];
	Dwarf_Word v;
	Dwarf_Op *ops;
	size_t nops;

	*bytes = 0;
	if (!a->have[MA_LOCATION])
		return 0; /* union members have none */
	if (dwarf_formudata(attr, &v) == 0) {
		*bytes = v;
		return 0;
	}
	/* DWARF 2: a location expression, DW_OP_plus_uconst N */
	if (dwarf_getlocation(attr, &ops, &nops) == 0 && nops == 1 &&
	    ops[0].atom == DW_OP_plus_uconst) {
		*bytes = ops[0].number;
		return 0;
	}
	walker_error(w, member, "cannot read 'DW_AT_data_member_location'");
	return -1;
}

/* Offset in bits of a member from the start of its aggregate. */
static uint64_t member_offset(struct type_walker *w, Dwarf_Die *member,
			      struct member_attrs *a, uint32_t bit_size)
{
	uint64_t bytes, bit_offset, storage;

	if (member_udata(a, MA_DATA_BIT_OFFSET, &bit_offset))
		return bit_offset; /* DWARF 4 and later */
	member_location(w, member, a, &bytes);
	if (!bit_size || !member_udata(a, MA_BIT_OFFSET, &bit_offset))
		return bytes * 8;
	/*
	 * DWARF 2 and 3 count DW_AT_bit_offset from the most significant
	 * bit of a storage unit of DW_AT_byte_size bytes.
	 */
	if (!member_udata(a, MA_BYTE_SIZE, &storage)) {
		Dwarf_Die type;

		storage = 0;
		if (a->have[MA_TYPE] &&
		    dwarf_formref_die(&a->attr[MA_TYPE], &type)) {
			Dwarf_Word size;

			storage =
			    dwarf_aggregate_size(&type, &size) == 0 ? size : 0;
		}
	}
	if (w->big_endian)
		return bytes * 8 + bit_offset;
	return bytes * 8 + storage * 8 - bit_offset - bit_size;
}

static void add_member(struct type_walker *w, Dwarf_Die *member)
{
	struct kabi_member m = {0};
	struct member_attrs a;
	const char *name;
	uint64_t v;

	read_member_attrs(member, &a);
	name = a.have[MA_NAME] ? dwarf_formstring(&a.attr[MA_NAME]) : NULL;
	m.name = name ? model_intern(w->out, name) : 0;
	m.type = a.have[MA_TYPE]
		     ? walker_type_of_attr(w, member, &a.attr[MA_TYPE])
		     : 0; /* no type: void */
	if (member_udata(&a, MA_BIT_SIZE, &v))
		m.bit_size = (uint32_t)v;
	m.offset = member_offset(w, member, &a, m.bit_size);
	model_add_member(w->out, &m);
}

static void fill_aggregate(struct type_walker *w, Dwarf_Die *die,
			   struct kabi_type *t, enum kabi_kind kind)
{
	Dwarf_Die child;
	uint64_t v;

	t->kind = kind;
	t->name = name_of(w, die);
	set_decl(w, die, t);
	if (get_flag(die, DW_AT_declaration))
		t->flags |= KABI_TYPE_DECLARATION;
	if (get_udata(die, DW_AT_byte_size, &v))
		t->size = v;
	if (get_udata(die, DW_AT_alignment, &v))
		t->align = (uint32_t)v;
	t->first = (uint32_t)w->out->nmembers;
	if (dwarf_child(die, &child) != 0)
		return;
	do {
		if (dwarf_tag(&child) == DW_TAG_member) {
			add_member(w, &child);
			t->count++;
		}
	} while (dwarf_siblingof(&child, &child) == 0);
}

/*
 * A constant (an enumerator's value, an array bound) as GCC and clang
 * write it: DW_FORM_sdata when negative, else the smallest
 * DW_FORM_dataN, whose bits are the value unsigned. libdw's
 * dwarf_formsdata sign-extends a dataN: the upper bound 255 of
 * "char buf[256]" in a data1 would read -1, and the enumerator 128 -128.
 * An 8-byte all-ones bound is still -1 (older GCC's "[0]").
 */
static bool constant_value(Dwarf_Attribute *attr, Dwarf_Sword *out)
{
	Dwarf_Word u;

	switch (dwarf_whatform(attr)) {
	case DW_FORM_sdata:
	case DW_FORM_implicit_const:
		return dwarf_formsdata(attr, out) == 0;
	default:
		if (dwarf_formudata(attr, &u) != 0)
			return false;
		*out = (Dwarf_Sword)u;
		return true;
	}
}

/* Whether the enum's underlying type is signed (DWARF 5 gives it). */
static int enum_signedness(Dwarf_Die *die)
{
	Dwarf_Attribute attr;
	Dwarf_Die type;
	uint64_t enc;

	if (!dwarf_attr(die, DW_AT_type, &attr) ||
	    !dwarf_formref_die(&attr, &type) ||
	    !get_udata(&type, DW_AT_encoding, &enc))
		return -1; /* unknown */
	return enc == DW_ATE_signed || enc == DW_ATE_signed_char;
}

static void fill_enum(struct type_walker *w, Dwarf_Die *die,
		      struct kabi_type *t)
{
	int is_signed = enum_signedness(die);
	Dwarf_Die child;
	uint64_t v;

	t->kind = KABI_ENUM;
	t->name = name_of(w, die);
	set_decl(w, die, t);
	if (get_flag(die, DW_AT_declaration))
		t->flags |= KABI_TYPE_DECLARATION;
	if (get_udata(die, DW_AT_byte_size, &v))
		t->size = v;
	t->first = (uint32_t)w->out->nenumerators;
	if (dwarf_child(die, &child) != 0)
		return;
	do {
		struct kabi_enumerator e = {0};
		Dwarf_Attribute attr;
		Dwarf_Sword sv;

		if (dwarf_tag(&child) != DW_TAG_enumerator)
			continue;
		e.name = name_of(w, &child);
		if (!dwarf_attr(&child, DW_AT_const_value, &attr))
			walker_error(w, &child, "enumerator without a value");
		else if (constant_value(&attr, &sv)) {
			e.value = (uint64_t)sv;
			if (sv < 0)
				t->flags |= KABI_TYPE_SIGNED;
		}
		if (is_signed > 0)
			t->flags |= KABI_TYPE_SIGNED;
		model_add_enumerator(w->out, &e);
		t->count++;
	} while (dwarf_siblingof(&child, &child) == 0);
}

/* Element count of one array dimension; false when not given. */
static bool subrange_count(Dwarf_Die *sub, uint64_t *count)
{
	Dwarf_Attribute attr;
	Dwarf_Sword upper, lower = 0;
	Dwarf_Word v;

	if (dwarf_attr(sub, DW_AT_count, &attr))
		return dwarf_formudata(&attr, &v) == 0 && (*count = v, true);
	if (!dwarf_attr(sub, DW_AT_upper_bound, &attr) ||
	    !constant_value(&attr, &upper))
		return false; /* flexible array, or a variable bound */
	if (dwarf_attr(sub, DW_AT_lower_bound, &attr) &&
	    !constant_value(&attr, &lower))
		return false;
	/* unsigned: bounds far apart must not overflow a signed subtraction */
	*count = upper >= lower ? (uint64_t)upper - (uint64_t)lower + 1 : 0;
	return true;
}

static void fill_array(struct type_walker *w, Dwarf_Die *die,
		       struct kabi_type *t)
{
	struct {
		uint64_t count;
		bool known;
	} dims[16];
	size_t ndims = 0, i;
	uint32_t inner = walker_type_of(w, die);
	Dwarf_Die child;

	if (dwarf_child(die, &child) == 0) {
		do {
			if (dwarf_tag(&child) != DW_TAG_subrange_type)
				continue;
			if (ndims == sizeof(dims) / sizeof(dims[0])) {
				walker_error(
				    w, die, "array of more than 16 dimensions");
				break;
			}
			dims[ndims].known =
			    subrange_count(&child, &dims[ndims].count);
			ndims++;
		} while (dwarf_siblingof(&child, &child) == 0);
	}
	if (!ndims) {
		dims[0].known = false;
		ndims = 1;
	}
	/* int a[2][3] is an array of 2 arrays of 3: build from the inside */
	for (i = ndims; i-- > 1;) {
		struct kabi_type dim = {.kind = KABI_ARRAY, .target = inner};

		dim.elements = dims[i].known ? dims[i].count : 0;
		dim.flags = dims[i].known ? 0 : KABI_TYPE_NO_COUNT;
		inner = model_add_type(w->out, &dim);
	}
	t->kind = KABI_ARRAY;
	t->target = inner;
	t->elements = dims[0].known ? dims[0].count : 0;
	t->flags = dims[0].known ? 0 : KABI_TYPE_NO_COUNT;
}

/*
 * A function type from a subroutine type or a subprogram. For a
 * subprogram the parameter names are collected too, when names is set.
 */
static void fill_function(struct type_walker *w, Dwarf_Die *die,
			  struct kabi_type *t, bool names)
{
	Dwarf_Attribute attr;
	Dwarf_Die child;
	bool prototyped = false;

	t->kind = KABI_FUNCTION;
	t->target = walker_type_of(w, die);
	if (dwarf_attr_integrate(die, DW_AT_prototyped, &attr))
		dwarf_formflag(&attr, &prototyped);
	if (!prototyped)
		t->flags |= KABI_TYPE_UNPROTOTYPED;
	t->first = (uint32_t)w->out->nparams;
	if (dwarf_child(die, &child) != 0)
		return;
	do {
		switch (dwarf_tag(&child)) {
		case DW_TAG_formal_parameter:
			model_add_param(w->out, walker_type_of(w, &child));
			if (names)
				model_add_param_name(w->out,
						     name_of(w, &child));
			t->count++;
			break;
		case DW_TAG_unspecified_parameters:
			t->flags |= KABI_TYPE_VARIADIC;
			break;
		default:
			break;
		}
	} while (dwarf_siblingof(&child, &child) == 0);
}

static const char *unknown_tag_name(int tag)
{
	switch (tag) {
	case DW_TAG_unspecified_type:
		return "DW_TAG_unspecified_type";
	case DW_TAG_reference_type:
		return "DW_TAG_reference_type";
	case DW_TAG_rvalue_reference_type:
		return "DW_TAG_rvalue_reference_type";
	case DW_TAG_ptr_to_member_type:
		return "DW_TAG_ptr_to_member_type";
	case DW_TAG_class_type:
		return "DW_TAG_class_type";
	case DW_TAG_string_type:
		return "DW_TAG_string_type";
	case DW_TAG_set_type:
		return "DW_TAG_set_type";
	default:
		return NULL;
	}
}

static void fill_unknown(struct type_walker *w, Dwarf_Die *die,
			 struct kabi_type *t)
{
	const char *known = unknown_tag_name(dwarf_tag(die));
	struct strbuf sb = STRBUF_INIT;
	const char *name = die_name(die);

	t->kind = KABI_UNKNOWN;
	if (known)
		strbuf_adds(&sb, known);
	else
		strbuf_addf(&sb, "DW_TAG 0x%x", dwarf_tag(die));
	if (name)
		strbuf_addf(&sb, " %s", name);
	t->name = model_intern(w->out, sb.buf);
	strbuf_release(&sb);
	/* the C ones are expected; anything else is worth a word */
	if (!known)
		walker_error(w, die,
			     "unexpected tag 0x%x where a type should be",
			     dwarf_tag(die));
}

static void fill(struct type_walker *w, Dwarf_Die *die, uint32_t id)
{
	struct kabi_type t = {0};

	switch (dwarf_tag(die)) {
	case DW_TAG_base_type:
		fill_base(w, die, &t);
		break;
	case DW_TAG_pointer_type:
		fill_reference(w, die, &t, KABI_POINTER);
		break;
	case DW_TAG_const_type:
		fill_reference(w, die, &t, KABI_CONST);
		break;
	case DW_TAG_volatile_type:
		fill_reference(w, die, &t, KABI_VOLATILE);
		break;
	case DW_TAG_restrict_type:
		fill_reference(w, die, &t, KABI_RESTRICT);
		break;
	case DW_TAG_atomic_type:
		fill_reference(w, die, &t, KABI_ATOMIC);
		break;
	case DW_TAG_typedef:
		fill_reference(w, die, &t, KABI_TYPEDEF);
		break;
	case DW_TAG_structure_type:
		fill_aggregate(w, die, &t, KABI_STRUCT);
		break;
	case DW_TAG_union_type:
		fill_aggregate(w, die, &t, KABI_UNION);
		break;
	case DW_TAG_enumeration_type:
		fill_enum(w, die, &t);
		break;
	case DW_TAG_array_type:
		fill_array(w, die, &t);
		break;
	case DW_TAG_subroutine_type:
		fill_function(w, die, &t, false);
		break;
	case DW_TAG_subprogram:
		fill_function(w, die, &t, true);
		break;
	default:
		fill_unknown(w, die, &t);
		break;
	}
	w->out->types[id] = t;
}

void walker_drain(struct type_walker *w)
{
	while (w->nqueue) {
		struct pending_die p = w->queue[--w->nqueue];

		fill(w, &p.die, p.id);
	}
}

uint32_t walker_function(struct type_walker *w, Dwarf_Die *subprogram,
			 uint32_t *first_name, uint32_t *nnames)
{
	struct kabi_type placeholder = {.kind = KABI_UNKNOWN}, t = {0};
	uint32_t id = model_add_type(w->out, &placeholder);

	*first_name = (uint32_t)w->out->nparam_names;
	fill_function(w, subprogram, &t, true);
	w->out->types[id] = t;
	*nnames = (uint32_t)(w->out->nparam_names - *first_name);
	return id;
}
