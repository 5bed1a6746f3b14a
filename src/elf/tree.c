// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Finding the files of a kernel. A directory is a kernel tree: a build
 * tree (vmlinux at the top, modules beside their sources), an installed
 * system or the root of an unpacked Debian package (boot/vmlinux-VER,
 * usr/lib/debug/boot/vmlinux-VER, lib/modules/VER/kernel/...). Module
 * names follow Module.symvers: the path below the tree, or below
 * lib/modules/VER/kernel, without the .ko suffix.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <glob.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "elf.h"
#include "files.h"
#include "../util/strbuf.h"
#include "../util/sort.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

/* .ko.debug: a module's debug file as RPM -debuginfo packages name it */
static const char *const module_suffixes[] = {".ko", ".ko.xz", ".ko.gz",
					      ".ko.zst", ".ko.debug"};

/* Where a vmlinux may be, relative to the top of a tree. */
static const char *const vmlinux_places[] = {
    "vmlinux",
    "boot/vmlinux-*",
    "usr/lib/debug/boot/vmlinux-*",
    "usr/lib/debug/vmlinux-*",
    "usr/lib/debug/lib/modules/*/vmlinux",
    "lib/modules/*/vmlinux",
};

/*
 * Where a compressed kernel image may be, when there is no vmlinux; in a
 * tree, the first place that has one is taken (an installed Fedora has
 * /boot/vmlinuz-VER, and /lib/modules/VER/vmlinuz, its RPM's copy).
 */
static const char *const image_places[] = {
    "boot/vmlinuz-*",
    "vmlinuz",
    "arch/x86/boot/bzImage",
    "lib/modules/*/vmlinuz",
};

static bool matches_any(const char *const *patterns, size_t n, const char *path)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!fnmatch(patterns[i], path, FNM_PATHNAME))
			return true;
	return false;
}

#define ARRAY_LEN(a) (sizeof(a) / sizeof(*(a)))

bool is_vmlinux_place(const char *rel)
{
	return matches_any(vmlinux_places, ARRAY_LEN(vmlinux_places), rel);
}

bool is_image_place(const char *rel)
{
	return matches_any(image_places, ARRAY_LEN(image_places), rel);
}

void kernel_files_init(struct kernel_files *kf)
{
	memset(kf, 0, sizeof(*kf));
}

void kernel_file_free(struct kernel_file *f)
{
	kernel_input_free(&f->elf);
	kernel_input_free(&f->debug);
	free(f->module);
}

const struct kernel_input *kernel_file_dwarf(const struct kernel_file *f)
{
	return f->debug.name ? &f->debug : &f->elf;
}

void kernel_files_free(struct kernel_files *kf)
{
	size_t i;

	for (i = 0; i < kf->count; i++)
		kernel_file_free(&kf->files[i]);
	free(kf->files);
	free(kf->release);
	free(kf->tree);
	free(kf->vmlinux_btf);
	for (i = 0; i < kf->nby_build_id; i++)
		kernel_input_free(&kf->by_build_id[i]);
	free(kf->by_build_id);
	kernel_files_init(kf);
}

size_t module_suffix_len(const char *name)
{
	size_t len = strlen(name), i;

	for (i = 0; i < sizeof(module_suffixes) / sizeof(*module_suffixes);
	     i++) {
		size_t slen = strlen(module_suffixes[i]);

		if (len > slen &&
		    !strcmp(name + len - slen, module_suffixes[i]))
			return slen;
	}
	return 0;
}

/*
 * The release in "lib/modules/VER/" within rel, if any: *rest is set to
 * what follows that folder, and the release is returned (malloc'd).
 */
char *split_modules_dir(const char *rel, const char **rest)
{
	const char *p = rel;

	for (;;) {
		const char *hit = strstr(p, "lib/modules/");
		const char *ver, *slash;

		if (!hit)
			return NULL;
		ver = hit + strlen("lib/modules/");
		slash = strchr(ver, '/');
		if ((hit == rel || hit[-1] == '/') && slash && slash > ver) {
			*rest = slash + 1;
			return xstrndup(ver, (size_t)(slash - ver));
		}
		p = ver;
	}
}

/* Module name from a path relative to the tree (or a loose file's path). */
char *module_name(const char *rel, char **release)
{
	const char *rest = rel;
	char *ver = split_modules_dir(rel, &rest);
	size_t len;

	if (ver && !strncmp(rest, "kernel/", 7))
		rest += 7;
	if (release)
		*release = ver;
	else
		free(ver);
	while (!strncmp(rest, "./", 2))
		rest += 2;
	len = strlen(rest) - module_suffix_len(rest);
	return xstrndup(rest, len);
}

/*
 * A module's name in a tree: below lib/modules/VER when its path has
 * that, be it inside the tree or above it (the tree may be
 * lib/modules/VER itself), else its path within the tree.
 */
static char *module_name_in_tree(const char *top, const char *path,
				 char **release)
{
	const char *rest;
	char *ver = split_modules_dir(path, &rest);

	if (ver) {
		free(ver);
		return module_name(path, release);
	}
	return module_name(path + strlen(top) + 1, release);
}

char *module_name_from_path(const char *path)
{
	const char *rest;
	char *ver = split_modules_dir(path, &rest), *name;
	const char *base;

	if (ver) {
		free(ver);
		return module_name(path, NULL);
	}
	/* a loose module outside any tree: its file name */
	base = strrchr(path, '/');
	base = base ? base + 1 : path;
	name = xstrndup(base, strlen(base) - module_suffix_len(base));
	return name;
}

/* Takes name (and fd, for a package member: else -1) and module. */
void add_input(struct kernel_files *kf, char *name, int fd, char *module,
	       bool is_vmlinux)
{
	struct kernel_file *f;

	ALLOC_GROW(kf->files, kf->count + 1, kf->alloc);
	f = &kf->files[kf->count++];
	f->elf.name = name;
	f->elf.fd = fd;
	f->debug.name = NULL;
	f->debug.fd = -1;
	f->module = module;
	f->is_vmlinux = is_vmlinux;
}

static void add_file(struct kernel_files *kf, const char *path, char *module,
		     bool is_vmlinux)
{
	add_input(kf, xstrdup(path), -1, module, is_vmlinux);
}

static int compare_files(const void *a, const void *b)
{
	const struct kernel_file *x = a, *y = b;
	int c;

	if (x->is_vmlinux != y->is_vmlinux)
		return x->is_vmlinux ? -1 : 1;
	c = strcmp(x->module, y->module);
	return c ? c : strcmp(x->elf.name, y->elf.name);
}

static int compare_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * The entries of a directory but "." and "..", sorted so that the walk
 * does not depend on the file system's order; -1 if it cannot be read.
 */
static int list_dir(const char *path, char ***names, size_t *count)
{
	size_t n = 0, alloc = 0;
	struct dirent *de;
	DIR *dir = opendir(path);

	*names = NULL;
	*count = 0;
	if (!dir)
		return -1;
	while ((de = readdir(dir))) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		ALLOC_GROW(*names, n + 1, alloc);
		(*names)[n++] = xstrdup(de->d_name);
	}
	closedir(dir);
	array_sort(*names, n, sizeof(**names), compare_names);
	*count = n;
	return 0;
}

static void free_names(char **names, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

struct found_file {
	char *path;
	dev_t dev;
	ino_t ino;
};

struct found_files {
	struct found_file *v;
	size_t n, alloc;
};

static void found_add(struct found_files *ff, const char *path,
		      const struct stat *st)
{
	size_t i;

	for (i = 0; i < ff->n; i++) /* links to one file count once */
		if (ff->v[i].dev == st->st_dev && ff->v[i].ino == st->st_ino)
			return;
	ALLOC_GROW(ff->v, ff->n + 1, ff->alloc);
	ff->v[ff->n].path = xstrdup(path);
	ff->v[ff->n].dev = st->st_dev;
	ff->v[ff->n].ino = st->st_ino;
	ff->n++;
}

static void found_free(struct found_files *ff)
{
	size_t i;

	for (i = 0; i < ff->n; i++)
		free(ff->v[i].path);
	free(ff->v);
}

/* Files matching a slash-separated pattern of fnmatch components. */
static void glob_under(const char *dir, const char *pattern,
		       struct found_files *out)
{
	const char *slash = strchr(pattern, '/');
	size_t clen = slash ? (size_t)(slash - pattern) : strlen(pattern);
	char *component = xstrndup(pattern, clen);
	size_t n, i;
	char **names;

	list_dir(dir, &names, &n);
	for (i = 0; i < n; i++) {
		struct strbuf path = STRBUF_INIT;
		struct stat st;

		if (fnmatch(component, names[i], 0))
			continue;
		strbuf_addf(&path, "%s/%s", dir, names[i]);
		if (slash)
			glob_under(path.buf, slash + 1, out);
		else if (!stat(path.buf, &st) && S_ISREG(st.st_mode))
			found_add(out, path.buf, &st);
		strbuf_release(&path);
	}
	free_names(names, n);
	free(component);
}

struct tree_scan {
	const char *top;
	struct found_files modules;
	struct found_files by_build_id; /* .build-id/XX/REST.debug */
	struct diag *diag;
};

/* Every module file below dir, not following symbolic links. */
static void walk_modules(struct tree_scan *scan, const char *dir)
{
	size_t n, i;
	char **names;

	/* its modules would be missing from the kernel: not a warning */
	if (list_dir(dir, &names, &n) < 0)
		diag_error(scan->diag, KABI_E_IO, DIAG_AT_FILE(dir),
			   "cannot read folder: %s: the modules below it are "
			   "not read",
			   strerror(errno));
	for (i = 0; i < n; i++) {
		struct strbuf path = STRBUF_INIT;
		struct stat st;

		strbuf_addf(&path, "%s/%s", dir, names[i]);
		/* .debug: where a .gnu_debuglink points, for libdwfl */
		if (!lstat(path.buf, &st)) {
			if (S_ISDIR(st.st_mode) && strcmp(names[i], ".debug"))
				walk_modules(scan, path.buf);
			else if (S_ISREG(st.st_mode) &&
				 module_suffix_len(names[i]))
				found_add(&scan->modules, path.buf, &st);
			else if (S_ISREG(st.st_mode) &&
				 is_build_id_path(path.buf))
				found_add(&scan->by_build_id, path.buf, &st);
		}
		strbuf_release(&path);
	}
	free_names(names, n);
}

/* The release a path names: lib/modules/VER/..., or vmlinux-VER */
char *release_of_path(const char *rel)
{
	const char *base, *rest;
	char *ver = split_modules_dir(rel, &rest);

	if (ver)
		return ver;
	base = strrchr(rel, '/');
	base = base ? base + 1 : rel;
	if ((!strncmp(base, "vmlinux-", 8) || !strncmp(base, "vmlinuz-", 8)) &&
	    base[8])
		return xstrdup(base + 8);
	return NULL;
}

static char *release_of_vmlinux(const char *top, const char *path)
{
	return release_of_path(path + strlen(top) + 1);
}

static int find_vmlinux(const char *top, const struct tree_options *opts,
			char **out, struct diag *d)
{
	struct found_files ff = {0};
	struct strbuf list = STRBUF_INIT;
	size_t i;

	*out = NULL;
	if (opts && opts->vmlinux) {
		*out = xstrdup(opts->vmlinux);
		return 0;
	}
	for (i = 0; i < sizeof(vmlinux_places) / sizeof(*vmlinux_places); i++)
		glob_under(top, vmlinux_places[i], &ff);
	/* no vmlinux: the image the boot loader takes holds one */
	for (i = 0; !ff.n && i < ARRAY_LEN(image_places); i++)
		glob_under(top, image_places[i], &ff);
	if (ff.n == 1)
		*out = xstrdup(ff.v[0].path);
	for (i = 0; ff.n > 1 && i < ff.n; i++)
		strbuf_addf(&list, "%s'%s'", i ? ", " : "", ff.v[i].path);
	found_free(&ff);
	if (list.len) {
		diag_error(
		    d, KABI_E_NO_INPUT, DIAG_AT_FILE(top),
		    "several vmlinux files (%s): choose one with --vmlinux",
		    list.buf);
		strbuf_release(&list);
		return -KABI_E_NO_INPUT;
	}
	return 0;
}

/*
 * A folder with no kernel in it; where it holds a Module.symvers (a
 * build tree's top, or a linux-headers package), the one to name.
 */
static int no_kernel_found(const char *top, struct diag *d)
{
	static const char *const where[] = {"Module.symvers",
					    "usr/src/*/Module.symvers"};
	struct strbuf pattern = STRBUF_INIT;
	glob_t g;
	size_t i;
	int err = 0;

	for (i = 0; i < sizeof(where) / sizeof(*where) && !err; i++) {
		strbuf_reset(&pattern);
		strbuf_addf(&pattern, "%s/%s", top, where[i]);
		if (glob(pattern.buf, 0, NULL, &g))
			continue;
		err = diag_error(d, KABI_E_NO_INPUT, DIAG_AT_FILE(top),
				 "no vmlinux and no modules found, but a "
				 "Module.symvers: name it (%s) to compare "
				 "exports and CRCs alone",
				 g.gl_pathv[0]);
		globfree(&g);
	}
	strbuf_release(&pattern);
	return err ? err
		   : diag_error(d, KABI_E_NO_INPUT, DIAG_AT_FILE(top),
				"no vmlinux and no modules found");
}

/* The one release the tree's modules belong to, or an error. */
static int choose_release(struct tree_scan *scan, const char *vmlinux_release,
			  char **out)
{
	struct strbuf seen = STRBUF_INIT;
	char *first = NULL;
	size_t i;
	int several = 0;

	*out = NULL;
	for (i = 0; i < scan->modules.n; i++) {
		const char *rest;
		char *ver = split_modules_dir(scan->modules.v[i].path, &rest);

		if (ver && !first)
			first = ver;
		else if (ver && strcmp(ver, first)) {
			if (!strstr(seen.buf, ver))
				strbuf_addf(&seen, ", %s", ver);
			several = 1;
			free(ver);
		} else {
			free(ver);
		}
	}
	if (several && vmlinux_release) {
		free(first);
		*out = xstrdup(vmlinux_release);
		strbuf_release(&seen);
		return 0;
	}
	if (several) {
		diag_error(
		    scan->diag, KABI_E_NO_INPUT, DIAG_AT_FILE(scan->top),
		    "modules of several kernels (%s%s): name one "
		    "lib/modules/VERSION folder, or a vmlinux with --vmlinux",
		    first, seen.buf);
		free(first);
		strbuf_release(&seen);
		return -KABI_E_NO_INPUT;
	}
	*out = first;
	strbuf_release(&seen);
	return 0;
}

static int add_tree(struct kernel_files *kf, const char *top,
		    const struct tree_options *opts, struct diag *d)
{
	struct tree_scan scan = {.top = top, .diag = d};
	char *vmlinux, *vm_release = NULL, *release = NULL;
	size_t i, before = kf->count;
	int err;

	err = find_vmlinux(top, opts, &vmlinux, d);
	if (err)
		return err;
	if (vmlinux && !(opts && opts->vmlinux))
		vm_release = release_of_vmlinux(top, vmlinux);
	walk_modules(&scan, top);
	err = choose_release(&scan, vm_release, &release);
	if (err)
		goto out;
	if (vmlinux)
		add_file(kf, vmlinux, xstrdup("vmlinux"), true);
	for (i = 0; i < scan.modules.n; i++) {
		const char *path = scan.modules.v[i].path;
		char *ver = NULL, *name = module_name_in_tree(top, path, &ver);

		/* with several kernels below top, keep the chosen one */
		if (release && ver && strcmp(ver, release))
			free(name);
		else
			add_file(kf, path, name, false);
		free(ver);
	}
	for (i = 0; i < scan.by_build_id.n; i++)
		add_build_id_file(kf, xstrdup(scan.by_build_id.v[i].path), -1);
	if (kf->count == before && !scan.by_build_id.n)
		err = no_kernel_found(top, d);
	if (!kf->tree)
		kf->tree = xstrdup(top);
	if (!kf->release)
		kf->release = release	   ? xstrdup(release)
			      : vm_release ? xstrdup(vm_release)
					   : NULL;
out:
	free(vmlinux);
	free(vm_release);
	free(release);
	found_free(&scan.modules);
	found_free(&scan.by_build_id);
	return err;
}

bool has_vmlinux(const struct kernel_files *kf)
{
	return kf->count && kf->files[0].is_vmlinux;
}

/* "vmlinux, boot/vmlinux-*, ...": where a tree's vmlinux may be */
static void add_vmlinux_places(struct strbuf *sb)
{
	size_t i;

	for (i = 0; i < sizeof(vmlinux_places) / sizeof(*vmlinux_places); i++)
		strbuf_addf(sb, "%s%s", i ? ", " : "", vmlinux_places[i]);
	for (i = 0; i < sizeof(image_places) / sizeof(*image_places); i++)
		strbuf_addf(sb, ", %s", image_places[i]);
}

static bool lacks_vmlinux(const struct kernel_files *kf)
{
	return kf->tree && kf->count && !has_vmlinux(kf);
}

int kernel_files_need_vmlinux(const struct kernel_files *kf, struct diag *d)
{
	struct strbuf places = STRBUF_INIT;
	int err;

	if (!lacks_vmlinux(kf))
		return 0;
	add_vmlinux_places(&places);
	err = diag_error(
	    d, KABI_E_NO_INPUT, DIAG_AT_FILE(kf->tree),
	    "no vmlinux found (looked for %s): without it the kernel's own "
	    "exports are missing; name it with --vmlinux or beside the folder, "
	    "or name the module files to read them alone",
	    places.buf);
	strbuf_release(&places);
	return err;
}

void kernel_files_warn_no_vmlinux(const struct kernel_files *kf, struct diag *d)
{
	struct strbuf places = STRBUF_INIT;

	if (!lacks_vmlinux(kf))
		return;
	add_vmlinux_places(&places);
	diag_warning(d, DIAG_AT_FILE(kf->tree),
		     "no vmlinux found (looked for %s): listing the modules' "
		     "exports alone",
		     places.buf);
	strbuf_release(&places);
}

static bool same_file(const struct kernel_input *a,
		      const struct kernel_input *b)
{
	struct stat x, y;

	if (a->fd >= 0 || b->fd >= 0) /* one package named twice */
		return a->fd >= 0 && b->fd >= 0 && !strcmp(a->name, b->name);
	return !stat(a->name, &x) && !stat(b->name, &y) &&
	       x.st_dev == y.st_dev && x.st_ino == y.st_ino;
}

static void remove_file(struct kernel_files *kf, size_t i)
{
	memmove(&kf->files[i], &kf->files[i + 1],
		(kf->count - i - 1) * sizeof(kf->files[i]));
	kf->count--;
}

/*
 * One file named twice (a module and the tree that holds it) is read
 * once; a binary and its debug file are paired; two other files for one
 * module are not one kernel: the second is an error, and not read. Two
 * vmlinux files not a pair are the caller's to refuse.
 */
static int drop_repeats(struct kernel_files *kf, struct diag *d)
{
	size_t i = 1;
	int err = 0, paired;

	while (i < kf->count) {
		struct kernel_file *a = &kf->files[i - 1], *b = &kf->files[i];

		if (a->is_vmlinux != b->is_vmlinux ||
		    strcmp(a->module, b->module)) {
			i++;
			continue;
		}
		paired = pair_debug(a, b, d);
		if (paired > 0) {
			remove_file(kf, i);
			continue;
		}
		if (paired < 0) { /* the debug file is dropped */
			err = paired;
			if (is_debug_file(&a->elf)) {
				kernel_file_free(a);
				*a = *b;
			} else {
				kernel_file_free(b);
			}
			remove_file(kf, i);
			continue;
		}
		if (a->is_vmlinux && !same_file(&a->elf, &b->elf)) {
			i++;
			continue;
		}
		if (same_file(&a->elf, &b->elf))
			diag_warning(d, DIAG_AT_FILE(b->elf.name),
				     "named twice: read once");
		else
			err = diag_error(
			    d, KABI_E_USAGE, DIAG_AT_FILE(b->elf.name),
			    "a second file for module '%s' (the first: '%s'): "
			    "not read, one kernel at a time",
			    b->module, a->elf.name);
		kernel_file_free(b);
		remove_file(kf, i);
	}
	return err;
}

/* Sorted, repeats dropped, pairs made, after path was added. */
void settle(struct kernel_files *kf, const char *path, bool had_vmlinux,
	    int err, struct diag *d)
{
	array_sort(kf->files, kf->count, sizeof(*kf->files), compare_files);
	if (!err)
		err = drop_repeats(kf, d);
	if (!err && had_vmlinux && kf->count > 1 && kf->files[1].is_vmlinux)
		diag_error(d, KABI_E_USAGE, DIAG_AT_FILE(path),
			   "a second vmlinux: one kernel at a time");
}

/*
 * Raw BTF, as /sys/kernel/btf/vmlinux: the magic 0xeB9F in either byte
 * order, where ELF would have its own. A regular file only (the caller
 * checked): a FIFO would block.
 */
static bool is_raw_btf(const char *path)
{
	unsigned char magic[2];
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	bool yes;

	if (fd < 0)
		return false;
	yes = read(fd, magic, 2) == 2 &&
	      ((magic[0] == 0x9f && magic[1] == 0xeb) ||
	       (magic[0] == 0xeb && magic[1] == 0x9f));
	close(fd);
	return yes;
}

static void add_vmlinux_btf(struct kernel_files *kf, const char *path,
			    struct diag *d)
{
	if (kf->vmlinux_btf)
		diag_error(d, KABI_E_UNSUPPORTED, DIAG_AT_FILE(path),
			   "a second raw BTF of vmlinux (the first: %s)",
			   kf->vmlinux_btf);
	else
		kf->vmlinux_btf = xstrdup(path);
}

void kernel_files_add(struct kernel_files *kf, const char *path,
		      const struct tree_options *opts, struct diag *d)
{
	bool had_vmlinux = has_vmlinux(kf);
	struct stat st;
	int err = 0;

	if (stat(path, &st) < 0) {
		diag_error(d, KABI_E_IO, DIAG_AT_FILE(path), "cannot open: %s",
			   strerror(errno));
		return;
	}
	if (S_ISDIR(st.st_mode)) {
		struct strbuf top = STRBUF_INIT;

		strbuf_adds(&top, path);
		while (top.len > 1 && top.buf[top.len - 1] == '/')
			strbuf_setlen(&top, top.len - 1);
		err = add_tree(kf, top.buf, opts, d);
		strbuf_release(&top);
	} else if (S_ISREG(st.st_mode) && is_raw_btf(path)) {
		add_vmlinux_btf(kf, path, d);
		return;
	} else if (module_suffix_len(path)) {
		char *ver = NULL;
		const char *rest;

		add_file(kf, path, module_name_from_path(path), false);
		ver = split_modules_dir(path, &rest);
		if (!kf->release)
			kf->release = ver;
		else
			free(ver);
	} else {
		const char *base = strrchr(path, '/');

		add_file(kf, path, xstrdup("vmlinux"), true);
		base = base ? base + 1 : path;
		/* vmlinux-6.1.0-57-cloud-amd64 says which kernel it is */
		if (!kf->release &&
		    (!strncmp(base, "vmlinux-", 8) ||
		     !strncmp(base, "vmlinuz-", 8)) &&
		    base[8])
			kf->release = xstrdup(base + 8);
	}
	settle(kf, path, had_vmlinux, err, d);
}

void kernel_files_warn_unused_btf(const struct kernel_files *kf, struct diag *d)
{
	if (kf->vmlinux_btf)
		diag_warning(d, DIAG_AT_FILE(kf->vmlinux_btf),
			     "raw BTF gives types, which this command does "
			     "not read: not used");
}
