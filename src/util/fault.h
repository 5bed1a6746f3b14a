/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A file that shrinks while kabi reads it: libelf and libdw read files
 * through mmap, and a page past the new end raises SIGBUS, which would
 * kill kabi with no word of why. The handler names the file (found from
 * the faulting address in /proc/self/maps), removes a half-written
 * output file, and exits with status 1.
 */
#ifndef KABI_UTIL_FAULT_H
#define KABI_UTIL_FAULT_H

/* Install the handler: once, before any file is mapped. */
void fault_init(void);

#endif
