// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The rule-file parsers on any bytes: libabigail's INI syntax, SUSE's
 * kabi/severities and Debian's defines, each rule then matched against
 * a few names as a diff would match exports.
 */
#include "fuzz.h"
#include "suppress/suppress.h"
#include "suppress/rule_index.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void match_some(const struct suppressions *s)
{
	static const struct export_subject subjects[] = {
	    {"kfree", "", "vmlinux", "vmlinux"},
	    {"ath9k_hw_init", "", "drivers/net/wireless/ath/ath9k/ath9k", NULL},
	    {"cxl_probe", "CXL", NULL, "drivers/cxl/cxl_core"},
	};
	struct rule_index x;
	size_t i;
	bool tolerated;

	rule_index_init(&x);
	export_rules_index(s, &x);
	for (i = 0; i < sizeof(subjects) / sizeof(subjects[0]); i++)
		(void)export_rule_find(s, &x, &subjects[i], &tolerated);
	rule_index_free(&x);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct suppressions s;
	struct diag d;

	suppressions_init(&s);
	diag_init(&d);
	fuzz_load_rules(&s, data, size, &d);
	match_some(&s);
	suppressions_free(&s);
	diag_free(&d);
	return 0;
}
