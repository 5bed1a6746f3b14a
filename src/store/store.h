/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The store/ stage: the model as an XML baseline file, and back.
 * Deterministic (sorted, one element per line, ids from names and shape;
 * see docs/format.md), so that a baseline kept in git shows real changes
 * only. Read with libxml2's streaming reader.
 */
#ifndef KABI_STORE_H
#define KABI_STORE_H

#include <stdbool.h>
#include <stdio.h>

#include "../model/model.h"
#include "../util/diag.h"

#define KABI_FORMAT_VERSION 1

/*
 * Ready libxml2 for threads, as it asks to be before any thread uses it
 * (kabi diff reads its two sides at once). Called once, from main.
 */
void store_init(void);
/* Write the model as a baseline. */
void store_write(const struct kabi_model *m, FILE *out);
/*
 * Read the baseline path names into an empty model: a file, or standard
 * input for "-", plain or compressed with gzip, xz or zstd. When
 * not_baseline is given and path is a regular file that is not XML, it
 * is set and nothing is read or said: the caller reads a kernel file.
 */
int store_read(const char *path, struct kabi_model *out, bool *not_baseline,
	       struct diag *d);

#endif
