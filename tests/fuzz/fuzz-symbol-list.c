// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The symbol-list parser on any bytes: as a list (plain, Android KMI,
 * Red Hat's stablelist and Module.kabi lines) and as the one file of a
 * Red Hat kabi-module folder.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fuzz.h"
#include "suppress/suppress.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void load(const char *path)
{
	struct symbol_list l;
	struct diag d;

	symbol_list_init(&l);
	diag_init(&d);
	symbol_list_load(&l, path, &d);
	symbol_list_free(&l);
	diag_free(&d);
}

static char root[512], arch[560], file[600];

/* At exit: the folder and its file, so no run leaves them. */
static void remove_folder(void)
{
	unlink(file);
	rmdir(arch);
	rmdir(root);
}

/* A kabi-module folder of one architecture, holding one export's file. */
static void load_folder(const uint8_t *data, size_t size)
{
	FILE *f;

	if (!root[0]) {
		snprintf(root, sizeof(root), "%s/kabi-module.XXXXXX",
			 getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
		if (!mkdtemp(root))
			abort();
		atexit(remove_folder);
		snprintf(arch, sizeof(arch), "%s/kabi_x86_64", root);
		if (mkdir(arch, 0700))
			abort();
		snprintf(file, sizeof(file), "%s/kfree", arch);
	}
	f = fopen(file, "wb");
	if (!f || (size && fwrite(data, 1, size, f) != size))
		abort();
	fclose(f);
	load(root);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	load(fuzz_file(data, size, "list.txt"));
	load_folder(data, size);
	return 0;
}
