// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The reader of STG's native format on any bytes: the protobuf text,
 * the schema's checks, the graph made into the model. What it reads is
 * written as a baseline and read back, which must give the same bytes
 * (fuzz_round_trip): a .stg kabi takes is one it can keep.
 */
#include <stdlib.h>

#include "fuzz.h"
#include "stg/stg.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct kabi_model m;
	struct source src;
	struct diag d;

	model_init(&m);
	diag_init(&d);
	if (!source_open(&src, fuzz_file(data, size, "abi.stg"), STG_MAX_SIZE,
			 &d)) {
		if (!stg_read(&src, &m, &d))
			fuzz_round_trip(&m);
		source_close(&src);
	}
	model_free(&m);
	diag_free(&d);
	return 0;
}
