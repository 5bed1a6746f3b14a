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

/* Write the model as a baseline. */
void store_write(const struct kabi_model *m, FILE *out);
/* Read a baseline into an empty model. */
int store_read(const char *path, struct kabi_model *out, struct diag *d);
/* Whether a file looks like XML rather than ELF (it is read as a baseline). */
bool store_is_xml(const char *path);

#endif
