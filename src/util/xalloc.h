/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Allocation that cannot fail. Running out of memory is not an input error
 * a caller could recover from, so these print one line and exit, as git's
 * xmalloc does; everything else in kabi reports errors by return value.
 */
#ifndef KABI_XALLOC_H
#define KABI_XALLOC_H

#include <stddef.h>
#include <stdio.h>

void *xmalloc(size_t size);
void *xcalloc(size_t count, size_t size);
void *xrealloc(void *ptr, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t len);
/* count * size, exiting on overflow */
size_t xmul(size_t count, size_t size);
/* A FILE writing to memory (open_memstream), exiting when there is none. */
FILE *xopen_memstream(char **text, size_t *len);
/* Ready the allocator for kabi's threads: once, before any starts. */
void xalloc_init(void);

/*
 * Grow the array ptr (with alloc slots) so that it holds at least nr
 * elements; the git idiom for vectors of any type.
 */
#define ALLOC_GROW(ptr, nr, alloc)                                             \
	do {                                                                   \
		if ((size_t)(nr) > (alloc)) {                                  \
			size_t grow_ = (alloc) < 8 ? 16 : (alloc)*2;           \
			if (grow_ < (size_t)(nr))                              \
				grow_ = (nr);                                  \
			(ptr) = xrealloc((ptr), xmul(grow_, sizeof(*(ptr))));  \
			(alloc) = grow_;                                       \
		}                                                              \
	} while (0)

#endif
