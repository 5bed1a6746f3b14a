// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Opening a kernel file's DWARF with libdwfl, offline: no running
 * kernel, no search of the host's debug folders unless asked.
 */
#include "open.h"

#include <gelf.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../util/memfile.h"
#include "../util/strbuf.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

/*
 * Whether the file itself has DWARF, for a message that says why libdw
 * could not read it (a bad relocation, no memory) rather than that there
 * is none.
 */
static bool has_debug_info(Dwfl_Module *mod)
{
	GElf_Addr bias;
	Elf *elf = dwfl_module_getelf(mod, &bias);
	size_t shstrndx;
	Elf_Scn *scn = NULL;

	if (!elf || elf_getshdrstrndx(elf, &shstrndx) != 0)
		return false;
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		const char *name;

		if (!gelf_getshdr(scn, &sh))
			continue;
		name = elf_strptr(elf, shstrndx, sh.sh_name);
		if (name && (!strcmp(name, ".debug_info") ||
			     !strcmp(name, ".zdebug_info")))
			return true;
	}
	return false;
}

/* No kernel module comes near this; a larger one is mapped instead. */
#define MAX_IMAGE_READ ((size_t)1 << 30)

#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define HOST_ELFDATA ELFDATA2MSB
#else
#define HOST_ELFDATA ELFDATA2LSB
#endif

static bool is_relocatable(int fd)
{
	Elf *elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	GElf_Ehdr eh;
	bool rel = elf && elf_kind(elf) == ELF_K_ELF &&
		   gelf_getehdr(elf, &eh) && eh.e_type == ET_REL;

	elf_end(elf);
	return rel;
}

/*
 * Report the file to libdwfl, which owns fd from then on. A module's
 * DWARF is relocated in place: over a mapping of the file, each page
 * written is copied on write, and in a process with other threads
 * running every such copy interrupts them all to flush their TLBs (a
 * sixth of all the CPU time of two threads). A relocatable file is
 * therefore read into memory of its own first; vmlinux, never written,
 * stays one mapping that all threads share.
 */
static Dwfl_Module *report(struct kdwarf_handle *h, const char *path, int fd)
{
	Dwfl_Module *mod;
	size_t len;

	if (is_relocatable(fd) &&
	    !memfile_read_all(fd, MAX_IMAGE_READ, &h->image, &len)) {
		close(fd);
		return dwfl_report_offline_memory(h->dwfl, path, path, h->image,
						  len);
	}
	/*
	 * A module libdwfl reports owns the descriptor, and dwfl_end closes
	 * it; one it refuses leaves the descriptor ours to close.
	 */
	mod = dwfl_report_offline(h->dwfl, path, path, fd);
	if (!mod)
		close(fd);
	return mod;
}

/*
 * Whether handles in several threads may read one mapping of the file:
 * only if libelf and libdwfl will never write into it. They relocate a
 * relocatable file in place, and decompressing a section rewrites its
 * header where it lies, so neither kind is shared; nor is a file of the
 * other byte order, whose headers libelf converts.
 */
static bool is_shareable(int fd)
{
	Elf *elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	Elf_Scn *scn = NULL;
	size_t shstrndx;
	GElf_Ehdr eh;
	bool ok = elf && elf_kind(elf) == ELF_K_ELF && gelf_getehdr(elf, &eh) &&
		  eh.e_type != ET_REL && eh.e_ident[EI_DATA] == HOST_ELFDATA &&
		  elf_getshdrstrndx(elf, &shstrndx) == 0;

	while (ok && (scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		const char *name;

		ok = gelf_getshdr(scn, &sh) != NULL;
		name = ok ? elf_strptr(elf, shstrndx, sh.sh_name) : NULL;
		if ((ok && (sh.sh_flags & SHF_COMPRESSED)) ||
		    (name && !strncmp(name, ".zdebug", 7)))
			ok = false;
	}
	elf_end(elf);
	return ok;
}

int kdwarf_map(struct kdwarf_image *image, const struct kernel_input *in,
	       struct diag *d)
{
	int fd = kelf_open_debug_input(in, d);
	struct stat st;
	void *data;

	memset(image, 0, sizeof(*image));
	if (fd < 0)
		return fd;
	if (!is_shareable(fd) || fstat(fd, &st) < 0 || st.st_size <= 0 ||
	    (uint64_t)st.st_size > SIZE_MAX) {
		close(fd);
		return 0;
	}
	data = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (data == MAP_FAILED)
		return 0; /* each handle opens the file itself */
	image->data = data;
	image->len = (size_t)st.st_size;
	return 0;
}

void kdwarf_unmap(struct kdwarf_image *image)
{
	if (image->data)
		munmap(image->data, image->len);
	memset(image, 0, sizeof(*image));
}

int kdwarf_open(struct kdwarf_handle *h, const struct kernel_input *in,
		const struct kdwarf_image *image, const char *debug_root,
		struct diag *d)
{
	const char *path = in->name;
	struct strbuf search = STRBUF_INIT;
	Dwfl_Module *mod;
	int fd = -1;

	memset(h, 0, sizeof(*h));
	/*
	 * Separate debug files are looked for beside the file and in its
	 * .debug folder, and in the debug root if one is given: its
	 * .build-id folder, and the file's path below it.
	 */
	strbuf_adds(&search, ":.debug");
	if (debug_root)
		strbuf_addf(&search, ":%s", debug_root);
	h->search_path = strbuf_detach(&search);
	h->callbacks.find_elf = dwfl_build_id_find_elf;
	h->callbacks.find_debuginfo = dwfl_standard_find_debuginfo;
	h->callbacks.section_address = dwfl_offline_section_address;
	h->callbacks.debuginfo_path = &h->search_path;
	if (!image || !image->data) {
		fd = kelf_open_debug_input(in, d);
		if (fd < 0) {
			kdwarf_close(h);
			return fd;
		}
	}
	h->dwfl = dwfl_begin(&h->callbacks);
	if (!h->dwfl) {
		if (fd >= 0)
			close(fd);
		kdwarf_close(h);
		return diag_error(d, KABI_E_IO, DIAG_AT_FILE(path),
				  "cannot start libdwfl: %s", dwfl_errmsg(-1));
	}
	mod = fd < 0 ? dwfl_report_offline_memory(h->dwfl, path, path,
						  image->data, image->len)
		     : report(h, path, fd);
	if (!mod || dwfl_report_end(h->dwfl, NULL, NULL) != 0) {
		int err = diag_error(d, KABI_E_BAD_ELF, DIAG_AT_FILE(path),
				     "cannot open: %s", dwfl_errmsg(-1));

		kdwarf_close(h);
		return err;
	}
	h->dwarf = dwfl_module_getdwarf(mod, &h->bias);
	if (!h->dwarf) {
		int err =
		    has_debug_info(mod)
			? diag_error(d, KABI_E_BAD_DWARF, DIAG_AT_FILE(path),
				     "cannot read its DWARF: %s",
				     dwfl_errmsg(-1))
			: diag_error(
			      d, KABI_E_NO_DEBUG, DIAG_AT_FILE(path),
			      "no DWARF debug information: use a debug build, "
			      "or --debug-root for separate debug files");

		kdwarf_close(h);
		return err;
	}
	return 0;
}

void kdwarf_close(struct kdwarf_handle *h)
{
	if (h->dwfl)
		dwfl_end(h->dwfl);
	free(h->image);
	free(h->search_path);
	memset(h, 0, sizeof(*h));
}
