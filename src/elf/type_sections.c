// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What a kernel file holds to describe its types, for the stage that
 * chooses and reads them: whether it has DWARF, and the bytes of its
 * .BTF section. Read with the bounded ELF reader, so that a compressed
 * module or the vmlinux inside a vmlinuz are read like any other file.
 */
#include "elf.h"

#include <stdlib.h>
#include <string.h>

#include "elf_file.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

/* Larger than any kernel's .BTF (6.12's vmlinux: 6 MiB) by far. */
#define KELF_BTF_MAX_SIZE (256u << 20)

static int copy_btf(struct kelf_file *f, size_t index,
		    struct kelf_type_sections *out)
{
	const struct kelf_section *sec = &f->sections[index];
	int err = kelf_section_load(f, index);

	if (err)
		return err;
	if (sec->shdr.sh_type == SHT_NOBITS || !sec->data)
		return diag_error(f->diag, KABI_E_BAD_DWARF,
				  DIAG_AT_SECTION(f->path, ".BTF", 0),
				  "section has no bytes in the file");
	if (sec->size > KELF_BTF_MAX_SIZE)
		return diag_error(f->diag, KABI_E_BAD_DWARF,
				  DIAG_AT_SECTION(f->path, ".BTF", 0),
				  "section of %zu bytes, more than kabi reads",
				  sec->size);
	out->btf = xmalloc(sec->size ? sec->size : 1);
	memcpy(out->btf, sec->data, sec->size);
	out->btf_size = sec->size;
	return 0;
}

int kelf_read_type_sections(const struct kernel_input *in,
			    struct kelf_type_sections *out, struct diag *d)
{
	struct kelf_file f;
	size_t btf;
	int err;

	memset(out, 0, sizeof(*out));
	err = kelf_open(&f, in, d);
	if (err)
		return err;
	out->has_dwarf = kelf_find_section(&f, ".debug_info") ||
			 kelf_find_section(&f, ".zdebug_info");
	out->ptr_size = f.ptr_size;
	out->big_endian = f.big_endian;
	btf = kelf_find_section(&f, ".BTF");
	if (btf)
		err = copy_btf(&f, btf, out);
	kelf_close(&f);
	return err;
}

void kelf_type_sections_free(struct kelf_type_sections *s)
{
	free(s->btf);
	memset(s, 0, sizeof(*s));
}
