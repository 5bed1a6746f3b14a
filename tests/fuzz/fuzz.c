// SPDX-License-Identifier: GPL-2.0-or-later
/* The input as a file; see fuzz.h. */
#include "fuzz.h"
#include "store/store.h"
#include "suppress/suppress.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_NAMES 8

static char folder[256];
static char names[MAX_NAMES][64];
static size_t nnames;

/* At exit: the files written and their folder, so no run leaves any. */
static void remove_folder(void)
{
	char path[sizeof(folder) + sizeof(names) + 1];
	size_t i;

	for (i = 0; i < nnames; i++) {
		snprintf(path, sizeof(path), "%s/%s", folder, names[i]);
		unlink(path);
	}
	rmdir(folder);
}

static void note_name(const char *name)
{
	size_t i;

	for (i = 0; i < nnames; i++)
		if (!strcmp(names[i], name))
			return;
	if (nnames == MAX_NAMES || strlen(name) >= sizeof(names[0]))
		abort();
	snprintf(names[nnames++], sizeof(names[0]), "%s", name);
}

const char *fuzz_file(const uint8_t *data, size_t size, const char *name)
{
	static char path[512];
	int fd;

	if (!folder[0]) {
		snprintf(folder, sizeof(folder), "%s/kabi-fuzz.XXXXXX",
			 getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
		if (!mkdtemp(folder))
			abort();
		atexit(remove_folder);
	}
	note_name(name);
	snprintf(path, sizeof(path), "%s/%s", folder, name);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fd < 0 || (size && write(fd, data, size) != (ssize_t)size))
		abort();
	close(fd);
	return path;
}

/* The baseline of m, in memory; its length in *len. */
char *fuzz_baseline(const struct kabi_model *m, size_t *len)
{
	char *text = NULL;
	FILE *f = open_memstream(&text, len);

	if (!f)
		abort();
	store_write(m, f, 1);
	fclose(f);
	return text;
}

void fuzz_round_trip(const struct kabi_model *m)
{
	static int ready;
	struct kabi_model back;
	struct diag d;
	size_t len, len2;
	char *text, *text2;

	if (!ready) {
		store_init();
		ready = 1;
	}
	text = fuzz_baseline(m, &len);
	model_init(&back);
	diag_init(&d);
	if (store_read_file(fuzz_file((const uint8_t *)text, len, "back.xml"),
			    &back, &d)) {
		diag_flush(&d, stderr);
		abort(); /* kabi wrote a baseline it cannot read */
	}
	text2 = fuzz_baseline(&back, &len2);
	if (len != len2 || memcmp(text, text2, len))
		abort(); /* read back, it is another baseline */
	free(text);
	free(text2);
	model_free(&back);
	diag_free(&d);
}

void fuzz_load_rules(struct suppressions *s, const uint8_t *data, size_t size,
		     struct diag *d)
{
	suppressions_load(s, fuzz_file(data, size, "rules.supp"), d);
	severities_load(s, fuzz_file(data, size, "severities"), d);
	debian_abi_load(s, fuzz_file(data, size, "defines"), d);
}
