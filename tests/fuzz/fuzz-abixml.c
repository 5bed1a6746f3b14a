// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The reader of libabigail's ABIXML on any bytes, plain or compressed:
 * libxml2's SAX parser, the elements where libabigail writes them, the
 * ids, the declarations tied to symbols, the node table made into the
 * model. What it reads is written as a baseline and read back, which
 * must give the same bytes (fuzz_round_trip): an ABIXML file kabi takes
 * is one it can keep.
 */
#include <stdlib.h>

#include "fuzz.h"
#include "abixml/abixml.h"
#include "store/store.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int ready;
	struct kabi_model m;
	struct source src;
	struct diag d;

	if (!ready) {
		store_init(); /* libxml2, as kabi's main sets it up */
		ready = 1;
	}
	model_init(&m);
	diag_init(&d);
	if (!source_open(&src, fuzz_file(data, size, "abi.xml"), STORE_MAX_SIZE,
			 &d)) {
		if (!abixml_read(&src, &m, &d))
			fuzz_round_trip(&m);
		source_close(&src);
	}
	model_free(&m);
	diag_free(&d);
	return 0;
}
