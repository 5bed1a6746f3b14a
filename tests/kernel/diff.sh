#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# kabi diff on real Debian kernels:
#  - 6.1.0-56 and 6.1.0-57 cloud (identical Module.symvers): no change,
#    from the binaries end to end;
#  - 6.1.0-53 and 6.1.0-57 cloud (9,721 CRCs differ): root causes right
#    after the summary, breaking (exit status 12), the JSON report the
#    same verdict; the CRC changes all explained but for those listed.
# Prints TAP; run by `make check-kernel`.
set -u
. "$(dirname "$0")/tap.inc"

tree() { "$fetch" "linux-image-6.1.0-$1-cloud-amd64-dbg"; }

echo "1..6"
t56=$(tree 56) && t57=$(tree 57) && t53=$(tree 53) || exit 1

start=$(date +%s.%N)
"$KABI" diff "$t56" "$t57" >"$work/56-57.txt" 2>"$work/err"
status=$?
echo "# 56 -> 57 from the binaries: $(echo "$(date +%s.%N) - $start" | bc) s"
sed 's/^/# /' "$work/56-57.txt" "$work/err" | head -12
result $status "6.1.0-56 -> 6.1.0-57: no change (exit status 0)"

"$KABI" dump -o "$work/53.xml" "$t53" && "$KABI" dump -o "$work/57.xml" "$t57"
result $? "baselines of 6.1.0-53 and 6.1.0-57"

start=$(date +%s.%N)
"$KABI" diff "$work/53.xml" "$work/57.xml" >"$work/53-57.txt"
status=$?
echo "# 53 -> 57 from baselines: $(echo "$(date +%s.%N) - $start" | bc) s"
sed 's/^/# /' "$work/53-57.txt" | head -40
[ $status = 12 ]
result $? "6.1.0-53 -> 6.1.0-57: breaking changes (exit status 12)"

# the first screen: summary, then the root causes begin
head -12 "$work/53-57.txt" | grep -q '^Root causes' &&
	head -14 "$work/53-57.txt" | grep -q '^  1\. '
result $? "root causes start on the first screen"

# every CRC that changed is explained by a change kabi reports, or listed
h53=$("$fetch" linux-headers-6.1.0-53-cloud-amd64) &&
	h57=$("$fetch" linux-headers-6.1.0-57-cloud-amd64) || exit 1
crcs=$(awk -F'\t' 'NR == FNR { c[$2 "\t" $3] = $1; next }
	($2 "\t" $3) in c && c[$2 "\t" $3] != $1' \
	"$h53"/usr/src/*/Module.symvers "$h57"/usr/src/*/Module.symvers | wc -l)
"$KABI" diff --format json "$work/53.xml" "$work/57.xml" >"$work/53-57.json"
json_crcs=$(grep -o '"rule": "crc-changed"' "$work/53-57.json" | wc -l)
echo "# CRCs changed: $crcs in Module.symvers, $json_crcs in the JSON report"
[ "$crcs" -gt 0 ] && [ "$crcs" = "$json_crcs" ]
result $? "every CRC change of Module.symvers is in the report"

grep -q '"exit_status": 12' "$work/53-57.json" &&
	{ ! command -v python3 >/dev/null ||
	  python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$work/53-57.json"; }
result $? "the JSON report is valid and says the same"
[ $failed = 0 ]
