// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The BTF reader on any bytes: a vmlinux's BTF and, after it, a module's
 * split BTF on top of it (the input is a 4-byte little-endian length of
 * the first, then both; without a fitting length, all of it is the
 * first). Each is read by libbpf, checked as the loader checks it, and every
 * function and variable it names is walked as an export's would be: the
 * names index, the type walker, the definitions, the model builder, the
 * loops cut. What comes of it is written as a baseline and read back,
 * which must give the same bytes: what kabi writes, it reads (a baseline
 * of damaged BTF once was not).
 */
#include <bpf/libbpf.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "btf/btf_impl.h"
#include "model/builder.h"

/* Exports walked per BTF: enough for every seed, few enough to be quick. */
#define MAX_WALKED 512

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* One BTF's functions and variables as exports, into the builder. */
static void walk(const struct btf *btf, struct kabi_model *out,
		 struct model_builder *b, uint32_t scope, struct diag *d)
{
	struct kabi_model *frag = malloc(sizeof(*frag));
	uint32_t *targets = calloc(MAX_WALKED, sizeof(*targets));
	const struct btf *base = btf__base_btf(btf);
	uint32_t id = base ? btf__type_cnt(base) : 1, end = btf__type_cnt(btf);
	struct kbtf_walker w;
	struct hashmap names;
	size_t n = 0;

	if (!frag || !targets)
		abort();
	model_init(frag);
	kbtf_index_names(btf, &names);
	kbtf_walker_init(&w, btf, frag, 8, "fuzz", d);
	for (; id < end && n < MAX_WALKED; id++) {
		const struct btf_type *t = btf__type_by_id(btf, id);
		const char *name =
		    t ? btf__name_by_offset(btf, t->name_off) : 0;
		struct kabi_symbol sym = {0}, export = {0};
		bool several;
		uint32_t found;

		if (!t || !name || !*name ||
		    (!btf_is_func(t) && !btf_is_var(t)))
			continue;
		found = kbtf_find_export(btf, &names, name, btf_is_func(t),
					 &several);
		sym.name = model_intern(frag, name);
		if (btf_is_func(t) && found) {
			sym.type = kbtf_walker_function(
			    &w, btf__type_by_id(btf, found)->type,
			    &sym.first_param, &sym.nparams);
			sym.flags = KABI_SYM_FUNCTION;
		} else {
			sym.type = kbtf_walker_type(&w, t->type);
		}
		model_add_symbol(frag, &sym);
		export.name = model_intern(out, name);
		export.module = model_intern(
		    out, scope == MODEL_SCOPE_VMLINUX ? "vmlinux" : "module");
		export.flags = sym.flags;
		targets[n++] = (uint32_t)out->nsymbols;
		model_add_symbol(out, &export);
	}
	kbtf_walker_drain(&w);
	kbtf_walker_free(&w);
	hashmap_free(&names);
	model_builder_add(b, fragment_summarize(frag, targets), scope);
	free(targets);
}

/* Each export once, sorted, as kabi's own models have them. */
static void one_of_each(struct kabi_model *m)
{
	size_t i, n = 0;

	model_sort_symbols(m);
	for (i = 0; i < m->nsymbols; i++)
		if (!n || m->symbols[n - 1].name != m->symbols[i].name ||
		    m->symbols[n - 1].module != m->symbols[i].module)
			m->symbols[n++] = m->symbols[i];
	m->nsymbols = n;
}

/* As kabi's own models are, with a machine; then written and read back. */
static void round_trip(struct kabi_model *m)
{
	one_of_each(m);
	m->arch = model_intern(m, "x86-64");
	fuzz_round_trip(m);
}

static void read_both(const uint8_t *data, size_t size)
{
	struct model_builder *b = model_builder_new();
	struct kbtf_definitions defs;
	struct btf *base, *split = NULL;
	struct kabi_model out;
	struct diag d;
	const uint8_t *end = data + size, *rest = end;
	uint32_t first = 0;
	int err;

	if (size >= 4)
		first = (uint32_t)data[0] | (uint32_t)data[1] << 8 |
			(uint32_t)data[2] << 16 | (uint32_t)data[3] << 24;
	if (size >= 4 && first <= size - 4) {
		data += 4;
		rest = data + first;
	} else {
		first = (uint32_t)size; /* all of it is the base */
	}
	diag_init(&d);
	model_init(&out);
	kbtf_definitions_init(&defs);
	base = btf__new(data, first);
	if (base)
		base = kbtf_checked(base, NULL, "vmlinux", &d);
	if (base) {
		walk(base, &out, b, MODEL_SCOPE_VMLINUX, &d);
		kbtf_definitions_add(&defs, base, 0);
		if (rest < end)
			split = kbtf_split_new(rest, (size_t)(end - rest), base,
					       &err);
	}
	if (split)
		split = kbtf_checked(split, base, "module.ko", &d);
	if (split) {
		walk(split, &out, b, 2, &d);
		kbtf_definitions_add(&defs, split, 1);
	}
	model_builder_finish(b, &out);
	model_cut_loops(&out, "vmlinux", "BTF", &d);
	round_trip(&out);
	model_builder_free(b);
	kbtf_definitions_free(&defs);
	btf__free(split);
	btf__free(base);
	model_free(&out);
	diag_free(&d);
}

static int quiet(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	(void)level;
	(void)fmt;
	(void)ap;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	libbpf_set_print(quiet);
	read_both(data, size);
	return 0;
}
