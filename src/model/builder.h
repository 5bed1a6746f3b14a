/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Building one deduplicated model out of many CU-local models
 * ("fragments"), as the DWARF reader produces them: the same struct seen
 * in thousands of compilation units becomes one type, two different
 * struct foo stay two, and a declaration-only struct resolves to the one
 * definition the tree has.
 *
 * Workers summarise fragments in parallel (fragment_summarize); the
 * summaries are added in a fixed order (model_builder_add), so the result
 * does not depend on the number of threads.
 */
#ifndef KABI_MODEL_BUILDER_H
#define KABI_MODEL_BUILDER_H

#include "model.h"
#include "../util/diag.h"

struct fragment_summary;
struct model_builder;

/*
 * Summarise a fragment (taking it over): its i-th symbol describes the
 * final model's symbol targets[i] (NULL when it has none).
 */
struct fragment_summary *fragment_summarize(struct kabi_model *fragment,
					    const uint32_t *targets);
void fragment_summary_free(struct fragment_summary *s);
/*
 * The error, if any, of a fragment read from path, whose types came from
 * source ("DWARF", "BTF"): anonymous types that refer to themselves or
 * nest too deep, or that expand past the fragment's bound (shared at
 * every level of a nest).
 */
void fragment_summary_diagnose(const struct fragment_summary *s,
			       const char *path, const char *source,
			       struct diag *d);

struct model_builder *model_builder_new(void);
void model_builder_free(struct model_builder *b);
/*
 * Add a summary (taking it over); the first description of a symbol wins.
 * scope names the binary the fragment comes from: MODEL_SCOPE_VMLINUX,
 * or any other number for a module. Declarations resolve within their
 * binary first, then in vmlinux (see builder.c).
 */
#define MODEL_SCOPE_VMLINUX 0
/* The scope of a kernel's file-th file (counting vmlinux's place too). */
static inline uint32_t model_scope_of_file(bool is_vmlinux, size_t file)
{
	return is_vmlinux ? MODEL_SCOPE_VMLINUX : (uint32_t)file + 1;
}
void model_builder_add(struct model_builder *b, struct fragment_summary *s,
		       uint32_t scope);
/*
 * Call fn for each struct, union or enum that so far is only declared:
 * no summary added defined it.
 */
void model_builder_each_unresolved(const struct model_builder *b,
				   void (*fn)(enum kabi_kind kind,
					      const char *name, void *ctx),
				   void *ctx);
/*
 * Put the types into out, whose symbols must already be there, and give
 * each described symbol its type and parameter names.
 */
void model_builder_finish(struct model_builder *b, struct kabi_model *out);
/*
 * How many threads model_builder_finish may use (default 1), and where
 * to add their CPU time (--stats; may be NULL).
 */
struct parallel_times;
void model_builder_set_threads(struct model_builder *b, unsigned threads,
			       struct parallel_times *times);

/* Figures for the curious (kabi dump --stats) and for tuning. */
struct model_builder_stats {
	size_t fragments;
	size_t instances;      /* named types seen, summed over fragments */
	size_t shapes;	       /* distinct shallow descriptions */
	size_t blocks;	       /* named types after deduplication */
	size_t rounds;	       /* refinement iterations */
	size_t opaque_names;   /* declared names left opaque, though defined */
	double finish_seconds; /* refinement and writing the types out */
};
void model_builder_stats(const struct model_builder *b,
			 struct model_builder_stats *out);

#endif
