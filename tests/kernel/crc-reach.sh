#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Reach as the exports' units see the types, against the kernel's own
# CRCs, on Debian's consecutive 6.1 cloud updates (47, 50, 53 to 57): for
# every pair, the exports kabi calls changed by a type are those whose
# CRC changed in Module.symvers, but for those it names as hidden from
# modversions or as CRC-only, each with its reason (crc-reach.py); and
# the exceptions are the few known (docs/comparison.md). Prints TAP.
set -u
. "$(dirname "$0")/tap.inc"

versions="47 50 53 54 55 56 57"
# per pair: hidden-from-modversions and CRC-only exports, as measured
expected() {
	case $1 in
	50-53) echo "hidden 0, crc-only 20" ;;
	54-55) echo "hidden 1, crc-only 0" ;;
	*) echo "hidden 0, crc-only 0" ;;
	esac
}

echo "1..13"
for v in $versions; do
	t=$("$fetch" "linux-image-6.1.0-$v-cloud-amd64-dbg") &&
		h=$("$fetch" "linux-headers-6.1.0-$v-cloud-amd64") || exit 1
	"$KABI" dump -o "$work/$v.xml" "$t" 2>/dev/null
	result $? "baseline of 6.1.0-$v"
	ln -s "$h" "$work/h$v"
done
prev=
for v in $versions; do
	if [ -n "$prev" ]; then
		pair=$prev-$v
		"$KABI" diff --format json -o "$work/$pair.json" \
			"$work/$prev.xml" "$work/$v.xml"
		"$KABI" diff --full -o "$work/$pair.txt" \
			"$work/$prev.xml" "$work/$v.xml"
		"$top/tests/kernel/crc-reach.py" "$work/$pair.json" \
			"$work/$pair.txt" "$work/h$prev"/usr/src/*/Module.symvers \
			"$work/h$v"/usr/src/*/Module.symvers >"$work/out"
		status=$?
		sed "s/^/# $pair: /" "$work/out"
		[ $status = 0 ] && grep -q "$(expected $pair)," "$work/out"
		result $? "6.1.0-$prev -> $v: changed by a type = CRC changed, but for $(expected $pair), each with its reason"
	fi
	prev=$v
done
[ $failed = 0 ]
