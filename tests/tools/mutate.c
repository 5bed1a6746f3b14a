// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Damage a file on purpose, reproducibly, for the robustness tests:
 *   mutate truncate SEED IN OUT      cut IN at a length chosen by SEED
 *   mutate flip SEED COUNT IN OUT    change COUNT bytes chosen by SEED
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t state;

static uint64_t next_random(void)
{
	uint64_t z = (state += UINT64_C(0x9e3779b97f4a7c15));

	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

static unsigned char *slurp(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	unsigned char *buf;
	long n;

	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) || (n = ftell(f)) < 0 ||
	    fseek(f, 0, SEEK_SET)) {
		fclose(f);
		return NULL;
	}
	buf = malloc((size_t)n + 1);
	if (!buf || fread(buf, 1, (size_t)n, f) != (size_t)n) {
		free(buf);
		fclose(f);
		return NULL;
	}
	fclose(f);
	*size = (size_t)n;
	return buf;
}

static int spill(const char *path, const unsigned char *buf, size_t size)
{
	FILE *f = fopen(path, "wb");

	if (!f || fwrite(buf, 1, size, f) != size || fclose(f))
		return -1;
	return 0;
}

int main(int argc, char **argv)
{
	unsigned char *buf;
	size_t size, i, count;
	int err;

	if (argc < 5 || (strcmp(argv[1], "flip") == 0 && argc < 6)) {
		fprintf(stderr, "usage: mutate truncate SEED IN OUT | flip "
				"SEED COUNT IN OUT\n");
		return 2;
	}
	state = strtoull(argv[2], NULL, 0);
	if (!strcmp(argv[1], "truncate")) {
		buf = slurp(argv[3], &size);
		if (!buf || !size)
			return 1;
		err = spill(argv[4], buf, next_random() % size);
		free(buf);
		return err ? 1 : 0;
	}
	count = strtoul(argv[3], NULL, 0);
	buf = slurp(argv[4], &size);
	if (!buf || !size)
		return 1;
	for (i = 0; i < count; i++)
		buf[next_random() % size] ^=
		    (unsigned char)(1 + next_random() % 255);
	err = spill(argv[5], buf, size);
	free(buf);
	return err ? 1 : 0;
}
