/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the libFuzzer harnesses share: kabi's readers take paths, so each
 * input is written to a file of a fixed name in a private folder, as
 * kabi would find it in a kernel tree.
 */
#ifndef KABI_FUZZ_H
#define KABI_FUZZ_H

#include <stddef.h>
#include <stdint.h>

/* The path of a file named name (".ko", ".xml"...) holding the input. */
const char *fuzz_file(const uint8_t *data, size_t size, const char *name);

struct kabi_model;
struct suppressions;
struct diag;
/* m written as a baseline, in memory (free it). */
char *fuzz_baseline(const struct kabi_model *m, size_t *len);
/*
 * m written as a baseline, read back and written again: the same bytes,
 * or abort() (what kabi writes, it must read).
 */
void fuzz_round_trip(const struct kabi_model *m);
/* The input as each rule format kabi reads, into s. */
void fuzz_load_rules(struct suppressions *s, const uint8_t *data, size_t size,
		     struct diag *d);

#endif
