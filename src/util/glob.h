/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The shell-like patterns of the distributions' rule files, each with
 * its own reading of '*':
 *
 *   GLOB_SUSE    SUSE's kabi/severities: '*' any run of characters,
 *                '/' too; '?' one character (kabi.pl, ksymvers)
 *   GLOB_DEBIAN  Debian's ignore-changes: '*' a run within one path
 *                part (no '/'), '**' any run; '?' is itself
 *                (debian/bin/buildcheck.py)
 *
 * Every other character stands for itself. Matching takes time in
 * proportion to the pattern's length times the name's, never more, so
 * a pattern from a hostile file costs no more than its length says.
 */
#ifndef KABI_UTIL_GLOB_H
#define KABI_UTIL_GLOB_H

#include <stdbool.h>
#include <stddef.h>

enum glob_style { GLOB_SUSE, GLOB_DEBIAN };

/* Patterns are at most this long (a rules line; names are shorter). */
#define GLOB_MAX_PATTERN 1024

struct glob_token;

/* A pattern read once, matched many times. */
struct glob {
	struct glob_token *tokens;
	size_t ntokens;
	bool *rows; /* two rows of ntokens + 1: the positions reached */
	/* a pattern of no wildcard: the one name it matches; else NULL */
	char *literal;
};

void glob_compile(struct glob *g, const char *pattern, enum glob_style style);
void glob_free(struct glob *g);
bool glob_matches(const struct glob *g, const char *name);

#endif
