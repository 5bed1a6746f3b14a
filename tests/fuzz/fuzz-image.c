// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The kernel image reader on any bytes, as a vmlinuz: where a gzip, xz,
 * zstd, lz4, bzip2 or lzma stream may start, decompressed within the
 * bound on what an image expands to; the first that is ELF kept.
 */
#include <fcntl.h>
#include <unistd.h>

#include "fuzz.h"
#include "elf/decompress.h"
#include "elf/elf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *path = fuzz_file(data, size, "vmlinuz");
	int fd = open(path, O_RDONLY | O_CLOEXEC), out;
	struct diag d;

	if (fd < 0)
		return 0;
	diag_init(&d);
	kelf_init();
	if (is_kernel_image(fd) && (out = extract_vmlinux(fd, path, &d)) >= 0)
		close(out);
	close(fd);
	diag_free(&d);
	return 0;
}
