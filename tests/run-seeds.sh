#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Every seed of the fuzzers (tests/fuzz/corpus/TARGET), and every input
# that once found a bug there, run once through its harness built
# without libFuzzer ($SEEDS/seed-TARGET): a regression test that needs
# no clang. Prints TAP.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
targets="exports dwarf baseline suppressions symbol-list package image btf symvers rules stg abixml"
echo "1..$(echo $targets | wc -w)"
n=0
failed=0
for t in $targets; do
	n=$((n + 1))
	count=$(ls "$top/tests/fuzz/corpus/$t" | wc -l)
	if "$SEEDS/seed-$t" "$top/tests/fuzz/corpus/$t"/* >"${TMPDIR:-/tmp}/kabi-seeds.$$" 2>&1; then
		echo "ok $n - $t: $count inputs"
	else
		failed=$((failed + 1))
		echo "not ok $n - $t"
		sed 's/^/# /' "${TMPDIR:-/tmp}/kabi-seeds.$$" | head -20
	fi
	rm -f "${TMPDIR:-/tmp}/kabi-seeds.$$"
done
[ $failed = 0 ]
