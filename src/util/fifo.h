/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Files given as input that may be named pipes (baselines, suppression
 * files, symbol lists). A pipe is opened without waiting, so that one
 * nobody will ever write to cannot hang kabi; but a writer started just
 * before kabi (`cat base.xml >fifo & kabi diff fifo tree`) may not have
 * opened its end yet, and a read then would see the end of an empty
 * file: so the pipe is given a bounded time to find a writer.
 */
#ifndef KABI_UTIL_FIFO_H
#define KABI_UTIL_FIFO_H

#include <sys/stat.h>

#include "diag.h"

/* How long a named pipe is given to find a writer. */
#define FIFO_WRITER_WAIT_MS 5000

/*
 * A descriptor reading path (blocking, as any), its stat in *st; for a
 * named pipe, once a writer has written or come and gone. A negative
 * error, reported in d, if it cannot be opened, or no writer came.
 */
int fifo_safe_open(const char *path, struct stat *st, struct diag *d);

#endif
