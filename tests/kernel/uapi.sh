#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# The uapi types of a real kernel (Debian 6.1.0-57 cloud amd64), from
# `kabi dump --uapi`, against what is known without kabi: the struct,
# union and enum names the kernel's uapi headers define (grep over the
# linux-headers-common package, include/uapi and arch/x86/include/uapi)
# that vmlinux's BTF has too (bpftool). Each must be a uapi type of the
# baseline, but those the headers define for user space only, the kernel
# having its own (#ifndef __KERNEL__, #ifdef __i386__): pt_regs,
# sigaction, kexec_segment, stat64. Also: without --uapi the baseline
# has no uapi part; a symbol list keeps every uapi type; the baseline
# reads back to the same bytes.
# Then `kabi diff --uapi` of 6.1.0-53 -> 6.1.0-57 -> 6.12.107: the uapi
# types it finds changed in themselves are exactly those whose
# definition changed in the headers' text (uapi-text.py, which sets
# aside what DWARF cannot see) among the types both baselines have; but
# union __sifields in 6.12, whose text lost members under #ifdef
# __ia64__ that an x86 kernel never had.
# Prints TAP; run by `make check-kernel`.
set -u
. "$(dirname "$0")/tap.inc"

ver=6.1.0-57
echo "1..6"
set -- $("$fetch" "linux-image-$ver-cloud-amd64-dbg" "linux-headers-$ver-common") || exit 1
tree=$1
headers=$(ls -d "$2"/usr/src/linux-headers-*)
vmlinux=$(ls "$tree"/usr/lib/debug/boot/vmlinux-*)

start=$(date +%s.%N)
"$KABI" dump --uapi -o "$work/uapi.xml" "$tree" 2>/dev/null
status=$?
echo "# dumped with --uapi in $(echo "$(date +%s.%N) - $start" | bc) s"
"$KABI" dump -o "$work/plain.xml" "$tree" 2>/dev/null
uapi_types() { # BASELINE: "KIND NAME" of each type declared in a uapi header
	grep -oE '^<(struct|union|enum) id="[^"]*"[^>]*file="[^"]*uapi/' "$1" |
		sed -E 's/^<[a-z]+ id="([^"]*)".*/\1/' | LC_ALL=C sort -u
}
uapi_types "$work/uapi.xml" >"$work/kabi"
grep -rhoE '^(struct|union|enum) [A-Za-z_][A-Za-z0-9_]* \{' \
	"$headers/include/uapi" "$headers/arch/x86/include/uapi" |
	sed 's/ {$//' | LC_ALL=C sort -u >"$work/headers"
bpftool btf dump file "$vmlinux" format raw |
	awk '$2 == "STRUCT" || $2 == "UNION" || $2 == "ENUM" || $2 == "ENUM64" {
		n = $3; gsub("\047", "", n); k = tolower($2)
		if (k == "enum64") k = "enum"
		if (n != "(anon)") print k, n }' | LC_ALL=C sort -u >"$work/btf"
LC_ALL=C comm -12 "$work/headers" "$work/btf" >"$work/expected"
LC_ALL=C comm -23 "$work/expected" "$work/kabi" |
	grep -v -x -e 'struct pt_regs' -e 'struct sigaction' \
		-e 'struct kexec_segment' -e 'struct stat64' >"$work/missing"
echo "# $(wc -l <"$work/kabi") uapi types in the baseline ($(uapi_types "$work/plain.xml" | wc -l) without --uapi); $(wc -l <"$work/expected") named by the headers and in BTF; missing: $(wc -l <"$work/missing")"
sed 's/^/# missing: /' "$work/missing" | head -10
[ $status = 0 ] && [ -s "$work/expected" ] && [ ! -s "$work/missing" ]
result $? "$ver: every struct, union and enum of the uapi headers vmlinux has"

! grep -q 'uapi="yes"' "$work/plain.xml"
result $? "$ver: without --uapi, no uapi part"

awk -F'"' '/^<symbol / { print $2 }' "$work/plain.xml" | head -100 >"$work/list"
"$KABI" dump --uapi --symbols "$work/list" "$tree" 2>/dev/null |
	grep -oE '^<(struct|union|enum) id="[^"]*"[^>]*file="[^"]*uapi/' |
	sed -E 's/^<[a-z]+ id="([^"]*)".*/\1/' | LC_ALL=C sort -u |
	cmp -s - "$work/kabi"
result $? "$ver: a symbol list of 100 exports keeps every uapi type"

"$KABI" dump "$work/uapi.xml" | cmp -s - "$work/uapi.xml"
result $? "$ver: the --uapi baseline reads back to the same bytes"

# changed_by_text OLD NEW: the uapi types of both whose text changed
changed_by_text() {
	"$top/tests/kernel/uapi-text.py" "$(ls -d "$work/h-$1"/usr/src/*)" \
		"$(ls -d "$work/h-$2"/usr/src/*)" x86 | LC_ALL=C sort >"$work/text"
	uapi_types "$work/$1.xml" >"$work/in-old"
	uapi_types "$work/$2.xml" | LC_ALL=C comm -12 "$work/in-old" - |
		LC_ALL=C comm -12 "$work/text" -
}
# changed_by_kabi OLD NEW: those kabi finds changed in themselves
changed_by_kabi() {
	"$KABI" diff --uapi --format json "$work/$1.xml" "$work/$2.xml" |
		/usr/bin/python3 -c '
import json, sys
for c in json.load(sys.stdin)["uapi_types"]:
    if c["status"] == "changed" and "through" not in c:
        print(c["type"])' | LC_ALL=C sort
}
cp "$work/uapi.xml" "$work/6.1.0-57.xml"
for v in 6.1.0-53 6.12.107+deb12; do
	t=$("$fetch" "linux-image-$v-cloud-amd64-dbg") || exit 1
	"$KABI" dump --uapi -o "$work/$v.xml" "$t" 2>/dev/null
done
for v in 6.1.0-53 6.1.0-57 6.12.107+deb12; do
	h=$("$fetch" "linux-headers-$v-common") || exit 1
	ln -s "$h" "$work/h-$v"
done
for pair in "6.1.0-53 6.1.0-57" "6.1.0-57 6.12.107+deb12"; do
	set -- $pair
	changed_by_text "$1" "$2" >"$work/want"
	changed_by_kabi "$1" "$2" >"$work/got"
	LC_ALL=C comm -3 "$work/want" "$work/got" |
		grep -v -x '	*union __sifields' >"$work/differ"
	echo "# $1 -> $2: $(wc -l <"$work/got") uapi types changed in themselves, $(wc -l <"$work/want") by the headers' text"
	sed 's/^/# differ: /' "$work/differ" | head -10
	[ -s "$work/want" ] && [ ! -s "$work/differ" ]
	result $? "$1 -> $2: the uapi types changed, as the headers' text says"
done
[ $failed = 0 ]
