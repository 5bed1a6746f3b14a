// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Which kernel a package is of, from its control data alone, before its
 * payload is read: a side's image and debug packages of two kernels are
 * refused in a moment, not after the minute their payloads take (their
 * build-ids would refuse them then). A .deb's control file (Package,
 * Version) is read through libarchive; an RPM's header (NAME, VERSION,
 * RELEASE) is read here, a few fixed-size records, every offset checked.
 */
#include "package_impl.h"

#include <archive.h>
#include <archive_entry.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../util/strbuf.h"
#include "../util/xalloc.h"
#include "../util/banned.h"

/* Far more than any real control.tar (a few KiB) or RPM header (MiBs). */
#define CONTROL_MAX	(16u << 20)
#define RPM_HEADER_MAX	(UINT32_C(256) << 20)
#define RPM_INDEX_MAX	(UINT32_C(1) << 20)
#define RPM_TAG_NAME	1000
#define RPM_TAG_VERSION 1001
#define RPM_TAG_RELEASE 1002
#define RPM_TYPE_STRING 6

/* "Field: value" of a control file, its first line only; or NULL. */
static char *control_field(const char *text, size_t len, const char *field)
{
	size_t flen = strlen(field), i = 0;

	while (i < len) {
		const char *line = text + i;
		const char *end = memchr(line, '\n', len - i);
		size_t n = end ? (size_t)(end - line) : len - i;

		if (n > flen && !strncmp(line, field, flen) &&
		    line[flen] == ':') {
			size_t k = flen + 1;

			while (k < n && (line[k] == ' ' || line[k] == '\t'))
				k++;
			while (n > k &&
			       (line[n - 1] == ' ' || line[n - 1] == '\r'))
				n--;
			return xstrndup(line + k, n - k);
		}
		i += n + 1;
	}
	return NULL;
}

/* The bytes of the current entry, at most max; NULL past it. */
static char *entry_bytes(struct archive *a, size_t max, size_t *len)
{
	struct strbuf sb = STRBUF_INIT;
	char buf[8192];
	la_ssize_t n;

	while ((n = archive_read_data(a, buf, sizeof(buf))) > 0) {
		if (sb.len + (size_t)n > max) {
			strbuf_release(&sb);
			return NULL;
		}
		strbuf_add(&sb, buf, (size_t)n);
	}
	if (n < 0) {
		strbuf_release(&sb);
		return NULL;
	}
	*len = sb.len;
	return strbuf_detach(&sb);
}

/* The control file in a control.tar.* held in memory. */
static int read_control_tar(const char *tar, size_t len,
			    struct package_identity *id)
{
	struct archive *a = archive_read_new();
	struct archive_entry *e;
	int rc, found = 0;

	package_support_filters(a);
	archive_read_support_format_tar(a);
	if (archive_read_open_memory(a, tar, len) == ARCHIVE_OK)
		while (!found &&
		       ((rc = archive_read_next_header(a, &e)) == ARCHIVE_OK ||
			rc == ARCHIVE_WARN)) {
			const char *name = archive_entry_pathname(e);
			size_t n;
			char *text;

			if (!name || (strcmp(name, "./control") &&
				      strcmp(name, "control")))
				continue;
			found = 1;
			text = entry_bytes(a, 1u << 20, &n);
			if (text) {
				id->name = control_field(text, n, "Package");
				id->version = control_field(text, n, "Version");
				free(text);
			}
		}
	archive_read_free(a);
	return id->name && id->version ? 0 : -1;
}

static int deb_identity(const char *path, struct package_identity *id)
{
	struct archive *a = archive_read_new();
	struct archive_entry *e;
	int rc, err = -1;

	archive_read_support_format_ar(a);
	if (archive_read_open_filename(a, path, 1 << 16) == ARCHIVE_OK)
		while ((rc = archive_read_next_header(a, &e)) == ARCHIVE_OK ||
		       rc == ARCHIVE_WARN) {
			const char *name = archive_entry_pathname(e);
			size_t len;
			char *tar;

			if (!name || strncmp(name, "control.tar", 11))
				continue;
			tar = entry_bytes(a, CONTROL_MAX, &len);
			if (tar)
				err = read_control_tar(tar, len, id);
			free(tar);
			break;
		}
	archive_read_free(a);
	return err;
}

static uint32_t be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	       (uint32_t)p[2] << 8 | p[3];
}

/*
 * An RPM header at *at: 8 bytes of magic and reserve, the count of index
 * entries and the size of the data; its index and data into *index and
 * *data, and *at past it. -1 if it is not one, or larger than any is.
 */
static int rpm_header(int fd, uint64_t *at, unsigned char **index,
		      uint32_t *nindex, char **data, uint32_t *hsize)
{
	unsigned char head[16];

	if (pread(fd, head, sizeof(head), (off_t)*at) != sizeof(head) ||
	    memcmp(head, "\x8e\xad\xe8\x01", 4))
		return -1;
	*nindex = be32(head + 8);
	*hsize = be32(head + 12);
	if (*nindex > RPM_INDEX_MAX || *hsize > RPM_HEADER_MAX)
		return -1;
	*index = xmalloc((size_t)*nindex * 16 + 1);
	*data = xmalloc((size_t)*hsize + 1);
	if (pread(fd, *index, (size_t)*nindex * 16, (off_t)(*at + 16)) !=
		(ssize_t)((size_t)*nindex * 16) ||
	    pread(fd, *data, *hsize,
		  (off_t)(*at + 16 + (uint64_t)*nindex * 16)) !=
		(ssize_t)*hsize) {
		free(*index);
		free(*data);
		return -1;
	}
	*at += 16 + (uint64_t)*nindex * 16 + *hsize;
	return 0;
}

/* A string tag of an RPM header, NUL within the data; or NULL. */
static char *rpm_string(const unsigned char *index, uint32_t nindex,
			const char *data, uint32_t hsize, uint32_t tag)
{
	uint32_t i;

	for (i = 0; i < nindex; i++) {
		const unsigned char *e = index + (size_t)i * 16;
		uint32_t offset = be32(e + 8);

		if (be32(e) != tag || be32(e + 4) != RPM_TYPE_STRING ||
		    offset >= hsize ||
		    !memchr(data + offset, 0, hsize - offset))
			continue;
		return xstrdup(data + offset);
	}
	return NULL;
}

static int rpm_identity(const char *path, struct package_identity *id)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	uint64_t at = 96; /* past the lead */
	unsigned char *index;
	uint32_t nindex, hsize;
	char *data, *version, *release;

	if (fd < 0)
		return -1;
	/* the signature header, padded to 8 bytes; then the header */
	if (rpm_header(fd, &at, &index, &nindex, &data, &hsize)) {
		close(fd);
		return -1;
	}
	free(index);
	free(data);
	at = (at + 7) & ~UINT64_C(7);
	if (rpm_header(fd, &at, &index, &nindex, &data, &hsize)) {
		close(fd);
		return -1;
	}
	close(fd);
	id->name = rpm_string(index, nindex, data, hsize, RPM_TAG_NAME);
	version = rpm_string(index, nindex, data, hsize, RPM_TAG_VERSION);
	release = rpm_string(index, nindex, data, hsize, RPM_TAG_RELEASE);
	if (version && release) {
		struct strbuf sb = STRBUF_INIT;

		strbuf_addf(&sb, "%s-%s", version, release);
		id->version = strbuf_detach(&sb);
	}
	free(version);
	free(release);
	free(index);
	free(data);
	return id->name && id->version ? 0 : -1;
}

uint64_t package_rpm_payload_at(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	uint64_t at = 96;
	unsigned char *index;
	uint32_t nindex, hsize;
	char *data;
	int k;

	if (fd < 0)
		return 0;
	for (k = 0; k < 2; k++) {
		if (rpm_header(fd, &at, &index, &nindex, &data, &hsize)) {
			close(fd);
			return 0;
		}
		free(index);
		free(data);
		if (!k) /* the signature header is padded to 8 bytes */
			at = (at + 7) & ~UINT64_C(7);
	}
	close(fd);
	return at;
}

int package_identity(const char *path, bool rpm, struct package_identity *id)
{
	memset(id, 0, sizeof(*id));
	if (!(rpm ? rpm_identity(path, id) : deb_identity(path, id)))
		return 0;
	package_identity_free(id);
	return -1;
}

void package_identity_free(struct package_identity *id)
{
	free(id->name);
	free(id->version);
	memset(id, 0, sizeof(*id));
}

/*
 * The kernel release a Debian kernel package's name holds:
 * "6.1.0-53-cloud-amd64" of linux-image-6.1.0-53-cloud-amd64-dbg, and
 * of its -unsigned twin; NULL for other names.
 */
static char *debian_release(const char *name)
{
	static const char *const suffixes[] = {"-dbg", "-unsigned"};
	size_t len, i;

	if (strncmp(name, "linux-image-", 12))
		return NULL;
	name += 12;
	len = strlen(name);
	for (i = 0; i < sizeof(suffixes) / sizeof(*suffixes); i++) {
		size_t k = strlen(suffixes[i]);

		if (len > k && !strcmp(name + len - k, suffixes[i]))
			len -= k;
	}
	return xstrndup(name, len);
}

bool package_same_kernel(const struct package_identity *a,
			 const struct package_identity *b)
{
	char *ra, *rb;
	bool same;

	if (strcmp(a->version, b->version))
		return false;
	ra = debian_release(a->name);
	rb = debian_release(b->name);
	same = !ra || !rb || !strcmp(ra, rb);
	free(ra);
	free(rb);
	return same;
}
