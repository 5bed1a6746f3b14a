// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Reading .deb and .rpm packages in place with libarchive; see
 * package.h. Only the formats and filters packages use are enabled, and
 * only those libarchive decodes itself: its "all" would run external
 * programs (lrzip, lzop, ...) on whatever a crafted package asks for.
 */
#include "package_impl.h"

#include <archive.h>
#include <archive_entry.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <lzma.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../util/inflate.h"
#include "../util/memfile.h"
#include "../util/parallel.h"
#include "../util/strbuf.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

#define COPY_BUFFER (1 << 20)

enum package_kind { PACKAGE_NONE, PACKAGE_DEB, PACKAGE_RPM };

/*
 * How far the packages of one call are read, for a progress display: the
 * bytes of each package's file read so far, of all their sizes.
 */
struct package_meter {
	pthread_mutex_t lock;
	const struct progress *progress;
	uint64_t *done; /* per package */
	uint64_t sum, total;
};

/* The members of one package being read, and where it stands. */
struct reader {
	struct package_meter *meter;
	size_t slot;	     /* its place among the packages of the call */
	struct archive *raw; /* reading the package's file */
	const char *pkg;
	struct diag *d;
	unsigned threads; /* to decompress with */
	uint64_t size;	  /* of its payload: the archive of its files */
	uint64_t bound;	  /* what its archives may expand to */
	uint64_t total;	  /* bytes kept so far */
	size_t dotdot;	  /* members not taken for a ".." in their path */
	struct kernel_member *members;
	size_t n, alloc;
	char *buf;
};

static enum package_kind package_kind(const char *path)
{
	unsigned char head[24];
	ssize_t n = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);

	if (fd >= 0) {
		n = pread(fd, head, sizeof(head), 0);
		close(fd);
	}
	/* a .deb's first member is debian-binary; a static library's is not */
	if (n >= 21 && !memcmp(head, "!<arch>\ndebian-binary", 21))
		return PACKAGE_DEB;
	if (n >= 4 && !memcmp(head, "\xed\xab\xee\xdb", 4))
		return PACKAGE_RPM;
	return PACKAGE_NONE;
}

static int damaged(struct reader *r, struct archive *a)
{
	const char *why = archive_error_string(a);

	return diag_error(r->d, KABI_E_BAD_PACKAGE, DIAG_AT_FILE(r->pkg),
			  "cannot read the package: %s",
			  why ? why : "truncated or damaged");
}

static int too_big(struct reader *r, const char *where, const char *what,
		   uint64_t bound)
{
	return diag_error(r->d, KABI_E_BAD_PACKAGE, DIAG_AT_FILE(where),
			  "%s more than %" PRIu64 " MiB: not read", what,
			  bound >> 20);
}

/* A size as people read it: "740 bytes", "12 KiB", "64 MiB". */
static void add_size(struct strbuf *sb, uint64_t bytes)
{
	if (bytes < 10240)
		strbuf_addf(sb, "%" PRIu64 " bytes", bytes);
	else if (bytes < UINT64_C(10) << 20)
		strbuf_addf(sb, "%" PRIu64 " KiB", bytes >> 10);
	else
		strbuf_addf(sb, "%" PRIu64 " MiB", bytes >> 20);
}

/*
 * The package expands past r->bound at the member path: refused there,
 * before more is decompressed.
 */
static int expands_too_far(struct reader *r, const char *path)
{
	struct strbuf where = STRBUF_INIT, bound = STRBUF_INIT,
		      size = STRBUF_INIT;
	int err;

	strbuf_addf(&where, "%s:%s", r->pkg, path ? path : "?");
	add_size(&bound, r->bound);
	add_size(&size, r->size);
	err = diag_error(r->d, KABI_E_BAD_PACKAGE, DIAG_AT_FILE(where.buf),
			 "the package expands past %s here, the most kabi "
			 "takes from a payload of %s: a decompression bomb? "
			 "not read",
			 bound.buf, size.buf);
	strbuf_release(&where);
	strbuf_release(&bound);
	strbuf_release(&size);
	return err;
}

/* A kernel file kept: its path in the package, and its memory file. */
static void add_member(struct reader *r, const char *path, int fd)
{
	ALLOC_GROW(r->members, r->n + 1, r->alloc);
	r->members[r->n].path = xstrdup(path);
	r->members[r->n].fd = fd;
	r->n++;
}

/* The bytes of the package read so far, told to the progress display. */
static void tick(struct reader *r)
{
	struct package_meter *m = r->meter;
	uint64_t at;

	if (!m || !m->progress || !r->raw)
		return;
	at = (uint64_t)archive_filter_bytes(r->raw, -1);
	pthread_mutex_lock(&m->lock);
	if (at > m->done[r->slot]) {
		m->sum += at - m->done[r->slot];
		m->done[r->slot] = at;
	}
	progress_report(m->progress, "reading the packages",
			m->sum < m->total ? m->sum : m->total, m->total);
	pthread_mutex_unlock(&m->lock);
}

/* Copy the entry's bytes into mem, within the bounds. */
static int copy_data(struct reader *r, struct archive *a, int mem,
		     const char *path, const char *where)
{
	uint64_t size = 0;
	la_ssize_t n;

	while ((n = archive_read_data(a, r->buf, COPY_BUFFER)) > 0) {
		tick(r);
		size += (uint64_t)n;
		r->total += (uint64_t)n;
		if (size > PACKAGE_MAX_MEMBER)
			return too_big(r, where, "a file of",
				       PACKAGE_MAX_MEMBER);
		if (r->total > r->bound)
			return expands_too_far(r, path);
		if (memfile_write(mem, r->buf, (size_t)n) < 0)
			return diag_error(r->d, KABI_E_IO, DIAG_AT_FILE(where),
					  "cannot keep in memory: %s",
					  strerror(errno));
	}
	return n < 0 ? damaged(r, a) : 0;
}

/* One file of the kernel, copied into a new memory file. */
static int keep_member(struct reader *r, struct archive *a,
		       struct archive_entry *e, const char *path)
{
	struct strbuf where = STRBUF_INIT;
	int mem, err;

	strbuf_addf(&where, "%s:%s", r->pkg, path);
	if (archive_entry_size_is_set(e) &&
	    archive_entry_size(e) > (la_int64_t)PACKAGE_MAX_MEMBER) {
		err = too_big(r, where.buf, "a file of", PACKAGE_MAX_MEMBER);
		strbuf_release(&where);
		return err;
	}
	mem = memfile_create("kabi-member");
	if (mem < 0) {
		int why = errno;

		err = diag_error(
		    r->d, KABI_E_IO, DIAG_AT_FILE(where.buf),
		    "cannot create a memory file: %s%s", strerror(why),
		    why == EMFILE ? " (each file of a package is held "
				    "open: raise 'ulimit -n')"
				  : "");
	} else {
		err = copy_data(r, a, mem, path, where.buf);
	}
	strbuf_release(&where);
	if (err) {
		if (mem >= 0)
			close(mem);
		return err;
	}
	add_member(r, path, mem);
	return 0;
}

/* "./lib/modules/..." as "lib/modules/...", the way a tree's files are. */
static const char *relative_path(const char *p)
{
	while (p && (!strncmp(p, "./", 2) || *p == '/'))
		p += *p == '/' ? 1 : 2;
	return p;
}

static const char *member_path(struct archive_entry *e)
{
	return relative_path(archive_entry_pathname(e));
}

/* Whether a path climbs out of where it is unpacked ("a/../../b"). */
static bool has_dotdot(const char *path)
{
	const char *p = path;

	while ((p = strstr(p, "..")) != NULL) {
		if ((p == path || p[-1] == '/') && (p[2] == '/' || !p[2]))
			return true;
		p += 2;
	}
	return false;
}

/* The member kept under path, or NULL. */
static struct kernel_member *kept(struct reader *r, const char *path)
{
	size_t i;

	for (i = r->n; i-- > 0;)
		if (!strcmp(r->members[i].path, path))
			return &r->members[i];
	return NULL;
}

/*
 * A member named a second time: unpacking would leave the later copy,
 * so that is the one read. The earlier one is dropped, and said.
 */
static void drop_earlier(struct reader *r, const char *path)
{
	struct kernel_member *m = kept(r, path);
	struct strbuf where = STRBUF_INIT;

	if (!m)
		return;
	strbuf_addf(&where, "%s:%s", r->pkg, path);
	diag_warning(r->d, DIAG_AT_FILE(where.buf),
		     "in the package twice: the later copy read, as "
		     "unpacking would leave it");
	strbuf_release(&where);
	free(m->path);
	close(m->fd);
	*m = r->members[--r->n];
}

/*
 * A hard link to a file kept before: the same bytes under a second
 * name. A link to anything else is not a kernel file.
 */
static int keep_link(struct reader *r, const char *path, const char *target)
{
	struct kernel_member *m;
	int fd;

	m = kept(r, relative_path(target));
	if (!m)
		return 0;
	fd = fcntl(m->fd, F_DUPFD_CLOEXEC, 0);
	if (fd < 0)
		return diag_error(r->d, KABI_E_IO, DIAG_AT_FILE(r->pkg),
				  "cannot keep '%s': %s", path,
				  strerror(errno));
	add_member(r, path, fd);
	return 0;
}

/*
 * The bytes a hard link carries, for the names kept before it: rpmbuild
 * writes a file of several names (cpio newc) with its bytes on the last,
 * the earlier ones empty. Each kept name of the same memory file as the
 * link's target, still empty, takes the bytes just kept.
 */
static int give_links_bytes(struct reader *r, const char *target)
{
	struct kernel_member *t = kept(r, relative_path(target));
	const struct kernel_member *last = &r->members[r->n - 1];
	struct stat want, st;
	size_t i;

	if (!t || fstat(t->fd, &want) < 0 || want.st_size)
		return 0;
	for (i = 0; i + 1 < r->n; i++) {
		struct kernel_member *m = &r->members[i];
		int fd;

		if (fstat(m->fd, &st) < 0 || st.st_ino != want.st_ino ||
		    st.st_dev != want.st_dev)
			continue;
		fd = fcntl(last->fd, F_DUPFD_CLOEXEC, 0);
		if (fd < 0)
			return diag_error(r->d, KABI_E_IO, DIAG_AT_FILE(r->pkg),
					  "cannot keep '%s': %s", m->path,
					  strerror(errno));
		close(m->fd);
		m->fd = fd;
	}
	return 0;
}

/*
 * One entry of a tar or cpio archive: a kernel file is kept. Before its
 * bytes are decompressed (kept, or skipped by libarchive), the bound on
 * what the archive may expand to is checked against the size the entry
 * declares.
 */
static int read_entry(struct reader *r, struct archive *a,
		      struct archive_entry *e)
{
	const char *path = member_path(e);
	const char *link = archive_entry_hardlink(e);
	uint64_t at = (uint64_t)archive_filter_bytes(a, 0);
	int err;
	uint64_t declared =
	    archive_entry_size_is_set(e) && archive_entry_size(e) > 0
		? (uint64_t)archive_entry_size(e)
		: 0;

	if (declared > r->bound || at > r->bound - declared)
		return expands_too_far(r, path);
	if (!path || !kernel_files_wants(path))
		return 0;
	if (has_dotdot(path)) {
		r->dotdot++;
		return 0;
	}
	/* a hard link to itself names nothing: the earlier copy stays */
	if (link && !strcmp(relative_path(link), path)) {
		struct strbuf where = STRBUF_INIT;

		strbuf_addf(&where, "%s:%s", r->pkg, path);
		diag_error(r->d, KABI_E_BAD_PACKAGE, DIAG_AT_FILE(where.buf),
			   "a hard link to itself: the file is what came "
			   "before it in the package");
		strbuf_release(&where);
		return 0;
	}
	/* a cpio link that carries the bytes is the file itself */
	if (link && archive_entry_filetype(e) != AE_IFDIR && !declared) {
		drop_earlier(r, path);
		return keep_link(r, path, link);
	}
	if (archive_entry_filetype(e) != AE_IFREG)
		return 0;
	if (r->n >= PACKAGE_MAX_FILES)
		return diag_error(r->d, KABI_E_BAD_PACKAGE,
				  DIAG_AT_FILE(r->pkg),
				  "more than %d kernel files: not read "
				  "(the largest kernels have some 9,000)",
				  PACKAGE_MAX_FILES);
	drop_earlier(r, path);
	err = keep_member(r, a, e, path);
	return err || !link ? err : give_links_bytes(r, link);
}

/* Every entry of a tar or cpio archive. */
static int read_entries(struct reader *r, struct archive *a)
{
	struct archive_entry *e;
	int rc, err = 0;

	while (!err && ((rc = archive_read_next_header(a, &e)) == ARCHIVE_OK ||
			rc == ARCHIVE_WARN)) {
		tick(r);
		err = read_entry(r, a, e);
	}
	if (err)
		return err;
	if (r->dotdot)
		diag_warning(r->d, DIAG_AT_FILE(r->pkg),
			     "%zu file%s with '..' in %s path not read: a "
			     "package's files stay where it unpacks",
			     r->dotdot, r->dotdot == 1 ? "" : "s",
			     r->dotdot == 1 ? "its" : "their");
	return rc == ARCHIVE_EOF ? 0 : damaged(r, a);
}

/* A .deb's data.tar.*, read as it streams out of the ar archive. */
struct nested {
	struct archive *outer;
	char buf[1 << 16];
};

static la_ssize_t nested_read(struct archive *a, void *ctx, const void **out)
{
	struct nested *n = ctx;
	la_ssize_t got = archive_read_data(n->outer, n->buf, sizeof(n->buf));

	*out = n->buf;
	if (got < 0) {
		const char *why = archive_error_string(n->outer);

		archive_set_error(a, archive_errno(n->outer), "%s",
				  why ? why : "truncated or damaged");
		return -1;
	}
	return got;
}

/* A tar archive streamed from read; libarchive decompresses if filters. */
static int read_tar(struct reader *r, void *ctx, archive_read_callback *read,
		    bool filters)
{
	struct archive *a = archive_read_new();
	int err;

	if (filters)
		package_support_filters(a);
	archive_read_support_format_tar(a);
	if (archive_read_open(a, ctx, NULL, read, NULL) != ARCHIVE_OK)
		err = damaged(r, a);
	else
		err = read_entries(r, a);
	archive_read_free(a);
	return err;
}

/*
 * A data.tar.xz decoded here, on several threads where its blocks allow
 * (dpkg-deb writes many): libarchive's xz decoder uses one, and
 * decompressing is most of the time a package takes.
 */
struct xz_nested {
	struct archive *outer;
	lzma_stream x;
	bool in_eof, done;
	unsigned char out[1 << 16];
};

/* More of the compressed stream, from the ar member: 0, or -1. */
static int xz_fill(struct archive *a, struct xz_nested *n)
{
	const void *block;
	size_t len;
	la_int64_t offset;
	int rc = archive_read_data_block(n->outer, &block, &len, &offset);

	if (rc == ARCHIVE_EOF) {
		n->in_eof = true;
		return 0;
	}
	if (rc != ARCHIVE_OK && rc != ARCHIVE_WARN) {
		const char *why = archive_error_string(n->outer);

		archive_set_error(a, EINVAL, "%s",
				  why ? why : "truncated or damaged");
		return -1;
	}
	n->x.next_in = block;
	n->x.avail_in = len;
	return 0;
}

static la_ssize_t xz_read(struct archive *a, void *ctx, const void **out)
{
	struct xz_nested *n = ctx;

	n->x.next_out = n->out;
	n->x.avail_out = sizeof(n->out);
	while (n->x.avail_out == sizeof(n->out) && !n->done) {
		lzma_ret ret;

		if (!n->x.avail_in && !n->in_eof && xz_fill(a, n))
			return -1;
		ret = lzma_code(&n->x, n->in_eof ? LZMA_FINISH : LZMA_RUN);
		if (ret == LZMA_STREAM_END) {
			n->done = true;
		} else if (ret != LZMA_OK) {
			archive_set_error(a, EINVAL, "%s",
					  inflate_xz_error(ret));
			return -1;
		}
	}
	*out = n->out;
	return (la_ssize_t)(sizeof(n->out) - n->x.avail_out);
}

static int read_tar_xz(struct reader *r, struct archive *outer)
{
	struct xz_nested *n = xcalloc(1, sizeof(*n));
	lzma_mt mt = {.threads = r->threads,
		      .memlimit_threading = INFLATE_XZ_MEMLIMIT,
		      .memlimit_stop = INFLATE_XZ_MEMLIMIT};
	lzma_ret ret;
	int err;

	n->outer = outer;
	n->x = (lzma_stream)LZMA_STREAM_INIT;
	ret = lzma_stream_decoder_mt(&n->x, &mt);
	if (ret != LZMA_OK) {
		free(n);
		return diag_error(r->d, KABI_E_BAD_PACKAGE,
				  DIAG_AT_FILE(r->pkg), "%s",
				  inflate_xz_error(ret));
	}
	err = read_tar(r, n, xz_read, false);
	lzma_end(&n->x);
	free(n);
	return err;
}

static int read_data_tar(struct reader *r, struct archive *outer,
			 const char *name)
{
	struct nested *n;
	int err;

	if (!strcmp(name, "data.tar.xz"))
		return read_tar_xz(r, outer);
	n = xmalloc(sizeof(*n));
	n->outer = outer;
	err = read_tar(r, n, nested_read, true);
	free(n);
	return err;
}

/*
 * What the package's files may expand to is told by its payload (the
 * data.tar of a .deb, an RPM's cpio), not by the whole file: a package
 * padded with a member or headers of junk would let a small payload
 * expand as far as the padding is large.
 */
static void set_payload(struct reader *r, uint64_t size)
{
	if (!size)
		return;
	r->size = size;
	r->bound = inflate_bound(size, PACKAGE_MAX_TOTAL);
}

static int read_deb(struct reader *r, struct archive *a)
{
	struct archive_entry *e;
	bool data = false;
	int rc, err = 0;

	archive_read_support_format_ar(a);
	if (archive_read_open_filename(a, r->pkg, 1 << 16) != ARCHIVE_OK)
		return damaged(r, a);
	while (!err && ((rc = archive_read_next_header(a, &e)) == ARCHIVE_OK ||
			rc == ARCHIVE_WARN)) {
		const char *name = archive_entry_pathname(e);

		if (name && !strncmp(name, "data.tar", 8) && !data) {
			data = true;
			set_payload(r, archive_entry_size_is_set(e) &&
					       archive_entry_size(e) > 0
					   ? (uint64_t)archive_entry_size(e)
					   : 0);
			err = read_data_tar(r, a, name);
		}
	}
	if (err)
		return err;
	if (rc != ARCHIVE_EOF)
		return damaged(r, a);
	if (!data)
		return diag_error(r->d, KABI_E_BAD_PACKAGE,
				  DIAG_AT_FILE(r->pkg),
				  "a Debian package without data.tar "
				  "(truncated?)");
	return 0;
}

static int read_rpm(struct reader *r, struct archive *a)
{
	uint64_t at = package_rpm_payload_at(r->pkg);

	if (at && at < r->size)
		set_payload(r, r->size - at);
	archive_read_support_filter_rpm(a);
	package_support_filters(a);
	archive_read_support_format_cpio(a);
	if (archive_read_open_filename(a, r->pkg, 1 << 16) != ARCHIVE_OK)
		return damaged(r, a);
	return read_entries(r, a);
}

/* The kernel's files in the package at path, or an error. */
static int package_read(const char *path, enum package_kind kind,
			unsigned threads, struct package_meter *meter,
			size_t slot, struct kernel_member **members, size_t *n,
			struct diag *d)
{
	struct archive *a = archive_read_new();
	struct reader r = {.meter = meter,
			   .slot = slot,
			   .raw = a,
			   .pkg = path,
			   .d = d,
			   .threads = threads};
	struct stat st;
	size_t i;
	int err;

	if (!stat(path, &st) && st.st_size > 0)
		r.size = (uint64_t)st.st_size;
	r.bound = inflate_bound(r.size, PACKAGE_MAX_TOTAL);
	r.buf = xmalloc(COPY_BUFFER);
	err = kind == PACKAGE_DEB ? read_deb(&r, a) : read_rpm(&r, a);
	archive_read_free(a);
	free(r.buf);
	if (err) {
		for (i = 0; i < r.n; i++) {
			free(r.members[i].path);
			close(r.members[i].fd);
		}
		free(r.members);
		return err;
	}
	*members = r.members;
	*n = r.n;
	return 0;
}

static bool named_as_package(const char *path)
{
	size_t len = strlen(path);

	return len > 4 && (!strcmp(path + len - 4, ".deb") ||
			   !strcmp(path + len - 4, ".rpm"));
}

struct package_slot {
	enum package_kind kind;
	struct kernel_member *members;
	size_t n;
	int err;
	struct diag diag;
};

struct package_job {
	char **paths;
	unsigned threads; /* for each package's decompression */
	struct package_slot *slots;
	struct package_meter meter;
};

static void read_one(size_t i, void *ctx)
{
	struct package_job *job = ctx;
	struct package_slot *s = &job->slots[i];

	if (s->kind != PACKAGE_NONE)
		s->err =
		    package_read(job->paths[i], s->kind, job->threads,
				 &job->meter, i, &s->members, &s->n, &s->diag);
}

/* The meter of the packages among paths: their files' sizes in all. */
static void meter_init(struct package_job *job, size_t n,
		       const struct progress *progress)
{
	struct package_meter *m = &job->meter;
	struct stat st;
	size_t i;

	pthread_mutex_init(&m->lock, NULL);
	m->progress = progress;
	m->done = xcalloc(n + 1, sizeof(uint64_t));
	for (i = 0; i < n; i++)
		if (job->slots[i].kind != PACKAGE_NONE &&
		    !stat(job->paths[i], &st) && st.st_size > 0)
			m->total += (uint64_t)st.st_size;
	if (!m->total)
		m->progress = NULL; /* no package: nothing to show */
}

/*
 * Each kernel file of a package is a memory file held open until the
 * command ends: a kernel has thousands, more than the soft limit on
 * descriptors many systems start with (1024). Raised to the hard limit,
 * as a program that needs many descriptors is expected to.
 */
static void allow_many_files(void)
{
	struct rlimit rl;

	if (!getrlimit(RLIMIT_NOFILE, &rl) && rl.rlim_cur < rl.rlim_max) {
		rl.rlim_cur = rl.rlim_max;
		setrlimit(RLIMIT_NOFILE, &rl);
	}
}

/*
 * The packages named together must be of one kernel: told from their
 * control data, before their payloads' minutes are spent (a debug
 * package of another build would be refused by build-id, but only then).
 */
static int check_one_kernel(char **paths, const struct package_slot *slots,
			    size_t n, struct diag *d)
{
	/* the first of each kind: a .deb and an RPM version alike apart */
	struct package_identity first[3] = {{0}}, id;
	size_t i, at[3] = {SIZE_MAX, SIZE_MAX, SIZE_MAX};
	int err = 0;

	for (i = 0; i < n && !err; i++) {
		enum package_kind k = slots[i].kind;

		if (k == PACKAGE_NONE ||
		    package_identity(paths[i], k == PACKAGE_RPM, &id))
			continue; /* the reader says what is wrong */
		if (at[k] == SIZE_MAX) {
			first[k] = id;
			at[k] = i;
			continue;
		}
		if (!package_same_kernel(&first[k], &id))
			err = diag_error(
			    d, KABI_E_USAGE, DIAG_AT_FILE(paths[i]),
			    "%s %s, another kernel than '%s' (%s %s): the "
			    "packages of a side must be of one kernel",
			    id.name, id.version, paths[at[k]], first[k].name,
			    first[k].version);
		package_identity_free(&id);
	}
	for (i = 0; i < 3; i++)
		package_identity_free(&first[i]);
	return err;
}

void package_add_paths(struct kernel_files *kf, int npaths, char **paths,
		       const struct tree_options *opts, unsigned jobs,
		       const struct progress *progress, struct diag *d)
{
	size_t n = npaths > 0 ? (size_t)npaths : 0, i;
	struct package_job job = {.paths = paths,
				  .threads = jobs ? jobs : 1,
				  .slots =
				      xcalloc(n ? n : 1, sizeof(*job.slots))};

	for (i = 0; i < n; i++) {
		job.slots[i].kind = package_kind(paths[i]);
		diag_init(&job.slots[i].diag);
		if (job.slots[i].kind != PACKAGE_NONE)
			allow_many_files();
	}
	if (check_one_kernel(paths, job.slots, n, d)) {
		free(job.slots);
		return;
	}
	meter_init(&job, n, progress);
	/* decompressing is what takes time: packages side by side */
	parallel_run(n, jobs, read_one, &job);
	if (job.meter.progress) /* the end, where the sizes were rounded */
		progress_report(progress, "reading the packages",
				job.meter.total, job.meter.total);
	pthread_mutex_destroy(&job.meter.lock);
	free(job.meter.done);
	for (i = 0; i < n; i++) {
		struct package_slot *s = &job.slots[i];

		diag_move(d, &s->diag);
		if (s->kind == PACKAGE_NONE && named_as_package(paths[i]))
			diag_error(d, KABI_E_BAD_PACKAGE,
				   DIAG_AT_FILE(paths[i]),
				   "named as a package, but neither a Debian "
				   "package nor an RPM");
		else if (s->kind == PACKAGE_NONE)
			kernel_files_add(kf, paths[i], opts, d);
		else if (!s->err)
			kernel_files_add_members(kf, paths[i], s->members, s->n,
						 opts, d);
		diag_free(&s->diag);
	}
	free(job.slots);
	kernel_files_pair_build_ids(kf, d);
}
