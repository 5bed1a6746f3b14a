/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Decompression that elfutils cannot do for us. elfutils reads .xz, .gz
 * and .bz2 files itself, and zstd too when it is built with libzstd, but
 * Debian 12's elfutils 0.188 is not; kernels since 6.2 can compress
 * modules with zstd. A .ko.zst is decompressed into an anonymous memory
 * file whose descriptor is then handed to elfutils like any other file.
 */
#ifndef KABI_DECOMPRESS_H
#define KABI_DECOMPRESS_H

#include <stdbool.h>

#include "../util/diag.h"

bool is_zstd_magic(const unsigned char magic[4]);
/* A new descriptor holding the decompressed bytes of fd, or -error. */
int zstd_to_memfd(int fd, const char *path, struct diag *d);

#endif
