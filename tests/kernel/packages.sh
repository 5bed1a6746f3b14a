#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Debian's kernel packages read in place, on real kernels: 6.1.0-53 and
# 6.1.0-57 cloud, each its image package (vmlinuz, stripped modules) and
# its -dbg package (vmlinux and modules with DWARF), give the same
# baseline and the same `kabi diff` report as their unpacked trees;
# 6.12.107's (modules .ko.xz) the same exports. The
# times of both ways are printed (decompressing the packages dominates).
# Prints TAP; run by `make check-kernel`.
set -u
. "$(dirname "$0")/tap.inc"
# the soft limit on descriptors many systems start with: kabi raises it
ulimit -S -n 1024 2>/dev/null || :

# deb PKG: the cached .deb of a package (fetched and unpacked if need be)
deb() {
	t=$("$fetch" "$1") || return 1
	ls "$(dirname "$(dirname "$t")")/debs/$1_"*.deb | head -1
}

# timed LABEL COMMAND...: run it, print its wall-clock time (on the TAP
# output, whatever the command's output is redirected to)
exec 3>&1
timed() {
	label=$1
	shift
	start=$(date +%s.%N)
	"$@"
	status=$?
	echo "# $label: $(echo "$(date +%s.%N) - $start" | bc) s" >&3
	return $status
}

echo "1..6"
for v in 53 57; do
	p=linux-image-6.1.0-$v-cloud-amd64
	eval "img$v=\$(deb $p) && dbg$v=\$(deb $p-dbg)" || exit 1
	eval "timg$v=\$(\"\$fetch\" $p) && tdbg$v=\$(\"\$fetch\" $p-dbg)" || exit 1
done

for v in 53 57; do
	eval "img=\$img$v dbg=\$dbg$v timg=\$timg$v tdbg=\$tdbg$v"
	timed "6.1.0-$v dump, unpacked trees" \
		"$KABI" dump -o "$work/tree$v.xml" "$timg" "$tdbg" 2>"$work/err"
	timed "6.1.0-$v dump, packages" \
		"$KABI" dump -o "$work/pkg$v.xml" "$img" "$dbg" 2>"$work/err"
	status=$?
	grep -v ': warning: ' "$work/err" | head -5 | sed 's/^/# /'
	[ $status = 0 ] && cmp -s "$work/tree$v.xml" "$work/pkg$v.xml"
	result $? "6.1.0-$v: the baseline of image + dbg packages is that of their trees"
done

# the baseline of the -dbg tree alone, as the other tests write it
"$KABI" dump -o "$work/dbg53.xml" "$tdbg53" 2>/dev/null
cmp -s "$work/dbg53.xml" "$work/pkg53.xml"
result $? "6.1.0-53: the same as the baseline of the -dbg tree alone"

timed "53 -> 57 diff, unpacked trees" \
	"$KABI" diff "$tdbg53" "$tdbg57" >"$work/trees.txt" 2>/dev/null
want=$?
timed "53 -> 57 diff, packages" \
	"$KABI" diff --d1 "$dbg53" --d2 "$dbg57" "$img53" "$img57" \
	>"$work/pkgs.txt" 2>/dev/null
got=$?
echo "# exit status: trees $want, packages $got"
head -8 "$work/pkgs.txt" | sed 's/^/# /'
[ $want = 12 ] && [ $got = $want ] && cmp -s "$work/trees.txt" "$work/pkgs.txt"
result $? "6.1.0-53 -> 6.1.0-57: the packages' report is that of the trees"

"$KABI" diff "$work/pkg53.xml" "$work/pkg57.xml" >"$work/baselines.txt" 2>/dev/null
cmp -s "$work/trees.txt" "$work/baselines.txt"
result $? "and that of their baselines"

# 6.12: modules compressed (.ko.xz) in the image package, each checked
# against its debug file by build-id
p=linux-image-6.12.107+deb12-cloud-amd64
img=$(deb $p) && dbg=$(deb $p-dbg) && tdbg=$("$fetch" $p-dbg) || exit 1
"$KABI" exports "$tdbg" >"$work/612-tree.txt" 2>/dev/null
timed "6.12.107 exports, packages" \
	"$KABI" exports "$img" "$dbg" >"$work/612-pkg.txt" 2>"$work/err"
status=$?
grep -v ': warning: ' "$work/err" | head -5 | sed 's/^/# /'
[ $status = 0 ] && cmp -s "$work/612-tree.txt" "$work/612-pkg.txt"
result $? "6.12.107: the exports of image + dbg packages are those of the tree"
[ $failed = 0 ]
