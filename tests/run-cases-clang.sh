#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# The diff, dump and suppression cases again, with every fixture kernel
# built by clang instead of gcc: the same C types must give the same
# baselines and reports, byte for byte, whichever compiler wrote the DWARF.
# (The exports and errors cases name file offsets, which differ.)
# With FIXTURE_LTO=thin (tests/run-cases-lto.sh), the kernels are linked
# by ld.lld from ThinLTO objects; split DWARF is then the linker's
# business, so that case is left out.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
if ! command -v clang >/dev/null 2>&1 || ! command -v ld.lld >/dev/null 2>&1
then
	echo "1..0 # SKIP clang or ld.lld is not installed"
	exit 0
fi
cases=$(cd "$top/tests/cases" && ls -d diff-* dump-* suppress-* | LC_ALL=C sort)
[ -n "${FIXTURE_LTO:-}" ] && cases=$(echo "$cases" | grep -v '^dump-split-dwarf$')
FIXTURE_CC=clang exec sh "$top/tests/run-cases.sh" $cases
