/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Named pipes given as input files (baselines, suppression files, symbol
 * lists). They are opened without waiting, so that a pipe nobody will
 * ever write to cannot hang kabi; but a writer started just before kabi
 * (`cat base.xml >fifo & kabi diff fifo tree`) may not have opened its
 * end yet, and a read then would see the end of an empty file.
 */
#ifndef KABI_UTIL_FIFO_H
#define KABI_UTIL_FIFO_H

#include <stdbool.h>

/* How long a named pipe is given to find a writer. */
#define FIFO_WRITER_WAIT_MS 5000

/*
 * fd is a FIFO opened O_NONBLOCK for reading: wait until a writer has
 * written or come and gone. false if none came within the wait.
 */
bool fifo_wait_writer(int fd);

#endif
