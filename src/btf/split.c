// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A module's split BTF, read on top of vmlinux's. Split BTF carries no
 * mark of the base it was built on: its type ids and string offsets
 * simply continue the base's. On the wrong base (vmlinux of another
 * build) libbpf reads it without complaint, and every name and type it
 * takes from the base is another. The names tell: pahole adds each
 * string whole, so a name the module takes from its base starts right
 * after a NUL of the base's strings; on another base, almost none do.
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
	const struct btf_type *t = first < btf__type_cnt(btf)
				       ? btf__type_by_id(btf, first)
				       : NULL;

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

struct name_check {
	const char *strs;
	uint32_t len;
	size_t checked, inside;
};

static void check_name(struct name_check *c, uint32_t off)
{
	if (!off || off >= c->len)
		return; /* none, or the module's own */
	c->checked++;
	if (c->strs[off - 1])
		c->inside++;
}

/* The names of one type: its own, and its members', values', params'. */
static void check_type(struct name_check *c, const struct btf_type *t)
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

size_t kbtf_names_inside_base(const struct btf *split, const struct btf *base,
			      size_t *checked)
{
	struct name_check c = {0};
	uint32_t id, first = btf__type_cnt(base), end = btf__type_cnt(split);

	*checked = 0;
	c.strs = base_strings(base, &c.len);
	if (!c.strs)
		return 0;
	for (id = first; id < end; id++) {
		const struct btf_type *t = btf__type_by_id(split, id);

		if (t)
			check_type(&c, t);
	}
	*checked = c.checked;
	return c.inside;
}

struct btf *kbtf_checked(struct btf *btf, const struct btf *base,
			 const char *path, struct diag *d)
{
	size_t checked, inside = 0;

	if (!kbtf_types_aligned(btf))
		diag_error(d, KABI_E_BAD_DWARF, DIAG_AT_FILE(path),
			   "malformed BTF: its types are not 4-byte aligned");
	else if (base && (inside = kbtf_names_inside_base(btf, base,
							    &checked)) != 0)
		diag_error(d, KABI_E_BAD_DWARF, DIAG_AT_FILE(path),
			   "its BTF was not built on this vmlinux's: %zu of "
			   "the %zu names it takes from vmlinux's BTF start "
			   "inside a string there (a module of another "
			   "build?); not read",
			   inside, checked);
	else
		return btf;
	btf__free(btf);
	return NULL;
}
