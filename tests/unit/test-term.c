// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Text made safe for a terminal: control bytes, C1 controls and invalid
 * UTF-8 shown as \xHH; plain text, newlines, tabs and valid UTF-8 as
 * they are, even a sequence that two writes cut.
 */
#include <stdlib.h>

#include "tap.h"
#include "util/term.h"

/* What the writes, each flushed on its own, come out as. */
static void check(const char *const *writes, size_t n, const char *want,
		  const char *what)
{
	char *text = NULL;
	size_t len = 0, i;
	FILE *mem = open_memstream(&text, &len);
	FILE *safe = term_safe_open(mem);

	for (i = 0; i < n; i++) {
		fputs(writes[i], safe);
		fflush(safe);
	}
	fclose(safe);
	fclose(mem);
	is_str(text, want, what);
	free(text);
}

#define CHECK(want, what, ...)                                                 \
	do {                                                                   \
		const char *w_[] = {__VA_ARGS__};                              \
		check(w_, sizeof(w_) / sizeof(*w_), want, what);               \
	} while (0)

int main(void)
{
	CHECK("fs/demo\tx\n", "plain text, tabs and newlines pass",
	      "fs/demo\tx\n");
	CHECK("\\x1b]0;PWNED\\x07\\x1b[2J", "escape sequences shown",
	      "\x1b]0;PWNED\x07\x1b[2J");
	CHECK("a\\x7fb", "DEL shown",
	      "a\x7f"
	      "b");
	CHECK("caf\xc3\xa9", "valid UTF-8 passes", "caf\xc3\xa9");
	CHECK("caf\xc3\xa9", "a sequence cut by two writes passes", "caf\xc3",
	      "\xa9");
	CHECK("\\xc2\\x9b2J", "a C1 control (CSI) shown",
	      "\xc2\x9b"
	      "2J");
	CHECK("vm\\xff\\xfelinux", "invalid UTF-8 shown", "vm\xff\xfelinux");
	CHECK("x\\xc3y", "a lead byte without its continuation", "x\xc3", "y");
	CHECK("end\\xe2\\x82", "a sequence cut by the end", "end\xe2\x82");
	return tap_done();
}
