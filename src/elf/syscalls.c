// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The system call tables of a vmlinux: for each table the kernel keeps
 * (x86-64's sys_call_table, the i386 and x32 ones beside it, arm64's
 * native and compat tables), each slot's number and the function behind
 * it, named by the symbol at its address (__x64_sys_read: "read"; the
 * sys_ni_syscall of an empty slot: none). With CONFIG_FTRACE_SYSCALLS,
 * the syscall metadata the kernel keeps for tracing gives each system
 * call's parameters, names and C types as the source spells them.
 */
#include <stdlib.h>
#include <string.h>

#include "elf_file.h"
#include "elf.h"
#include "../util/hashmap.h"
#include "../util/sort.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

/* A table: its symbol, its ABI, the prefixes of its entry points. */
static const struct table_desc {
	unsigned machine;
	const char *symbol;
	const char *abi;
	const char *prefixes[3];
} tables[] = {
    {EM_X86_64, "sys_call_table", "x86-64", {"__x64_sys_", NULL}},
    {EM_X86_64,
     "ia32_sys_call_table",
     "i386",
     {"__ia32_sys_", "__ia32_compat_sys_", NULL}},
    {EM_X86_64,
     "x32_sys_call_table",
     "x32",
     {"__x32_compat_sys_", "__x64_sys_", NULL}},
    {EM_AARCH64, "sys_call_table", "arm64", {"__arm64_sys_", NULL}},
    {EM_AARCH64,
     "compat_sys_call_table",
     "arm64-compat",
     {"__arm64_compat_sys_", "__arm64_sys_", NULL}},
};

/*
 * Entry points named otherwise than the system calls they serve, for the
 * ABIs whose tables map them so (arch/x86/entry/syscalls/syscall_64.tbl,
 * include/uapi/asm-generic/unistd.h on 64-bit: __NR3264_fstat is
 * sys_newfstat); the metadata keeps the entry point's name. i386's
 * table is not renamed: it has sendfile and sendfile64, umount and
 * umount2 both.
 */
static const struct {
	const char *abis; /* space-separated */
	const char *entry, *name;
} renamed[] = {
    {"x86-64 x32", "newstat", "stat"},
    {"x86-64 x32 arm64", "newfstat", "fstat"},
    {"x86-64 x32", "newlstat", "lstat"},
    {"x86-64 x32 arm64", "newuname", "uname"},
    {"x86-64 x32 arm64", "umount", "umount2"},
    {"x86-64 x32 arm64", "sendfile64", "sendfile"},
    {"arm64", "fadvise64_64", "fadvise64"},
    {"arm64 arm64-compat", "arm64_personality", "personality"},
};

/* struct syscall_metadata (include/trace/syscall.h), on 64-bit */
#define META_NAME    0
#define META_NB_ARGS 12
#define META_TYPES   16
#define META_ARGS    24
#define MAX_ARGS     6

void syscall_tables_init(struct syscall_tables *t)
{
	memset(t, 0, sizeof(*t));
	strset_init(&t->strings);
}

void syscall_tables_free(struct syscall_tables *t)
{
	strset_free(&t->strings);
	free(t->calls);
	memset(t, 0, sizeof(*t));
}

/* A NUL-terminated string at an address of the file, within its section. */
static const char *string_at(struct kelf_file *f, uint64_t addr)
{
	size_t sec = kelf_section_at(f, addr);
	const struct kelf_section *s;
	uint64_t off;

	if (!sec || kelf_section_load(f, sec))
		return NULL;
	s = &f->sections[sec];
	off = addr - s->shdr.sh_addr;
	if (!s->data || off >= s->size ||
	    !memchr(s->data + off, '\0', s->size - off))
		return NULL;
	return (const char *)s->data + off;
}

/* A value of size bytes at an address of the file. */
static int value_at(struct kelf_file *f, uint64_t addr, unsigned size,
		    uint64_t *out)
{
	size_t sec = kelf_section_at(f, addr);

	if (!sec)
		return -1;
	return kelf_read_uint(f, sec, addr - f->sections[sec].shdr.sh_addr,
			      size, out);
}

static int word_at(struct kelf_file *f, uint64_t addr, uint64_t *out)
{
	return kelf_linked_word(f, addr, out);
}

/* Function symbols by address: what a table slot points to. */
static void index_functions(struct kelf_file *f, struct hashmap *by_addr)
{
	size_t i;

	for (i = 1; i < f->nsymbols; i++) {
		struct kelf_symbol sym;

		if (kelf_symbol_at(f, i, &sym) ||
		    GELF_ST_TYPE(sym.sym.st_info) != STT_FUNC || !*sym.name)
			continue;
		hashmap_add(by_addr, hash_u64(sym.sym.st_value),
			    sym.sym.st_value, i);
	}
}

/* The system call name of an entry point of a table, or NULL. */
static const char *call_name(const struct table_desc *td, const char *entry)
{
	size_t i, len;

	for (i = 0; td->prefixes[i]; i++) {
		len = strlen(td->prefixes[i]);
		if (!strncmp(entry, td->prefixes[i], len))
			return entry + len;
	}
	return NULL;
}

static bool has_word(const char *words, const char *word)
{
	size_t len = strlen(word);
	const char *p = words;

	while ((p = strstr(p, word))) {
		if ((p == words || p[-1] == ' ') && (p[len] == ' ' || !p[len]))
			return true;
		p += len;
	}
	return false;
}

static const char *syscall_name(const char *abi, const char *call)
{
	size_t i;

	for (i = 0; i < sizeof(renamed) / sizeof(*renamed); i++)
		if (!strcmp(call, renamed[i].entry) &&
		    has_word(renamed[i].abis, abi))
			return renamed[i].name;
	return call;
}

/* The entry point a slot holds: the symbol of its table's kind there. */
static const char *slot_entry(struct kelf_file *f, const struct hashmap *fns,
			      const struct table_desc *td, uint64_t addr,
			      const char **fallback)
{
	struct hashmap_iter it;
	struct hashmap_entry *e;
	const char *best = NULL;

	*fallback = NULL;
	for (e = hashmap_first(fns, hash_u64(addr), &it); e;
	     e = hashmap_next(fns, &it)) {
		struct kelf_symbol sym;

		if (e->key != addr || kelf_symbol_at(f, e->value, &sym))
			continue;
		if (call_name(td, sym.name) &&
		    (!best || strcmp(sym.name, best) < 0))
			best = sym.name;
		else if (!*fallback || strcmp(sym.name, *fallback) < 0)
			*fallback = sym.name;
	}
	return best;
}

static void add_call(struct syscall_tables *t, const char *abi, uint64_t nr,
		     const char *name, const char *entry)
{
	struct syscall_slot *c;

	ALLOC_GROW(t->calls, t->count + 1, t->alloc);
	c = &t->calls[t->count++];
	memset(c, 0, sizeof(*c));
	c->abi = strset_add(&t->strings, abi);
	c->number = (uint32_t)nr;
	c->name = strset_add(&t->strings, name);
	c->entry = strset_add(&t->strings, entry);
	c->nparams = -1;
}

static void read_table(struct kelf_file *f, const struct hashmap *fns,
		       const struct table_desc *td, struct syscall_tables *t)
{
	struct kelf_symbol sym;
	uint64_t i, n, addr;

	if (kelf_lookup_symbol(f, td->symbol, NULL, &sym) != 1 ||
	    GELF_ST_TYPE(sym.sym.st_info) != STT_OBJECT)
		return;
	n = sym.sym.st_size / f->ptr_size;
	for (i = 0; i < n; i++) {
		const char *entry, *other, *call;

		if (word_at(f, sym.sym.st_value + i * f->ptr_size, &addr))
			return; /* reported */
		entry = slot_entry(f, fns, td, addr, &other);
		call = entry ? call_name(td, entry) : NULL;
		if (!call || !strcmp(call, "ni_syscall")) {
			t->unimplemented++;
			continue;
		}
		add_call(t, td->abi, i, syscall_name(td->abi, call), entry);
	}
}

/*
 * The name the metadata gives an entry point: "sys_read" for
 * __x64_sys_read, "compat_sys_x" for __ia32_compat_sys_x.
 */
static const char *meta_name(const char *entry)
{
	const char *arch_end =
	    entry[0] == '_' && entry[1] == '_' ? strchr(entry + 2, '_') : NULL;

	return arch_end ? arch_end + 1 : entry;
}

/* The parameters of a metadata entry, given to each call it describes. */
static void read_meta(struct kelf_file *f, uint64_t meta,
		      struct syscall_tables *t, const struct hashmap *by_meta)
{
	uint64_t name_p, nargs, types_p, args_p, tp, ap;
	struct hashmap_iter it;
	struct hashmap_entry *e;
	const char *name;
	int i;

	if (word_at(f, meta + META_NAME, &name_p) ||
	    value_at(f, meta + META_NB_ARGS, 4, &nargs) || nargs > MAX_ARGS ||
	    word_at(f, meta + META_TYPES, &types_p) ||
	    word_at(f, meta + META_ARGS, &args_p) ||
	    !(name = string_at(f, name_p)))
		return;
	for (e = hashmap_first(by_meta, hash_string(name), &it); e;
	     e = hashmap_next(by_meta, &it)) {
		struct syscall_slot *c = &t->calls[e->value];

		if (strcmp(meta_name(strset_str(&t->strings, c->entry)), name))
			continue;
		c->nparams = (int)nargs;
		for (i = 0; i < (int)nargs; i++) {
			const char *type = NULL, *arg = NULL;

			if (!word_at(f, types_p + (uint64_t)i * f->ptr_size,
				     &tp) &&
			    !word_at(f, args_p + (uint64_t)i * f->ptr_size,
				     &ap))
				type = string_at(f, tp), arg = string_at(f, ap);
			if (!type || !arg) {
				c->nparams = -1;
				break;
			}
			c->param_types[i] = strset_add(&t->strings, type);
			c->param_names[i] = strset_add(&t->strings, arg);
		}
	}
}

/* Every metadata entry, from __start_ to __stop_syscalls_metadata. */
static void read_metadata(struct kelf_file *f, struct syscall_tables *t)
{
	struct hashmap by_meta = HASHMAP_INIT;
	struct kelf_symbol start, stop;
	uint64_t at, meta;
	size_t i;

	if (kelf_lookup_symbol(f, "__start_syscalls_metadata", NULL, &start) !=
		1 ||
	    kelf_lookup_symbol(f, "__stop_syscalls_metadata", NULL, &stop) != 1)
		return; /* no CONFIG_FTRACE_SYSCALLS: parameters unknown */
	for (i = 0; i < t->count; i++)
		hashmap_add(&by_meta,
			    hash_string(meta_name(
				strset_str(&t->strings, t->calls[i].entry))),
			    0, i);
	for (at = start.sym.st_value; at < stop.sym.st_value; at += f->ptr_size)
		if (!word_at(f, at, &meta) && meta)
			read_meta(f, meta, t, &by_meta);
	hashmap_free(&by_meta);
	t->has_params = true;
}

int syscalls_read(const struct kernel_input *in, struct syscall_tables *t,
		  struct diag *d)
{
	struct hashmap fns = HASHMAP_INIT;
	struct kelf_file f;
	size_t i, before;

	if (kelf_open(&f, in, d))
		return -1;
	before = t->count;
	index_functions(&f, &fns);
	for (i = 0; i < sizeof(tables) / sizeof(*tables); i++)
		if (tables[i].machine == f.ehdr.e_machine)
			read_table(&f, &fns, &tables[i], t);
	if (t->count > before && f.ptr_size == 8)
		read_metadata(&f, t);
	hashmap_free(&fns);
	kelf_close(&f);
	if (t->count == before)
		return diag_error(d, KABI_E_UNSUPPORTED, DIAG_AT_FILE(in->name),
				  "no system call table found (kabi reads "
				  "x86-64's and arm64's)");
	return 0;
}
