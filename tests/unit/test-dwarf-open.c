// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Opening a file's DWARF gives back every descriptor it took, whether
 * libdwfl accepts the file or not: a tree of thousands of modules must
 * not run out of them.
 */
#include <dirent.h>
#include <elf.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tap.h"
#include "dwarf/open.h"

static int open_descriptors(void)
{
	DIR *d = opendir("/proc/self/fd");
	struct dirent *de;
	int n = 0;

	if (!d)
		return -1;
	while ((de = readdir(d)))
		n += de->d_name[0] != '.';
	closedir(d);
	return n;
}

/* An executable with no program headers and no sections: no DWARF. */
static int write_headless_elf(const char *path)
{
	Elf64_Ehdr eh;
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	ssize_t n;

	memset(&eh, 0, sizeof(eh));
	memcpy(eh.e_ident, ELFMAG, SELFMAG);
	eh.e_ident[EI_CLASS] = ELFCLASS64;
	eh.e_ident[EI_DATA] = ELFDATA2LSB;
	eh.e_ident[EI_VERSION] = EV_CURRENT;
	eh.e_type = ET_EXEC;
	eh.e_machine = EM_X86_64;
	eh.e_version = EV_CURRENT;
	eh.e_ehsize = sizeof(eh);
	if (fd < 0)
		return -1;
	n = write(fd, &eh, sizeof(eh));
	close(fd);
	return n == (ssize_t)sizeof(eh) ? 0 : -1;
}

static int write_garbage(const char *path)
{
	FILE *f = fopen(path, "w");

	if (!f)
		return -1;
	fputs("not an ELF file\n", f);
	return fclose(f);
}

int main(void)
{
	char path[] = "/tmp/kabi-test-open.XXXXXX";
	char missing[] = "/nonexistent/vmlinux";
	struct kdwarf_handle h;
	struct kdwarf_image image;
	struct diag d;
	int before, i, failures = 0, tmp = mkstemp(path);

	kelf_init();
	ok(tmp >= 0 && !close(tmp) && !write_headless_elf(path),
	   "a headerless executable written");
	before = open_descriptors();
	for (i = 0; i < 50; i++) {
		diag_init(&d);
		failures += kdwarf_open(&h, &(struct kernel_input){path, -1},
					NULL, NULL, &d) != 0;
		diag_free(&d);
	}
	is_int(failures, 50, "no DWARF in it, every time");
	is_int(open_descriptors(), before,
	       "no descriptor left open without DWARF");
	diag_init(&d);
	ok(!kdwarf_map(&image, &(struct kernel_input){path, -1}, &d) &&
	       image.data && image.len > 0,
	   "an executable is mapped once, to be shared");
	for (i = failures = 0; i < 50; i++)
		failures += kdwarf_open(&h, &(struct kernel_input){path, -1},
					&image, NULL, &d) != 0;
	is_int(failures, 50, "no DWARF in its mapping, every time");
	is_int((int)d.errors, 50, "each time one error");
	kdwarf_unmap(&image);
	diag_free(&d);
	is_int(open_descriptors(), before,
	       "no descriptor left open by the mapping");
	diag_init(&d);
	ok(kdwarf_map(&image, &(struct kernel_input){missing, -1}, &d) < 0 &&
	       !image.data && d.errors == 1,
	   "a missing file cannot be mapped: one error");
	diag_free(&d);
	ok(!write_garbage(path), "a file that is not ELF written");
	for (i = failures = 0; i < 50; i++) {
		diag_init(&d);
		failures += kdwarf_open(&h, &(struct kernel_input){path, -1},
					NULL, NULL, &d) != 0;
		diag_free(&d);
	}
	is_int(failures, 50, "libdwfl refuses it every time");
	is_int(open_descriptors(), before,
	       "no descriptor left open after a refusal");
	diag_init(&d);
	failures = kdwarf_open(&h, &(struct kernel_input){missing, -1}, NULL,
			       NULL, &d) != 0;
	ok(failures && d.errors == 1, "a missing file is one error");
	diag_free(&d);
	is_int(open_descriptors(), before,
	       "no descriptor left open after a missing file");
	unlink(path);
	return tap_done();
}
