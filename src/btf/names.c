// SPDX-License-Identifier: GPL-2.0-or-later
/* Which BTF FUNC or VAR an export is; see btf_impl.h. */
#include <string.h>

#include "btf_impl.h"
#include "../util/banned.h"

/* A file's FUNC and VAR types by name: its own, not its base's. */
void kbtf_index_names(const struct btf *btf, struct hashmap *names)
{
	const struct btf *base = btf__base_btf(btf);
	uint32_t id = base ? btf__type_cnt(base) : 1, n = btf__type_cnt(btf);

	hashmap_init(names);
	for (; id < n; id++) {
		const struct btf_type *t = btf__type_by_id(btf, id);
		const char *name;

		if (!t || (!btf_is_func(t) && !btf_is_var(t)))
			continue;
		name = btf__name_by_offset(btf, t->name_off);
		if (name && *name)
			hashmap_add(names, hash_string(name), id, 0);
	}
}

/*
 * An assembler function as gas describes it in DWARF (an unspecified
 * return type, no parameters), which pahole writes as void (void).
 */
static bool looks_like_assembler(const struct btf *btf,
				 const struct btf_type *func)
{
	const struct btf_type *proto = btf__type_by_id(btf, func->type);

	return proto && btf_is_func_proto(proto) && !proto->type &&
	       !btf_vlen(proto);
}

/* Two FUNCs' prototypes alike but for parameter names. */
static bool same_prototype(const struct btf *btf, const struct btf_type *a,
			   const struct btf_type *b)
{
	const struct btf_type *pa = btf__type_by_id(btf, a->type);
	const struct btf_type *pb = btf__type_by_id(btf, b->type);
	const struct btf_param *xa, *xb;
	unsigned i, n;

	if (a->type == b->type)
		return true;
	if (!pa || !pb || !btf_is_func_proto(pa) || !btf_is_func_proto(pb) ||
	    pa->type != pb->type || btf_vlen(pa) != btf_vlen(pb))
		return false;
	xa = btf_params(pa);
	xb = btf_params(pb);
	for (i = 0, n = btf_vlen(pa); i < n; i++)
		if (xa[i].type != xb[i].type)
			return false;
	return true;
}

/*
 * The FUNC (or VAR) of this name an export is. A C definition comes
 * before an assembler one, which says nothing of the parameters: where
 * both exist (x86's __iowrite32_copy in 6.1, written in assembler over a
 * weak C fallback), C's prototype is what callers compile against, and
 * the DWARF reader, which reads no assembler CU, takes the C one too.
 * Several C prototypes under one name (a static function, or an inline
 * copy such as fortify's strncat, beside the export) cannot be told
 * apart in BTF, which has neither addresses nor files: 0, and
 * *ambiguous set.
 */
uint32_t kbtf_find_export(const struct btf *btf, const struct hashmap *names,
			  const char *name, bool function, bool *ambiguous)
{
	struct hashmap_iter it;
	struct hashmap_entry *e;
	const struct btf_type *best_type = NULL;
	uint32_t best = 0;
	bool best_is_asm = false;

	*ambiguous = false;
	for (e = hashmap_first(names, hash_string(name), &it); e;
	     e = hashmap_next(names, &it)) {
		uint32_t id = (uint32_t)e->key;
		const struct btf_type *t = btf__type_by_id(btf, id);
		bool is_asm;

		if (btf_is_func(t) != function ||
		    strcmp(btf__name_by_offset(btf, t->name_off), name))
			continue;
		is_asm = function && looks_like_assembler(btf, t);
		if (best && !is_asm && !best_is_asm && function &&
		    !same_prototype(btf, best_type, t))
			*ambiguous = true;
		if (!best || (best_is_asm && !is_asm) ||
		    (best_is_asm == is_asm && id < best)) {
			best = id;
			best_type = t;
			best_is_asm = is_asm;
		}
	}
	return *ambiguous ? 0 : best;
}
