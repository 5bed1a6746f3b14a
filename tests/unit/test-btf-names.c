// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Which BTF FUNC an export is, where several share its name: a C
 * definition before an assembler one (void (void), as pahole writes
 * gas's description), the first of like prototypes, and none of unlike
 * ones (a static function beside the export), which is said.
 */
#include "tap.h"
#include "btf/btf_impl.h"

struct fixture {
	struct btf *btf;
	int by_c, var;
};

/* ret (arg1 p1, arg2 p2) */
static int add_proto(struct btf *btf, int ret, int arg1, int arg2,
		     const char *p1, const char *p2)
{
	int proto = btf__add_func_proto(btf, ret);

	btf__add_func_param(btf, p1, arg1);
	btf__add_func_param(btf, p2, arg2);
	return proto;
}

static void build(struct fixture *f)
{
	struct btf *btf = btf__new_empty();
	int i32 = btf__add_int(btf, "int", 4, BTF_INT_SIGNED);
	int i64 = btf__add_int(btf, "long int", 8, BTF_INT_SIGNED);
	int ptr = btf__add_ptr(btf, 0);
	int c1 = add_proto(btf, i32, ptr, i64, "to", "n");
	int c2 = add_proto(btf, i32, ptr, i64, "dst", "len"); /* like c1 */
	int other = add_proto(btf, i64, i64, ptr, "a", "b");
	int asm_proto = btf__add_func_proto(btf, 0);

	f->btf = btf;
	/* copy: assembler first in link order, then C, then a C twin */
	btf__add_func(btf, "copy", BTF_FUNC_STATIC, asm_proto);
	f->by_c = btf__add_func(btf, "copy", BTF_FUNC_STATIC, c1);
	btf__add_func(btf, "copy", BTF_FUNC_STATIC, c2);
	/* reset: the export and a static namesake of another prototype */
	btf__add_func(btf, "reset", BTF_FUNC_STATIC, c1);
	btf__add_func(btf, "reset", BTF_FUNC_STATIC, other);
	/* start: only in assembler; counter: a variable and a function */
	btf__add_func(btf, "start", BTF_FUNC_STATIC, asm_proto);
	f->var = btf__add_var(btf, "counter", BTF_VAR_GLOBAL_ALLOCATED, i32);
	btf__add_func(btf, "counter", BTF_FUNC_STATIC, c1);
}

int main(void)
{
	struct fixture f;
	struct hashmap names;
	bool ambiguous;
	uint32_t id;

	build(&f);
	kbtf_index_names(f.btf, &names);

	id = kbtf_find_export(f.btf, &names, "copy", true, &ambiguous);
	is_int(id, f.by_c, "a C definition before an assembler one");
	ok(!ambiguous, "prototypes alike but for parameter names agree");

	id = kbtf_find_export(f.btf, &names, "reset", true, &ambiguous);
	is_int(id, 0, "unlike prototypes under one name: none chosen");
	ok(ambiguous, "... and the caller is told why");

	id = kbtf_find_export(f.btf, &names, "start", true, &ambiguous);
	ok(id && !ambiguous, "an assembler function alone is still found");

	id = kbtf_find_export(f.btf, &names, "counter", false, &ambiguous);
	is_int(id, f.var, "a variable's VAR, not a function's FUNC");
	ok(!ambiguous, "a variable is never ambiguous with a function");

	id = kbtf_find_export(f.btf, &names, "absent", true, &ambiguous);
	ok(!id && !ambiguous, "a name BTF lacks: 0, not ambiguous");

	hashmap_free(&names);
	btf__free(f.btf);
	return tap_done();
}
