// SPDX-License-Identifier: GPL-2.0-or-later
/* Interned strings: equal strings share an offset, across growth. */
#include <stdio.h>
#include <stdlib.h>

#include "tap.h"
#include "util/strset.h"

int main(void)
{
	struct strset set;
	uint32_t a, b, offs[5000];
	char name[32];
	int i, same = 1;

	strset_init(&set);
	is_int(strset_add(&set, ""), 0, "empty string is offset 0");
	a = strset_add(&set, "sk_buff");
	b = strset_add(&set, "sk_buff");
	is_int(a, b, "same string, same offset");
	ok(strset_add(&set, "sk_buf") != a, "a prefix is another string");
	is_int(strset_add_len(&set, "sk_buffer", 7), a,
	       "add_len interns the first bytes only");
	is_str(strset_str(&set, a), "sk_buff", "offset gives the string back");
	is_int(strset_find(&set, "net_device"), UINT32_MAX,
	       "find does not add");
	for (i = 0; i < 5000; i++) {
		snprintf(name, sizeof(name), "symbol_%d", i);
		offs[i] = strset_add(&set, name);
	}
	for (i = 0; i < 5000; i++) {
		snprintf(name, sizeof(name), "symbol_%d", i);
		if (strset_find(&set, name) != offs[i] ||
		    strcmp(strset_str(&set, offs[i]), name))
			same = 0;
	}
	ok(same, "5000 strings survive the buffer and map growing");
	is_int(strset_find(&set, "sk_buff"), a, "early string still found");
	strset_free(&set);
	return tap_done();
}
