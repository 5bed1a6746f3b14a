/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The store/ stage: the model as an XML baseline file, and back.
 * Deterministic (sorted, one element per line, ids from names and shape;
 * see docs/format.md), so that a baseline kept in git shows real changes
 * only. Read with libxml2's SAX2 parser.
 */
#ifndef KABI_STORE_H
#define KABI_STORE_H

#include <stdbool.h>
#include <stdio.h>

#include "../model/model.h"
#include "../util/diag.h"

/*
 * The format written; 2 adds units, 3 writes their opaque tags as text
 * (docs/format.md). Formats 1 and 2 are read too: a format 1 baseline's
 * exports' units are not known.
 */
#define KABI_FORMAT_VERSION 3
#define KABI_FORMAT_OLDEST  1

/*
 * Ready libxml2 for threads, as it asks to be before any thread uses it
 * (kabi diff reads its two sides at once). Called once, from main.
 */
void store_init(void);
/* Write the model as a baseline, with up to `threads` threads. */
void store_write(const struct kabi_model *m, FILE *out, unsigned threads);
/*
 * Far beyond a whole kernel's baseline (14 MB for Debian's cloud kernel,
 * its vmlinux and 1,121 modules); more is a decompression bomb, whose
 * model would take memory past a gigabyte (a diff of two reads both:
 * 300 MB of symbols took 0.6 GB).
 */
#define STORE_MAX_SIZE (UINT64_C(256) << 20)

struct strbuf;
/*
 * An attribute value as libxml2's SAX2 parser gives it, without entity
 * substitution, with its '&'s decoded (in spare, if any): for readers of
 * other XML formats too (abixml/). *len is updated.
 */
const char *xml_decode_ampersands(struct strbuf *spare, const char *value,
				  size_t *len);

struct source;
/* Read a baseline from an open source (util/source.h) into an empty model. */
int store_read(struct source *src, struct kabi_model *out, struct diag *d);
/*
 * The same from a path: a file, or standard input for "-", plain or
 * compressed with gzip, xz or zstd.
 */
int store_read_file(const char *path, struct kabi_model *out, struct diag *d);

#endif
