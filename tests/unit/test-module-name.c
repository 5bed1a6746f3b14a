// SPDX-License-Identifier: GPL-2.0-or-later
/* Module names as Module.symvers writes them, from file paths. */
#include <stdlib.h>

#include "tap.h"
#include "elf/elf.h"

static void check(const char *path, const char *want)
{
	char *got = module_name_from_path(path);

	is_str(got, want, path);
	free(got);
}

int main(void)
{
	check("/lib/modules/6.1.0-57-cloud-amd64/kernel/fs/fat/fat.ko",
	      "fs/fat/fat");
	check("root/usr/lib/debug/lib/modules/6.1.0-57/kernel/fs/fat/fat.ko",
	      "fs/fat/fat");
	check(
	    "lib/modules/6.12.107+deb12-cloud-amd64/kernel/net/ipv6/ipv6.ko.xz",
	    "net/ipv6/ipv6");
	check("/lib/modules/6.1.0/updates/dkms/foo.ko.zst", "updates/dkms/foo");
	check("/tmp/build/bar.ko.gz", "bar");
	check("baz.ko", "baz");
	check("/srv/mylib/modules/x/y.ko", "y");
	return tap_done();
}
