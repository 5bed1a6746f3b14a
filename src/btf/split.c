// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A module's split BTF, read on top of vmlinux's. Split BTF carries no
 * mark of the base it was built on: its type ids and string offsets
 * simply continue the base's. On the wrong base (vmlinux of another
 * build) libbpf reads it without complaint, and every name and type it
 * takes from the base is another. The names tell: pahole adds each
 * string whole, so a name the module takes from its base starts right
 * after a NUL of the base's strings; on another base, most do not. And
 * the types: what the module's types refer to in the base must be of a
 * kind that can be there (a member is not a function); on another base,
 * about half are not.
 */
#include "btf_impl.h"

#include <errno.h>
#include <linux/btf.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "../util/banned.h"

/*
 * Split BTF from bytes in memory. Debian 12's libbpf 1.1 does not export
 * btf__new_split, which does this, only btf__parse_raw_split, which
 * reads a file: the bytes go into a memory file, named through /proc.
 */
struct btf *kbtf_split_new(const void *data, size_t size,
			   const struct btf *base, int *err)
{
	const char *p = data;
	char name[64];
	struct btf *btf;
	int fd = memfd_create("kabi-btf", MFD_CLOEXEC);

	*err = fd < 0 ? errno : 0;
	while (fd >= 0 && size) {
		ssize_t n = write(fd, p, size);

		if (n <= 0) {
			*err = n < 0 ? errno : EIO;
			break;
		}
		p += n;
		size -= (size_t)n;
	}
	if (*err) {
		if (fd >= 0)
			close(fd);
		return NULL;
	}
	snprintf(name, sizeof(name), "/proc/self/fd/%d", fd);
	errno = 0;
	btf = btf__parse_raw_split(name, (struct btf *)base);
	if (!btf)
		*err = errno ? errno : EINVAL;
	close(fd);
	return btf;
}

bool kbtf_types_aligned(const struct btf *btf)
{
	const struct btf *base = btf__base_btf(btf);
	uint32_t first = base ? btf__type_cnt(base) : 1;
	const struct btf_type *t =
	    first < btf__type_cnt(btf) ? btf__type_by_id(btf, first) : NULL;

	/* each type is a multiple of 4 bytes long: the first tells */
	return !t || !((uintptr_t)t % _Alignof(struct btf_type));
}

/* The base's strings, as its raw data has them; NULL if unreadable. */
static const char *base_strings(const struct btf *base, uint32_t *len)
{
	uint32_t size = 0;
	const unsigned char *raw = btf__raw_data(base, &size);
	struct btf_header h;

	if (!raw || size < sizeof(h))
		return NULL;
	memcpy(&h, raw, sizeof(h));
	if (h.hdr_len > size || h.str_off > size - h.hdr_len ||
	    h.str_len > size - h.hdr_len - h.str_off)
		return NULL;
	*len = h.str_len;
	return (const char *)raw + h.hdr_len + h.str_off;
}

struct base_check {
	const struct btf *base;
	uint32_t base_types; /* ids below are the base's */
	const char *strs;
	uint32_t len;
	size_t checked, misfits;
};

static void check_name(struct base_check *c, uint32_t off)
{
	if (!off || off >= c->len)
		return; /* none, or the module's own */
	c->checked++;
	if (c->strs[off - 1])
		c->misfits++;
}

/* Kinds a reference may name: a bit per BTF_KIND_*. */
#define KIND(k)	  (UINT32_C(1) << BTF_KIND_##k)
#define NOT_DATA  (KIND(FUNC) | KIND(VAR) | KIND(DATASEC) | KIND(DECL_TAG))
#define NOT_VALUE (NOT_DATA | KIND(FUNC_PROTO))

/* A reference from the module into the base, refused if of a kind in not. */
static void check_ref(struct base_check *c, uint32_t id, uint32_t not )
{
	const struct btf_type *t;

	if (!id || id >= c->base_types)
		return; /* void, or the module's own */
	t = btf__type_by_id(c->base, id);
	c->checked++;
	if (!t || (not &(UINT32_C(1) << btf_kind(t))))
		c->misfits++;
}

/* What a type refers to: the kinds C allows there, or not. */
static void check_refs(struct base_check *c, const struct btf_type *t)
{
	unsigned i, n = btf_vlen(t);

	if (btf_is_ptr(t) || btf_is_typedef(t) || btf_is_mod(t))
		check_ref(c, t->type, NOT_DATA);
	else if (btf_is_array(t)) {
		check_ref(c, btf_array(t)->type, NOT_VALUE);
		check_ref(c, btf_array(t)->index_type, ~KIND(INT));
	} else if (btf_is_composite(t))
		for (i = 0; i < n; i++)
			check_ref(c, btf_members(t)[i].type, NOT_VALUE);
	else if (btf_is_func(t))
		check_ref(c, t->type, ~KIND(FUNC_PROTO));
	else if (btf_is_func_proto(t)) {
		check_ref(c, t->type, NOT_VALUE);
		for (i = 0; i < n; i++)
			check_ref(c, btf_params(t)[i].type, NOT_VALUE);
	} else if (btf_is_var(t))
		check_ref(c, t->type, NOT_VALUE);
}

/* The names of one type: its own, and its members', values', params'. */
static void check_names(struct base_check *c, const struct btf_type *t)
{
	unsigned i, n = btf_vlen(t);

	check_name(c, t->name_off);
	if (btf_is_composite(t))
		for (i = 0; i < n; i++)
			check_name(c, btf_members(t)[i].name_off);
	else if (btf_is_enum(t))
		for (i = 0; i < n; i++)
			check_name(c, btf_enum(t)[i].name_off);
	else if (btf_is_enum64(t))
		for (i = 0; i < n; i++)
			check_name(c, btf_enum64(t)[i].name_off);
	else if (btf_is_func_proto(t))
		for (i = 0; i < n; i++)
			check_name(c, btf_params(t)[i].name_off);
}

size_t kbtf_misfits_of_base(const struct btf *split, const struct btf *base,
			    size_t *checked)
{
	struct base_check c = {.base = base, .base_types = btf__type_cnt(base)};
	uint32_t id, end = btf__type_cnt(split);

	*checked = 0;
	c.strs = base_strings(base, &c.len);
	if (!c.strs)
		return 0;
	for (id = c.base_types; id < end; id++) {
		const struct btf_type *t = btf__type_by_id(split, id);

		if (t) {
			check_names(&c, t);
			check_refs(&c, t);
		}
	}
	*checked = c.checked;
	return c.misfits;
}

struct btf *kbtf_checked(struct btf *btf, const struct btf *base,
			 const char *path, struct diag *d)
{
	size_t checked, misfits = 0;

	if (!kbtf_types_aligned(btf))
		diag_error(d, KABI_E_BAD_DWARF, DIAG_AT_FILE(path),
			   "malformed BTF: its types are not 4-byte aligned");
	else if (base &&
		 (misfits = kbtf_misfits_of_base(btf, base, &checked)) != 0)
		diag_error(d, KABI_E_BAD_DWARF, DIAG_AT_FILE(path),
			   "its BTF was not built on this vmlinux's: %zu of "
			   "the %zu names and types it takes from there do "
			   "not fit (a module of another build?); not read",
			   misfits, checked);
	else
		return btf;
	btf__free(btf);
	return NULL;
}
