#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Suppressions on real Debian kernels, 6.1.0-53 -> 6.1.0-57 cloud:
#  - a symbol list of the 200 exports the 6.1.0-57 modules import most;
#  - a headers filter of include/linux.
# The reports are printed (as TAP comments); checks: only listed exports
# are reported, shown root causes are declared below include/linux, and
# what was hidden is counted.
# Prints TAP; run by `make check-kernel`.
set -u
. "$(dirname "$0")/tap.inc"

echo "1..4"
t53=$("$fetch" linux-image-6.1.0-53-cloud-amd64-dbg) &&
	t57=$("$fetch" linux-image-6.1.0-57-cloud-amd64-dbg) || exit 1

# the exports modules import most: undefined symbols of every module
find "$t57" -name '*.ko' -type f | LC_ALL=C sort |
	xargs nm -u 2>/dev/null | awk '$1 == "U" { print $2 }' |
	LC_ALL=C sort | uniq -c | LC_ALL=C sort -k1,1nr -k2,2 >"$work/imports"
"$KABI" dump -o "$work/53.xml" "$t53" && "$KABI" dump -o "$work/57.xml" "$t57"
result $? "baselines of 6.1.0-53 and 6.1.0-57"
# the imports that vmlinux exports (modules also import each other)
"$KABI" exports "$(ls "$t57"/usr/lib/debug/boot/vmlinux-*)" | cut -f2 |
	LC_ALL=C sort >"$work/exported"
awk 'NR == FNR { e[$1] = 1; next } e[$2] { print $2 }' "$work/exported" \
	"$work/imports" | head -200 >"$work/list.txt"
echo "# symbol list: $(wc -l <"$work/list.txt") exports, the most imported first: $(head -8 "$work/list.txt" | tr '\n' ' ')"

"$KABI" diff --symbols "$work/list.txt" "$work/53.xml" "$work/57.xml" \
	>"$work/symbols.txt"
sed 's/^/# /' "$work/symbols.txt" | head -60
"$KABI" diff --format json --full --symbols "$work/list.txt" \
	"$work/53.xml" "$work/57.xml" >"$work/symbols.json"
grep -o '"name": "[^"]*", "module"' "$work/symbols.json" |
	sed 's/"name": "\([^"]*\)".*/\1/' | LC_ALL=C sort -u >"$work/reported"
comm -23 "$work/reported" "$(LC_ALL=C sort "$work/list.txt" >"$work/sorted"; echo "$work/sorted")" >"$work/unlisted"
[ -s "$work/reported" ] && [ ! -s "$work/unlisted" ]
result $? "with the symbol list, only listed exports are reported ($(wc -l <"$work/reported") of them)"

"$KABI" diff --headers-dir include/linux "$work/53.xml" "$work/57.xml" \
	>"$work/headers.txt"
sed 's/^/# /' "$work/headers.txt" | head -40
grep -q '^  suppressed: ' "$work/headers.txt"
result $? "with include/linux, the other root causes are counted as suppressed"
# every shown root cause names a file below include/linux, or none
awk '/^Root causes/ { in_roots = 1; next } /^(Exports|Suppressed)/ { in_roots = 0 }
	in_roots && /^ *[0-9]+\. / && /\], [^:]*:/ {
		file = $0; sub(/.*\], /, "", file); sub(/:.*/, "", file)
		if (file !~ /^include\/linux\//) { print; bad = 1 } }
	END { exit bad }' "$work/headers.txt"
result $? "with include/linux, shown root causes are declared below it"
[ $failed = 0 ]
