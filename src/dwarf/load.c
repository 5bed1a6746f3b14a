// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Reading a kernel's DWARF: the units of work are the compilation units
 * of vmlinux (each thread opens vmlinux once for itself, as libdw handles
 * are not shared between threads) and whole modules (libdwfl relocates a
 * module's DWARF when it is opened). Modules that export nothing are not
 * read at all. Workers turn units into fragment summaries; the main
 * thread adds them to the model builder in unit order.
 */
#include "dwarf.h"

#include <dwarf.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "definitions.h"
#include "open.h"
#include "symbols.h"
#include "../util/clock.h"
#include "../util/parallel.h"
#include "../util/sort.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

/*
 * How many units' results may wait to be merged in order. While one
 * large unit (a big module) is read, the other threads go on with the
 * small ones after it; with too few slots they stop and wait (8 at -j2
 * left a core idle a tenth of the time). Each result is a few MB at
 * most, and the slots are what the memory of many threads grows with:
 * 64 + 4 a thread took the full amd64 flavour at -j64 to 1.6 GB, and 64
 * in all keeps it under 1 GB (941 MB).
 */
#define UNITS_AHEAD 64

struct unit {
	size_t file;  /* in the kernel_files */
	Dwarf_Off cu; /* vmlinux: the CU DIE; modules: all CUs */
};

struct unit_result {
	struct fragment_summary **summaries;
	size_t n, alloc;
	struct definition_list defs;
	struct diag diag;
};

struct thread_state {
	struct kdwarf_handle vmlinux;
	int status; /* 0 not opened, 1 open, -1 failed */
};

struct loader {
	const struct kernel_files *kf;
	const struct kdwarf_options *opts;
	struct kabi_model *out;
	struct file_exports *exports; /* per file */
	atomic_uint *errors;	      /* per file */
	atomic_bool *has_dwarf;	      /* per file: a unit of it was read */
	struct unit *units;
	size_t nunits, units_alloc;
	struct thread_state *threads;
	struct kdwarf_image vmlinux_image; /* that all threads' handles read */
	struct model_builder *builder;
	struct definition_index definitions;
	struct diag *diag;
};

static void add_summary(struct unit_result *res, const char *path,
			struct fragment_summary *s)
{
	if (!s)
		return;
	fragment_summary_diagnose(s, path, "DWARF", &res->diag);
	ALLOC_GROW(res->summaries, res->n + 1, res->alloc);
	res->summaries[res->n++] = s;
}

/* The .dwo files of skeleton units that libdw did not find, per file. */
struct missing_dwo {
	const char *first; /* its name, in the file's DWARF */
	Dwarf_Off first_unit;
	size_t count;
};

/*
 * Whether a unit has DIEs to read; a skeleton unit of split DWARF
 * (-gsplit-dwarf) has them in the unit of its .dwo file, which libdw
 * finds in the unit's compilation folder, or not: then it is noted.
 */
static bool unit_readable(Dwarf_Die *cudie, uint8_t unit_type,
			  const Dwarf_Die *split, struct missing_dwo *missing)
{
	Dwarf_Attribute attr;
	const char *dwo;

	if (unit_type == DW_UT_compile || unit_type == DW_UT_partial)
		return true;
	if (unit_type != DW_UT_skeleton)
		return false; /* type units: reached through references */
	if (split->cu)
		return true;
	dwo = dwarf_formstring(dwarf_attr(cudie, DW_AT_dwo_name, &attr));
	if (!dwo)
		dwo = dwarf_formstring(
		    dwarf_attr(cudie, DW_AT_GNU_dwo_name, &attr));
	if (!missing->count++) {
		missing->first = dwo ? dwo : "?";
		missing->first_unit = dwarf_dieoffset(cudie);
	}
	return false;
}

/* Missing .dwo files: one error per file, the first named. */
static void report_missing_dwo(const struct missing_dwo *missing,
			       const char *path, atomic_uint *errors,
			       struct diag *d)
{
	if (!missing->count)
		return;
	if (missing->count > 1)
		diag_error(
		    d, KABI_E_NO_DEBUG,
		    DIAG_AT_SECTION(path, ".debug_info", missing->first_unit),
		    "split DWARF: cannot find '%s' nor %zu more .dwo files: "
		    "kabi reads them where the build left them (not .dwp "
		    "packages)",
		    missing->first, missing->count - 1);
	else
		diag_error(
		    d, KABI_E_NO_DEBUG,
		    DIAG_AT_SECTION(path, ".debug_info", missing->first_unit),
		    "split DWARF: cannot find '%s': kabi reads .dwo files "
		    "where the build left them (not .dwp packages)",
		    missing->first);
	atomic_fetch_add(errors, 1);
}

/*
 * Read one unit of a file, a split one through its skeleton, whose
 * offset its definitions are noted with (theirs are the .dwo's).
 */
static void read_unit(struct loader *l, size_t file, Dwarf_Die *cudie,
		      uint8_t unit_type, Dwarf_Die *split,
		      struct unit_result *res)
{
	const char *path = kernel_file_dwarf(&l->kf->files[file])->name;
	bool skeleton = unit_type == DW_UT_skeleton;

	atomic_store(&l->has_dwarf[file], true);
	res->defs.skeleton = skeleton ? dwarf_dieoffset(cudie) : 0;
	res->defs.note_uapi = l->opts->uapi && l->kf->files[file].is_vmlinux;
	add_summary(res, path,
		    symbols_read_cu(skeleton ? split : cudie, &l->exports[file],
				    path, &res->diag, &l->errors[file],
				    &res->defs));
	res->defs.skeleton = 0;
}

/* The thread's own handle on vmlinux, opened when first needed. */
static Dwarf *thread_vmlinux(struct loader *l, unsigned thread, size_t file,
			     struct diag *d)
{
	struct thread_state *ts = &l->threads[thread];

	if (ts->status == 0) /* the first thread to fail says why */
		ts->status =
		    kdwarf_open(&ts->vmlinux,
				kernel_file_dwarf(&l->kf->files[file]),
				&l->vmlinux_image, l->opts->debug_root, d)
			? -1
			: 1;
	return ts->status > 0 ? ts->vmlinux.dwarf : NULL;
}

static void read_vmlinux_cu(struct loader *l, const struct unit *u,
			    unsigned thread, struct unit_result *res)
{
	const char *path = kernel_file_dwarf(&l->kf->files[u->file])->name;
	Dwarf *dwarf = thread_vmlinux(l, thread, u->file, &res->diag);
	Dwarf_Die cu, split;
	uint8_t unit_type;

	if (!dwarf)
		return;
	if (!dwarf_offdie(dwarf, u->cu, &cu)) {
		diag_error(&res->diag, KABI_E_BAD_DWARF,
			   DIAG_AT_SECTION(path, ".debug_info", u->cu),
			   "cannot read compilation unit: %s",
			   dwarf_errmsg(-1));
		return;
	}
	if (dwarf_cu_info(cu.cu, NULL, &unit_type, NULL, &split, NULL, NULL,
			  NULL) != 0) {
		diag_error(&res->diag, KABI_E_BAD_DWARF,
			   DIAG_AT_SECTION(path, ".debug_info", u->cu),
			   "cannot read compilation unit: %s",
			   dwarf_errmsg(-1));
		return;
	}
	/* the plan holds only units with something to read */
	if (unit_type != DW_UT_skeleton || split.cu)
		read_unit(l, u->file, &cu, unit_type, &split, res);
}

static void read_module(struct loader *l, const struct unit *u,
			struct unit_result *res)
{
	const char *path = kernel_file_dwarf(&l->kf->files[u->file])->name;
	struct kdwarf_handle h;
	Dwarf_CU *cu = NULL;
	Dwarf_Die cudie, split;
	Dwarf_Half version;
	uint8_t unit_type;

	struct missing_dwo missing = {0};

	if (kdwarf_open(&h, kernel_file_dwarf(&l->kf->files[u->file]), NULL,
			l->opts->debug_root, &res->diag))
		return;
	while (dwarf_get_units(h.dwarf, cu, &cu, &version, &unit_type, &cudie,
			       &split) == 0)
		if (unit_readable(&cudie, unit_type, &split, &missing))
			read_unit(l, u->file, &cudie, unit_type, &split, res);
	report_missing_dwo(&missing, path, &l->errors[u->file], &res->diag);
	kdwarf_close(&h);
}

static void *work(size_t index, unsigned thread, void *ctx)
{
	struct loader *l = ctx;
	const struct unit *u = &l->units[index];
	struct unit_result *res = xcalloc(1, sizeof(*res));

	diag_init(&res->diag);
	if (l->kf->files[u->file].is_vmlinux)
		read_vmlinux_cu(l, u, thread, res);
	else
		read_module(l, u, res);
	return res;
}

/* Which binary a file's declarations resolve in first (model/builder.h). */
static uint32_t scope_of(const struct loader *l, size_t file)
{
	return model_scope_of_file(l->kf->files[file].is_vmlinux, file);
}

/* Add the CPU seconds since *mark to *into (if asked), and move mark. */
static void lap(double *into, double *mark)
{
	double now = clock_thread_cpu();

	if (into)
		*into += now - *mark;
	*mark = now;
}

/* A worker's result into the builder and the index, in order; freed. */
static void merge_result(struct loader *l, struct unit_result *res, size_t file)
{
	size_t i;

	for (i = 0; i < res->n; i++)
		model_builder_add(l->builder, res->summaries[i],
				  scope_of(l, file));
	definition_index_add(&l->definitions, &res->defs, file);
	diag_move(l->diag, &res->diag);
	free(res->defs.v);
	free(res->summaries);
	free(res);
}

static void consume(size_t index, void *result, void *ctx)
{
	struct loader *l = ctx;
	double start = l->opts->times ? clock_thread_cpu() : 0;

	merge_result(l, result, l->units[index].file);
	progress_report(l->opts->progress, "reading DWARF", index + 1,
			l->nunits);
	if (l->opts->times)
		l->opts->times->merge += clock_thread_cpu() - start;
}

static void add_unit(struct loader *l, size_t file, Dwarf_Off cu)
{
	ALLOC_GROW(l->units, l->nunits + 1, l->units_alloc);
	l->units[l->nunits].file = file;
	l->units[l->nunits].cu = cu;
	l->nunits++;
}

/* vmlinux is split into its compilation units, listed here once. */
static void plan_vmlinux(struct loader *l, size_t file)
{
	const char *path = kernel_file_dwarf(&l->kf->files[file])->name;
	struct missing_dwo missing = {0};
	struct kdwarf_handle h;
	Dwarf_CU *cu = NULL;
	Dwarf_Die cudie, split;
	Dwarf_Half version;
	uint8_t unit_type;

	if (kdwarf_map(&l->vmlinux_image,
		       kernel_file_dwarf(&l->kf->files[file]), l->diag) < 0 ||
	    kdwarf_open(&h, kernel_file_dwarf(&l->kf->files[file]),
			&l->vmlinux_image, l->opts->debug_root, l->diag))
		return;
	while (dwarf_get_units(h.dwarf, cu, &cu, &version, &unit_type, &cudie,
			       &split) == 0)
		if (unit_readable(&cudie, unit_type, &split, &missing))
			add_unit(l, file, dwarf_dieoffset(&cudie));
	report_missing_dwo(&missing, path, &l->errors[file], l->diag);
	kdwarf_close(&h);
}

static void plan(struct loader *l)
{
	size_t i;

	for (i = 0; i < l->kf->count; i++) {
		const struct kernel_file *f = &l->kf->files[i];

		/* nothing exported: nothing to read, but vmlinux's uapi */
		if (!l->exports[i].count && !(f->is_vmlinux && l->opts->uapi))
			continue;
		if (f->is_vmlinux)
			plan_vmlinux(l, i);
		else
			add_unit(l, i, 0);
	}
}

/* --- declarations resolved to definitions exports do not reach ---------- */

struct wanted {
	struct loader *l;
	size_t *entries; /* in l->definitions, to walk */
	size_t n, alloc;
};

static void want_definition(enum kabi_kind kind, const char *name, void *ctx)
{
	struct wanted *w = ctx;
	struct definition_index *idx = &w->l->definitions;
	uint64_t key = definition_key(kind, name);
	struct hashmap_iter it;
	struct hashmap_entry *e;

	for (e = hashmap_first(&idx->by_key, key, &it); e;
	     e = hashmap_next(&idx->by_key, &it)) {
		if (idx->v[e->value].walked)
			continue;
		idx->v[e->value].walked = true;
		ALLOC_GROW(w->entries, w->n + 1, w->alloc);
		w->entries[w->n++] = e->value;
	}
}

static int compare_places(const void *a, const void *b, void *ctx)
{
	const struct definition_index *idx = ctx;
	const struct indexed_definition *x = &idx->v[*(const size_t *)a];
	const struct indexed_definition *y = &idx->v[*(const size_t *)b];

	if (x->file != y->file)
		return x->file < y->file ? -1 : 1;
	if (x->place.skeleton != y->place.skeleton)
		return x->place.skeleton < y->place.skeleton ? -1 : 1;
	return x->place.die < y->place.die ? -1 : x->place.die > y->place.die;
}

/*
 * The wanted definitions, sorted by place, are cut into jobs of one file
 * each (vmlinux's into runs of this many), which the threads read as
 * they read units; their summaries join the builder in the same order
 * whatever the number of threads.
 */
#define DEFINITIONS_PER_JOB 64

struct definitions_job {
	size_t file;
	size_t first, count; /* in wanted.entries */
};

struct definitions_pass {
	struct loader *l;
	const struct wanted *w;
	struct definitions_job *jobs;
	size_t njobs, alloc;
};

static void *work_definitions(size_t index, unsigned thread, void *ctx)
{
	struct definitions_pass *p = ctx;
	struct loader *l = p->l;
	const struct definitions_job *job = &p->jobs[index];
	const char *path = kernel_file_dwarf(&l->kf->files[job->file])->name;
	struct unit_result *res = xcalloc(1, sizeof(*res));
	bool is_vmlinux = l->kf->files[job->file].is_vmlinux;
	struct kdwarf_handle h = {0};
	Dwarf *dwarf;
	size_t i;

	diag_init(&res->diag);
	if (is_vmlinux)
		dwarf = thread_vmlinux(l, thread, job->file, &res->diag);
	else
		dwarf =
		    kdwarf_open(&h, kernel_file_dwarf(&l->kf->files[job->file]),
				NULL, l->opts->debug_root, &res->diag)
			? NULL
			: h.dwarf;
	for (i = 0; dwarf && i < job->count; i++) {
		const struct indexed_definition *d =
		    &l->definitions.v[p->w->entries[job->first + i]];
		Dwarf_Die die;

		if (die_at_place(dwarf, &d->place, &die))
			add_summary(res, path,
				    symbols_read_type(&die, path, &res->diag,
						      &l->errors[job->file]));
	}
	if (!is_vmlinux && dwarf)
		kdwarf_close(&h);
	return res;
}

static void consume_definitions(size_t index, void *result, void *ctx)
{
	struct definitions_pass *p = ctx;

	merge_result(p->l, result, p->jobs[index].file);
}

/* Walk the wanted definitions, file by file, into the builder. */
static void walk_definitions(struct loader *l, struct wanted *w)
{
	struct definitions_pass p = {.l = l, .w = w};
	unsigned threads = l->opts->jobs ? l->opts->jobs : 1;
	size_t i;

	array_sort_r(w->entries, w->n, sizeof(*w->entries), compare_places,
		     &l->definitions);
	for (i = 0; i < w->n; i++) {
		size_t file = l->definitions.v[w->entries[i]].file;
		struct definitions_job *last =
		    p.njobs ? &p.jobs[p.njobs - 1] : NULL;

		if (last && last->file == file &&
		    (!l->kf->files[file].is_vmlinux ||
		     last->count < DEFINITIONS_PER_JOB)) {
			last->count++;
			continue;
		}
		ALLOC_GROW(p.jobs, p.njobs + 1, p.alloc);
		p.jobs[p.njobs++] = (struct definitions_job){
		    .file = file, .first = i, .count = 1};
	}
	parallel_ordered_timed(p.njobs, threads, 4 * (size_t)threads,
			       work_definitions, consume_definitions, &p,
			       l->opts->times ? &l->opts->times->threads
					      : NULL);
	free(p.jobs);
}

/*
 * kabi dump --uapi: every definition noted in a user-space header, which
 * no export need reach, walked into the builder once.
 */
static void walk_uapi(struct loader *l)
{
	struct wanted w = {.l = l};
	size_t i;

	for (i = 0; i < l->definitions.n; i++) {
		struct indexed_definition *d = &l->definitions.v[i];

		if (!d->uapi || d->walked)
			continue;
		d->walked = true;
		ALLOC_GROW(w.entries, w.n + 1, w.alloc);
		w.entries[w.n++] = i;
	}
	walk_definitions(l, &w);
	free(w.entries);
}

/*
 * A declaration no definition resolved yet: if the tree defines the name
 * where no export reaches it, walk that definition too. A definition may
 * bring declarations of its own, hence the rounds.
 */
static void resolve_declarations(struct loader *l)
{
	unsigned round;

	for (round = 0; round < 8; round++) {
		struct wanted w = {.l = l};

		model_builder_each_unresolved(l->builder, want_definition, &w);
		if (!w.n) {
			free(w.entries);
			break;
		}
		walk_definitions(l, &w);
		free(w.entries);
	}
}

/*
 * A file whose DWARF was read yet describes none of its exports: its
 * functions are assembly, or its debug information is not what it seems
 * (stripped, for another build). Said, never silent.
 */
static void warn_untyped(const struct loader *l)
{
	const struct kabi_model *m = l->out;
	size_t *typed = xcalloc(l->kf->count + 1, sizeof(size_t)), f, i;
	struct hashmap files = HASHMAP_INIT;

	for (f = 0; f < l->kf->count; f++)
		hashmap_add(&files, hash_string(l->kf->files[f].module), f, 0);
	for (i = 0; i < m->nsymbols; i++) {
		const char *module = model_str(m, m->symbols[i].module);
		struct hashmap_iter it;
		struct hashmap_entry *e;

		if (!(m->symbols[i].flags & KABI_SYM_HAS_TYPE))
			continue;
		for (e = hashmap_first(&files, hash_string(module), &it); e;
		     e = hashmap_next(&files, &it))
			if (!strcmp(l->kf->files[e->key].module, module))
				typed[e->key]++;
	}
	for (f = 0; f < l->kf->count; f++)
		if (atomic_load(&l->has_dwarf[f]) && l->exports[f].count &&
		    !typed[f] && !atomic_load(&l->errors[f]))
			diag_warning(
			    l->diag,
			    DIAG_AT_FILE(
				kernel_file_dwarf(&l->kf->files[f])->name),
			    "its debug information describes none of "
			    "its %zu exports",
			    l->exports[f].count);
	hashmap_free(&files);
	free(typed);
}

void kdwarf_load(const struct kernel_files *kf,
		 const struct kdwarf_options *opts, struct kabi_model *out,
		 struct model_builder_stats *stats, struct diag *d)
{
	struct loader l = {.kf = kf, .opts = opts, .out = out, .diag = d};
	unsigned threads = opts->jobs ? opts->jobs : 1, i;
	struct kdwarf_times *times = opts->times;
	double main_start = clock_thread_cpu(), mark = main_start;
	size_t f;

	l.exports = xcalloc(kf->count + 1, sizeof(*l.exports));
	l.errors = xcalloc(kf->count + 1, sizeof(*l.errors));
	l.has_dwarf = xcalloc(kf->count + 1, sizeof(*l.has_dwarf));
	for (f = 0; f < kf->count; f++)
		file_exports_init(&l.exports[f], out,
				  model_intern(out, kf->files[f].module));
	plan(&l);
	lap(times ? &times->plan : NULL, &mark);
	l.threads = xcalloc(threads, sizeof(*l.threads));
	l.builder = model_builder_new();
	model_builder_set_threads(l.builder, threads,
				  times ? &times->threads : NULL);
	definition_index_init(&l.definitions);
	parallel_ordered_timed(l.nunits, threads, UNITS_AHEAD, work, consume,
			       &l, times ? &times->threads : NULL);
	/* what the main thread spent merging, waits aside, is consume's */
	mark = clock_thread_cpu();
	if (opts->uapi)
		walk_uapi(&l);
	resolve_declarations(&l);
	definition_index_free(&l.definitions);
	lap(times ? &times->resolve : NULL, &mark);
	model_builder_finish(l.builder, out);
	if (kf->count)
		model_cut_loops(out, kernel_file_dwarf(&kf->files[0])->name,
				"DWARF", d);
	lap(times ? &times->finish : NULL, &mark);
	warn_untyped(&l);
	if (stats)
		model_builder_stats(l.builder, stats);
	model_builder_free(l.builder);
	for (i = 0; i < threads; i++)
		if (l.threads[i].status > 0)
			kdwarf_close(&l.threads[i].vmlinux);
	kdwarf_unmap(&l.vmlinux_image);
	for (f = 0; f < kf->count; f++)
		file_exports_free(&l.exports[f]);
	free(l.threads);
	free(l.exports);
	free(l.errors);
	free(l.has_dwarf);
	free(l.units);
	if (times)
		times->threads.main_cpu += clock_thread_cpu() - main_start;
}
