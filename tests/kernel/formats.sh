#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# One verdict per root cause and per export, whichever format says it:
# on Debian's 6.1.0-53 -> 54 and 54 -> 55 cloud kernels (debug packages,
# and 54 -> 55 from the image packages too), each root cause's severity
# is the same in JSON, text, Markdown and HTML, in order; each export's
# is the same in JSON, in the text's --list-exports and in kabi
# explain's exit status, for a sample of exports of every kind; and each
# root cause kabi explain names carries the diff's verdict
# (formats.py). Prints TAP; run by `make check-kernel`.
set -u
. "$(dirname "$0")/tap.inc"

echo "1..3"
for v in 53 54 55; do
	p=linux-image-6.1.0-$v-cloud-amd64
	t=$("$fetch" $p-dbg) && i=$("$fetch" $p) || exit 1
	"$KABI" dump -o "$work/dwarf$v.xml" "$t" 2>/dev/null &&
		"$KABI" dump -o "$work/btf$v.xml" "$i" 2>/dev/null || exit 1
done

# EXPORT...: a few of each class, the first of each in the JSON report
sample() {
	python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
seen = {}
for s in r["symbols"]:
    key = (s["severity"], s.get("crc", {}).get("class"), s["status"])
    if seen.get(key, 0) < 3 and s["name"].isidentifier():
        seen[key] = seen.get(key, 0) + 1
        print(s["name"])' "$1" | sort -u
}

compare() { # LABEL OLD NEW
	dir=$work/$1
	mkdir -p "$dir"
	"$KABI" diff --format json -o "$dir/report.json" "$2" "$3"
	"$KABI" diff --list-exports -o "$dir/report.txt" "$2" "$3"
	"$KABI" diff --format markdown --full -o "$dir/report.md" "$2" "$3"
	"$KABI" diff --format html -o "$dir/report.html" "$2" "$3"
	for name in $(sample "$dir/report.json") I_BDEV __alloc_skb; do
		"$KABI" explain "$name" "$2" "$3" >"$dir/explain-$name.txt" 2>&1
		echo $? >"$dir/explain-$name.status"
	done
	"$top/tests/kernel/formats.py" "$dir" >"$work/out"
	status=$?
	sed "s/^/# $1: /" "$work/out"
	result $status "$1: every root cause's and export's verdict the same in every format"
}
compare 53-54 "$work/dwarf53.xml" "$work/dwarf54.xml"
compare 54-55 "$work/dwarf54.xml" "$work/dwarf55.xml"
compare 54-55-images "$work/btf54.xml" "$work/btf55.xml"
[ $failed = 0 ]
