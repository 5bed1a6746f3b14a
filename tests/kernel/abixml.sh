#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# libabigail's ABIXML as kabi reads it (issue 39): abidw's ABIXML of
# Debian's 6.1.0-53 and -57 cloud vmlinux files (../shared/data/interop,
# whose README says how they were made) converts to kabi's format and
# reads back the same; against kabi's own baseline of the same vmlinux it
# differs only where libabigail keeps less (foreign-vs-dwarf.py); and
# kabi's diff of the two ABIXML files says what its diff of the two
# vmlinux files' DWARF says, within what ABIXML keeps (abixml.py).
# Prints TAP.
set -u
. "$(dirname "$0")/tap.inc"

interop=${KABI_INTEROP:-$top/../shared/data/interop}
if [ ! -f "$interop/vmlinux57.abi.xz" ]; then
	echo "1..0 # SKIP no ABIXML baselines in $interop (KABI_INTEROP)"
	exit 0
fi
echo "1..7"
for v in 53 57; do
	xz -dc "$interop/vmlinux$v.abi.xz" >"$work/vmlinux$v.abi"
	tree=$("$fetch" linux-image-6.1.0-$v-cloud-amd64-dbg) || exit 1
	"$KABI" dump -o "$work/dwarf$v.xml" \
		"$tree"/usr/lib/debug/boot/vmlinux-6.1.0-$v-cloud-amd64 2>/dev/null
done
"$KABI" dump -o "$work/57.xml" "$work/vmlinux57.abi" &&
	"$KABI" dump -o "$work/57-again.xml" "$work/57.xml" &&
	cmp -s "$work/57.xml" "$work/57-again.xml"
result $? "6.1.0-57's ABIXML converted to a baseline, which reads back the same"
"$KABI" diff "$work/vmlinux57.abi" "$work/57.xml" >"$work/same.txt"
result $? "6.1.0-57's ABIXML against its own conversion: no change"
"$KABI" diff --format json -o "$work/dwarf-abixml.json" \
	"$work/dwarf57.xml" "$work/vmlinux57.abi"
python3 "$top/tests/kernel/foreign-vs-dwarf.py" "$work/dwarf-abixml.json" \
	"$work/dwarf57.xml"
result $? "6.1.0-57: libabigail's ABIXML against kabi's baseline of the same vmlinux: only what ABIXML does not keep differs"
"$KABI" diff --format json -o "$work/abixml-53-57.json" \
	"$work/vmlinux53.abi" "$work/vmlinux57.abi"
"$KABI" diff --format json -o "$work/dwarf-53-57.json" \
	"$work/dwarf53.xml" "$work/dwarf57.xml"
python3 "$top/tests/kernel/abixml.py" "$work/abixml-53-57.json" \
	"$work/dwarf-53-57.json" >"$work/tap"
while read -r line; do
	case $line in
	"ok "*) result 0 "${line#ok [0-9]* - }" ;;
	"not ok "*) result 1 "${line#not ok [0-9]* - }" ;;
	*) echo "$line" ;;
	esac
done <"$work/tap"
[ "$failed" = 0 ]
