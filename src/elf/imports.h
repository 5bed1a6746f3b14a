/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A module's imports, read with its exports; internal to elf/. */
#ifndef KABI_ELF_IMPORTS_H
#define KABI_ELF_IMPORTS_H

#include "elf_file.h"
#include "elf.h"

/* Append what the module f imports to t, under the name module. */
void imports_read(struct kelf_file *f, uint32_t module, struct export_table *t);

#endif
