// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Reading a kernel's BTF: vmlinux's first, on the calling thread, as the
 * base every module's split BTF builds on; then the modules that export
 * something, on worker threads (libbpf only reads the base). Each file
 * becomes one fragment, added to the model builder in file order, so the
 * result does not depend on the number of threads.
 */
#include "btf.h"

#include <bpf/libbpf.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "btf_impl.h"
#include "../util/parallel.h"
#include "../util/sort.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

bool kbtf_chosen(const struct kernel_files *kf, const char *debug_root)
{
	struct kelf_type_sections s;
	struct diag scratch;
	bool btf;

	/* raw BTF named: the user's choice */
	if (kf->vmlinux_btf)
		return kf->count && kf->files[0].is_vmlinux;
	/* separate debug files asked for or paired (a -dbg package): DWARF */
	if (debug_root || !kf->count || !kf->files[0].is_vmlinux ||
	    kf->files[0].debug.name)
		return false;
	diag_init(&scratch);
	btf = !kelf_read_type_sections(&kf->files[0].elf, &s, &scratch) &&
	      !s.has_dwarf && s.btf;
	kelf_type_sections_free(&s);
	diag_free(&scratch);
	return btf;
}

/* libbpf's own messages would not name the file: errors say it all. */
static int quiet_libbpf(enum libbpf_print_level level, const char *fmt,
			va_list ap)
{
	(void)level;
	(void)fmt;
	(void)ap;
	return 0;
}

struct loader {
	const struct kernel_files *kf;
	struct kabi_model *out;
	uint32_t *modules;   /* per file: its module name in out */
	struct btf *vmlinux; /* the base, or NULL */
	unsigned ptr_size;
	struct model_builder *builder;
	struct kbtf_definitions defs;
	size_t no_btf; /* files with exports but no .BTF */
	struct diag *diag;
};

/* What a worker hands back for one file. */
struct file_result {
	struct fragment_summary *summary;
	struct btf *btf; /* for its definitions, noted in file order */
	bool no_btf;
	struct diag diag;
};

/*
 * The BTF of a file, split on base when base is given; NULL with *none
 * set when the file has no .BTF, NULL alone on error (reported).
 */
static struct btf *open_btf(const struct kernel_input *in,
			    const struct btf *base, unsigned *ptr_size,
			    bool *none, struct diag *d)
{
	const char *path = in->name;
	struct kelf_type_sections s;
	struct btf *btf;
	int err = kelf_read_type_sections(in, &s, d);

	*none = false;
	if (err)
		return NULL;
	*ptr_size = s.ptr_size;
	if (!s.btf) {
		*none = true;
		kelf_type_sections_free(&s);
		return NULL;
	}
	/* kelf bounds the size far below 4 GiB */
	errno = 0;
	btf = base ? kbtf_split_new(s.btf, s.btf_size, base, &err)
		   : btf__new(s.btf, (uint32_t)s.btf_size);
	if (!btf && !base)
		err = errno ? errno : EINVAL;
	kelf_type_sections_free(&s);
	if (err == EINVAL)
		diag_error(d, KABI_E_BAD_DWARF, DIAG_AT_FILE(path),
			   "cannot read '.BTF': malformed or truncated");
	else if (err)
		diag_error(d, KABI_E_BAD_DWARF, DIAG_AT_FILE(path),
			   "cannot read '.BTF': %s", strerror(err));
	return btf ? kbtf_checked(btf, base, path, d) : NULL;
}

/* Exports left untyped because BTF has several prototypes of the name. */
struct ambiguous_names {
	size_t count;
	uint32_t example; /* the first, in the fragment's strings */
};

/* One export's symbol in the fragment, if BTF describes it. */
static bool add_symbol(struct kbtf_walker *w, const struct hashmap *names,
		       const struct kabi_symbol *export, const char *name,
		       struct ambiguous_names *ambiguous)
{
	const struct btf_type *t;
	struct kabi_symbol sym = {.name = model_intern(w->out, name)};
	bool function = export->flags & KABI_SYM_FUNCTION, several;
	uint32_t id = kbtf_find_export(w->btf, names, name, function, &several);

	if (several && !ambiguous->count++)
		ambiguous->example = sym.name;
	if (!id)
		return false;
	t = btf__type_by_id(w->btf, id);
	if (function) {
		sym.type = kbtf_walker_function(w, t->type, &sym.first_param,
						&sym.nparams);
		sym.flags = KABI_SYM_FUNCTION;
	} else {
		sym.type = kbtf_walker_type(w, t->type);
	}
	model_add_symbol(w->out, &sym);
	return true;
}

/* A fragment summarised for the builder, which finds what no C can be. */
static struct fragment_summary *summarize(struct kabi_model *frag,
					  const uint32_t *targets,
					  const char *path, struct diag *d)
{
	struct fragment_summary *s = fragment_summarize(frag, targets);

	fragment_summary_diagnose(s, path, "BTF", d);
	return s;
}

/* The fragment of a file's exports, or NULL when BTF describes none. */
static struct fragment_summary *read_exports(const struct loader *l,
					     size_t file, const struct btf *btf,
					     unsigned ptr_size, struct diag *d)
{
	const struct kabi_model *m = l->out;
	struct kabi_model *frag = xmalloc(sizeof(*frag));
	uint32_t *targets = NULL;
	size_t ntargets = 0, alloc = 0, i;
	struct fragment_summary *s = NULL;
	struct kbtf_walker w;
	struct hashmap names;
	struct ambiguous_names ambiguous = {0};

	model_init(frag);
	kbtf_index_names(btf, &names);
	kbtf_walker_init(&w, btf, frag, ptr_size, l->kf->files[file].elf.name,
			 d);
	for (i = 0; i < m->nsymbols; i++) {
		const struct kabi_symbol *x = &m->symbols[i];

		if (x->module != l->modules[file] ||
		    !add_symbol(&w, &names, x, model_str(m, x->name),
				&ambiguous))
			continue;
		ALLOC_GROW(targets, ntargets + 1, alloc);
		targets[ntargets++] = (uint32_t)i;
	}
	kbtf_walker_drain(&w);
	kbtf_walker_free(&w);
	hashmap_free(&names);
	if (ambiguous.count)
		diag_warning(d, DIAG_AT_FILE(l->kf->files[file].elf.name),
			     "%zu exported function%s left without a type: "
			     "BTF has several prototypes under the name "
			     "(e.g. %s), and nothing to tell which is the "
			     "export",
			     ambiguous.count, ambiguous.count == 1 ? "" : "s",
			     model_str(frag, ambiguous.example));
	if (ntargets) {
		s = summarize(frag, targets, l->kf->files[file].elf.name, d);
	} else {
		model_free(frag);
		free(frag);
	}
	free(targets);
	return s;
}

static bool has_exports(const struct loader *l, size_t file)
{
	size_t i;

	for (i = 0; i < l->out->nsymbols; i++)
		if (l->out->symbols[i].module == l->modules[file])
			return true;
	return false;
}

static void *work(size_t index, unsigned thread, void *ctx)
{
	struct loader *l = ctx;
	struct file_result *res = xcalloc(1, sizeof(*res));
	const struct kernel_input *in = &l->kf->files[index].elf;
	unsigned ptr_size = l->ptr_size;
	struct btf *btf;

	(void)thread;
	diag_init(&res->diag);
	if (l->kf->files[index].is_vmlinux || !has_exports(l, index))
		return res; /* vmlinux was read first */
	btf = open_btf(in, l->vmlinux, &ptr_size, &res->no_btf, &res->diag);
	if (btf)
		res->summary =
		    read_exports(l, index, btf, ptr_size, &res->diag);
	res->btf = btf;
	return res;
}

/* Which binary a file's declarations resolve in first (model/builder.h). */
static uint32_t scope_of(const struct loader *l, size_t file)
{
	return model_scope_of_file(l->kf->files[file].is_vmlinux, file);
}

static void consume(size_t index, void *result, void *ctx)
{
	struct loader *l = ctx;
	struct file_result *res = result;

	if (res->summary)
		model_builder_add(l->builder, res->summary, scope_of(l, index));
	if (res->btf)
		kbtf_definitions_add(&l->defs, res->btf, (uint32_t)index);
	btf__free(res->btf);
	l->no_btf += res->no_btf;
	diag_move(l->diag, &res->diag);
	diag_free(&res->diag);
	free(res);
}

/* vmlinux: the base of every module's BTF, and its own exports. */
/*
 * vmlinux's BTF from the raw file named (/sys/kernel/btf/vmlinux), which
 * must be vmlinux's own where its .BTF section is there to compare with:
 * a running kernel's types put on another kernel's exports would make a
 * baseline of neither.
 */
static struct btf *open_raw_btf(const struct kernel_input *vmlinux,
				const char *path, unsigned *ptr_size,
				struct diag *d)
{
	struct kelf_type_sections s;
	struct btf *btf;
	void *raw = NULL;
	uint32_t size = 0;

	if (kelf_read_type_sections(vmlinux, &s, d))
		return NULL;
	*ptr_size = s.ptr_size;
	errno = 0;
	btf = btf__parse_raw(path);
	if (!btf && (!errno || errno == EINVAL))
		diag_error(d, KABI_E_BAD_DWARF, DIAG_AT_FILE(path),
			   "raw BTF, but malformed or truncated");
	else if (!btf)
		diag_error(d, KABI_E_BAD_DWARF, DIAG_AT_FILE(path),
			   "cannot read as raw BTF: %s", strerror(errno));
	else if (s.btf && (!(raw = (void *)btf__raw_data(btf, &size)) ||
			   size != s.btf_size || memcmp(raw, s.btf, size))) {
		diag_error(d, KABI_E_UNSUPPORTED, DIAG_AT_FILE(path),
			   "not the BTF of %s, whose own '.BTF' differs",
			   vmlinux->name);
		btf__free(btf);
		btf = NULL;
	}
	kelf_type_sections_free(&s);
	return btf ? kbtf_checked(btf, NULL, path, d) : NULL;
}

static void read_vmlinux(struct loader *l)
{
	const struct kernel_input *in = &l->kf->files[0].elf;
	const char *path = in->name;
	struct fragment_summary *s;
	bool none = false;

	l->vmlinux =
	    l->kf->vmlinux_btf
		? open_raw_btf(in, l->kf->vmlinux_btf, &l->ptr_size, l->diag)
		: open_btf(in, NULL, &l->ptr_size, &none, l->diag);
	if (!l->vmlinux) {
		if (none)
			diag_error(l->diag, KABI_E_NO_DEBUG, DIAG_AT_FILE(path),
				   "no '.BTF' section");
		return;
	}
	kbtf_definitions_add(&l->defs, l->vmlinux, 0);
	s = read_exports(l, 0, l->vmlinux, l->ptr_size, l->diag);
	if (s)
		model_builder_add(l->builder, s, MODEL_SCOPE_VMLINUX);
}

/* --- declarations resolved to definitions exports do not reach ---------- */

struct wanted {
	struct loader *l;
	size_t *v; /* in l->defs */
	size_t n, alloc;
};

static void want_definition(enum kabi_kind kind, const char *name, void *ctx)
{
	struct wanted *w = ctx;

	kbtf_definitions_want(&w->l->defs, kind, name, &w->v, &w->n, &w->alloc);
}

static int compare_places(const void *a, const void *b, void *ctx)
{
	const struct kbtf_definitions *defs = ctx;
	const struct kbtf_definition *x = &defs->v[*(const size_t *)a];
	const struct kbtf_definition *y = &defs->v[*(const size_t *)b];

	if (x->file != y->file)
		return x->file < y->file ? -1 : 1;
	return x->btf_id < y->btf_id ? -1 : x->btf_id > y->btf_id;
}

/* The fragment of some definitions of one file, added to the builder. */
static void walk_file(struct loader *l, const size_t *v, size_t n)
{
	uint32_t file = l->defs.v[v[0]].file;
	const struct kernel_input *in = &l->kf->files[file].elf;
	const char *path = in->name;
	struct kabi_model *frag;
	struct kbtf_walker w;
	struct btf *btf = l->vmlinux;
	unsigned ptr_size = l->ptr_size;
	bool none;
	size_t i;

	if (file != 0)
		btf = open_btf(in, l->vmlinux, &ptr_size, &none, l->diag);
	if (!btf)
		return;
	frag = xmalloc(sizeof(*frag));
	model_init(frag);
	kbtf_walker_init(&w, btf, frag, ptr_size, path, l->diag);
	for (i = 0; i < n; i++)
		kbtf_walker_type(&w, l->defs.v[v[i]].btf_id);
	kbtf_walker_drain(&w);
	kbtf_walker_free(&w);
	model_builder_add(l->builder, summarize(frag, NULL, path, l->diag),
			  scope_of(l, file));
	if (btf != l->vmlinux)
		btf__free(btf);
}

/*
 * A declaration no definition resolved yet: if the kernel's BTF defines
 * the name where no export reaches it (another module's), walk that
 * definition too. A definition may bring declarations of its own, hence
 * the rounds, as in the DWARF reader.
 */
static void resolve_declarations(struct loader *l)
{
	unsigned round;

	for (round = 0; round < 8; round++) {
		struct wanted w = {.l = l};
		size_t i, start;

		model_builder_each_unresolved(l->builder, want_definition, &w);
		array_sort_r(w.v, w.n, sizeof(*w.v), compare_places, &l->defs);
		for (start = 0, i = 1; i <= w.n; i++)
			if (i == w.n || l->defs.v[w.v[i]].file !=
					    l->defs.v[w.v[start]].file) {
				walk_file(l, w.v + start, i - start);
				start = i;
			}
		free(w.v);
		if (!w.n)
			break;
	}
}

int kbtf_load(const struct kernel_files *kf, unsigned jobs,
	      struct kabi_model *out, struct model_builder_stats *stats,
	      struct diag *d)
{
	struct loader l = {.kf = kf, .out = out, .diag = d, .ptr_size = 8};
	unsigned threads = jobs ? jobs : 1;
	size_t f;
	int err;

	libbpf_set_print(quiet_libbpf);
	out->from_btf = true;
	l.modules = xcalloc(kf->count + 1, sizeof(*l.modules));
	for (f = 0; f < kf->count; f++)
		l.modules[f] = model_intern(out, kf->files[f].module);
	l.builder = model_builder_new();
	model_builder_set_threads(l.builder, threads, NULL);
	kbtf_definitions_init(&l.defs);
	if (kf->count && kf->files[0].is_vmlinux)
		read_vmlinux(&l);
	/* without vmlinux's, no module's split BTF can be read */
	if (l.vmlinux) {
		parallel_ordered(kf->count, threads, 4 * (size_t)threads, work,
				 consume, &l);
		resolve_declarations(&l);
	}
	kbtf_definitions_free(&l.defs);
	if (l.no_btf)
		diag_warning(d, DIAG_AT_FILE(kf->files[0].elf.name),
			     "%zu module%s with exports %s no '.BTF' section: "
			     "%s exports have no type",
			     l.no_btf, l.no_btf == 1 ? "" : "s",
			     l.no_btf == 1 ? "has" : "have",
			     l.no_btf == 1 ? "its" : "their");
	model_builder_finish(l.builder, out);
	if (kf->count)
		model_cut_loops(out, kf->files[0].elf.name, "BTF", d);
	if (stats)
		model_builder_stats(l.builder, stats);
	model_builder_free(l.builder);
	err = l.vmlinux ? 0 : -KABI_E_NO_DEBUG;
	btf__free(l.vmlinux);
	free(l.modules);
	return err;
}

void kbtf_warn_untyped(const struct kernel_files *kf,
		       const struct kabi_model *m, struct diag *d)
{
	size_t functions = 0, variables = 0, i;

	for (i = 0; i < m->nsymbols; i++) {
		if (m->symbols[i].flags & KABI_SYM_HAS_TYPE)
			continue;
		if (m->symbols[i].flags & KABI_SYM_FUNCTION)
			functions++;
		else
			variables++;
	}
	if (!kf->count || (!functions && !variables))
		return;
	diag_warning(d, DIAG_AT_FILE(kf->files[0].elf.name),
		     "BTF describes no type for %zu exported variable%s and "
		     "%zu function%s",
		     variables, variables == 1 ? "" : "s", functions,
		     functions == 1 ? "" : "s");
}
