/* SPDX-License-Identifier: GPL-2.0-or-later */
/* What the files of package/ share. Private to package/. */
#ifndef KABI_PACKAGE_IMPL_H
#define KABI_PACKAGE_IMPL_H

#include <stdbool.h>
#include <stdint.h>

#include "package.h"

struct archive;

/* The decompressors packages use, each only if libarchive has it built in. */
void package_support_filters(struct archive *a);

/* What a package's control data says it is (identity.c). */
struct package_identity {
	char *name;    /* "linux-image-6.1.0-53-cloud-amd64-dbg" */
	char *version; /* "6.1.187-1"; an RPM's VERSION-RELEASE */
};

/* 0, or -1 when the control data cannot be read (left to the reader). */
int package_identity(const char *path, bool rpm, struct package_identity *id);
void package_identity_free(struct package_identity *id);
/* Where an RPM's payload starts, past its headers; 0 if not told. */
uint64_t package_rpm_payload_at(const char *path);
/*
 * Whether two packages can be of one kernel: the same version, and for
 * Debian's linux-image-* packages the same kernel release in the name.
 */
bool package_same_kernel(const struct package_identity *a,
			 const struct package_identity *b);

#endif
