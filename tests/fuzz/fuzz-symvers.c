// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The Module.symvers reader on any bytes, plain or compressed, as kabi
 * diff takes one for a side: what it reads is written as a baseline and
 * read back, which must give the same bytes. Its lines are capped and
 * its reading linear (a 512 MiB line once took 96 s): libFuzzer's
 * -timeout finds what is not.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "store/store.h"
#include "symvers/symvers.h"
#include "util/source.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char *baseline(const struct kabi_model *m, size_t *len)
{
	char *text = NULL;
	FILE *f = open_memstream(&text, len);

	if (!f)
		abort();
	store_write(m, f, 1);
	fclose(f);
	return text;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int ready;
	struct kabi_model m, back;
	struct source src;
	struct diag d;
	char *text, *text2;
	size_t len, len2;

	if (!ready) {
		store_init();
		ready = 1;
	}
	model_init(&m);
	diag_init(&d);
	if (!source_open(&src, fuzz_file(data, size, "Module.symvers"),
			 STORE_MAX_SIZE, &d)) {
		if (symvers_looks_like(&src) && !symvers_read(&src, &m, &d)) {
			/* what kabi writes of it, it reads: the same bytes */
			text = baseline(&m, &len);
			model_init(&back);
			if (store_read_file(fuzz_file((const uint8_t *)text,
						      len, "back.xml"),
					    &back, &d)) {
				diag_flush(&d, stderr);
				abort();
			}
			text2 = baseline(&back, &len2);
			if (len != len2 || memcmp(text, text2, len))
				abort();
			free(text);
			free(text2);
			model_free(&back);
		}
		source_close(&src);
	}
	model_free(&m);
	diag_free(&d);
	return 0;
}
