/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The package/ stage: a distribution's kernel packages as input, read in
 * place. A Debian package (.deb: an ar archive whose data.tar.* holds the
 * files) or an RPM (a cpio payload) is streamed once with libarchive; the
 * files a kernel is made of (vmlinux, the kernel image, modules, and
 * their debug files below usr/lib/debug) are copied into anonymous memory
 * files, within bounds, and handed to elf/ as a tree's files would be.
 */
#ifndef KABI_PACKAGE_H
#define KABI_PACKAGE_H

#include "../elf/elf.h"
#include "../util/diag.h"
#include "../util/progress.h"

/*
 * What a package may hold in memory: no kernel file comes near 2 GiB (a
 * debug vmlinux is some 600 MiB), nor a kernel's files 8 GiB (Debian's
 * largest -dbg package unpacks to 5.4 GiB), nor the number of its files
 * 16,384 (4,400 in Debian's full flavour, twice that in a package of
 * images and debug files both); beyond is an attack. The archives of a
 * package expand at most as inflate_bound lets them (32 times the
 * package's size), what is skipped counted as what is kept.
 */
#define PACKAGE_MAX_MEMBER (UINT64_C(2) << 30)
#define PACKAGE_MAX_TOTAL  (UINT64_C(8) << 30)
#define PACKAGE_MAX_FILES  16384

/*
 * Add what each path names to kf: a package's kernel files (a .deb or an
 * .rpm, known by its first bytes), or what kernel_files_add takes.
 * Packages are read on up to jobs threads, and added in the order given;
 * how far they are read is told to progress (NULL: not told).
 */
void package_add_paths(struct kernel_files *kf, int npaths, char **paths,
		       const struct tree_options *opts, unsigned jobs,
		       const struct progress *progress, struct diag *d);

#endif
