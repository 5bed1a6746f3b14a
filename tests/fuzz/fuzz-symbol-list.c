// SPDX-License-Identifier: GPL-2.0-or-later
/* The symbol-list parser (plain and Android KMI lists) on any bytes. */
#include "fuzz.h"
#include "suppress/suppress.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct symbol_list l;
	struct diag d;

	symbol_list_init(&l);
	diag_init(&d);
	symbol_list_load(&l, fuzz_file(data, size, "list.txt"), &d);
	symbol_list_free(&l);
	diag_free(&d);
	return 0;
}
