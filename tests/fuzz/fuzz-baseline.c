// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The baseline reader on any bytes, plain or compressed; what it reads
 * is written again, as kabi dump does.
 */
#include <stdio.h>

#include "fuzz.h"
#include "store/store.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int ready;
	struct kabi_model m;
	struct diag d;
	FILE *sink;

	if (!ready) {
		store_init();
		ready = 1;
	}
	model_init(&m);
	diag_init(&d);
	if (!store_read_file(fuzz_file(data, size, "base.xml"), &m, &d)) {
		sink = fopen("/dev/null", "w");
		if (sink) {
			store_write(&m, sink, 1);
			fclose(sink);
		}
	}
	model_free(&m);
	diag_free(&d);
	return 0;
}
