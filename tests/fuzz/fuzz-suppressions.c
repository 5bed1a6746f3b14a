// SPDX-License-Identifier: GPL-2.0-or-later
/* The suppression-file parser (libabigail's INI syntax) on any bytes. */
#include "fuzz.h"
#include "suppress/suppress.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct suppressions s;
	struct diag d;

	suppressions_init(&s);
	diag_init(&d);
	suppressions_load(&s, fuzz_file(data, size, "rules.supp"), &d);
	suppressions_free(&s);
	diag_free(&d);
	return 0;
}
