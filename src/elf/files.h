/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the finders of a kernel's files share: tree.c (folders and loose
 * files), members.c (the members of a package) and pair.c (a binary and
 * its debug file). Internal to the elf/ stage.
 */
#ifndef KABI_ELF_FILES_H
#define KABI_ELF_FILES_H

#include <stdbool.h>
#include <stddef.h>

#include "elf.h"

/* Where a vmlinux, or a kernel image, may be, relative to a tree's top. */
bool is_vmlinux_place(const char *rel);
bool is_image_place(const char *rel);
/* The length of a module suffix (".ko", ".ko.xz", ...) name ends with. */
size_t module_suffix_len(const char *name);
/* The VER of "lib/modules/VER/" in rel (malloc'd), *rest what follows. */
char *split_modules_dir(const char *rel, const char **rest);
/* A module's name from its path; *release its VER, if release given. */
char *module_name(const char *rel, char **release);
/* The release a path names: lib/modules/VER/..., or vmlinux-VER. */
char *release_of_path(const char *rel);

void kernel_file_free(struct kernel_file *f);
/* Add a file: takes name, fd (a memory file, or -1) and module. */
void add_input(struct kernel_files *kf, char *name, int fd, char *module,
	       bool is_vmlinux);
bool has_vmlinux(const struct kernel_files *kf);
/* Sorted, repeats dropped, pairs made, after path was added. */
void settle(struct kernel_files *kf, const char *path, bool had_vmlinux,
	    int err, struct diag *d);

/* A debug file named by build-id: .../.build-id/XX/REST.debug */
bool is_build_id_path(const char *path);
/* Keep such a file (name and fd taken) for kernel_files_pair_build_ids. */
void add_build_id_file(struct kernel_files *kf, char *name, int fd);

/* Whether a file is a separate debug file: below usr/lib/debug/. */
bool is_debug_file(const struct kernel_input *in);
/*
 * Pair a binary and its debug file, the two files of one module (or
 * both vmlinux) into a: 1, or 0 when they are no such pair, or a
 * negative error when they are of different builds.
 */
int pair_debug(struct kernel_file *a, struct kernel_file *b, struct diag *d);

#endif
