#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# The HTML report of a real diff in a real browser (headless chromium, as
# make check-browser runs it): Debian's 6.1.0-54 -> 55 cloud kernels,
# whose root causes reach up to 10,000 exports each, 200 of them listed.
# The page loads within 2 s, and its filter finds any export the root
# causes reach, listed or not: xt_register_match and __alloc_skb among
# them (check-html.py). Prints TAP; run by `make check-kernel`.
set -u
. "$(dirname "$0")/tap.inc"

for v in 54 55; do
	t=$("$fetch" linux-image-6.1.0-$v-cloud-amd64-dbg) || exit 1
	"$KABI" dump -o "$work/$v.xml" "$t" 2>/dev/null || exit 1
done
"$KABI" diff --format html -o "$work/r.html" "$work/54.xml" "$work/55.xml"
"$KABI" diff --format json -o "$work/r.json" "$work/54.xml" "$work/55.xml"
echo "# $(wc -c <"$work/r.html") bytes of HTML"
/usr/bin/python3 "$top/tests/browser/check-html.py" --max-load 2 \
	"$work/r.html" "$work/r.json" xt_register_match __alloc_skb \
	kfree_skb_reason
