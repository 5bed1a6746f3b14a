// SPDX-License-Identifier: GPL-2.0-or-later
/* Reading the kernel or baseline a command is given; see input.h. */
#include "input.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "abixml/abixml.h"
#include "btf/btf.h"
#include "package/package.h"
#include "stg/stg.h"
#include "store/store.h"
#include "symvers/symvers.h"
#include "util/source.h"
#include "util/clock.h"
#include "util/hashmap.h"
#include "util/parallel.h"
#include "util/banned.h"

void input_options_init(struct input_options *o)
{
	memset(o, 0, sizeof(*o));
	o->jobs = parallel_default_threads();
}

void input_options_free(struct input_options *o)
{
	free(o->debug_root);
	o->debug_root = NULL;
}

static void show_progress(const char *phase, uint64_t done, uint64_t total,
			  void *ctx)
{
	struct input_shown *shown = ctx;
	int percent = (int)(done * 100 / (total ? total : 1));

	if (phase == shown->phase && percent == shown->percent)
		return;
	shown->phase = phase;
	shown->percent = percent;
	fprintf(stderr, "\rkabi: %s: %d%%\033[K", phase, percent);
	if (done == total)
		fputs("\r\033[K", stderr);
}

struct progress input_progress(const struct input_options *opts,
			       struct input_shown *shown)
{
	struct progress p = {0};

	if (opts->progress.report)
		return opts->progress;
	if (!opts->quiet && isatty(STDERR_FILENO)) {
		p.report = show_progress;
		p.ctx = shown;
	}
	return p;
}

/* The model's symbols: every export, in the table's (sorted) order. */
static void add_exports(struct kabi_model *out, const struct export_table *t)
{
	size_t i;

	for (i = 0; i < t->count; i++) {
		const struct kabi_export *x = &t->exports[i];
		struct kabi_symbol s = {0};

		s.name = model_intern(out, strset_str(&t->strings, x->name));
		s.module =
		    model_intern(out, strset_str(&t->strings, x->module));
		s.ns = model_intern(out, strset_str(&t->strings, x->ns));
		s.crc = x->crc;
		if (x->type == EXPORT_FUNCTION)
			s.flags |= KABI_SYM_FUNCTION;
		if (x->gpl_only)
			s.flags |= KABI_SYM_GPL;
		if (x->has_crc)
			s.flags |= KABI_SYM_HAS_CRC;
		model_add_symbol(out, &s);
	}
}

/*
 * A weak alias (memset of __memset) has no DIE of its own: it gets the
 * type of an export of the same module at the same place.
 */
static void type_aliases(struct kabi_model *out, const struct export_table *t)
{
	struct hashmap places = HASHMAP_INIT;
	size_t i;

	for (i = 0; i < t->count; i++) {
		const struct kabi_export *x = &t->exports[i];

		if (out->symbols[i].flags & KABI_SYM_HAS_TYPE)
			hashmap_add(
			    &places,
			    hash_combine(hash_combine(x->module, x->section),
					 x->value),
			    i, 0);
	}
	for (i = 0; i < t->count; i++) {
		const struct kabi_export *x = &t->exports[i];
		struct kabi_symbol *s = &out->symbols[i];
		struct hashmap_iter it;
		struct hashmap_entry *e;
		uint64_t h =
		    hash_combine(hash_combine(x->module, x->section), x->value);

		if (s->flags & KABI_SYM_HAS_TYPE)
			continue;
		for (e = hashmap_first(&places, h, &it); e;
		     e = hashmap_next(&places, &it)) {
			const struct kabi_export *y = &t->exports[e->key];
			const struct kabi_symbol *typed = &out->symbols[e->key];

			if (y->module != x->module ||
			    y->section != x->section || y->value != x->value ||
			    (typed->flags ^ s->flags) & KABI_SYM_FUNCTION)
				continue;
			s->type = typed->type;
			s->first_param = typed->first_param;
			s->nparams = typed->nparams;
			s->unit = typed->unit;
			s->flags |= KABI_SYM_HAS_TYPE;
			break;
		}
	}
	hashmap_free(&places);
}

/* The system calls of the kernel's vmlinux, into the model. */
static int add_syscalls(struct kabi_model *m, const struct kernel_files *kf,
			struct diag *d)
{
	struct syscall_tables t;
	size_t i;
	int err, k;

	for (i = 0; i < kf->count && !kf->files[i].is_vmlinux; i++)
		;
	if (i == kf->count)
		return diag_error(
		    d, KABI_E_NO_INPUT, DIAG_AT_FILE(kf->tree),
		    "no vmlinux: its system calls cannot be read");
	syscall_tables_init(&t);
	err = syscalls_read(&kf->files[i].elf, &t, d);
	for (i = 0; !err && i < t.count; i++) {
		const struct syscall_slot *c = &t.calls[i];
		struct kabi_syscall s = {0};

		s.abi = model_intern(m, strset_str(&t.strings, c->abi));
		s.number = c->number;
		s.name = model_intern(m, strset_str(&t.strings, c->name));
		s.nparams = c->nparams;
		model_add_syscall(m, &s);
		for (k = 0; k < c->nparams; k++)
			model_add_syscall_param(
			    m,
			    model_intern(
				m, strset_str(&t.strings, c->param_types[k])),
			    model_intern(
				m, strset_str(&t.strings, c->param_names[k])));
	}
	m->has_syscalls = !err;
	syscall_tables_free(&t);
	return err;
}

/* The model of the kernel files and trees the paths name. */
static int load_kernel(int argc, char **argv, const struct input_options *opts,
		       struct kabi_model *m, struct input_stats *times,
		       struct diag *d)
{
	double start = clock_seconds();
	struct kdwarf_options dwarf = {0};
	struct kernel_files kf;
	struct export_table table;
	struct input_shown shown = {NULL, -1};
	struct progress progress = input_progress(opts, &shown);
	bool from_btf;
	int err = 0;

	kernel_files_init(&kf);
	package_add_paths(&kf, argc, argv, &opts->tree, opts->jobs, &progress,
			  d);
	/* a baseline or a comparison of half a kernel would mislead */
	if (kernel_files_need_vmlinux(&kf, d)) {
		err = -KABI_E_NO_INPUT;
		goto out_files;
	}
	export_table_init(&table);
	exports_read_files(&kf, opts->jobs, &table, d);
	times->exports = clock_seconds() - start;
	m->arch = model_intern(
	    m, table.machine ? kelf_machine_name(table.machine) : "");
	m->bits = (uint8_t)export_table_bits(&table);
	m->byte_order = !table.machine			  ? KABI_ORDER_UNKNOWN
			: export_table_big_endian(&table) ? KABI_ORDER_BIG
							  : KABI_ORDER_LITTLE;
	m->release = kf.release ? model_intern(m, kf.release) : 0;
	/* nothing could be read at all: no baseline is better than an empty one
	 */
	if (!table.count && d->errors) {
		err = -KABI_E_NO_INPUT;
		goto out;
	}
	dwarf.jobs = opts->jobs;
	dwarf.debug_root = opts->debug_root;
	dwarf.uapi = opts->uapi;
	dwarf.times = &times->cpu;
	dwarf.progress = &progress;
	start = clock_seconds();
	add_exports(m, &table);
	from_btf = kbtf_chosen(&kf, opts->debug_root);
	if (opts->uapi && from_btf) {
		err = diag_error(d, KABI_E_UNSUPPORTED,
				 DIAG_AT_FILE(kf.files[0].elf.name),
				 "--uapi needs DWARF: BTF names no declaring "
				 "files, so no type is known to be a uapi one");
		goto out;
	}
	m->has_uapi = opts->uapi;
	if (from_btf) {
		/* without vmlinux's BTF, the error says why nothing is typed */
		bool read = !kbtf_load(&kf, opts->jobs, m, &times->builder, d);

		type_aliases(m, &table);
		if (read)
			kbtf_warn_untyped(&kf, m, d);
	} else {
		kdwarf_load(&kf, &dwarf, m, &times->builder, d);
		type_aliases(m, &table);
	}
	times->dwarf = clock_seconds() - start;
	if (opts->syscalls && add_syscalls(m, &kf, d))
		err = -KABI_E_NO_INPUT;
out:
	export_table_free(&table);
out_files:
	kernel_files_free(&kf);
	return err;
}

/* A baseline that says it describes an incomplete kernel: an error. */
static void check_complete(const char *path, const struct kabi_model *m,
			   struct diag *d)
{
	if (m->nerrors)
		diag_error(d, KABI_E_INCOMPLETE, DIAG_AT_FILE(path),
			   "a baseline of an incomplete kernel: %zu error%s "
			   "when it was written, the first: %s",
			   m->nerrors, m->nerrors == 1 ? "" : "s",
			   model_str(m, m->errors[0]));
}

/*
 * What a file that is none of kabi's inputs seems to be, where its first
 * bytes say it is text, or nothing: said so, not "not an ELF file".
 */
static const char *text_not_read(const struct source *s)
{
	const unsigned char *h = (const unsigned char *)s->head;
	size_t i = 0;

	if (!s->head_len)
		return "empty: neither a baseline, a Module.symvers nor a "
		       "kernel file";
	if (s->head_len >= 2 &&
	    ((h[0] == 0xff && h[1] == 0xfe) || (h[0] == 0xfe && h[1] == 0xff)))
		return "UTF-16 text: a kabi baseline is UTF-8 XML";
	if (s->head_len >= 3 && h[0] == 0xef && h[1] == 0xbb && h[2] == 0xbf)
		i = 3;
	while (i < s->head_len && strchr(" \t\r\n", h[i]))
		i++;
	if (i == s->head_len)
		return "blank: neither a baseline, a Module.symvers nor a "
		       "kernel file";
	if (s->head_len - i >= 2 && h[i] == '0' && h[i + 1] == 'x')
		return "not a Module.symvers: its first line is not a CRC, "
		       "a name, a module and an export kind, separated by "
		       "tabs";
	return NULL;
}

/* Tests cut an ABIXML file in pieces of this many bytes, not the default. */
static size_t abixml_piece_size(void)
{
	const char *s = getenv("KABI_TEST_ABIXML_PIECE");

	return s && *s ? (size_t)strtoull(s, NULL, 10) : ABIXML_PIECE_SIZE;
}

/*
 * A single file named: a baseline, a Module.symvers, an STG or ABIXML
 * file, or a kernel file, as its first bytes say (ABIXML is XML too: its
 * root element tells it from kabi's own baseline). *kernel is set for a kernel
 * file, which is read again as ELF (so it must be a regular file, not a pipe).
 */

static int load_file(const char *path, unsigned jobs, struct kabi_model *m,
		     bool *kernel, struct diag *d)
{
	struct source src;
	int err = source_open(&src, path, STORE_MAX_SIZE, d);

	*kernel = false;
	if (err)
		return err;
	if (!src.error && abixml_looks_like(&src)) {
		err = abixml_read(&src, jobs, abixml_piece_size(), m, d);
	} else if (src.error || source_looks_like_xml(&src)) {
		err = store_read(&src, m, d);
		if (!err)
			check_complete(path, m, d);
	} else if (symvers_looks_like(&src)) {
		err = symvers_read(&src, m, d);
	} else if (stg_looks_like(&src)) {
		err = stg_read(&src, m, d);
	} else if (text_not_read(&src)) {
		err = diag_error(d, KABI_E_NO_INPUT, DIAG_AT_FILE(src.name),
				 "%s", text_not_read(&src));
	} else if (src.regular) {
		*kernel = true;
	} else {
		err =
		    diag_error(d, KABI_E_NO_INPUT, DIAG_AT_FILE(src.name),
			       "%sneither a kabi baseline nor a Module.symvers "
			       "(kernel files cannot come from a pipe)",
			       src.head_len ? "" : "empty: ");
	}
	source_close(&src);
	return err;
}

int input_load(int npaths, char **paths, const struct input_options *o,
	       struct kabi_model *m, struct input_stats *st, struct diag *d)
{
	bool kernel = true;
	struct stat sb;
	int err;

	/* a single path that is not a folder may be a baseline */
	if (npaths == 1 && (stat(paths[0], &sb) < 0 || !S_ISDIR(sb.st_mode) ||
			    !strcmp(paths[0], "-"))) {
		double start = clock_seconds();

		err = load_file(paths[0], o->jobs, m, &kernel, d);
		if (!kernel) {
			if (st)
				st->file = clock_seconds() - start;
			return err;
		}
	}
	return load_kernel(npaths, paths, o, m, st, d);
}

/* The .modinfo values of one module under a key, in the table's order. */
static void add_modinfo(struct consumers *c, const struct export_table *t,
			uint32_t module, const char *key, bool as_namespace,
			const char **license)
{
	size_t i;

	for (i = 0; i < t->modinfo_count; i++) {
		const struct modinfo_entry *e = &t->modinfo[i];

		if (e->module != module ||
		    strcmp(strset_str(&t->strings, e->key), key))
			continue;
		if (as_namespace)
			consumers_add_namespace(
			    c, strset_str(&t->strings, e->value));
		else if (!*license)
			*license = strset_str(&t->strings, e->value);
	}
}

static void add_consumer(struct consumers *c, const struct export_table *t,
			 const char *name)
{
	uint32_t module = strset_find(&t->strings, name);
	const char *license = NULL;
	size_t i;

	if (module == UINT32_MAX)
		return; /* unreadable: reported already */
	add_modinfo(c, t, module, "license", false, &license);
	consumers_add_module(c, name, license);
	add_modinfo(c, t, module, "import_ns", true, NULL);
	for (i = 0; i < t->import_count; i++) {
		const struct kabi_import *im = &t->imports[i];

		if (im->module == module)
			consumers_add_import(c,
					     strset_str(&t->strings, im->name),
					     im->has_crc, im->crc, im->weak);
	}
}

int input_load_consumers(int npaths, char **paths,
			 const struct input_options *o, struct consumers *c,
			 struct diag *d)
{
	struct kernel_files kf;
	struct export_table t;
	size_t i;

	struct input_shown shown = {NULL, -1};
	struct progress progress = input_progress(o, &shown);

	kernel_files_init(&kf);
	package_add_paths(&kf, npaths, paths, &o->tree, o->jobs, &progress, d);
	kernel_files_warn_unused_btf(&kf, d);
	export_table_init(&t);
	t.read_imports = true;
	exports_read_files(&kf, o->jobs, &t, d);
	for (i = 0; i < kf.count; i++)
		if (!kf.files[i].is_vmlinux)
			add_consumer(c, &t, kf.files[i].module);
	for (i = 0; i < t.count; i++)
		if (strcmp(strset_str(&t.strings, t.exports[i].module),
			   "vmlinux"))
			consumers_add_own_export(
			    c, strset_str(&t.strings, t.exports[i].name),
			    strset_str(&t.strings, t.exports[i].module));
	consumers_finish(c);
	export_table_free(&t);
	kernel_files_free(&kf);
	if (!c->nmodules)
		return diag_error(
		    d, KABI_E_NO_INPUT, DIAG_AT_FILE(NULL),
		    "no module found in what was given (a vmlinux imports "
		    "nothing)");
	return 0;
}
