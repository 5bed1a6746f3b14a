// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The reader of libabigail's ABIXML on any bytes, plain or compressed:
 * libxml2's SAX parser, the elements where libabigail writes them, the
 * ids, the declarations tied to symbols, the node table made into the
 * model. What it reads is written as a baseline and read back, which
 * must give the same bytes (fuzz_round_trip): an ABIXML file kabi takes
 * is one it can keep. And read again in pieces on two threads (every
 * <abi-instr> a piece), it must give the same model or the same error
 * (abixml/pieces.c): a large file's answer does not depend on threads.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "abixml/abixml.h"
#include "store/store.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* What a read says: its messages, then the baseline it gives, if any. */
static char *read_as(const char *path, unsigned jobs, size_t piece_size,
		     struct kabi_model *m, size_t *len, bool *read)
{
	char *text = NULL, *model;
	struct source src;
	struct diag d;
	size_t model_len;
	FILE *f;

	model_init(m);
	diag_init(&d);
	f = open_memstream(&text, len);
	if (!f)
		abort();
	*read = false;
	if (!source_open(&src, path, STORE_MAX_SIZE, &d)) {
		*read = !abixml_read(&src, jobs, piece_size, m, &d);
		if (*read) {
			model = fuzz_baseline(m, &model_len);
			fwrite(model, 1, model_len, f);
			free(model);
		}
		source_close(&src);
	}
	diag_flush(&d, f);
	fclose(f);
	diag_free(&d);
	return text;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int ready;
	const char *path = fuzz_file(data, size, "abi.xml");
	struct kabi_model whole, pieces;
	size_t len, len2;
	char *said, *said2;
	bool read, read2;

	if (!ready) {
		store_init(); /* libxml2, as kabi's main sets it up */
		ready = 1;
	}
	said = read_as(path, 1, ABIXML_PIECE_SIZE, &whole, &len, &read);
	said2 = read_as(path, 2, 1, &pieces, &len2, &read2);
	if (read != read2 || len != len2 || memcmp(said, said2, len))
		abort(); /* in pieces, another answer */
	if (read)
		fuzz_round_trip(&whole);
	free(said);
	free(said2);
	model_free(&whole);
	model_free(&pieces);
	return 0;
}
