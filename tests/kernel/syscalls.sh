#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# System calls on real Debian kernels, amd64 and arm64: `kabi syscalls`
# of 6.1.0-53, 6.1.0-57 and 6.12.107 lists exactly the slots of the
# native table that syscall-table.py reads without kabi (all but
# sys_ni_syscall), and names each as the kernel's linux-headers packages
# name its number (amd64: the generated unistd_64.h; arm64: <asm/unistd.h>
# evaluated by the compiler, unistd-numbers); `kabi diff --syscalls`
# finds no change from 6.1.0-53 to 6.1.0-57, and from 6.1.0-57 to
# 6.12.107 adds and removes exactly the system calls the two tables
# differ by, read without kabi.
# Prints TAP; run by `make check-kernel`.
set -u
. "$(dirname "$0")/tap.inc"

# unistd ARCH VER: "NUMBER<TAB>NAME" of the kernel's headers
unistd() {
	set -- "$1" "$2" $("$fetch" "linux-headers-$2-cloud-$1" \
		"linux-headers-$2-common") || return 1
	flavour=$(ls -d "$3"/usr/src/linux-headers-*)
	if [ "$1" = amd64 ]; then
		sed -n 's/^#define __NR_\([a-z0-9_]*\) \([0-9][0-9]*\)$/\2\t\1/p' \
			"$flavour"/arch/x86/include/generated/uapi/asm/unistd_64.h |
			grep -v '	syscalls$' | LC_ALL=C sort
	else
		"$top/tests/kernel/unistd-numbers" "$1" "$flavour" \
			"$(ls -d "$4"/usr/src/linux-headers-*)"
	fi
}

echo "1..10"
for arch in amd64 arm64; do
	abi=x86-64
	[ $arch = arm64 ] && abi=arm64
	for ver in 6.1.0-53 6.1.0-57 6.12.107+deb12; do
		tree=$("$fetch" "linux-image-$ver-cloud-$arch-dbg") || exit 1
		vmlinux=$(ls "$tree"/usr/lib/debug/boot/vmlinux-*)
		unistd $arch $ver >"$work/unistd" || exit 1
		"$KABI" syscalls "$vmlinux" 2>"$work/err" |
			awk -F'\t' -v abi=$abi '$1 == abi { print $2 "\t" $3 }' |
			LC_ALL=C sort >"$work/kabi"
		"$top/tests/kernel/syscall-table.py" "$vmlinux" | cut -f1 |
			LC_ALL=C sort >"$work/slots"
		# the same slots; each with the headers' name for its number
		: >"$work/bad"
		cut -f1 "$work/kabi" | cmp -s - "$work/slots" ||
			echo "slots differ from the table read without kabi" >"$work/bad"
		LC_ALL=C comm -13 "$work/unistd" "$work/kabi" >>"$work/bad"
		LC_ALL=C comm -23 "$work/unistd" "$work/kabi" | cut -f2 >"$work/absent"
		echo "# $ver $arch: $(wc -l <"$work/kabi") system calls, $(wc -l <"$work/unistd") numbers in the headers; empty slots: $(tr '\n' ' ' <"$work/absent")"
		sed 's/^/# stderr: /' "$work/err"
		sed 's/^/# wrong: /' "$work/bad" | head -10
		[ -s "$work/kabi" ] && [ ! -s "$work/bad" ]
		result $? "$ver $arch: the system calls of the headers, by number and name"
		# the system calls of each kernel, kept for the comparisons below
		"$KABI" dump --syscalls -o "$work/$ver-$arch.xml" "$vmlinux" 2>/dev/null
		"$top/tests/kernel/syscall-table.py" "$vmlinux" | cut -f2 |
			LC_ALL=C sort >"$work/$ver-$arch.entries"
	done

	"$KABI" diff --syscalls "$work/6.1.0-53-$arch.xml" \
		"$work/6.1.0-57-$arch.xml" >"$work/53-57"
	grep 'syscalls:' "$work/53-57" | sed 's/^/#/'
	grep -q 'syscalls: *\([0-9]*\) -> \1: 0 added, 0 removed, 0 changed' "$work/53-57"
	result $? "6.1.0-53 -> 6.1.0-57 $arch: no system call changed"

	old=$work/6.1.0-57-$arch new=$work/6.12.107+deb12-$arch
	"$KABI" diff --syscalls --format json "$old.xml" "$new.xml" >"$work/57-612.json"
	/usr/bin/python3 -c '
import json, sys
for c in json.load(open(sys.argv[1]))["syscalls"]:
    if c["abi"] != sys.argv[2]:
        continue
    rules = [x["rule"] for x in c["changes"]]
    kind = "added" if "syscall-added" in rules else \
        "removed" if "syscall-removed" in rules else "changed"
    print(kind, c["name"], *rules)' "$work/57-612.json" $abi |
		LC_ALL=C sort >"$work/kabi"
	sed 's/^/# kabi: /' "$work/kabi"
	{ LC_ALL=C comm -13 "$old.entries" "$new.entries" | sed 's/^/added /'
	  LC_ALL=C comm -23 "$old.entries" "$new.entries" | sed 's/^/removed /'
	} | LC_ALL=C sort >"$work/tables"
	grep -v '^changed ' "$work/kabi" | awk '{ print $1, $2 }' | cmp -s - "$work/tables"
	status=$?
	[ $status = 0 ] || diff "$work/tables" "$work/kabi" | sed 's/^/# /'
	result $status "6.1.0-57 -> 6.12.107 $arch: the system calls added and removed, as the tables differ"
done
[ $failed = 0 ]
