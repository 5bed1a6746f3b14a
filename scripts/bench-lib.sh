# SPDX-License-Identifier: GPL-2.0-or-later
# Shared by the benchmark scripts: sourced, needs $work (a scratch folder).

# measure NAME RUNS COMMAND...: run COMMAND once to warm the page cache,
# then RUNS times; print a Markdown table row with the median wall time
# and the largest peak RSS. A failing command is noted in the row.
measure() {
	name=$1
	runs=$2
	shift 2
	if [ "$runs" -gt 1 ]; then
		"$@" >/dev/null 2>&1 || true
	fi
	: >"$work/times"
	status=0
	i=0
	while [ $i -lt "$runs" ]; do
		/usr/bin/time -f "%e %M %x" -o "$work/t" "$@" >/dev/null 2>"$work/stderr" ||
			status=$?
		tail -1 "$work/t" >>"$work/times"
		i=$((i + 1))
	done
	sort -n "$work/times" | awk -v name="$name" -v runs="$runs" '
		{ t[NR] = $1; if ($2 > rss) rss = $2; if ($3 != 0) failed = $3 }
		END {
			printf "| %s | %.2f s | %.0f MiB |%s\n", name,
				t[int((NR + 1) / 2)], rss / 1024,
				failed ? " exit status " failed " |" : ""
		}'
}
