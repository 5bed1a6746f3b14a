#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Robustness: kabi reads damaged copies of the fixture kernel's files, cut
# at random lengths or with random bytes changed, and must answer each
# with success or a clear error (exit status 0 or 1, every line on
# standard error naming the file), never a crash, a hang or a sanitizer
# report. Seeds are fixed, so a failure can be replayed with
#   mutate truncate SEED FILE OUT   or   mutate flip SEED 8 FILE OUT
# (1 instead of 8 for baseline.xml).
# FUZZ_ROUNDS sets the number of seeds per file and kind (default 100).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
KABI=${KABI:-$top/build/kabi}
TOOLS=${TOOLS:-$(dirname "$KABI")/tests/tools}
rounds=${FUZZ_ROUNDS:-100}
work=$(mktemp -d "${TMPDIR:-/tmp}/kabi-fuzz.XXXXXX")
trap 'rm -rf "$work"' EXIT
export ASAN_OPTIONS=${ASAN_OPTIONS:-exitcode=86}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-exitcode=86:print_stacktrace=1}

"$top/tests/fixtures/build-kernel" "$top/tests/fixtures/kernels/basic" \
	"$work/pkg" >/dev/null
mods=$work/pkg/usr/lib/debug/lib/modules/6.1.0-kabi/kernel
cp "$work/pkg/usr/lib/debug/boot/vmlinux-6.1.0-kabi" "$work/vmlinux"
cp "$mods/fs/demo/demo.ko" "$work/demo.ko"
xz -k --check=crc32 "$work/demo.ko"
"$top/tests/fixtures/build-kernel" "$top/tests/fixtures/kernels/types" \
	"$work/types" >/dev/null
"$KABI" dump -o "$work/baseline.xml" "$work/types"
# a file rich in DWARF, for the DWARF reader ("dwarf-" files are dumped)
cp "$work/types/usr/lib/debug/boot/vmlinux-6.1.0-kabi" "$work/dwarf-vmlinux"

# check KIND FILE SEED: damage FILE, run kabi, print a problem if any
check() {
	kind=$1 file=$2 seed=$3
	name=$(basename "$file")
	out=$work/damaged/$name
	mkdir -p "$work/damaged"
	case $kind in
	truncate) "$TOOLS/mutate" truncate "$seed" "$file" "$out" ;;
	flip)	# one byte in a baseline, so that some still read and are diffed
		case $name in
		*.xml) count=1 ;;
		*) count=8 ;;
		esac
		"$TOOLS/mutate" flip "$seed" $count "$file" "$out" ;;
	esac
	case $name in
	*.xml|dwarf-*) command="dump -o out.xml" ;;
	*) command="exports --long" ;;
	esac
	rm -f "$work/damaged/out.xml"
	(cd "$work/damaged" && timeout 20 "$KABI" $command "$name" \
		>"$work/stdout" 2>"$work/stderr")
	status=$?
	case $status in
	0|1) ;;
	*) echo "seed $seed: exit status $status"; return ;;
	esac
	# a damaged baseline that still reads is compared with the good one
	if [ $status = 0 ] && [ "$name" = baseline.xml ]; then
		(cd "$work/damaged" && timeout 20 "$KABI" diff --full \
			"$work/baseline.xml" "$name" >/dev/null 2>"$work/stderr")
		case $? in
		0|4|12) ;;
		*) echo "seed $seed: diff exit status $?"; return ;;
		esac
	fi
	if grep -q -e Sanitizer -e 'runtime error' "$work/stderr"; then
		echo "seed $seed: sanitizer report"
		return
	fi
	if [ $kind = truncate ] && [ $status != 1 ]; then
		echo "seed $seed: a cut file was accepted"
		return
	fi
	if grep -v -e "^$name:" -e '^kabi: warning' "$work/stderr" | grep -q .; then
		echo "seed $seed: a message does not name the file"
		return
	fi
	if [ $status = 1 ] && [ -e "$work/damaged/out.xml" ] &&
		grep -q "\.xml:" "$work/stderr"; then
		echo "seed $seed: a damaged baseline was written out"
		return
	fi
	if awk -F'\t' 'NF != 8 { bad = 1 } END { exit !bad }' "$work/stdout"; then
		echo "seed $seed: malformed output line"
		return
	fi
}

echo "1..10"
i=0
for kind in truncate flip; do
	for file in "$work/vmlinux" "$work/demo.ko" "$work/demo.ko.xz" \
		"$work/baseline.xml" "$work/dwarf-vmlinux"; do
		i=$((i + 1))
		problems=
		seed=1
		while [ $seed -le $rounds ]; do
			p=$(check $kind "$file" $seed)
			[ -n "$p" ] && problems="$problems$p
"
			seed=$((seed + 1))
		done
		if [ -z "$problems" ]; then
			echo "ok $i - $kind $(basename "$file"), $rounds seeds"
		else
			echo "not ok $i - $kind $(basename "$file")"
			printf '%s' "$problems" | head -20 | sed 's/^/# /'
		fi
	done
done
