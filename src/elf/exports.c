// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The export table of a whole kernel: the files read in parallel, one
 * table each, then merged in file order and sorted, so that the result
 * does not depend on the number of threads.
 */
#include <elf.h>
#include <libelf.h>
#include <stdlib.h>
#include <string.h>

#include "elf.h"
#include "../util/parallel.h"
#include "../util/sort.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

void export_table_init(struct export_table *t)
{
	memset(t, 0, sizeof(*t));
	strset_init(&t->strings);
}

void export_table_free(struct export_table *t)
{
	strset_free(&t->strings);
	free(t->exports);
	free(t->modinfo);
	free(t->imports);
	memset(t, 0, sizeof(*t));
}

const char *export_symbol_type_name(enum export_symbol_type type)
{
	return type == EXPORT_FUNCTION ? "function" : "variable";
}

static int compare_exports(const void *a, const void *b, void *ctx)
{
	const struct strset *s = ctx;
	const struct kabi_export *x = a, *y = b;
	int c = strcmp(strset_str(s, x->name), strset_str(s, y->name));

	if (c)
		return c;
	return strcmp(strset_str(s, x->module), strset_str(s, y->module));
}

void export_table_sort(struct export_table *t)
{
	array_sort_r(t->exports, t->count, sizeof(*t->exports), compare_exports,
		     &t->strings);
}

static uint32_t reintern(struct export_table *dst,
			 const struct export_table *src, uint32_t off)
{
	return strset_add(&dst->strings, strset_str(&src->strings, off));
}

/* Append src to dst, moving its strings into dst's string set. */
static void export_table_merge(struct export_table *dst,
			       const struct export_table *src)
{
	size_t i;

	for (i = 0; i < src->count; i++) {
		struct kabi_export x = src->exports[i];

		x.name = reintern(dst, src, x.name);
		x.module = reintern(dst, src, x.module);
		x.ns = reintern(dst, src, x.ns);
		x.section = reintern(dst, src, x.section);
		ALLOC_GROW(dst->exports, dst->count + 1, dst->alloc);
		dst->exports[dst->count++] = x;
	}
	for (i = 0; i < src->modinfo_count; i++) {
		struct modinfo_entry m = src->modinfo[i];

		m.module = reintern(dst, src, m.module);
		m.key = reintern(dst, src, m.key);
		m.value = reintern(dst, src, m.value);
		ALLOC_GROW(dst->modinfo, dst->modinfo_count + 1,
			   dst->modinfo_alloc);
		dst->modinfo[dst->modinfo_count++] = m;
	}
	for (i = 0; i < src->import_count; i++) {
		struct kabi_import im = src->imports[i];

		im.module = reintern(dst, src, im.module);
		im.name = reintern(dst, src, im.name);
		ALLOC_GROW(dst->imports, dst->import_count + 1,
			   dst->import_alloc);
		dst->imports[dst->import_count++] = im;
	}
}

unsigned export_table_bits(const struct export_table *t)
{
	return !t->machine ? 0 : t->elf_class == ELFCLASS64 ? 64 : 32;
}

bool export_table_big_endian(const struct export_table *t)
{
	return t->byte_order == ELFDATA2MSB;
}

void kelf_init(void)
{
	elf_version(EV_CURRENT);
}

/* Files of one kernel are all built for one machine. */
static bool same_kernel(struct export_table *t, const struct export_table *f,
			const struct kernel_file *file, struct diag *d)
{
	if (!f->machine)
		return true; /* unreadable: already reported */
	if (!t->machine) {
		t->machine = f->machine;
		t->elf_class = f->elf_class;
		t->byte_order = f->byte_order;
		return true;
	}
	if (t->machine == f->machine && t->elf_class == f->elf_class &&
	    t->byte_order == f->byte_order)
		return true;
	diag_error(d, KABI_E_UNSUPPORTED, DIAG_AT_FILE(file->elf.name),
		   "built for %d-bit %s-endian %s, unlike the files before it "
		   "(%d-bit %s-endian %s): not the same kernel",
		   f->elf_class == ELFCLASS64 ? 64 : 32,
		   f->byte_order == ELFDATA2MSB ? "big" : "little",
		   kelf_machine_name(f->machine),
		   t->elf_class == ELFCLASS64 ? 64 : 32,
		   t->byte_order == ELFDATA2MSB ? "big" : "little",
		   kelf_machine_name(t->machine));
	return false;
}

struct read_job {
	const struct kernel_files *kf;
	struct export_table *tables;
	struct diag *diags;
};

static void read_one(size_t i, void *ctx)
{
	struct read_job *job = ctx;

	exports_read_file(&job->kf->files[i], &job->tables[i], &job->diags[i]);
}

void exports_read_files(const struct kernel_files *kf, unsigned jobs,
			struct export_table *t, struct diag *d)
{
	struct read_job job = {kf, NULL, NULL};
	size_t i;

	job.tables = xcalloc(kf->count, sizeof(*job.tables));
	job.diags = xcalloc(kf->count, sizeof(*job.diags));
	for (i = 0; i < kf->count; i++) {
		export_table_init(&job.tables[i]);
		job.tables[i].read_imports = t->read_imports;
		diag_init(&job.diags[i]);
	}
	parallel_run(kf->count, jobs, read_one, &job);
	for (i = 0; i < kf->count; i++) {
		if (same_kernel(t, &job.tables[i], &kf->files[i],
				&job.diags[i]))
			export_table_merge(t, &job.tables[i]);
		export_table_free(&job.tables[i]);
		diag_move(d, &job.diags[i]);
	}
	free(job.tables);
	free(job.diags);
	export_table_sort(t);
}
