#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# No circle among src/'s files: files that use each other, directly or
# round a longer circle, cannot be read one after the other. Found from
# the objects' symbols by tests/tools/file-circles.py; OBJDIR is the
# build folder. Prints TAP.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
echo "1..1"
out=$(python3 "$top/tests/tools/file-circles.py" "${OBJDIR:-$top/build}")
status=$?
echo "$out" | sed 's/^/# /'
if [ $status = 0 ]; then
	echo "ok 1 - no circle among src/'s files"
else
	echo "not ok 1 - a circle among src/'s files"
fi
