// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The package reader on any bytes, as a Debian package and as an RPM
 * (known by their first bytes, whatever the name): libarchive's ar, tar
 * and cpio readers and their decompressors, kabi's own multi-threaded
 * xz decoder of data.tar.xz, the bounds on what a package expands to,
 * and the kernel files found among its members, paired by build-id.
 */
#include "fuzz.h"
#include "package/package.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *path = (char *)fuzz_file(data, size, "kernel.deb");
	struct kernel_files kf;
	struct diag d;

	kelf_init();
	kernel_files_init(&kf);
	diag_init(&d);
	package_add_paths(&kf, 1, &path, NULL, 1, NULL, &d);
	kernel_files_free(&kf);
	diag_free(&d);
	return 0;
}
