// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Debug sections compressed with zstd (SHF_COMPRESSED, ELFCOMPRESS_ZSTD,
 * as `objcopy --compress-debug-sections=zstd` and `ld
 * --compress-debug-sections=zstd` write them). elfutils before 0.189
 * cannot decompress them and libdw then sees no DWARF at all, so kabi
 * hands libdwfl a copy of the file, in a memory file, where those
 * sections are decompressed: their bytes appended, their headers pointed
 * at them, and a new section header table at the end. Everything else
 * stays where it was; zlib sections libdw decompresses itself.
 */
#include "elf.h"

#include <errno.h>
#include <gelf.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#ifdef HAVE_ZSTD
#include <zstd.h>
#endif

#include "../util/memfile.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

#ifndef ELFCOMPRESS_ZSTD
#define ELFCOMPRESS_ZSTD 2
#endif

/* No kernel's debug information comes near these. */
#define MAX_SECTION (UINT64_C(4) << 30)
#define MAX_IMAGE   (UINT64_C(8) << 30)
/* DWARF compresses some 3 to 10 times; claims past this are not DWARF */
#define MAX_RATIO 1024

/* The image being built: the old bytes, then what is appended. */
struct image {
	unsigned char *buf;
	size_t len, alloc;
};

static uint64_t append(struct image *im, const void *data, size_t len,
		       uint64_t align)
{
	uint64_t off;

	if (align < 1)
		align = 1;
	off = (im->len + align - 1) / align * align;
	ALLOC_GROW(im->buf, off + len, im->alloc);
	memset(im->buf + im->len, 0, off - im->len);
	if (data)
		memcpy(im->buf + off, data, len);
	else
		memset(im->buf + off, 0, len);
	im->len = off + len;
	return off;
}

static bool is_zstd_section(Elf_Scn *scn, GElf_Shdr *sh, GElf_Chdr *ch)
{
	return gelf_getshdr(scn, sh) && (sh->sh_flags & SHF_COMPRESSED) &&
	       sh->sh_type != SHT_NOBITS && gelf_getchdr(scn, ch) &&
	       ch->ch_type == ELFCOMPRESS_ZSTD;
}

/* Whether any section needs this rewrite at all. */
static bool has_zstd_section(Elf *elf, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		Elf_Scn *scn = elf_getscn(elf, i);
		GElf_Shdr sh;
		GElf_Chdr ch;

		if (scn && is_zstd_section(scn, &sh, &ch))
			return true;
	}
	return false;
}

#ifdef HAVE_ZSTD
/* Decompress one section's bytes to the end of the image; 0 or -error. */
static int inflate_section(struct image *im, const unsigned char *raw,
			   size_t rawlen, Elf *elf, GElf_Shdr *sh,
			   const GElf_Chdr *ch, const char *path,
			   const char *name, struct diag *d)
{
	size_t chdr_size = gelf_fsize(elf, ELF_T_CHDR, 1, EV_CURRENT);
	uint64_t off;
	size_t got;
	void *out;

	if (sh->sh_offset > rawlen || sh->sh_size > rawlen - sh->sh_offset ||
	    sh->sh_size < chdr_size)
		return diag_error(d, KABI_E_BAD_ELF, DIAG_AT_FILE(path),
				  "section '%s' lies outside the file", name);
	if (ch->ch_size > MAX_SECTION || im->len + ch->ch_size > MAX_IMAGE ||
	    ch->ch_size / MAX_RATIO > sh->sh_size)
		return diag_error(
		    d, KABI_E_BAD_ELF, DIAG_AT_FILE(path),
		    "section '%s' would decompress to %llu bytes, from %llu",
		    name, (unsigned long long)ch->ch_size,
		    (unsigned long long)sh->sh_size);
	out = xmalloc(ch->ch_size + 1);
	got = ZSTD_decompress(out, ch->ch_size + 1,
			      raw + sh->sh_offset + chdr_size,
			      sh->sh_size - chdr_size);
	if (ZSTD_isError(got) || got != ch->ch_size) {
		free(out);
		return diag_error(d, KABI_E_BAD_ELF, DIAG_AT_FILE(path),
				  "cannot decompress section '%s': %s", name,
				  ZSTD_isError(got)
				      ? ZSTD_getErrorName(got)
				      : "size differs from its header");
	}
	off = append(im, out, ch->ch_size, 8);
	free(out);
	sh->sh_offset = off;
	sh->sh_size = ch->ch_size;
	sh->sh_addralign = ch->ch_addralign;
	sh->sh_flags &= ~(GElf_Xword)SHF_COMPRESSED;
	return 0;
}
#else
static int inflate_section(struct image *im, const unsigned char *raw,
			   size_t rawlen, Elf *elf, GElf_Shdr *sh,
			   const GElf_Chdr *ch, const char *path,
			   const char *name, struct diag *d)
{
	(void)im, (void)raw, (void)rawlen, (void)elf, (void)sh, (void)ch;
	return diag_error(d, KABI_E_UNSUPPORTED, DIAG_AT_FILE(path),
			  "section '%s' is zstd-compressed, and this kabi was "
			  "built without libzstd",
			  name);
}
#endif

/* The section headers, in the file's class and byte order, appended. */
static int append_section_headers(struct image *im, Elf *elf,
				  const GElf_Shdr *shdrs, size_t n,
				  uint64_t *offset)
{
	int cls = gelf_getclass(elf);
	Elf_Type type = ELF_T_SHDR;
	size_t fsize = gelf_fsize(elf, type, n, EV_CURRENT), i;
	Elf_Data src = {.d_type = type, .d_version = EV_CURRENT};
	Elf_Data dst = {.d_type = type, .d_version = EV_CURRENT};
	Elf32_Shdr *s32 = NULL;
	int ok;

	if (cls == ELFCLASS32) {
		/* what no longer fits a 32-bit file cannot be written in one */
		for (i = 0; i < n; i++)
			if (shdrs[i].sh_offset > UINT32_MAX ||
			    shdrs[i].sh_size > UINT32_MAX)
				return -1;
		if (im->len + fsize > UINT32_MAX)
			return -1;
		s32 = xcalloc(n + 1, sizeof(*s32));
		for (i = 0; i < n; i++) {
			s32[i].sh_name = shdrs[i].sh_name;
			s32[i].sh_type = shdrs[i].sh_type;
			s32[i].sh_flags = (Elf32_Word)shdrs[i].sh_flags;
			s32[i].sh_addr = (Elf32_Addr)shdrs[i].sh_addr;
			s32[i].sh_offset = (Elf32_Off)shdrs[i].sh_offset;
			s32[i].sh_size = (Elf32_Word)shdrs[i].sh_size;
			s32[i].sh_link = shdrs[i].sh_link;
			s32[i].sh_info = shdrs[i].sh_info;
			s32[i].sh_addralign = (Elf32_Word)shdrs[i].sh_addralign;
			s32[i].sh_entsize = (Elf32_Word)shdrs[i].sh_entsize;
		}
		src.d_buf = s32;
		src.d_size = n * sizeof(*s32);
	} else {
		src.d_buf = (void *)shdrs;
		src.d_size = n * sizeof(*shdrs);
	}
	*offset = append(im, NULL, fsize, 8);
	dst.d_buf = im->buf + *offset;
	dst.d_size = fsize;
	ok = gelf_xlatetof(elf, &dst, &src, elf_getident(elf, NULL)[EI_DATA]) !=
	     NULL;
	free(s32);
	return ok ? 0 : -1;
}

/* The file's own ELF header but for where the section headers are. */
static int write_header(struct image *im, Elf *elf, uint64_t shoff)
{
	Elf_Data src = {.d_type = ELF_T_EHDR, .d_version = EV_CURRENT};
	Elf_Data dst = {
	    .d_type = ELF_T_EHDR, .d_version = EV_CURRENT, .d_buf = im->buf};
	Elf32_Ehdr e32;
	Elf64_Ehdr e64;

	if (gelf_getclass(elf) == ELFCLASS32) {
		if (!elf32_getehdr(elf))
			return -1;
		e32 = *elf32_getehdr(elf);
		e32.e_shoff = (Elf32_Off)shoff;
		src.d_buf = &e32;
		src.d_size = sizeof(e32);
	} else {
		if (!elf64_getehdr(elf))
			return -1;
		e64 = *elf64_getehdr(elf);
		e64.e_shoff = shoff;
		src.d_buf = &e64;
		src.d_size = sizeof(e64);
	}
	dst.d_size = gelf_fsize(elf, ELF_T_EHDR, 1, EV_CURRENT);
	return gelf_xlatetof(elf, &dst, &src, elf_getident(elf, NULL)[EI_DATA])
		   ? 0
		   : -1;
}

/* The whole rewritten image, or -error; *changed false if nothing to do. */
static int rewrite(Elf *elf, const char *path, struct image *im, bool *changed,
		   struct diag *d)
{
	size_t rawlen, n = 0, shstrndx, i;
	const unsigned char *raw =
	    (const unsigned char *)elf_rawfile(elf, &rawlen);
	GElf_Shdr *shdrs;
	uint64_t shoff = 0;
	int err = 0;

	*changed = false;
	if (!raw || elf_getshdrnum(elf, &n) ||
	    elf_getshdrstrndx(elf, &shstrndx))
		return 0; /* libdwfl will say what is wrong */
	if (!has_zstd_section(elf, n))
		return 0; /* the file as it is: no copy of hundreds of MB */
	shdrs = xcalloc(n + 1, sizeof(*shdrs));
	append(im, raw, rawlen, 1);
	for (i = 0; i < n && !err; i++) {
		Elf_Scn *scn = elf_getscn(elf, i);
		const char *name;
		GElf_Chdr ch;

		if (!scn || !gelf_getshdr(scn, &shdrs[i]))
			continue;
		if (!is_zstd_section(scn, &shdrs[i], &ch))
			continue;
		name = elf_strptr(elf, shstrndx, shdrs[i].sh_name);
		err = inflate_section(im, raw, rawlen, elf, &shdrs[i], &ch,
				      path, name ? name : "?", d);
		*changed = true;
	}
	if (!err && *changed) {
		if (append_section_headers(im, elf, shdrs, n, &shoff) < 0)
			err = diag_error(
			    d, KABI_E_BAD_ELF, DIAG_AT_FILE(path),
			    "cannot lay out its decompressed sections (too "
			    "large for a 32-bit file?): %s",
			    elf_errmsg(-1));
	}
	if (!err && *changed && write_header(im, elf, shoff) < 0)
		err = diag_error(d, KABI_E_BAD_ELF, DIAG_AT_FILE(path),
				 "cannot write the ELF header: %s",
				 elf_errmsg(-1));
	free(shdrs);
	return err;
}

static int to_memfd(const struct image *im, const char *path, struct diag *d)
{
	int fd = memfile_create("kabi-debug");

	if (fd < 0)
		return diag_error(d, KABI_E_IO, DIAG_AT_FILE(path),
				  "cannot create a memory file: %s",
				  strerror(errno));
	if (memfile_write(fd, im->buf, im->len) < 0) {
		int err = diag_error(d, KABI_E_IO, DIAG_AT_FILE(path),
				     "cannot buffer decompressed sections: %s",
				     strerror(errno));

		close(fd);
		return err;
	}
	return fd;
}

int kelf_open_debug_input(const struct kernel_input *in, struct diag *d)
{
	const char *path = in->name;
	int fd = kelf_open_input(in, NULL, d), out;
	struct image im = {0};
	bool changed = false;
	Elf *elf;
	int err;

	if (fd < 0)
		return fd;
	elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (!elf)
		return fd; /* libdwfl will say what is wrong */
	err = elf_kind(elf) == ELF_K_ELF ? rewrite(elf, path, &im, &changed, d)
					 : 0;
	elf_end(elf);
	if (err || !changed) {
		free(im.buf);
		if (err)
			close(fd);
		return err ? err : fd;
	}
	out = to_memfd(&im, path, d);
	free(im.buf);
	close(fd);
	return out;
}
