#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# The diff, dump and suppression cases again, with every fixture kernel
# built by clang instead of gcc: the same C types must give the same
# baselines and reports, byte for byte, whichever compiler wrote the DWARF.
# (The exports and errors cases name file offsets, which differ.)
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
if ! command -v "${FIXTURE_CLANG:-clang}" >/dev/null 2>&1; then
	echo "1..0 # SKIP clang is not installed"
	exit 0
fi
cases=$(cd "$top/tests/cases" && ls -d diff-* dump-* suppress-* | LC_ALL=C sort)
FIXTURE_CC=${FIXTURE_CLANG:-clang} exec sh "$top/tests/run-cases.sh" $cases
