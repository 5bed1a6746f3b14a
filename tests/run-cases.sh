#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Run every case under tests/cases and print TAP. A case is a folder:
#   cmd               shell script run in an empty folder, with kabi,
#                     build-kernel and the test tools on PATH, $CASE its
#                     own folder and $FIXTURES tests/fixtures
#   expected          what it must print on standard output
#   expected-clang    what it must print instead when the fixtures are
#                     built by clang (FIXTURE_CC=clang), where clang's
#                     DWARF holds less than gcc's (optional)
#   expected-stderr   what it must print on standard error (default: nothing)
#   expected-status   its exit status (default: 0)
# UPDATE=1 rewrites the expected files from what the cases print.
# Arguments: case names to run (default: all).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
KABI=${KABI:-$top/build/kabi}
TOOLS=${TOOLS:-$(dirname "$KABI")/tests/tools}
bin=$(mktemp -d "${TMPDIR:-/tmp}/kabi-bin.XXXXXX")
trap 'rm -rf "$bin"' EXIT
ln -s "$KABI" "$bin/kabi"

if [ $# -gt 0 ]; then
	cases="$*"
else
	cases=$(cd "$top/tests/cases" && ls -d */ | sed 's,/$,,' | LC_ALL=C sort)
fi
n=$(echo $cases | wc -w)
echo "1..$n"

i=0
failed=0
for c in $cases; do
	i=$((i + 1))
	dir=$top/tests/cases/$c
	work=$(mktemp -d "${TMPDIR:-/tmp}/kabi-case.XXXXXX")
	(
		cd "$work" &&
		PATH=$bin:$top/tests/fixtures:$TOOLS:$PATH CASE=$dir \
			FIXTURES=$top/tests/fixtures LC_ALL=C \
			sh -e "$dir/cmd" >"$work/.stdout" 2>"$work/.stderr"
		echo $? >"$work/.status"
	)
	want_out=$dir/expected
	[ "${FIXTURE_CC:-}" = clang ] && [ -f "$dir/expected-clang" ] &&
		want_out=$dir/expected-clang
	if [ "${UPDATE:-}" = 1 ]; then
		cp "$work/.stdout" "$want_out"
		if [ -s "$work/.stderr" ]; then
			cp "$work/.stderr" "$dir/expected-stderr"
		else
			rm -f "$dir/expected-stderr"
		fi
		if [ "$(cat "$work/.status")" != 0 ]; then
			cp "$work/.status" "$dir/expected-status"
		else
			rm -f "$dir/expected-status"
		fi
	fi
	want_status=0
	[ -f "$dir/expected-status" ] && want_status=$(cat "$dir/expected-status")
	: >"$work/.empty"
	want_err=$work/.empty
	[ -f "$dir/expected-stderr" ] && want_err=$dir/expected-stderr
	problem=
	if [ "$(cat "$work/.status")" != "$want_status" ]; then
		problem="exit status $(cat "$work/.status"), want $want_status"
	elif ! cmp -s "$work/.stdout" "$want_out"; then
		problem="standard output differs"
	elif ! cmp -s "$work/.stderr" "$want_err"; then
		problem="standard error differs"
	fi
	if [ -z "$problem" ]; then
		echo "ok $i - $c"
	else
		failed=$((failed + 1))
		echo "not ok $i - $c: $problem"
		diff -u "$want_out" "$work/.stdout" | head -40 | sed 's/^/# /'
		diff -u "$want_err" "$work/.stderr" | head -20 | sed 's/^/# /'
	fi
	rm -rf "$work"
done
[ $failed -eq 0 ]
