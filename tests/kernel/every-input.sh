#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# The same answer from every input, on Debian's consecutive 6.1 cloud
# updates (47, 50, 53 to 57). For each pair, the diff of the two debug
# packages (DWARF, units known) is the reference; then the same pair
# from the ordinary image packages alone (BTF, no units), from one of
# each (both ways), and from a Module.symvers on one side and an image on
# the other (both ways). Each must give the reference's exit status and
# the same set of exports changed, but for the documented exceptions
# (every-input.py names each with its reason), and BTF alone never calls
# an export hidden from modversions. 55 -> 56 and 56 -> 57 change nothing.
# Prints TAP; run by `make check-kernel`.
set -u
. "$(dirname "$0")/tap.inc"

versions="47 50 53 54 55 56 57"
echo "1..$((7 * 2 + 6 * 5))"
for v in $versions; do
	p=linux-image-6.1.0-$v-cloud-amd64
	img=$("$fetch" $p) && dbg=$("$fetch" $p-dbg) &&
		h=$("$fetch" "linux-headers-6.1.0-$v-cloud-amd64") || exit 1
	"$KABI" dump -o "$work/dwarf$v.xml" "$dbg" 2>/dev/null
	result $? "6.1.0-$v: baseline of the debug package"
	"$KABI" dump -o "$work/btf$v.xml" "$img" 2>/dev/null &&
		grep -q 'types="btf"' "$work/btf$v.xml"
	result $? "6.1.0-$v: baseline of the image package (BTF)"
	cp "$h"/usr/src/*/Module.symvers "$work/symvers$v"
done
prev=
for v in $versions; do
	if [ -n "$prev" ]; then
		"$KABI" diff --format json -o "$work/ref.json" \
			"$work/dwarf$prev.xml" "$work/dwarf$v.xml"
		for sides in btf:btf dwarf:btf btf:dwarf symvers:btf btf:symvers; do
			from=${sides%:*} to=${sides#*:} flag=
			[ $sides = btf:btf ] && flag=--no-units
			old=$work/$from$prev new=$work/$to$v
			[ $from = symvers ] || old=$old.xml
			[ $to = symvers ] || new=$new.xml
			"$KABI" diff --format json -o "$work/got.json" "$old" "$new"
			"$top/tests/kernel/every-input.py" "$work/ref.json" \
				"$work/got.json" "$work/btf$prev.xml" \
				"$work/btf$v.xml" $flag >"$work/out"
			status=$?
			sed "s/^/# $prev-$v $sides: /" "$work/out"
			result $status "6.1.0-$prev -> $v, $from -> $to: the debug packages' verdict and exports changed"
		done
	fi
	prev=$v
done
[ $failed = 0 ]
