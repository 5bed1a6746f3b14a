// SPDX-License-Identifier: GPL-2.0-or-later
/* Lexical path clean-up, as declaring files are named in baselines. */
#include <stdio.h>
#include <string.h>

#include "tap.h"
#include "util/path.h"

static void check(const char *in, const char *want)
{
	char buf[256];

	snprintf(buf, sizeof(buf), "%s", in);
	path_normalize(buf);
	is_str(buf, want, in);
}

int main(void)
{
	check("include/linux/device.h", "include/linux/device.h");
	check("drivers/base/power/../base.h", "drivers/base/base.h");
	check("drivers/base/firmware_loader/../base.h", "drivers/base/base.h");
	check("fs/notify/../mount.h", "fs/mount.h");
	check("./include//linux/./types.h", "include/linux/types.h");
	check("a/b/c/../../d", "a/d");
	check("a/..", ".");
	check("../include/x.h", "../include/x.h");
	check("a/../../x.h", "../x.h");
	check("../../a/../b", "../../b");
	check("/build/linux/drivers/../include/x.h",
	      "/build/linux/include/x.h");
	check("/..", "/..");
	check("/", "/");
	check("", ""); /* no room for "." */
	check("a/", "a");
	check("..a/b", "..a/b");
	return tap_done();
}
