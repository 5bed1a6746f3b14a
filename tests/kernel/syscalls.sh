#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# System calls on real Debian kernels (x86-64): `kabi syscalls` of
# 6.1.0-53, 6.1.0-57 and 6.12.107 lists exactly the slots of the table
# that syscall-table.py reads without kabi (all but sys_ni_syscall), and
# names each as the unistd_64.h of the kernel's linux-headers package
# names its number; `kabi diff --syscalls` finds no change from 6.1.0-53
# to 6.1.0-57, and from 6.1.0-57 to 6.12.107 adds and removes exactly the
# system calls the two tables differ by, read without kabi.
# Prints TAP; run by `make check-kernel`.
set -u
. "$(dirname "$0")/tap.inc"

echo "1..5"
for ver in 6.1.0-53-cloud-amd64 6.1.0-57-cloud-amd64 \
	6.12.107+deb12-cloud-amd64; do
	set -- $("$fetch" "linux-image-$ver-dbg" "linux-headers-$ver") || exit 1
	vmlinux=$(ls "$1"/usr/lib/debug/boot/vmlinux-*)
	unistd=$(ls "$2"/usr/src/*/arch/x86/include/generated/uapi/asm/unistd_64.h)
	"$KABI" syscalls "$vmlinux" 2>"$work/err" |
		awk -F'\t' '$1 == "x86-64" { print $2 "\t" $3 }' |
		LC_ALL=C sort >"$work/kabi"
	sed -n 's/^#define __NR_\([a-z0-9_]*\) \([0-9][0-9]*\)$/\2\t\1/p' \
		"$unistd" | grep -v '	syscalls$' | LC_ALL=C sort >"$work/unistd"
	"$top/tests/kernel/syscall-table.py" "$vmlinux" | cut -f1 |
		LC_ALL=C sort >"$work/slots"
	# the same slots; each with unistd_64.h's name for its number
	cut -f1 "$work/kabi" | cmp -s - "$work/slots" ||
		echo "slots differ from the table read without kabi" >"$work/bad"
	LC_ALL=C comm -13 "$work/unistd" "$work/kabi" >>"$work/bad"
	LC_ALL=C comm -23 "$work/unistd" "$work/kabi" | cut -f2 >"$work/absent"
	echo "# $ver: $(wc -l <"$work/kabi") system calls, $(wc -l <"$work/unistd") numbers in unistd_64.h; empty slots: $(tr '\n' ' ' <"$work/absent")"
	sed 's/^/# stderr: /' "$work/err"
	sed 's/^/# wrong: /' "$work/bad" | head -10
	[ ! -s "$work/bad" ]
	result $? "$ver: the system calls of unistd_64.h, by number and name"
	# the system calls of each kernel, kept for the comparisons below
	"$KABI" dump --syscalls -o "$work/$ver.xml" "$vmlinux" 2>/dev/null
	"$top/tests/kernel/syscall-table.py" "$vmlinux" | cut -f2 |
		LC_ALL=C sort >"$work/$ver.entries"
done

"$KABI" diff --syscalls "$work/6.1.0-53-cloud-amd64.xml" \
	"$work/6.1.0-57-cloud-amd64.xml" >"$work/53-57"
grep 'syscalls:' "$work/53-57" | sed 's/^/#/'
grep -q 'syscalls: *346 -> 346: 0 added, 0 removed, 0 changed' "$work/53-57"
result $? "6.1.0-53 -> 6.1.0-57: no system call changed"

old=$work/6.1.0-57-cloud-amd64 new=$work/6.12.107+deb12-cloud-amd64
"$KABI" diff --syscalls --format json "$old.xml" "$new.xml" >"$work/57-612.json"
/usr/bin/python3 -c '
import json, sys
for c in json.load(open(sys.argv[1]))["syscalls"]:
    rules = [x["rule"] for x in c["changes"]]
    kind = "added" if "syscall-added" in rules else \
        "removed" if "syscall-removed" in rules else "changed"
    print(kind, c["name"], *rules)' "$work/57-612.json" | LC_ALL=C sort >"$work/kabi"
sed 's/^/# kabi: /' "$work/kabi"
{ LC_ALL=C comm -13 "$old.entries" "$new.entries" | sed 's/^/added /'
  LC_ALL=C comm -23 "$old.entries" "$new.entries" | sed 's/^/removed /'
} | LC_ALL=C sort >"$work/tables"
grep -v '^changed ' "$work/kabi" | awk '{ print $1, $2 }' | cmp -s - "$work/tables"
status=$?
[ $status = 0 ] || diff "$work/tables" "$work/kabi" | sed 's/^/# /'
result $status "6.1.0-57 -> 6.12.107: the system calls added and removed, as the tables differ"
[ $failed = 0 ]
