// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Glob matching by one pass over the name, keeping the set of pattern
 * positions that the name read so far can have reached (a row of
 * booleans), so that no pattern backtracks its way to exponential time.
 */
#include <stdlib.h>
#include <string.h>

#include "glob.h"
#include "xalloc.h"
#include "banned.h"

enum token { LITERAL, ONE, STAR_PART, STAR_ANY };

struct glob_token {
	enum token kind;
	char c;
};

/* The pattern as tokens; how many. */
static size_t tokenize(const char *p, enum glob_style style,
		       struct glob_token *t)
{
	size_t n = 0;

	for (; *p; p++, n++) {
		t[n].c = *p;
		t[n].kind = LITERAL;
		if (*p == '?' && style == GLOB_SUSE) {
			t[n].kind = ONE;
		} else if (*p == '*' && style == GLOB_SUSE) {
			t[n].kind = STAR_ANY;
		} else if (*p == '*') {
			t[n].kind = p[1] == '*' ? STAR_ANY : STAR_PART;
			p += p[1] == '*';
		}
	}
	return n;
}

/* Where the positions in at[] reach when a star may match nothing. */
static void close_stars(const struct glob_token *t, size_t n, bool *at)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (at[i] && t[i].kind >= STAR_PART)
			at[i + 1] = true;
}

void glob_compile(struct glob *g, const char *pattern, enum glob_style style)
{
	size_t i;

	g->tokens = xcalloc(strlen(pattern) + 1, sizeof(*g->tokens));
	g->ntokens = tokenize(pattern, style, g->tokens);
	g->rows = xcalloc(2 * (g->ntokens + 1), sizeof(bool));
	for (i = 0; i < g->ntokens && g->tokens[i].kind == LITERAL; i++)
		;
	g->literal = i == g->ntokens ? xstrdup(pattern) : NULL;
}

void glob_free(struct glob *g)
{
	free(g->tokens);
	free(g->rows);
	free(g->literal);
	memset(g, 0, sizeof(*g));
}

/* From the positions at[] reached, those reached past one more character. */
static bool step(const struct glob_token *t, size_t n, const bool *at,
		 bool *next, char c)
{
	bool any = false;
	size_t i;

	memset(next, 0, (n + 1) * sizeof(bool));
	for (i = 0; i < n; i++) {
		if (!at[i])
			continue;
		switch (t[i].kind) {
		case LITERAL:
			next[i + 1] |= t[i].c == c;
			break;
		case ONE:
			next[i + 1] = true;
			break;
		case STAR_PART:
			next[i] |= c != '/';
			break;
		case STAR_ANY:
			next[i] = true;
			break;
		}
	}
	close_stars(t, n, next);
	for (i = 0; i <= n && !any; i++)
		any = next[i];
	return any;
}

/* Matching writes the pattern's rows: one match at a time per glob. */
bool glob_matches(const struct glob *g, const char *name)
{
	size_t n = g->ntokens;
	bool *at = g->rows, *next = g->rows + n + 1, *swap;

	if (g->literal)
		return !strcmp(g->literal, name);
	memset(at, 0, (n + 1) * sizeof(bool));
	at[0] = true;
	close_stars(g->tokens, n, at);
	for (; *name; name++) {
		if (!step(g->tokens, n, at, next, *name))
			return false;
		swap = at;
		at = next;
		next = swap;
	}
	return at[n];
}
