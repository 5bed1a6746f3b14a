// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A main for a fuzz harness without libFuzzer: each file named is given
 * to it once. make check runs every seed and every input that once found
 * a bug this way, under the ordinary and the sanitizer builds.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int main(int argc, char **argv)
{
	int i;

	for (i = 1; i < argc; i++) {
		FILE *f = fopen(argv[i], "rb");
		unsigned char *buf = NULL;
		size_t len = 0, alloc = 0, n;

		if (!f) {
			perror(argv[i]);
			return 1;
		}
		do {
			if (len == alloc) {
				alloc = alloc ? 2 * alloc : 65536;
				buf = realloc(buf, alloc);
				if (!buf)
					abort();
			}
			n = fread(buf + len, 1, alloc - len, f);
			len += n;
		} while (n);
		fclose(f);
		LLVMFuzzerTestOneInput(buf, len);
		free(buf);
	}
	return 0;
}
