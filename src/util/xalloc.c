// SPDX-License-Identifier: GPL-2.0-or-later
/* Allocation wrappers that exit on out-of-memory; see xalloc.h. */
#include "xalloc.h"

#include <malloc.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "banned.h"

static void out_of_memory(size_t size)
{
	fprintf(stderr, "kabi: error: out of memory allocating %zu bytes\n",
		size);
	exit(1);
}

FILE *xopen_memstream(char **text, size_t *len)
{
	FILE *f = open_memstream(text, len);

	if (!f)
		out_of_memory(0);
	return f;
}

void *xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);

	if (!p)
		out_of_memory(size);
	return p;
}

void *xcalloc(size_t count, size_t size)
{
	void *p = calloc(count ? count : 1, size ? size : 1);

	if (!p)
		out_of_memory(count * size);
	return p;
}

void *xrealloc(void *ptr, size_t size)
{
	void *p = realloc(ptr, size ? size : 1);

	if (!p)
		out_of_memory(size);
	return p;
}

char *xstrndup(const char *s, size_t len)
{
	char *p = xmalloc(len + 1);

	memcpy(p, s, len);
	p[len] = '\0';
	return p;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

size_t xmul(size_t count, size_t size)
{
	if (size && count > SIZE_MAX / size)
		out_of_memory(SIZE_MAX);
	return count * size;
}

/*
 * glibc gives a thread that finds the others' arenas busy one of its own,
 * up to eight per CPU, and keeps what is freed in each for that arena:
 * the peak is the sum of every arena's high-water mark. kabi's workers
 * allocate in bursts (a module's image, a unit's types) that another
 * thread frees, so each arena's mark is a whole burst: the full amd64
 * flavour at -j8 peaked at 1.09 GB, and at 0.93 GB with four arenas, as
 * fast. At -j64 a quarter as many arenas as threads (16) still took it
 * 430 MB higher than four: four, at any thread count (one thread uses
 * one).
 */
void xalloc_init(void)
{
#ifdef M_ARENA_MAX
	mallopt(M_ARENA_MAX, 4);
#endif
}
