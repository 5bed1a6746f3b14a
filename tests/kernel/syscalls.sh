#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# System calls on real Debian kernels (x86-64): `kabi syscalls` of
# 6.1.0-53, 6.1.0-57 and 6.12.107 lists exactly the slots of the table
# that syscall-table.py reads without kabi (all but sys_ni_syscall), and
# names each as the unistd_64.h of the kernel's linux-headers package
# names its number.
# Prints TAP; run by `make check-kernel`.
set -u
. "$(dirname "$0")/tap.inc"

echo "1..3"
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
done
[ $failed = 0 ]
