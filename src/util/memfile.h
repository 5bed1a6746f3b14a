/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Anonymous memory files (memfd_create): bytes kabi produced itself (a
 * decompressed module, a member of a package) handed to libelf and
 * libdwfl as a file descriptor, like a file on disk.
 */
#ifndef KABI_MEMFILE_H
#define KABI_MEMFILE_H

#include <stddef.h>

/* A new memory file, or -1 with errno set. */
int memfile_create(const char *tag);
/* Write all of buf to fd: 0, or -1 with errno set. */
int memfile_write(int fd, const void *buf, size_t len);
/*
 * All the bytes of a file or memory file, from its start, in a buffer
 * the caller frees: 0 with *buf and *len set, or -1 with errno set
 * (EFBIG when it is longer than limit).
 */
int memfile_read_all(int fd, size_t limit, char **buf, size_t *len);

#endif
