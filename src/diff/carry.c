// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The groups of exports carried through the graph of differing pairs as
 * bits (reach.h), x->batch groups a batch (REACH_BATCH_MAX), a batch a job: a
 * pair's bits say which groups reach it, as each group's view passes the pairs
 * on the way; then which groups reach each root cause.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "reach.h"
#include "../util/parallel.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

/* A row of bits: one for each group a batch can hold, 64 a word. */
#define WORDS (REACH_BATCH_MAX / 64)

/*
 * One batch of groups [first, first + n): per differing pair, the bits
 * of the groups that reach it; per pair some group could not pass, the
 * bits of those that do not (blocks).
 */
struct batch {
	size_t first, n, words;
	uint64_t *reached; /* per dense pair: WORDS */
	uint32_t *mask_of; /* per dense pair: its mask row, or KABI_NONE */
	uint64_t *blocks;  /* per mask row: WORDS */
	size_t nmasks;
	uint8_t *queued; /* per dense pair: to be carried again */
};

static uint64_t *row(uint64_t *bits, size_t r)
{
	return bits + r * WORDS;
}

/* Whether the batch's group g passes a dense pair, into its mask row. */
static void mask_group(const struct diff_reach *x, struct batch *b,
		       uint32_t dense, size_t g)
{
	if (pair_pass(x, x->group_view[b->first + g], x->pairs[dense]) !=
	    PASS_OPEN)
		row(b->blocks, b->mask_of[dense])[g / 64] |= UINT64_C(1)
							     << (g % 64);
}

/*
 * Which groups each pair that could block stops: those whose view does
 * not pass it. A view passes a pair but where one of its units hides
 * the pair's tag (hiding_units), or the tree only declares it on a side:
 * so each group looks only at the pairs its units could hide, and at
 * the rare pairs the tree declares.
 */
static void batch_masks(const struct diff_reach *x, struct batch *b)
{
	size_t g, k;

	memset(row(b->blocks, 0), 0, b->nmasks * WORDS * sizeof(uint64_t));
	for (k = 0; k < x->ndeclared; k++)
		for (g = 0; g < b->n; g++)
			mask_group(x, b, x->declared[k], g);
	for (g = 0; g < b->n; g++) {
		const struct unit_view *v =
		    &x->d->views[x->group_view[b->first + g]];
		const struct rows *o = &x->old_hidden, *n = &x->new_hidden;

		for (k = 0; k < rows_count(o, v->old_unit); k++)
			mask_group(x, b, rows_row(o, v->old_unit)[k], g);
		for (k = 0; k < rows_count(n, v->new_unit); k++)
			mask_group(x, b, rows_row(n, v->new_unit)[k], g);
	}
}

/*
 * The test oracle of batch_masks (x->check): each group against each pair
 * that could block, as if no unit's rows said which to look at.
 */
static void check_masks(const struct diff_reach *x, const struct batch *b)
{
	size_t g;
	uint32_t dense;

	for (dense = 0; dense < x->ndense; dense++) {
		uint32_t m = b->mask_of[dense];

		for (g = 0; m != KABI_NONE && g < b->n; g++) {
			bool blocked = pair_pass(x, x->group_view[b->first + g],
						 x->pairs[dense]) != PASS_OPEN;

			if (blocked !=
			    (row(b->blocks, m)[g / 64] >> (g % 64) & 1))
				reach_check_failed("the mask of pair %" PRIu32
						   " for group %zu",
						   x->pairs[dense],
						   b->first + g);
		}
	}
}

/*
 * Carry a dense pair's bits to what it refers to; those of component scc
 * whose bits grew are queued to go round again.
 */
static void carry(const struct diff_reach *x, struct batch *b, uint32_t dense,
		  uint32_t scc, size_t *queued)
{
	uint64_t out[WORDS];
	const uint64_t *from = row(b->reached, dense);
	uint64_t any = 0;
	uint32_t m = b->mask_of[dense], e;
	size_t w;

	/*
	 * Whole rows, past the batch's groups too (zeros there): loops of a
	 * constant count, which the compiler turns into vector code.
	 */
	for (w = 0; w < WORDS; w++) {
		out[w] =
		    m == KABI_NONE ? from[w] : from[w] & ~row(b->blocks, m)[w];
		any |= out[w];
	}
	if (!any)
		return; /* most pairs lead to no group of this batch */
	for (e = x->edges.start[dense]; e < x->edges.start[dense + 1]; e++) {
		uint32_t next = x->edges.items[e];
		uint64_t *to = row(b->reached, next), grew = 0;

		for (w = 0; w < WORDS; w++) {
			grew |= out[w] & ~to[w];
			to[w] |= out[w];
		}
		if (grew && x->scc_of[next] == scc && !b->queued[next]) {
			b->queued[next] = 1;
			(*queued)++;
		}
	}
}

/*
 * Every component in order, each swept in its members' order until its
 * bits stop growing: a member queued again ahead of the sweep waits for
 * the next, one behind it is carried in this one.
 */
static void propagate(const struct diff_reach *x, struct batch *b)
{
	size_t c, g;

	memset(b->reached, 0, x->ndense * WORDS * sizeof(uint64_t));
	for (g = 0; g < b->n; g++) {
		uint32_t dense = x->dense[x->group_pair[b->first + g]];

		row(b->reached, dense)[g / 64] |= UINT64_C(1) << (g % 64);
	}
	for (c = 0; c < x->nscc; c++) {
		const uint32_t *members = x->scc_pairs + x->scc_start[c];
		size_t size = x->scc_start[c + 1] - x->scc_start[c];
		size_t queued = size, i;

		for (i = 0; i < size; i++)
			b->queued[members[i]] = 1;
		while (queued)
			for (i = 0; i < size; i++) {
				if (!b->queued[members[i]])
					continue;
				b->queued[members[i]] = 0;
				queued--;
				carry(x, b, members[i], (uint32_t)c, &queued);
			}
	}
}

static void add_hits(struct hits *h, const uint64_t *bits, size_t words,
		     size_t first, uint32_t what)
{
	size_t w;

	for (w = 0; w < words; w++) {
		uint64_t m = bits[w];

		while (m) {
			unsigned bit = (unsigned)__builtin_ctzll(m);

			m &= m - 1;
			ALLOC_GROW(h->v, h->n + 1, h->alloc);
			h->v[h->n].group = (uint32_t)(first + w * 64 + bit);
			h->v[h->n++].what = what;
		}
	}
}

/* What one batch found: the groups reaching each root. */
static void collect(const struct diff_reach *x, const struct batch *b,
		    struct hits *roots)
{
	const struct kabi_diff *d = x->d;
	uint64_t bits[WORDS];
	size_t r, i, w;

	for (r = 0; r < d->nroots; r++) {
		const struct root_cause *root = &d->roots[r];

		memset(bits, 0, sizeof(bits));
		for (i = 0; i < root->nvariants; i++) {
			uint32_t dense = x->dense[root->variants[i]], m;

			if (dense == KABI_NONE)
				continue;
			m = b->mask_of[dense];
			for (w = 0; w < b->words; w++)
				bits[w] |=
				    row(b->reached, dense)[w] &
				    (m == KABI_NONE ? ~UINT64_C(0)
						    : ~row(b->blocks, m)[w]);
		}
		add_hits(roots, bits, b->words, b->first, (uint32_t)r);
	}
}

static struct batch *batch_new(const struct diff_reach *x)
{
	struct batch *b = xcalloc(1, sizeof(*b));
	size_t dense;

	b->reached = xmalloc(xmul(x->ndense + 1, WORDS * sizeof(uint64_t)));
	b->mask_of = xmalloc(xmul(x->ndense + 1, sizeof(uint32_t)));
	for (dense = 0; dense < x->ndense; dense++)
		b->mask_of[dense] = could_block(x, x->pairs[dense])
					? (uint32_t)b->nmasks++
					: KABI_NONE;
	b->blocks = xmalloc(xmul(b->nmasks + 1, WORDS * sizeof(uint64_t)));
	b->queued = xcalloc(x->ndense + 1, 1);
	return b;
}

static void batch_free(struct batch *b)
{
	if (!b)
		return;
	free(b->reached);
	free(b->mask_of);
	free(b->blocks);
	free(b->queued);
	free(b);
}

/* The batches on the threads: each thread its own batch's rows. */
struct batch_run {
	const struct diff_reach *x;
	struct batch **per_thread;
	struct hits *roots;
};

static void *run_batch(size_t index, unsigned thread, void *ctx)
{
	struct batch_run *run = ctx;
	const struct diff_reach *x = run->x;
	struct hits *found = xcalloc(1, sizeof(*found));
	struct batch *b;

	if (!run->per_thread[thread])
		run->per_thread[thread] = batch_new(x);
	b = run->per_thread[thread];
	b->first = index * x->batch;
	b->n =
	    x->ngroups - b->first < x->batch ? x->ngroups - b->first : x->batch;
	b->words = (b->n + 63) / 64;
	batch_masks(x, b);
	if (x->check)
		check_masks(x, b);
	propagate(x, b);
	collect(x, b, found);
	return found;
}

static void keep_batch(size_t index, void *result, void *ctx)
{
	struct batch_run *run = ctx;
	struct hits *found = result, *roots = run->roots;

	(void)index;
	ALLOC_GROW(roots->v, roots->n + found->n, roots->alloc);
	if (found->n)
		memcpy(roots->v + roots->n, found->v,
		       found->n * sizeof(*found->v));
	roots->n += found->n;
	free(found->v);
	free(found);
}

void carry_groups(const struct diff_reach *x, unsigned threads,
		  struct hits *roots)
{
	size_t nbatches = (x->ngroups + x->batch - 1) / x->batch;
	struct batch_run run = {.x = x, .roots = roots};
	unsigned t;

	if (threads < 1)
		threads = 1;
	run.per_thread = xcalloc(threads, sizeof(*run.per_thread));
	parallel_ordered(nbatches, threads, 2 * (size_t)threads, run_batch,
			 keep_batch, &run);
	for (t = 0; t < threads; t++)
		batch_free(run.per_thread[t]);
	free(run.per_thread);
}
