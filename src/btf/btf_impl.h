/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Internal to the btf/ stage: turning the BTF types one file's exports
 * reach into a fragment (a file-local model), as the DWARF walker does
 * for a compilation unit.
 *
 * The walk is not recursive: asking for a BTF type returns its local id
 * at once and queues it; kbtf_walker_drain() fills queued types in,
 * queueing what they refer to. Members of an aggregate are appended
 * contiguously, and no input can exhaust the stack.
 */
#ifndef KABI_BTF_IMPL_H
#define KABI_BTF_IMPL_H

#include <bpf/btf.h>
#include <stdint.h>

#include "../model/model.h"
#include "../util/diag.h"
#include "../util/hashmap.h"

struct kbtf_pending {
	uint32_t btf_id;
	uint32_t id;
};

struct kbtf_walker {
	const struct btf *btf;
	struct kabi_model *out; /* the fragment being built */
	struct hashmap seen;	/* BTF id -> local type id */
	struct kbtf_pending *queue;
	size_t nqueue, queue_alloc;
	unsigned ptr_size;
	const char *path; /* for diagnostics */
	struct diag *diag;
	unsigned problems; /* reported, to cap them */
};

void kbtf_walker_init(struct kbtf_walker *w, const struct btf *btf,
		      struct kabi_model *out, unsigned ptr_size,
		      const char *path, struct diag *d);
void kbtf_walker_free(struct kbtf_walker *w);
/* Local id of a BTF type (queued if new); 0 is void in both. */
uint32_t kbtf_walker_type(struct kbtf_walker *w, uint32_t btf_id);
/*
 * Local id of the function type of a FUNC_PROTO; its parameter names
 * are appended to the fragment's param_names (*first, *count).
 */
uint32_t kbtf_walker_function(struct kbtf_walker *w, uint32_t proto,
			      uint32_t *first_name, uint32_t *nnames);
/* Fill in every queued type. */
void kbtf_walker_drain(struct kbtf_walker *w);

#endif
