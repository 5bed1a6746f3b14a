// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The files of a kernel among the members of a package (src/package/
 * reads them into memory files): found in the places a tree's would be,
 * named PKG:path/in/package.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "elf.h"
#include "files.h"
#include "../util/strbuf.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

static bool is_module_member(const char *path)
{
	const char *rest;
	char *ver;
	bool below_modules;

	if (!module_suffix_len(path))
		return false;
	ver = split_modules_dir(path, &rest);
	below_modules = ver != NULL;
	free(ver);
	return below_modules;
}

bool kernel_files_wants(const char *path)
{
	return is_module_member(path) || is_vmlinux_place(path) ||
	       is_image_place(path) || is_build_id_path(path);
}

/*
 * The member that is the package's vmlinux: one in a vmlinux place, else
 * a kernel image; n if none, n + 1 (reported) if several.
 */
static size_t member_vmlinux(const char *pkg, const struct kernel_member *m,
			     size_t n, struct diag *d)
{
	struct strbuf list = STRBUF_INIT;
	size_t i, found = n, count = 0;
	int pass;

	for (pass = 0; pass < 2 && !count; pass++)
		for (i = 0; i < n; i++)
			if (pass ? is_image_place(m[i].path)
				 : is_vmlinux_place(m[i].path)) {
				strbuf_addf(&list, "%s'%s'", count ? ", " : "",
					    m[i].path);
				found = i;
				count++;
			}
	if (count > 1) {
		diag_error(d, KABI_E_NO_INPUT, DIAG_AT_FILE(pkg),
			   "several vmlinux files (%s): choose one with "
			   "--vmlinux",
			   list.buf);
		found = n + 1;
	}
	strbuf_release(&list);
	return found;
}

static char *member_name(const char *pkg, const char *path)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addf(&sb, "%s:%s", pkg, path);
	return strbuf_detach(&sb);
}

/* The release a package's files are of: its vmlinux's, or its modules'. */
static char *member_release(const struct kernel_member *m, size_t n, size_t vm)
{
	size_t i;

	if (vm < n)
		return release_of_path(m[vm].path);
	for (i = 0; i < n; i++)
		if (m[i].fd >= 0 && is_module_member(m[i].path))
			return release_of_path(m[i].path);
	return NULL;
}

/* Each module of release; modules of another one are an error. */
static void add_member_modules(struct kernel_files *kf, const char *pkg,
			       struct kernel_member *m, size_t n,
			       const char *release, struct diag *d)
{
	size_t i;

	for (i = 0; i < n; i++) {
		char *ver = NULL, *name, *where;

		if (m[i].fd >= 0 && is_build_id_path(m[i].path)) {
			add_build_id_file(kf, member_name(pkg, m[i].path),
					  m[i].fd);
			m[i].fd = -1;
		}
		if (m[i].fd < 0 || !is_module_member(m[i].path))
			continue;
		name = module_name(m[i].path, &ver);
		where = member_name(pkg, m[i].path);
		if (release && ver && strcmp(ver, release)) {
			diag_error(d, KABI_E_NO_INPUT, DIAG_AT_FILE(where),
				   "a module of another kernel (%s, not %s): "
				   "not read, one kernel at a time",
				   ver, release);
			free(name);
			free(where);
		} else {
			add_input(kf, where, m[i].fd, name, false);
			m[i].fd = -1;
		}
		free(ver);
	}
}

void kernel_files_add_members(struct kernel_files *kf, const char *pkg,
			      struct kernel_member *m, size_t n,
			      const struct tree_options *opts, struct diag *d)
{
	bool had_vmlinux = has_vmlinux(kf);
	size_t i, vm = opts && opts->vmlinux ? n : member_vmlinux(pkg, m, n, d);
	size_t before = kf->count;
	char *release = member_release(m, n, vm);
	int err = vm > n ? -KABI_E_NO_INPUT : 0;

	/* an image of one kernel and the debug package of another */
	if (!err && kf->release && release && strcmp(kf->release, release))
		err = diag_error(d, KABI_E_USAGE, DIAG_AT_FILE(pkg),
				 "a package of another kernel (%s, not %s): "
				 "not read, one kernel at a time",
				 release, kf->release);
	if (err)
		vm = n;
	if (!err && opts && opts->vmlinux)
		add_input(kf, xstrdup(opts->vmlinux), -1, xstrdup("vmlinux"),
			  true);
	if (vm < n) {
		add_input(kf, member_name(pkg, m[vm].path), m[vm].fd,
			  xstrdup("vmlinux"), true);
		m[vm].fd = -1;
	}
	if (!err)
		add_member_modules(kf, pkg, m, n, release, d);
	if (!err && kf->count == before && !kf->nby_build_id)
		err = diag_error(d, KABI_E_NO_INPUT, DIAG_AT_FILE(pkg),
				 "no vmlinux and no modules in this package");
	if (!kf->release && release)
		kf->release = xstrdup(release);
	/* a package is a tree: without a vmlinux, what a folder is */
	if (!kf->tree)
		kf->tree = xstrdup(pkg);
	free(release);
	for (i = 0; i < n; i++) {
		free(m[i].path);
		if (m[i].fd >= 0)
			close(m[i].fd);
	}
	free(m);
	settle(kf, pkg, had_vmlinux, err, d);
}
