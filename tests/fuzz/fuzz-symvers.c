// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The Module.symvers reader on any bytes, plain or compressed, as kabi
 * diff takes one for a side: what it reads is written as a baseline and
 * read back, which must give the same bytes. Its lines are capped and
 * its reading linear (a 512 MiB line once took 96 s): libFuzzer's
 * -timeout finds what is not.
 */
#include "fuzz.h"
#include "store/store.h"
#include "symvers/symvers.h"
#include "util/source.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct kabi_model m;
	struct source src;
	struct diag d;

	model_init(&m);
	diag_init(&d);
	if (!source_open(&src, fuzz_file(data, size, "Module.symvers"),
			 STORE_MAX_SIZE, &d)) {
		if (symvers_looks_like(&src) && !symvers_read(&src, &m, &d))
			fuzz_round_trip(&m);
		source_close(&src);
	}
	model_free(&m);
	diag_free(&d);
	return 0;
}
