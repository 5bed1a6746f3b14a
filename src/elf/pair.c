// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A binary and its separate debug file made one file of the kernel: a
 * distribution's image package and its debug package (-dbg, -debuginfo)
 * hold the same module twice, stripped and with DWARF.
 */
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "elf.h"
#include "files.h"
#include "../util/hashmap.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

/* A separate debug file: below usr/lib/debug/ in its tree or package. */
bool is_debug_file(const struct kernel_input *in)
{
	const char *p = in->name;

	while ((p = strstr(p, "usr/lib/debug/"))) {
		if (p == in->name || p[-1] == '/' || p[-1] == ':')
			return true;
		p++;
	}
	return false;
}

/*
 * Whether the build-ids of a binary and a debug file differ, when both
 * have one: then they are not of one build (an image of one kernel and
 * the debug package of another), and pairing them would mislead.
 */
static int check_build_ids(const struct kernel_file *bin,
			   const struct kernel_file *dbg, struct diag *d)
{
	unsigned char a[64], b[64];
	size_t alen = kelf_build_id(&dbg->elf, a, sizeof(a)), blen;

	if (!alen)
		return 0;
	blen = kelf_build_id(&bin->elf, b, sizeof(b));
	if (!blen || (alen == blen && !memcmp(a, b, alen)))
		return 0;
	return diag_error(d, KABI_E_USAGE, DIAG_AT_FILE(dbg->elf.name),
			  "the debug file of another build than '%s' (their "
			  "build-ids differ): not read",
			  bin->elf.name);
}

/*
 * A binary and its debug file, for one module or for vmlinux, made one
 * file of the kernel: 1, or 0 when they are no such pair, or an error
 * when they are of different builds. The debug file is read alone when
 * it carries the export tables, as Debian's do; else exports come from
 * the binary, DWARF from the debug file. They are paired by path, as
 * the packages place them, and checked by build-id where both have one.
 */
int pair_debug(struct kernel_file *a, struct kernel_file *b, struct diag *d)
{
	struct kernel_file *bin = a, *dbg = b;
	int err;

	if (a->debug.name || b->debug.name ||
	    is_debug_file(&a->elf) == is_debug_file(&b->elf))
		return 0;
	if (is_debug_file(&a->elf)) {
		bin = b;
		dbg = a;
	}
	err = check_build_ids(bin, dbg, d);
	if (err)
		return err;
	if (kelf_has_export_tables(&dbg->elf)) {
		kernel_input_free(&bin->elf);
		bin->elf = dbg->elf;
	} else {
		bin->debug = dbg->elf;
	}
	dbg->elf.name = NULL;
	dbg->elf.fd = -1;
	if (bin != a) {
		free(a->module);
		*a = *b;
	} else {
		free(b->module);
	}
	return 1;
}

bool is_build_id_path(const char *path)
{
	const char *p = strstr(path, ".build-id/");

	return p && (p == path || p[-1] == '/' || p[-1] == ':') &&
	       !fnmatch("[0-9a-f][0-9a-f]/*.debug", p + 10, FNM_PATHNAME);
}

void add_build_id_file(struct kernel_files *kf, char *name, int fd)
{
	ALLOC_GROW(kf->by_build_id, kf->nby_build_id + 1,
		   kf->by_build_id_alloc);
	kf->by_build_id[kf->nby_build_id].name = name;
	kf->by_build_id[kf->nby_build_id].fd = fd;
	kf->nby_build_id++;
}

/* "XX/REST.debug" of a build-id, as the .build-id folder names it */
static void build_id_path(const unsigned char *id, size_t len, char *out,
			  size_t max)
{
	size_t i, at = 0;

	for (i = 0; i < len && at + 8 < max; i++) {
		at += (size_t)snprintf(out + at, max - at, "%02x", id[i]);
		if (i == 0)
			out[at++] = '/';
	}
	snprintf(out + at, max - at, ".debug");
}

/* "XX/REST.debug" of a kept debug file, after its ".build-id/" */
static const char *build_id_tail(const struct kernel_input *in)
{
	return strstr(in->name, ".build-id/") + 10;
}

/* The kept debug file of this "XX/REST.debug", or NULL */
static struct kernel_input *find_build_id(struct kernel_files *kf,
					  const struct hashmap *by_tail,
					  const char *tail)
{
	struct hashmap_iter it;
	struct hashmap_entry *e;

	for (e = hashmap_first(by_tail, hash_string(tail), &it); e;
	     e = hashmap_next(by_tail, &it)) {
		struct kernel_input *in = &kf->by_build_id[e->value];

		if (in->name && !strcmp(build_id_tail(in), tail))
			return in;
	}
	return NULL;
}

/* Debug files by build-id that no file of the kernel is: said, once. */
static void warn_unmatched(const struct kernel_files *kf, struct diag *d)
{
	const char *first = NULL;
	size_t i, n = 0;

	for (i = 0; i < kf->nby_build_id; i++)
		if (kf->by_build_id[i].name && !n++)
			first = kf->by_build_id[i].name;
	if (n)
		diag_warning(d, DIAG_AT_FILE(first),
			     "%zu debug file%s by build-id match%s no file of "
			     "the kernel: not read",
			     n, n == 1 ? "" : "s", n == 1 ? "es" : "");
}

void kernel_files_pair_build_ids(struct kernel_files *kf, struct diag *d)
{
	struct hashmap by_tail = HASHMAP_INIT;
	size_t i;

	for (i = 0; i < kf->nby_build_id; i++)
		hashmap_add(&by_tail,
			    hash_string(build_id_tail(&kf->by_build_id[i])), 0,
			    i);
	for (i = 0; kf->nby_build_id && i < kf->count; i++) {
		struct kernel_file *f = &kf->files[i];
		unsigned char id[64], other[64];
		char tail[160];
		size_t len;
		struct kernel_input *dbg;

		if (f->debug.name || is_debug_file(&f->elf))
			continue;
		len = kelf_build_id(&f->elf, id, sizeof(id));
		if (!len)
			continue;
		build_id_path(id, len, tail, sizeof(tail));
		dbg = find_build_id(kf, &by_tail, tail);
		if (!dbg)
			continue;
		/* a file's name is no proof of its contents */
		if (kelf_build_id(dbg, other, sizeof(other)) != len ||
		    memcmp(id, other, len)) {
			diag_error(d, KABI_E_USAGE, DIAG_AT_FILE(dbg->name),
				   "named by the build-id of '%s', but its own "
				   "differs: not read",
				   f->elf.name);
			continue;
		}
		f->debug = *dbg;
		dbg->name = NULL;
		dbg->fd = -1;
	}
	hashmap_free(&by_tail);
	warn_unmatched(kf, d);
	for (i = 0; i < kf->nby_build_id; i++)
		kernel_input_free(&kf->by_build_id[i]);
	free(kf->by_build_id);
	kf->by_build_id = NULL;
	kf->nby_build_id = kf->by_build_id_alloc = 0;
}
