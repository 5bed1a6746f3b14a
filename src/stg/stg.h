/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The stg/ stage: a baseline in STG's native format (the `.stg` files
 * Android keeps, such as android/abi_gki_aarch64.stg), read into the
 * model. STG (Symbol-Type Graph, google/stg) writes its graph as
 * protobuf text format, version 2 of its schema: one top-level message
 * per node, each with a 32-bit id by which the others refer to it.
 *
 * STG says less than kabi's own readers, and the model says so
 * (kabi_model.foreign): no module and no export kind for any export
 * (STG merges vmlinux and the modules into one graph and keeps neither),
 * no compilation units (every export's unit is 0, as for BTF), no
 * declaring files, no alignment, no parameter names, no system calls
 * and no machine.
 */
#ifndef KABI_STG_H
#define KABI_STG_H

#include <stdbool.h>

#include "../model/model.h"
#include "../util/diag.h"
#include "../util/source.h"

/* Far beyond a kernel's (10 MB for Debian's cloud kernel and its modules). */
#define STG_MAX_SIZE (UINT64_C(256) << 20)

/* Whether the first bytes are STG's: "version:" as the first field. */
bool stg_looks_like(const struct source *src);
/*
 * Read it into an empty model; 0, or an error naming the file and line,
 * and then no model.
 */
int stg_read(struct source *src, struct kabi_model *out, struct diag *d);

#endif
