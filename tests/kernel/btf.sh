#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# kabi on a kernel package without DWARF: Debian's ordinary 6.12 cloud
# package (vmlinuz, .ko.xz modules with .BTF sections), whose types come
# from BTF, against its own -dbg package, read through DWARF:
#  - the tree dumps from BTF; the counts of exports with and without a
#    type are printed;
#  - every exported function BTF has a FUNC for has a type (bpftool reads
#    the same .BTF, from the -dbg vmlinux and from each module);
#  - every exported function left untyped is untyped in the DWARF dump
#    too (assembly, trampolines: no C definition);
#  - the DWARF and BTF dumps compare as no change, both ways;
#  - the BTF baseline reads back to the same bytes, and so does a dump
#    with one thread;
#  - vmlinux's .BTF as raw BTF (what /sys/kernel/btf/vmlinux gives when
#    this kernel runs) named beside the package: the same baseline; this
#    machine's own /sys/kernel/btf/vmlinux, another kernel's: refused.
# Then Debian's ordinary 6.1 packages, whose vmlinuz is compressed with
# lz4 and whose BTF pahole 1.24 wrote (a name may have several FUNCs):
#  - 6.1.0-57's .deb dumps from BTF, and compares with its -dbg package's
#    DWARF as no change, both ways; so does 6.1.0-53's;
#  - 6.1.0-53 -> 6.1.0-57 from the two .deb files finds every root cause
#    the DWARF diff finds that reaches a function, and the same export
#    changes (btf-vs-dwarf.py).
# Prints TAP; run by `make check-kernel`.
set -u
. "$(dirname "$0")/tap.inc"

ver=6.12.107+deb12-cloud-amd64
q="'"

symbols() { # BASELINE: "name module kind typed|untyped", one per export
	grep '^<symbol' "$1" | awk '{
		name = $0; sub(/.* name="/, "", name); sub(/".*/, "", name)
		mod = $0; sub(/.* module="/, "", mod); sub(/".*/, "", mod)
		kind = $0; sub(/.* kind="/, "", kind); sub(/".*/, "", kind)
		print name, mod, kind, (/ type="/ ? "typed" : "untyped")
	}' | sort
}

btf_functions() { # FILE [BASE]: "name module" of each FUNC, module in $mod
	bpftool btf dump file "$1" ${2:+-B "$2"} format raw 2>/dev/null |
		awk -v q="$q" -v m="$mod" '$2 == "FUNC" {
			n = $3; gsub(q, "", n); print n, m }'
}

echo "1..11"
plain=$("$fetch" "linux-image-$ver") || exit 1
dbg=$("$fetch" "linux-image-$ver-dbg") || exit 1
vmlinux=$dbg/usr/lib/debug/boot/vmlinux-$ver

start=$(date +%s.%N)
"$KABI" dump -o "$work/btf.xml" "$plain" 2>"$work/err"
status=$?
echo "# $ver without DWARF: dumped in $(echo "$(date +%s.%N) - $start" | bc) s"
sed 's/^/# /' "$work/err" | head -5
[ $status = 0 ] && grep -q 'types="btf"' "$work/btf.xml"
result $? "$ver: dump from BTF"

symbols "$work/btf.xml" >"$work/btf.syms"
awk '{ n[$3 " " $4]++ } END {
	for (k in n) print "# " n[k] " " k }' "$work/btf.syms" | sort -k3
awk '$3 == "function" && $4 == "untyped" { print $1, $2 }' \
	"$work/btf.syms" >"$work/untyped"
mod=vmlinux
{
	btf_functions "$vmlinux"
	find "$plain/lib/modules" -name '*.ko.xz' | while read -r m; do
		mod=${m#*/kernel/}
		mod=${mod%.ko.xz}
		xz -dc "$m" >"$work/m.ko" && btf_functions "$work/m.ko" "$vmlinux"
	done
} | sort -u >"$work/funcs"
comm -12 "$work/untyped" "$work/funcs" >"$work/missed"
echo "# $(wc -l <"$work/funcs") BTF FUNCs; $(wc -l <"$work/missed") exported with no type"
sed 's/^/# missed: /' "$work/missed" | head -5
[ -s "$work/funcs" ] && [ ! -s "$work/missed" ]
result $? "$ver: every exported function BTF has a FUNC for has a type"

start=$(date +%s.%N)
"$KABI" dump -o "$work/dwarf.xml" "$dbg" 2>/dev/null
echo "# $ver with DWARF: dumped in $(echo "$(date +%s.%N) - $start" | bc) s"
symbols "$work/dwarf.xml" |
	awk '$3 == "function" && $4 == "untyped" { print $1, $2 }' \
		>"$work/dwarf-untyped"
comm -23 "$work/untyped" "$work/dwarf-untyped" >"$work/unexplained"
echo "# $(wc -l <"$work/untyped") functions without type from BTF, $(wc -l <"$work/dwarf-untyped") from DWARF"
sed 's/^/# typed by DWARF only: /' "$work/unexplained" | head -5
[ ! -s "$work/unexplained" ]
result $? "$ver: every function BTF leaves untyped has no C type in DWARF either"

"$KABI" diff "$work/dwarf.xml" "$work/btf.xml" >"$work/report"
status=$?
grep -e exports: -e verdict "$work/report" | sed 's/^/# /'
result $status "$ver: DWARF -> BTF: no change"
"$KABI" diff "$work/btf.xml" "$work/dwarf.xml" >/dev/null
result $? "$ver: BTF -> DWARF: no change"

"$KABI" dump "$work/btf.xml" | cmp -s - "$work/btf.xml" &&
	"$KABI" dump -j1 "$plain" 2>/dev/null | cmp -s - "$work/btf.xml"
result $? "$ver: the BTF baseline reads back, and -j1 writes, the same bytes"

objcopy --dump-section .BTF="$work/vmlinux.btf" "$vmlinux" "$work/scratch.o"
"$KABI" dump "$plain" "$work/vmlinux.btf" 2>/dev/null | cmp -s - "$work/btf.xml"
result $? "$ver: its .BTF as raw BTF beside the package: the same baseline"
if [ -r /sys/kernel/btf/vmlinux ] && [ "$(uname -r)" != "$ver" ]; then
	"$KABI" dump "$plain" /sys/kernel/btf/vmlinux >/dev/null 2>"$work/err"
	status=$?
	sed 's/^/# /' "$work/err"
	[ $status = 1 ] && grep -q "not the BTF of" "$work/err"
	result $? "$ver: the running kernel's /sys/kernel/btf/vmlinux ($(uname -r)) refused"
else
	echo "ok $((n += 1)) - # SKIP no /sys/kernel/btf/vmlinux of another kernel"
fi

# deb PKG: the cached .deb of a package (fetched and unpacked if need be)
deb() {
	t=$("$fetch" "$1") || return 1
	ls "$(dirname "$(dirname "$t")")/debs/$1_"*.deb | head -1
}

for v in 53 57; do
	p=linux-image-6.1.0-$v-cloud-amd64
	img=$(deb $p) && dbg=$("$fetch" $p-dbg) || exit 1
	"$KABI" dump -o "$work/btf$v.xml" "$img" 2>"$work/err" &&
		"$KABI" dump -o "$work/dwarf$v.xml" "$dbg" 2>/dev/null
	status=$?
	sed 's/^.*warning: /# /' "$work/err"
	if [ $status = 0 ]; then
		"$KABI" diff "$work/dwarf$v.xml" "$work/btf$v.xml" >/dev/null &&
			"$KABI" diff "$work/btf$v.xml" "$work/dwarf$v.xml" >/dev/null
		status=$?
	fi
	result $status "6.1.0-$v: the lz4 vmlinuz's BTF and the -dbg DWARF: no change, both ways"
done

"$KABI" diff --format json "$work/dwarf53.xml" "$work/dwarf57.xml" >"$work/dwarf.json"
"$KABI" diff --format json "$work/btf53.xml" "$work/btf57.xml" >"$work/btf.json"
python3 "$top/tests/kernel/btf-vs-dwarf.py" "$work/dwarf.json" "$work/btf.json" \
	"$work/dwarf57.xml"
result $? "6.1.0-53 -> 57 from BTF: the DWARF diff's root causes that reach functions, the same export changes"

[ $failed -eq 0 ]
