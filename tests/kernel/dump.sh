#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# kabi dump on real Debian kernels (debug packages: the cloud flavour of
# 6.1 and 6.12, and the full 6.1 flavour with 4,023 modules). For each:
#  - the whole tree is dumped; the counts of symbols with and without
#    type information are printed;
#  - every export without a type has no C definition in any file's DWARF
#    (an independent libdw pass, tests/tools/dwarf-defs);
#  - the baseline read back and written again is the same bytes, and so
#    is a dump with one thread;
#  - oracle: for every struct and union named once in both vmlinux's BTF
#    (bpftool) and the baseline of vmlinux, size and member offsets agree;
#  - the file names kabi reads from line table headers are those libdw
#    gives, for every unit of every file (tests/tools/line-files-check).
# Prints TAP; run by `make check-kernel`.
set -u
. "$(dirname "$0")/tap.inc"

layouts() { # FORMAT FILE: layouts of the named structs and unions
	awk -v FORMAT="$1" -f "$top/tests/kernel/btf-layouts.awk" "$2"
}

btf_oracle() { # VMLINUX
	"$KABI" dump -o "$work/vmlinux.xml" "$1"
	bpftool btf dump file "$1" format raw >"$work/btf.txt" || return 1
	layouts btf "$work/btf.txt" >"$work/btf.lay"
	layouts kabi "$work/vmlinux.xml" >"$work/kabi.lay"
	# names defined once in BTF, and present in the baseline
	awk '$4 == "-" { print $1, $2 }' "$work/btf.lay" | sort | uniq -c |
		awk '$1 == 1 { print $2, $3 }' >"$work/btf.names"
	awk '$4 == "-" { print $1, $2 }' "$work/kabi.lay" | sort -u >"$work/kabi.names"
	comm -12 "$work/btf.names" "$work/kabi.names" >"$work/both"
	for f in btf kabi; do
		awk 'NR == FNR { ok[$1 " " $2] = 1; next } ok[$1 " " $2]' \
			"$work/both" "$work/$f.lay" | sort >"$work/$f.cmp"
	done
	echo "# BTF oracle: $(wc -l <"$work/both") structs and unions, $(grep -vc ' - - - -$' "$work/kabi.cmp") members compared"
	diff "$work/btf.cmp" "$work/kabi.cmp" | head -10 | sed 's/^/# /'
	cmp -s "$work/btf.cmp" "$work/kabi.cmp" && [ -s "$work/both" ]
}

echo "1..18"
for ver in 6.1.0-57-cloud-amd64 6.1.0-57-amd64 6.12.107+deb12-cloud-amd64; do
	tree=$("$fetch" "linux-image-$ver-dbg") || exit 1
	start=$(date +%s.%N)
	"$KABI" dump --stats -o "$work/a.xml" "$tree" 2>"$work/err"
	status=$?
	echo "# $ver: dumped in $(echo "$(date +%s.%N) - $start" | bc) s"
	sed 's/^/# /' "$work/err" | head -8
	result $status "$ver: dump of the whole tree"

	grep '^<symbol' "$work/a.xml" | grep -v ' type=' |
		sed 's/.*name="\([^"]*\)".*/\1/' | sort -u >"$work/untyped"
	find "$tree" -type f \( -name 'vmlinux-*' -o -name '*.ko' \) |
		"$TOOLS/dwarf-defs" | sort -u >"$work/defined"
	comm -12 "$work/untyped" "$work/defined" >"$work/missed"
	echo "# $(wc -l <"$work/untyped") exports without type information"
	sed 's/^/# defined but untyped: /' "$work/missed" | head -5
	[ ! -s "$work/missed" ]
	result $? "$ver: every export with a C definition has a type"

	"$KABI" dump -o "$work/b.xml" "$work/a.xml" &&
		cmp -s "$work/a.xml" "$work/b.xml"
	result $? "$ver: the baseline read back is written the same"

	"$KABI" dump -j1 -o "$work/c.xml" "$tree" &&
		cmp -s "$work/a.xml" "$work/c.xml"
	result $? "$ver: the same baseline with one thread"

	btf_oracle "$(ls "$tree"/usr/lib/debug/boot/vmlinux-*)"
	result $? "$ver: struct and union layouts agree with vmlinux's BTF"

	find "$tree" -type f \( -name 'vmlinux-*' -o -name '*.ko' \) | sort |
		"$TOOLS/line-files-check" >"$work/files"
	status=$?
	sed 's/^/# /' "$work/files" | tail -4
	result $status "$ver: file names from line table headers are libdw's"
done
[ $failed = 0 ]
