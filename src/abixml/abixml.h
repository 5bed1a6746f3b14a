/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The abixml/ stage: libabigail's ABIXML (what `abidw` writes, and what
 * Android kept as android/abi_gki_aarch64.xml before Android 14), read
 * as a baseline. An `abi-corpus` (or an `abi-corpus-group` of them, one
 * per binary) lists the binary's ELF symbols, with the CRC and namespace
 * of each kernel export, and then, unit by unit (`abi-instr`), the types
 * and the declarations that tie a function or variable to its symbol.
 *
 * kabi reads it as STG does (STG's abigail reader makes the same graph
 * of it as of STG's own format): into the node table of stg/nodes.h,
 * which stg_graph_build makes into the model. What ABIXML keeps is what
 * STG keeps, less bit-fields' widths (model.h: kabi_model.foreign): no
 * export kind (GPL or not), no module (a group's corpora are merged as
 * STG merges a kernel, so an export's module is "not known"), no units
 * (reach is judged as for BTF), no alignment kabi compares, and C++
 * scopes (namespaces, methods, templates) are set aside. Declaring files
 * and parameter names are there but not read (kabi compares neither for
 * a foreign side).
 */
#ifndef KABI_ABIXML_H
#define KABI_ABIXML_H

#include <stdbool.h>

#include "../model/model.h"
#include "../util/diag.h"
#include "../util/source.h"

/*
 * Whether the first bytes are ABIXML's: an `abi-corpus` or
 * `abi-corpus-group` root element, after any XML declaration and
 * comments the first bytes hold.
 */
bool abixml_looks_like(const struct source *src);
/*
 * Read it into an empty model, with up to jobs threads, a large file cut
 * in pieces of about piece_size bytes (ABIXML_PIECE_SIZE; tests cut tiny
 * ones); 0, or one error naming the file and line, and then no model.
 * The model and the error depend on neither jobs nor piece_size.
 */
#define ABIXML_PIECE_SIZE ((size_t)1 << 20)
int abixml_read(struct source *src, unsigned jobs, size_t piece_size,
		struct kabi_model *out, struct diag *d);

#endif
