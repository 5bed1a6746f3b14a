/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Compressed modules (.ko.xz, .ko.gz, .ko.zst) decompressed by kabi into
 * an anonymous memory file whose descriptor is then handed to elfutils
 * like any other file. elfutils would decompress .xz and .gz itself, but
 * without a bound on the size, and Debian 12's elfutils (0.188) has no
 * zstd, which kernels since 6.2 can compress modules with.
 */
#ifndef KABI_DECOMPRESS_H
#define KABI_DECOMPRESS_H

#include <stdbool.h>

#include "../util/diag.h"

/* A new descriptor holding the decompressed bytes of fd, or -error. */
int decompress_to_memfd(int fd, const char *path, struct diag *d);

/*
 * A kernel image as the boot loader takes it (vmlinuz: x86's bzImage, an
 * EFI stub) holds vmlinux compressed inside, as scripts/extract-vmlinux
 * finds it: where a gzip, xz, zstd, lz4, bzip2 or lzma stream starts,
 * decompress it, and keep the first that is ELF. A new descriptor, or
 * -error.
 */
bool is_kernel_image(int fd);
int extract_vmlinux(int fd, const char *path, struct diag *d);

#endif
