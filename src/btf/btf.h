/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The btf/ stage: the types of a kernel's exported symbols, read from
 * BTF through libbpf, into the same model the DWARF reader builds (the
 * same fragments and builder, so types deduplicate the same way).
 * vmlinux's .BTF is read whole; each module's .BTF is split BTF on top
 * of it.
 *
 * Which reader a kernel gets is decided once per kernel (kbtf_chosen):
 * BTF when its vmlinux has a .BTF section and no DWARF, and no
 * --debug-root points at separate debug files; DWARF otherwise. One
 * source per kernel keeps a baseline honest about where its types came
 * from (model.from_btf).
 *
 * BTF describes less than DWARF: functions (FUNC) and per-CPU variables
 * (VAR) only, no declaring files, no alignment, no K&R prototypes. The
 * exports it does not describe stay untyped, and are counted in one
 * warning.
 */
#ifndef KABI_BTF_H
#define KABI_BTF_H

#include <stdbool.h>

#include "../elf/elf.h"
#include "../model/builder.h"
#include "../model/model.h"
#include "../util/diag.h"

/*
 * Whether the kernel's types are to be read from BTF. An unreadable
 * vmlinux is left for the DWARF reader to report.
 */
bool kbtf_chosen(const struct kernel_files *kf, const char *debug_root);

/*
 * Give the symbols of out (the exports of the kernel) their types where
 * BTF describes them, and put the types they reach into out. A file
 * whose BTF cannot be read is reported; the rest is still read. Nonzero
 * when vmlinux's BTF could not be read (reported), so nothing was.
 */
int kbtf_load(const struct kernel_files *kf, unsigned jobs,
	      struct kabi_model *out, struct model_builder_stats *stats,
	      struct diag *d);

/*
 * One warning for the exports the kernel's BTF left untyped (after weak
 * aliases took their targets' types), at the kernel's vmlinux.
 */
void kbtf_warn_untyped(const struct kernel_files *kf,
		       const struct kabi_model *m, struct diag *d);

#endif
