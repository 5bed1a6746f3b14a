// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Benchmark yardstick: the least work any tool must do to list exports,
 * with libelf alone and one thread: open each file named on standard
 * input (decompressing as kabi does) and read every symbol and its name.
 * Prints the number of symbols.
 */
#include <fcntl.h>
#include <gelf.h>
#include <elfutils/libdwelf.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static size_t pass(const char *path)
{
	int fd = open(path, O_RDONLY);
	Elf *elf = fd >= 0 ? dwelf_elf_begin(fd) : NULL;
	Elf_Scn *scn = NULL;
	size_t n = 0;

	while (elf && (scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		Elf_Data *data;
		GElf_Sym sym;
		int i;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_SYMTAB)
			continue;
		data = elf_getdata(scn, NULL);
		for (i = 0; data && gelf_getsym(data, i, &sym); i++) {
			const char *name =
			    elf_strptr(elf, sh.sh_link, sym.st_name);

			n += name && *name;
		}
	}
	if (elf)
		elf_end(elf);
	if (fd >= 0)
		close(fd);
	return n;
}

int main(void)
{
	char line[4096];
	size_t total = 0;

	elf_version(EV_CURRENT);
	while (fgets(line, sizeof(line), stdin)) {
		line[strcspn(line, "\n")] = '\0';
		total += pass(line);
	}
	printf("%zu symbols\n", total);
	return 0;
}
