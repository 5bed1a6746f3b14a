// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * SIGBUS from a file truncated under kabi, said in kabi's words; see
 * fault.h. Only async-signal-safe calls here: open, read, write, unlink
 * (through atomic_file_remove_pending), _exit.
 */
#include "fault.h"

#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "atomic_file.h"
#include "banned.h"

static void put(const char *s)
{
	ssize_t n = write(STDERR_FILENO, s, strlen(s));

	(void)n;
}

/* A hexadecimal number at *p, *p moved past it. */
static uintptr_t hex(const char **p)
{
	uintptr_t v = 0;

	for (;; (*p)++) {
		char c = **p;

		if (c >= '0' && c <= '9')
			v = v * 16 + (uintptr_t)(c - '0');
		else if (c >= 'a' && c <= 'f')
			v = v * 16 + (uintptr_t)(c - 'a' + 10);
		else
			return v;
	}
}

/*
 * One line of /proc/self/maps ("start-end perms offset dev inode
 * path"): its path into out when addr lies in it.
 */
static int line_holds(const char *line, uintptr_t addr, char *out, size_t size)
{
	const char *p = line, *path;
	uintptr_t start = hex(&p), end;
	size_t n;
	int field;

	if (*p++ != '-')
		return 0;
	end = hex(&p);
	if (addr < start || addr >= end)
		return 0;
	for (field = 0; field < 4 && *p; field++) { /* to the path */
		while (*p == ' ')
			p++;
		while (*p && *p != ' ')
			p++;
	}
	while (*p == ' ')
		p++;
	path = p;
	n = strlen(path);
	if (n >= size)
		n = size - 1;
	memcpy(out, path, n);
	out[n] = '\0';
	return 1;
}

/* The file mapped at addr, from /proc/self/maps; "" if not found. */
static void mapped_file(uintptr_t addr, char *out, size_t size)
{
	static char buf[8192], line[4096];
	size_t used = 0;
	ssize_t got, i;
	int fd = open("/proc/self/maps", O_RDONLY | O_CLOEXEC);

	out[0] = '\0';
	if (fd < 0)
		return;
	while ((got = read(fd, buf, sizeof(buf))) > 0)
		for (i = 0; i < got; i++) {
			if (buf[i] != '\n') {
				if (used + 1 < sizeof(line))
					line[used++] = buf[i];
				continue;
			}
			line[used] = '\0';
			used = 0;
			if (line_holds(line, addr, out, size)) {
				close(fd);
				return;
			}
		}
	close(fd);
}

static void on_sigbus(int sig, siginfo_t *si, void *uctx)
{
	static char path[4096];

	(void)sig;
	(void)uctx;
	mapped_file((uintptr_t)si->si_addr, path, sizeof(path));
	atomic_file_remove_pending();
	put("kabi: error: ");
	put(*path ? path : "a file");
	put(": changed while kabi read it (truncated under it?): read it "
	    "again once it is whole\n");
	_exit(1);
}

void fault_init(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_sigbus;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGBUS, &sa, NULL);
}
