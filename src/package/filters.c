// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The decompressors kabi lets libarchive use on a package, each only if
 * libarchive has it built in: its "all" would run external programs
 * (lrzip, lzop, ...) on whatever a crafted package asks for.
 */
#include <archive.h>

#include "package_impl.h"
#include "../util/banned.h"

void package_support_filters(struct archive *a)
{
	if (archive_zlib_version())
		archive_read_support_filter_gzip(a);
	if (archive_bzlib_version())
		archive_read_support_filter_bzip2(a);
	if (archive_liblzma_version()) {
		archive_read_support_filter_xz(a);
		archive_read_support_filter_lzma(a);
	}
	if (archive_libzstd_version())
		archive_read_support_filter_zstd(a);
}
