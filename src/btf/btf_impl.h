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
#include "../util/strset.h"

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

/* A file's FUNC and VAR types by name: its own, not its base's. */
void kbtf_index_names(const struct btf *btf, struct hashmap *names);
/*
 * The FUNC (function) or VAR of an export's name in the index, or 0;
 * *ambiguous says that 0 is because several C prototypes share the name
 * (names.c says how one is chosen).
 */
uint32_t kbtf_find_export(const struct btf *btf, const struct hashmap *names,
			  const char *name, bool function, bool *ambiguous);

/*
 * Where the kernel's BTF defines each named struct, union and enum, for
 * the declarations exports reach whose definition they do not: the
 * builder resolves a declaration in its own binary, then vmlinux, then
 * anywhere, as the DWARF reader's definitions.c lets it.
 */
struct kbtf_definition {
	uint32_t file;	 /* in the kernel_files */
	uint32_t btf_id; /* in that file's BTF */
	uint32_t name;	 /* in kbtf_definitions.names */
	uint8_t kind;	 /* enum kabi_kind */
	bool walked;
};

struct kbtf_definitions {
	struct strset names;
	struct kbtf_definition *v;
	size_t n, alloc;
	struct hashmap by_key; /* hash of kind and name -> index in v */
};

void kbtf_definitions_init(struct kbtf_definitions *defs);
void kbtf_definitions_free(struct kbtf_definitions *defs);
/* Note the definitions of a file's own BTF (not its base's). */
void kbtf_definitions_add(struct kbtf_definitions *defs, const struct btf *btf,
			  uint32_t file);
/* Mark the definitions of (kind, name) not walked yet, and list them. */
void kbtf_definitions_want(struct kbtf_definitions *defs, enum kabi_kind kind,
			   const char *name, size_t **list, size_t *n,
			   size_t *alloc);

/*
 * A module's split BTF from bytes, on base; NULL with *err (an errno
 * value) when libbpf cannot read it.
 */
struct btf *kbtf_split_new(const void *data, size_t size,
			   const struct btf *base, int *err);
/*
 * Whether the types of btf (its own, not its base's) lie where C can
 * read them: libbpf takes a header whose length leaves them misaligned.
 */
bool kbtf_types_aligned(const struct btf *btf);
/*
 * How many of the names and types split takes from base do not fit there
 * (*checked: how many it takes): none when split was built on base, most
 * when not (split.c says how it tells).
 */
size_t kbtf_misfits_of_base(const struct btf *split, const struct btf *base,
			    size_t *checked);
/*
 * What libbpf read (taken over), if kabi can use it: its types aligned,
 * and a module's split BTF built on base; else NULL, reported at path.
 */
struct btf *kbtf_checked(struct btf *btf, const struct btf *base,
			 const char *path, struct diag *d);

#endif
