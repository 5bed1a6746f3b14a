#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# kabi diff on real Debian kernels:
#  - 6.1.0-56 and 6.1.0-57 cloud (identical Module.symvers): no change,
#    from the binaries end to end;
#  - 6.1.0-53 and 6.1.0-57 cloud (9,721 CRCs differ): root causes right
#    after the summary, breaking (exit status 12), the JSON report the
#    same verdict; the CRC changes all explained but for those listed.
#  - 6.1.0-53 and 6.1.0-57 full flavour (4,000 modules, some with their
#    own view of core types): breaking, each root cause told once, every
#    CRC change in the report.
# Prints TAP; run by `make check-kernel`.
set -u
. "$(dirname "$0")/tap.inc"

tree() { "$fetch" "linux-image-6.1.0-$1-cloud-amd64-dbg"; }

# crc_changes LABEL HEADERS-OLD HEADERS-NEW JSON: the CRCs of Module.symvers
# that changed (same symbol, same module) against those the report lists
crc_changes() {
	crcs=$(awk -F'\t' 'NR == FNR { c[$2 "\t" $3] = $1; next }
		($2 "\t" $3) in c && c[$2 "\t" $3] != $1' \
		"$2"/usr/src/*/Module.symvers "$3"/usr/src/*/Module.symvers | wc -l)
	json_crcs=$(grep -o '"rule": "crc-changed", "severity"' "$4" | wc -l)
	echo "# $1 CRCs changed: $crcs in Module.symvers, $json_crcs in the JSON report"
	[ "$crcs" -gt 0 ] && [ "$crcs" = "$json_crcs" ]
}

echo "1..12"
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

# the first screen (24 lines): summary, what is hidden from modversions
# (drop_reasons), then the root causes begin
head -24 "$work/53-57.txt" | grep -q '^Hidden from modversions' &&
	head -24 "$work/53-57.txt" | grep -q '^Root causes' &&
	head -24 "$work/53-57.txt" | grep -q '^  1\. '
result $? "hidden from modversions, then root causes, on the first screen"

# every CRC that changed is explained by a change kabi reports, or listed
h53=$("$fetch" linux-headers-6.1.0-53-cloud-amd64) &&
	h57=$("$fetch" linux-headers-6.1.0-57-cloud-amd64) || exit 1
"$KABI" diff --format json "$work/53.xml" "$work/57.xml" >"$work/53-57.json"
crc_changes "cloud:" "$h53" "$h57" "$work/53-57.json"
result $? "every CRC change of Module.symvers is in the report"

# the invariants every fixture case checks: the full text lists exactly
# the changed exports the summary counts and the JSON marks; the JSON is
# valid against its schema
mkdir -p "$work/bin" && ln -sf "$KABI" "$work/bin/kabi"
PATH=$work/bin:$PATH "$top/tests/fixtures/check-report" "$work/53.xml" "$work/57.xml" |
	sed 's/^/# /' | tee "$work/problems"
[ ! -s "$work/problems" ]
result $? "every change counted is shown, the JSON is valid (check-report)"

grep -q '"exit_status": 12' "$work/53-57.json" &&
	{ ! command -v python3 >/dev/null ||
	  python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$work/53-57.json"; }
result $? "the JSON report is valid and says the same"

# Module.symvers alone: the same exports added, removed and changed
# (CRCs, kinds, namespaces) as the whole comparison, types not compared
"$KABI" diff --format json "$h53"/usr/src/*/Module.symvers \
	"$h57"/usr/src/*/Module.symvers >"$work/symvers.json"
"$top/tests/kernel/same-exports.py" "$work/symvers.json" "$work/53-57.json" \
	>"$work/same"
status=$?
sed 's/^/# Module.symvers: /' "$work/same"
grep -q '"types_compared": false' "$work/symvers.json" && [ $status = 0 ]
result $? "Module.symvers of 53 and 57: the same export and CRC changes"

f53=$("$fetch" linux-image-6.1.0-53-amd64-dbg) &&
	f57=$("$fetch" linux-image-6.1.0-57-amd64-dbg) &&
	fh53=$("$fetch" linux-headers-6.1.0-53-amd64) &&
	fh57=$("$fetch" linux-headers-6.1.0-57-amd64) || exit 1
"$KABI" dump -o "$work/f53.xml" "$f53" && "$KABI" dump -o "$work/f57.xml" "$f57"
"$KABI" diff "$work/f53.xml" "$work/f57.xml" >"$work/f53-57.txt"
status=$?
sed 's/^/# /' "$work/f53-57.txt" | head -8
[ $status = 12 ]
result $? "full flavour 6.1.0-53 -> 6.1.0-57: breaking changes (exit status 12)"

# a root cause's title: "  12. struct net_device [breaking], FILE: ..."
sed -n 's/^ *[0-9][0-9]*\. \(.*\) \[[a-z]*\], .*/\1/p' "$work/f53-57.txt" |
	sort | uniq -d >"$work/twice"
sed 's/^/# told twice: /' "$work/twice" | head -5
[ ! -s "$work/twice" ] && grep -q '^  1\. ' "$work/f53-57.txt"
result $? "full flavour: each root cause told once"

"$KABI" diff --format json "$work/f53.xml" "$work/f57.xml" >"$work/f53-57.json"
crc_changes "full flavour:" "$fh53" "$fh57" "$work/f53-57.json"
result $? "full flavour: every CRC change of Module.symvers is in the report"

PATH=$work/bin:$PATH "$top/tests/fixtures/check-report" "$work/f53.xml" "$work/f57.xml" |
	sed 's/^/# /' | tee "$work/problems"
[ ! -s "$work/problems" ]
result $? "full flavour: every change counted is shown, the JSON is valid"
[ $failed = 0 ]
