#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# The HTML report in a real browser, on fixture kernels: the diff of the
# diff-modules case's kernels with its vendor modules, and of the
# diff-reach case's. Needs chromium, chromium-driver and python3-selenium
# (scripts/install-deps --ci). Prints TAP (one plan per report, as
# check-html.py prints them, gathered here into one).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
KABI=${KABI:-$top/build/kabi}
work=$(mktemp -d "${TMPDIR:-/tmp}/kabi-browser.XXXXXX")
trap 'rm -rf "$work"' EXIT
build=$top/tests/fixtures/build-kernel
cases=$top/tests/cases
cd "$work" || exit 1

"$build" "$cases/diff-modules/kernel" mold >/dev/null &&
	"$build" --cflags -DNEW "$cases/diff-modules/kernel" mnew >/dev/null &&
	"$build" --layout build "$cases/diff-modules/vendor" vendor >/dev/null &&
	"$build" "$cases/diff-reach" rold >/dev/null &&
	"$build" --cflags -DNEW "$cases/diff-reach" rnew >/dev/null || exit 1

report() { # NAME KABI-DIFF-ARGS...
	name=$1
	shift
	"$KABI" diff --format html -o "$work/$name.html" "$@"
	"$KABI" diff --format json -o "$work/$name.json" "$@"
}
report modules --modules vendor mold mnew
report reach rold rnew

total=0
failed=0
for name in modules reach; do
	/usr/bin/python3 "$top/tests/browser/check-html.py" \
		"$work/$name.html" "$work/$name.json" >"$work/$name.tap" 2>&1
	[ $? = 0 ] || failed=1
	# renumber each report's results after the ones before
	awk -v base=$total -v name=$name '
		/^(not )?ok [0-9]+ / {
			sub(/ok [0-9]+ /, "ok " (++i + base) " ")
			sub(/ - /, " - " name ": ")
			print; next }
		/^1\.\./ { next }
		{ print "# " $0 }' "$work/$name.tap"
	total=$((total + $(grep -c '^\(not \)\?ok ' "$work/$name.tap")))
done
echo "1..$total"
exit $failed
