// SPDX-License-Identifier: GPL-2.0-or-later
/* Output files written to a temporary name and renamed; see atomic_file.h. */
#include "atomic_file.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "compress.h"
#include "strbuf.h"
#include "xalloc.h"
#include "banned.h"

/*
 * The one temporary file being written, for the signal handler: a
 * handler cannot be given context, so this is the only global state.
 */
static char *volatile pending_tmp;

void atomic_file_remove_pending(void)
{
	if (pending_tmp)
		unlink(pending_tmp);
}

static void remove_pending(int sig)
{
	atomic_file_remove_pending();
	signal(sig, SIG_DFL);
	raise(sig);
}

static void watch_signals(void)
{
	static int installed;
	static const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};
	size_t i;

	if (installed)
		return;
	installed = 1;
	for (i = 0; i < sizeof(sigs) / sizeof(*sigs); i++)
		signal(sigs[i], remove_pending);
	/* past ulimit -f, a write then fails (EFBIG), and is reported */
	signal(SIGXFSZ, SIG_IGN);
}

/*
 * Where to write: through a symbolic link to the file it names, so the
 * link stays; and with the mode of the file replaced, or the usual one.
 */
static char *target_of(const char *path, mode_t *mode)
{
	struct stat st;
	char *real;
	mode_t mask;

	mask = umask(0);
	umask(mask);
	*mode = 0666 & ~mask;
	if (lstat(path, &st) < 0)
		return xstrdup(path);
	real = S_ISLNK(st.st_mode) ? realpath(path, NULL) : NULL;
	if (!real)
		real = xstrdup(path);
	if (!stat(real, &st) && S_ISREG(st.st_mode))
		*mode = st.st_mode & 07777;
	return real;
}

/*
 * Whether a file can be replaced by renaming: not a device or a pipe
 * (renaming over /dev/null would make it a regular file, for every
 * program on the machine).
 */
static bool is_replaceable(const char *target)
{
	struct stat st;

	return stat(target, &st) < 0 || S_ISREG(st.st_mode);
}

/* A device or a pipe is written as it is, as standard output is. */
static int open_in_place(struct atomic_file *af, const char *path, char *target,
			 struct diag *d)
{
	af->fp = fopen(target, "w");
	free(target);
	if (!af->fp)
		return diag_error(d, KABI_E_WRITE, DIAG_AT_FILE(path),
				  "cannot write: %s", strerror(errno));
	af->in_place = true;
	return 0;
}

/*
 * A name that asks for compression: the content goes to memory, and to
 * the file compressed at the commit.
 */
static int start_compressed(struct atomic_file *af, const char *path,
			    struct diag *d)
{
	const char *why = NULL;

	af->format = (int)compress_format_of_name(path);
	if (af->format == INFLATE_NONE)
		return 0;
	/* a library this kabi lacks is known now, not after the work */
	if (compress_write(NULL, (enum inflate_format)af->format, NULL, 0,
			   &why) &&
	    why) {
		atomic_file_abort(af);
		return diag_error(
		    d, KABI_E_WRITE, DIAG_AT_FILE(path), "cannot write %s: %s",
		    inflate_format_name((enum inflate_format)af->format), why);
	}
	af->name = xstrdup(path);
	af->raw = af->fp;
	af->fp = xopen_memstream(&af->buf, &af->len);
	return 0;
}

int atomic_file_open(struct atomic_file *af, const char *path, struct diag *d)
{
	struct strbuf tmp = STRBUF_INIT;
	char *target;
	mode_t mode;
	int fd;

	memset(af, 0, sizeof(*af));
	if (!strcmp(path, "-")) {
		af->fp = stdout;
		return 0;
	}
	target = target_of(path, &mode);
	if (!is_replaceable(target))
		return open_in_place(af, path, target, d) ||
		       start_compressed(af, path, d);
	strbuf_addf(&tmp, "%s.tmpXXXXXX", target);
	fd = mkstemp(tmp.buf);
	if (fd < 0) {
		strbuf_release(&tmp);
		free(target);
		return diag_error(d, KABI_E_WRITE, DIAG_AT_FILE(path),
				  "cannot create: %s", strerror(errno));
	}
	/* mkstemp makes the file private: give it the mode it would have */
	if (fchmod(fd, mode) < 0) {
		/* not fatal: the file is merely more private than usual */
	}
	af->path = target;
	af->tmp_path = strbuf_detach(&tmp);
	af->fp = fdopen(fd, "w");
	if (!af->fp) {
		close(fd);
		atomic_file_abort(af);
		return diag_error(d, KABI_E_WRITE, DIAG_AT_FILE(path),
				  "cannot write: %s", strerror(errno));
	}
	pending_tmp = af->tmp_path;
	watch_signals();
	return start_compressed(af, path, d);
}

static void release(struct atomic_file *af)
{
	pending_tmp = NULL;
	free(af->path);
	free(af->tmp_path);
	free(af->buf);
	free(af->name);
	memset(af, 0, sizeof(*af));
}

/* What was written to memory, compressed into the file. */
static int finish_compressed(struct atomic_file *af, struct diag *d)
{
	const char *why = "";
	int failed;

	if (!af->raw)
		return 0;
	failed = fclose(af->fp) != 0;
	af->fp = af->raw;
	af->raw = NULL;
	if (failed || compress_write(af->fp, (enum inflate_format)af->format,
				     af->buf, af->len, &why)) {
		int e = diag_error(
		    d, KABI_E_WRITE, DIAG_AT_FILE(af->name),
		    "cannot write %s: %s",
		    inflate_format_name((enum inflate_format)af->format),
		    failed ? strerror(errno) : why);

		atomic_file_abort(af);
		return e;
	}
	return 0;
}

int atomic_file_commit(struct atomic_file *af, struct diag *d)
{
	int failed;

	if (finish_compressed(af, d))
		return -1;
	if (!af->tmp_path) { /* standard output, a device or a pipe */
		failed = fflush(af->fp) != 0 || ferror(af->fp);
		if (af->in_place && fclose(af->fp) != 0)
			failed = 1;
		memset(af, 0, sizeof(*af));
		return failed ? diag_error(d, KABI_E_WRITE,
					   DIAG_AT_FILE("<stdout>"),
					   "write failed: %s", strerror(errno))
			      : 0;
	}
	/* on the disk before it takes the place of the old file */
	failed = fflush(af->fp) != 0 || ferror(af->fp) != 0 ||
		 fsync(fileno(af->fp)) != 0;
	if (fclose(af->fp) != 0)
		failed = 1;
	af->fp = NULL;
	if (failed || rename(af->tmp_path, af->path) < 0) {
		int e = diag_error(d, KABI_E_WRITE, DIAG_AT_FILE(af->path),
				   "cannot write: %s", strerror(errno));

		atomic_file_abort(af);
		return e;
	}
	release(af);
	return 0;
}

void atomic_file_abort(struct atomic_file *af)
{
	if (af->raw)
		fclose(af->raw);
	if (af->fp && af->fp != stdout)
		fclose(af->fp);
	if (af->tmp_path)
		unlink(af->tmp_path);
	release(af);
}
