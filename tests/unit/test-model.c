// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The model through its own API, in the style of libbpf's raw BTF tests:
 * small models built in C, their spelling, their deduplication across
 * fragments, the baseline they write and read back, and a diff of a
 * model with itself. No compiler, no DWARF: a second.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tap.h"
#include "diff/diff.h"
#include "model/builder.h"
#include "model/model.h"
#include "model/names.h"
#include "store/store.h"
#include "util/xalloc.h"

/* A fragment as one compilation unit would give it. */
struct frag {
	struct kabi_model *m;
	uint32_t int_t, foo, foo_ptr;
};

static uint32_t add_type(struct kabi_model *m, struct kabi_type t)
{
	return model_add_type(m, &t);
}

static uint32_t str(struct kabi_model *m, const char *s)
{
	return model_intern(m, s);
}

/*
 * struct foo { int a; struct foo *next; } and, when wide, an extra
 * long member: two different struct foo.
 */
static void add_foo(struct frag *f, bool wide)
{
	struct kabi_model *m = f->m;
	struct kabi_member a = {str(m, "a"), 0, 0, 0}, next = {0}, extra = {0};
	uint32_t first;

	f->int_t = add_type(m, (struct kabi_type){.kind = KABI_BASE,
						  .name = str(m, "int"),
						  .size = 4,
						  .encoding = KABI_ENC_SIGNED});
	f->foo = add_type(m, (struct kabi_type){.kind = KABI_STRUCT,
						.name = str(m, "foo"),
						.size = wide ? 24 : 16,
						.decl_file = str(m, "foo.h"),
						.decl_line = 3});
	f->foo_ptr =
	    add_type(m, (struct kabi_type){
			    .kind = KABI_POINTER, .target = f->foo, .size = 8});
	a.type = f->int_t;
	next.name = str(m, "next");
	next.type = f->foo_ptr;
	next.offset = 64;
	first = model_add_member(m, &a);
	model_add_member(m, &next);
	if (wide) {
		extra.name = str(m, "extra");
		extra.type = f->int_t;
		extra.offset = 128;
		model_add_member(m, &extra);
	}
	m->types[f->foo].first = first;
	m->types[f->foo].count = wide ? 3 : 2;
}

/* int foo_len(struct foo *f), as the exported symbol `target`. */
static void add_function(struct frag *f)
{
	struct kabi_model *m = f->m;
	uint32_t fn = add_type(
	    m, (struct kabi_type){.kind = KABI_FUNCTION, .target = f->int_t});
	struct kabi_symbol sym = {.name = str(m, "foo_len"),
				  .flags = KABI_SYM_FUNCTION};

	m->types[fn].first = model_add_param(m, f->foo_ptr);
	m->types[fn].count = 1;
	sym.type = fn;
	sym.first_param = model_add_param_name(m, str(m, "f"));
	sym.nparams = 1;
	model_add_symbol(m, &sym);
}

static struct fragment_summary *summary(bool wide, bool with_symbol)
{
	struct frag f = {xmalloc(sizeof(*f.m)), 0, 0, 0};
	static const uint32_t target = 0;

	model_init(f.m);
	add_foo(&f, wide);
	if (with_symbol)
		add_function(&f);
	return fragment_summarize(f.m, with_symbol ? &target : NULL);
}

/*
 * The final model: one exported function, described by a first fragment
 * (whose struct foo is wide or not), and a second fragment with a struct
 * foo of its own, in a binary of its own (scope).
 */
static void build(struct kabi_model *out, bool first_wide, bool second_wide,
		  uint32_t scope)
{
	struct model_builder *b = model_builder_new();
	struct kabi_symbol s = {0};

	model_init(out);
	out->arch = model_intern(out, "x86-64");
	out->bits = 64;
	out->byte_order = KABI_ORDER_LITTLE;
	s.name = model_intern(out, "foo_len");
	s.module = model_intern(out, "vmlinux");
	s.flags = KABI_SYM_FUNCTION | KABI_SYM_HAS_CRC;
	s.crc = 0x1234;
	model_add_symbol(out, &s);
	model_builder_add(b, summary(first_wide, true), MODEL_SCOPE_VMLINUX);
	model_builder_add(b, summary(second_wide, false), scope);
	model_builder_finish(b, out);
	model_builder_free(b);
}

static char *write_baseline(const struct kabi_model *m)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	store_write(m, f, 2);
	fclose(f);
	return buf;
}

static size_t count_kind(const struct kabi_model *m, enum kabi_kind kind)
{
	size_t i, n = 0;

	for (i = 0; i < m->ntypes; i++)
		n += m->types[i].kind == kind;
	return n;
}

struct ref_count {
	size_t n;
	uint32_t last;
};

static void count_ref(uint32_t ref, void *ctx)
{
	struct ref_count *c = ctx;

	c->n++;
	c->last = ref;
}

static void test_dedup_and_spelling(void)
{
	struct kabi_model m;
	struct type_names names;
	struct ref_count refs = {0, 0};
	uint32_t fn;
	size_t i;

	build(&m, false, false, 1);
	is_int(count_kind(&m, KABI_STRUCT), 1,
	       "one struct foo seen in two fragments is one type");
	ok(m.symbols[0].flags & KABI_SYM_HAS_TYPE, "the export has its type");
	fn = m.symbols[0].type;
	type_names_compute(&m, &names);
	is_str(type_spelling(&names, fn), "int (struct foo *)",
	       "a function type is spelled as C writes it");
	for (i = 0; i < m.ntypes; i++)
		if (m.types[i].kind == KABI_POINTER)
			is_str(type_baseline_id(&names, (uint32_t)i),
			       "struct foo *",
			       "a pointer's id is its spelling");
	model_for_each_ref(&m, fn, count_ref, &refs);
	is_int(refs.n, 2, "a function type refers to its return and parameter");
	type_names_free(&names);
	model_free(&m);

	build(&m, false, true, 1);
	is_int(count_kind(&m, KABI_STRUCT), 2,
	       "two different struct foo stay two types");
	type_names_compute(&m, &names);
	for (i = 0; i < m.ntypes; i++)
		if (m.types[i].kind == KABI_STRUCT)
			ok(!strncmp(type_baseline_id(&names, (uint32_t)i),
				    "struct foo#", 11),
			   "two struct foo get ids of their own");
	type_names_free(&names);
	model_free(&m);
}

static void test_baseline_roundtrip(void)
{
	char path[] = "/tmp/kabi-test-model.XXXXXX";
	struct kabi_model m, back;
	struct diag d;
	char *first, *again;
	int fd;

	build(&m, false, false, 1);
	first = write_baseline(&m);
	ok(strstr(first,
		  "<symbol name=\"foo_len\" kind=\"function\" "
		  "module=\"vmlinux\" export=\"EXPORT_SYMBOL\" "
		  "crc=\"0x00001234\" type=\"int (struct foo *)\">") != NULL,
	   "the baseline names the symbol's type by its id");
	ok(strstr(first, "<member name=\"next\" type=\"struct foo *\" "
			 "offset=\"8\"/>") != NULL,
	   "a member's offset is in bytes");
	fd = mkstemp(path);
	ok(fd >= 0 && write(fd, first, strlen(first)) == (ssize_t)strlen(first),
	   "baseline written to a file");
	close(fd);
	diag_init(&d);
	model_init(&back);
	is_int(store_read_file(path, &back, &d), 0, "and read back");
	again = write_baseline(&back);
	is_str(again, first, "write(read(write(m))) == write(m)");
	unlink(path);
	diag_free(&d);
	free(first);
	free(again);
	model_free(&back);
	model_free(&m);
}

/* A baseline's ids as names: the spelling drops only a "#" and 12 hex. */
static void test_names_from_ids(void)
{
	static const char *const ids[][2] = {
	    {"struct priv#0123456789ab", "struct priv"},
	    {"struct priv *#0123456789ab-2", "struct priv *"},
	    {"struct odd#0123", "struct odd#0123"},
	    {"struct odd#0123456789abc", "struct odd#0123456789abc"},
	    {"int", "int"},
	};
	size_t n = sizeof(ids) / sizeof(ids[0]), i;
	uint32_t off[sizeof(ids) / sizeof(ids[0]) + 1];
	struct type_names names;
	struct strset set;

	strset_init(&set);
	for (i = 0; i < n; i++)
		off[i + 1] = strset_add(&set, ids[i][0]);
	type_names_from_ids(&names, &set, off, n + 1);
	is_str(type_baseline_id(&names, 0), "void", "void is void");
	for (i = 0; i < n; i++) {
		is_str(type_baseline_id(&names, (uint32_t)i + 1), ids[i][0],
		       "the id is as read");
		is_str(type_spelling(&names, (uint32_t)i + 1), ids[i][1],
		       "the spelling drops only a whole hash");
	}
	type_names_free(&names);
	strset_free(&set);
}

static void test_diff_with_itself(void)
{
	struct kabi_model a, b;
	struct kabi_diff d;
	size_t i, changed = 0;

	build(&a, false, false, 1);
	build(&b, false, false, 1);
	diff_models(&a, &b, 0, 2, &d);
	for (i = 0; i < d.nsymbols; i++)
		changed += d.symbols[i].nitems ||
			   (d.symbols[i].flags & SYMCHANGE_TYPE);
	is_int(d.nroots, 0, "a model compared with itself: no root cause");
	is_int(changed, 0, "and no export changed");
	diff_free(&d);
	model_free(&b);
	build(&b, true, true, 1);
	diff_models(&a, &b, 0, 2, &d);
	ok(d.nroots >= 1, "a struct that grew is a root cause");
	diff_free(&d);
	model_free(&a);
	model_free(&b);
}

/* GCC's and Clang's spellings of the C integer types are one spelling. */
static void test_base_type_names(void)
{
	static const char *const pairs[][2] = {
	    {"unsigned long", "long unsigned int"},
	    {"long unsigned int", "long unsigned int"},
	    {"long", "long int"},
	    {"signed long", "long int"},
	    {"long long", "long long int"},
	    {"unsigned long long", "long long unsigned int"},
	    {"short", "short int"},
	    {"unsigned short", "short unsigned int"},
	    {"unsigned", "unsigned int"},
	    {"signed", "int"},
	    {"signed int", "int"},
	    {"char", "char"},
	    {"signed char", "signed char"},
	    {"unsigned char", "unsigned char"},
	    {"unsigned __int128", "__int128 unsigned"},
	    {"__int128", "__int128"},
	    {"_Bool", "_Bool"},
	    {"double", "double"},
	    {"long double", "long double"},
	    {"long long long", "long long long"},
	    {"unsigned float", "unsigned float"},
	};
	char buf[KABI_BASE_NAME_MAX], what[96];
	size_t i;

	for (i = 0; i < sizeof(pairs) / sizeof(*pairs); i++) {
		snprintf(what, sizeof(what), "'%s' is spelt '%s'", pairs[i][0],
			 pairs[i][1]);
		is_str(model_base_type_name(pairs[i][0], buf), pairs[i][1],
		       what);
	}
}

int main(void)
{
	store_init();
	test_base_type_names();
	test_dedup_and_spelling();
	test_baseline_roundtrip();
	test_names_from_ids();
	test_diff_with_itself();
	return tap_done();
}
