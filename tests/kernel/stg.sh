#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# STG's baselines as kabi reads them (issue 39): STG's own .stg files of
# Debian's 6.1.0-53 and -57 cloud trees (../shared/data/interop, whose
# README says how they were made) are converted to kabi's format and read
# back the same, and kabi's diff of the two agrees with stgdiff's report
# of them (stg.py): the same exports added and removed, every type STG
# reports changed a root cause of kabi's or its roots' holder; and STG's
# 57 against kabi's own baseline of the 57 debug tree differs only where
# STG keeps less (foreign-vs-dwarf.py). Prints TAP.
set -u
. "$(dirname "$0")/tap.inc"

interop=${KABI_INTEROP:-$top/../shared/data/interop}
if [ ! -f "$interop/tree53.stg.xz" ]; then
	echo "1..0 # SKIP no STG baselines in $interop (KABI_INTEROP)"
	exit 0
fi
echo "1..7"
for v in 53 57; do
	xz -dc "$interop/tree$v.stg.xz" >"$work/tree$v.stg"
done
"$KABI" dump -o "$work/57.xml" "$work/tree57.stg" &&
	"$KABI" dump -o "$work/57-again.xml" "$work/57.xml" &&
	cmp -s "$work/57.xml" "$work/57-again.xml"
result $? "6.1.0-57's .stg converted to a baseline, which reads back the same"
"$KABI" diff "$work/tree57.stg" "$work/57.xml" >"$work/same.txt"
result $? "6.1.0-57's .stg against its own conversion: no change"
tree=$("$fetch" linux-image-6.1.0-57-cloud-amd64-dbg) || exit 1
"$KABI" dump -o "$work/dwarf57.xml" "$tree" 2>/dev/null
"$KABI" diff --format json -o "$work/dwarf-stg.json" \
	"$work/dwarf57.xml" "$work/tree57.stg"
python3 "$top/tests/kernel/foreign-vs-dwarf.py" "$work/dwarf-stg.json" \
	"$work/dwarf57.xml"
result $? "6.1.0-57: STG's .stg against kabi's baseline of the debug tree: only what STG does not keep differs"
"$KABI" diff --format json -o "$work/53-57.json" \
	"$work/tree53.stg" "$work/tree57.stg"
xz -dc "$interop/stgdiff-53-57.short.xz" >"$work/short"
python3 "$top/tests/kernel/stg.py" "$work/53-57.json" "$work/short" >"$work/tap"
while read -r line; do
	case $line in
	"ok "*) result 0 "${line#ok [0-9]* - }" ;;
	"not ok "*) result 1 "${line#not ok [0-9]* - }" ;;
	*) echo "$line" ;;
	esac
done <"$work/tap"
[ "$failed" = 0 ]
