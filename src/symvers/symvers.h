/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The symvers/ stage: a kernel's Module.symvers, as its build writes it
 * (plain, or gzip'd as Fedora's and RHEL's /boot/symvers-VERSION.gz), read
 * into the model: each export with its CRC, export kind and namespace.
 * It knows no types and no function from variable, and the model says so
 * (kabi_model.no_types): a comparison with it compares exports alone.
 *
 *   0x4c9d28b0	phys_base	vmlinux	EXPORT_SYMBOL	NAMESPACE
 *
 * (Kernels before 5.4 wrote four fields, without the namespace.)
 */
#ifndef KABI_SYMVERS_H
#define KABI_SYMVERS_H

#include <stdbool.h>

#include "../model/model.h"
#include "../util/diag.h"
#include "../util/source.h"

/* Far beyond any kernel's (2 MB for 25,000 exports). */
#define SYMVERS_MAX_SIZE (UINT64_C(256) << 20)

/* Whether a file's first line is one of a Module.symvers. */
bool symvers_looks_like(const struct source *src);
/* Read it into an empty model; 0, or an error naming the line. */
int symvers_read(struct source *src, struct kabi_model *out, struct diag *d);

#endif
