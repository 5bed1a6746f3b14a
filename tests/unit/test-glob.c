// SPDX-License-Identifier: GPL-2.0-or-later
/* glob_matches: SUSE's and Debian's readings of the same patterns. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "util/glob.h"

static bool match(const char *pattern, const char *name, enum glob_style s)
{
	struct glob g;
	bool m;

	glob_compile(&g, pattern, s);
	m = glob_matches(&g, name);
	glob_free(&g);
	return m;
}

int main(void)
{
	char long_name[4001];

	ok(match("vmlinux", "vmlinux", GLOB_SUSE), "a name matches itself");
	ok(!match("vmlinux", "vmlinux2", GLOB_SUSE), "the whole name, no more");
	ok(match("drivers/scsi/*", "drivers/scsi/qla2xxx/qla2xxx", GLOB_SUSE),
	   "SUSE: '*' crosses '/'");
	ok(match("*not_stable*", "a_not_stable", GLOB_SUSE),
	   "SUSE: '*' may match nothing");
	ok(match("kvm_?et", "kvm_set", GLOB_SUSE), "SUSE: '?' one character");
	ok(!match("kvm_?et", "kvm_et", GLOB_SUSE), "SUSE: '?' not none");
	ok(!match("drivers/scsi/*", "drivers/scsi/qla2xxx/qla2xxx",
		  GLOB_DEBIAN),
	   "Debian: '*' stays within one path part");
	ok(match("drivers/scsi/cxgbi/*", "drivers/scsi/cxgbi/libcxgbi",
		 GLOB_DEBIAN),
	   "Debian: '*' matches a part");
	ok(match("drivers/net/wireless/**",
		 "drivers/net/wireless/ath/ath9k/ath9k", GLOB_DEBIAN),
	   "Debian: '**' crosses '/'");
	ok(match("drivers/scsi/libiscs*", "drivers/scsi/libiscsi_tcp",
		 GLOB_DEBIAN),
	   "Debian: '*' after a prefix");
	ok(!match("a?c", "abc", GLOB_DEBIAN), "Debian: '?' is itself");
	ok(match("a?c", "a?c", GLOB_DEBIAN), "Debian: '?' matches '?'");
	ok(match("__cpuhp_*", "__cpuhp_setup_state", GLOB_DEBIAN),
	   "Debian: a symbol prefix");
	ok(match("**", "", GLOB_DEBIAN) && match("*", "", GLOB_SUSE),
	   "stars match the empty name");
	ok(!match("", "x", GLOB_SUSE) && match("", "", GLOB_SUSE),
	   "the empty pattern matches only the empty name");
	memset(long_name, 'a', sizeof(long_name) - 1);
	long_name[sizeof(long_name) - 1] = '\0';
	ok(!match("*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*b", long_name,
		  GLOB_SUSE),
	   "many stars, no backtracking blow-up");
	return tap_done();
}
