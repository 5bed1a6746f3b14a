#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# kabi exports on real Debian kernels: the export list of each tree must
# equal, byte for byte, the sorted Module.symvers of its headers package.
# Prints TAP; run by `make check-kernel`.
set -u
. "$(dirname "$0")/tap.inc"

symvers() { # HEADERS-TREE: Module.symvers sorted as kabi sorts
	LC_ALL=C sort -t"$(printf '\t')" -k2,2 -k3,3 "$1"/usr/src/*/Module.symvers
}

# compare LABEL KABI-ARGS... : against $want
compare() {
	label=$1
	shift
	start=$(date +%s.%N)
	"$KABI" exports "$@" >"$work/got" 2>"$work/err"
	status=$?
	end=$(date +%s.%N)
	echo "# $label: $(wc -l <"$work/got") exports in $(echo "$end - $start" | bc) s"
	sed 's/^/# /' "$work/err" | head -5
	cmp -s "$work/got" "$want"
	same=$?
	[ $same = 0 ] || diff "$want" "$work/got" | head -10 | sed 's/^/# /'
	result $((status + same)) "$label"
}

echo "1..8"
for ver in 6.1.0-57-cloud-amd64 6.1.0-57-amd64 6.12.107+deb12-cloud-amd64; do
	set -- $("$fetch" "linux-image-$ver-dbg" "linux-headers-$ver") || exit 1
	dbg=$1 headers=$2
	want=$work/want
	symvers "$headers" >"$want"
	compare "$ver debug package equals Module.symvers" "$dbg"
	"$KABI" exports -j1 --long "$dbg" >"$work/j1"
	"$KABI" exports -j2 --long "$dbg" >"$work/j2"
	cmp -s "$work/j1" "$work/j2"
	result $? "$ver same output with 1 and 2 threads"
done

# the ordinary package: .ko.xz modules without DWARF, vmlinux compressed
# inside vmlinuz (zstd in Debian's 6.12): the whole Module.symvers
ver=6.12.107+deb12-cloud-amd64
set -- $("$fetch" "linux-image-$ver" "linux-headers-$ver") || exit 1
symvers "$2" >"$work/want"
want=$work/want
compare "$ver ordinary package (vmlinuz and .ko.xz) equals Module.symvers" "$1"
ls "$1"/lib/modules/*/kernel -R | grep -c '\.ko\.xz$' | sed 's/^/# .ko.xz files: /'
symvers "$2" | awk -F'\t' '$3 == "vmlinux"' >"$work/want"
compare "$ver vmlinuz alone equals the vmlinux lines" "$1"/boot/vmlinuz-*
[ $failed = 0 ]
