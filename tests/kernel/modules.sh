#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Modules as consumers, on real Debian kernels: every module of 6.1.0-53
# cloud judged against 6.1.0-57 (and 57's against 57) by `kabi diff
# --modules`, and the same judged without kabi by module-verdicts.py
# (nm -u, modprobe --dump-modversions, modinfo, 57's Module.symvers):
# the problems must be the same, line for line; and so from the image
# packages alone (BTF), where no import may be called hidden from
# modversions. `kabi imports` of the 53 tree, given back as --symbols,
# keeps exactly what it names.
# Prints TAP; run by `make check-kernel`.
set -u
. "$(dirname "$0")/tap.inc"

echo "1..6"
t53=$("$fetch" linux-image-6.1.0-53-cloud-amd64-dbg) &&
	t57=$("$fetch" linux-image-6.1.0-57-cloud-amd64-dbg) &&
	i53=$("$fetch" linux-image-6.1.0-53-cloud-amd64) &&
	i57=$("$fetch" linux-image-6.1.0-57-cloud-amd64) &&
	h57=$("$fetch" linux-headers-6.1.0-57-cloud-amd64) || exit 1
m53=$(ls -d "$t53"/usr/lib/debug/lib/modules/*/kernel)
m57=$(ls -d "$t57"/usr/lib/debug/lib/modules/*/kernel)
symvers57=$(ls "$h57"/usr/src/*/Module.symvers)

problems() { # JSON report -> "MODULE SYMBOL PROBLEM" lines
	/usr/bin/python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
print("# modules:", len(r["modules"]), "will not load:",
      sum(1 for m in r["modules"] if not m["loads"]), file=sys.stderr)
for m in r["modules"]:
    for p in m["problems"]:
        print(m["module"], p["symbol"], p["problem"])' "$1" | LC_ALL=C sort
}

judge() { # LABEL MODULES OLD NEW
	"$KABI" diff --format json --modules "$2" "$3" "$4" >"$work/r.json" \
		2>"$work/err"
	problems "$work/r.json" >"$work/kabi.txt" 2>"$work/count"
	"$top/tests/kernel/module-verdicts.py" "$2" "$symvers57" |
		LC_ALL=C sort >"$work/independent.txt"
	sed 's/^/# /' "$work/count"
	awk '{ print $3 }' "$work/kabi.txt" | sort | uniq -c | sed 's/^/# kabi: /'
	cmp -s "$work/kabi.txt" "$work/independent.txt"
	same=$?
	[ $same = 0 ] || diff "$work/independent.txt" "$work/kabi.txt" |
		head -10 | sed 's/^/# /'
	result $same "$1"
}

judge "6.1.0-53 modules on 6.1.0-57: every verdict as computed without kabi" \
	"$m53" "$t53" "$t57"
judge "6.1.0-57 modules on 6.1.0-57: every verdict as computed without kabi" \
	"$m57" "$t57" "$t57"
[ ! -s "$work/kabi.txt" ]
result $? "6.1.0-57 modules on 6.1.0-57: all load"
# the image packages alone (types from BTF, no units): the same verdicts,
# and none of the modules' imports hidden from modversions
judge "6.1.0-53 modules on 6.1.0-57, image packages: every verdict as computed without kabi" \
	"$(ls -d "$i53"/lib/modules/*/kernel)" "$i53" "$i57"
grep -q hidden-from-modversions "$work/r.json"
[ $? = 1 ]
result $? "6.1.0-53 modules on 6.1.0-57, image packages: no import hidden from modversions"

"$KABI" imports "$m53" >"$work/imports.txt"
grep -v '^#' "$work/imports.txt" | cut -f1 >"$work/names"
echo "# kabi imports: $(wc -l <"$work/names") symbols"
"$KABI" dump --symbols "$work/imports.txt" -o "$work/kept.xml" "$t57" 2>/dev/null
sed -n 's/^<symbol name="\([^"]*\)".*/\1/p' "$work/kept.xml" >"$work/kept"
# what 57 still exports of the list is what the restricted baseline holds
"$KABI" exports "$t57" | cut -f2 | LC_ALL=C sort >"$work/exported"
LC_ALL=C comm -12 "$work/names" "$work/exported" | cmp -s - "$work/kept"
result $? "kabi imports of the 6.1.0-53 modules, as --symbols, keeps what it names"
[ $failed = 0 ]
