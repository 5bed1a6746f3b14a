// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Corrupt one precise field of a 64-bit little-endian ELF file, for the
 * tests of kabi's error messages:
 *   elfpatch FILE data SECTION OFFSET SIZE VALUE   bytes inside a section
 *   elfpatch FILE shdr SECTION offset|size|name VALUE
 *   elfpatch FILE rela SECTION INDEX offset|info|addend VALUE
 *   elfpatch FILE byte FILE-OFFSET VALUE
 */
#include <fcntl.h>
#include <gelf.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int fd;
static Elf *elf;

static int write_le(uint64_t off, unsigned size, uint64_t value)
{
	unsigned char b[8];
	unsigned i;

	for (i = 0; i < size; i++)
		b[i] = (unsigned char)(value >> (8 * i));
	return pwrite(fd, b, size, (off_t)off) == (ssize_t)size ? 0 : 1;
}

static size_t find_section(const char *name, GElf_Shdr *sh)
{
	size_t shstrndx, n, i;

	elf_getshdrstrndx(elf, &shstrndx);
	elf_getshdrnum(elf, &n);
	for (i = 1; i < n; i++) {
		const char *s;

		gelf_getshdr(elf_getscn(elf, i), sh);
		s = elf_strptr(elf, shstrndx, sh->sh_name);
		if (s && !strcmp(s, name))
			return i;
	}
	fprintf(stderr, "elfpatch: no section %s\n", name);
	exit(1);
}

static int field(const char *name, const char *const *names,
		 const unsigned *offs, unsigned *off)
{
	int i;

	for (i = 0; names[i]; i++)
		if (!strcmp(name, names[i])) {
			*off = offs[i];
			return 0;
		}
	fprintf(stderr, "elfpatch: unknown field %s\n", name);
	exit(2);
}

int main(int argc, char **argv)
{
	static const char *const shdr_names[] = {"name", "offset", "size",
						 NULL};
	static const unsigned shdr_offs[] = {0, 24, 32};
	static const char *const rela_names[] = {"offset", "info", "addend",
						 NULL};
	static const unsigned rela_offs[] = {0, 8, 16};
	GElf_Ehdr eh;
	GElf_Shdr sh;
	unsigned off;
	size_t idx;

	if (argc < 5)
		return 2;
	elf_version(EV_CURRENT);
	fd = open(argv[1], O_RDWR);
	elf = elf_begin(fd, ELF_C_READ, NULL);
	if (!elf || !gelf_getehdr(elf, &eh))
		return 1;
	if (!strcmp(argv[2], "byte"))
		return write_le(strtoull(argv[3], NULL, 0), 1,
				strtoull(argv[4], NULL, 0));
	idx = find_section(argv[3], &sh);
	if (!strcmp(argv[2], "data") && argc == 7)
		return write_le(sh.sh_offset + strtoull(argv[4], NULL, 0),
				(unsigned)strtoul(argv[5], NULL, 0),
				strtoull(argv[6], NULL, 0));
	if (!strcmp(argv[2], "shdr") && argc == 6) {
		field(argv[4], shdr_names, shdr_offs, &off);
		return write_le(eh.e_shoff + idx * eh.e_shentsize + off,
				off ? 8 : 4, strtoull(argv[5], NULL, 0));
	}
	if (!strcmp(argv[2], "rela") && argc == 7) {
		field(argv[5], rela_names, rela_offs, &off);
		return write_le(sh.sh_offset + strtoull(argv[4], NULL, 0) * 24 +
				    off,
				8, strtoull(argv[6], NULL, 0));
	}
	return 2;
}
