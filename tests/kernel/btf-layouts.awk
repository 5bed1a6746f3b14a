# SPDX-License-Identifier: GPL-2.0-or-later
# Print the layout of every named struct and union, one line per member:
#   KIND NAME SIZE INDEX MEMBER BIT-OFFSET BIT-SIZE
# from `bpftool btf dump file F format raw` (FORMAT=btf) or from a kabi
# baseline (FORMAT=kabi), so that the two can be compared with join.
function flush_type() { kind = "" }
FORMAT == "btf" && /^\[[0-9]+\] (STRUCT|UNION) '/ {
	kind = tolower($2)
	name = $3; gsub(/'/, "", name)
	if (name == "(anon)") { kind = ""; next }
	size = $4; sub(/size=/, "", size)
	index_ = 0
	print kind, name, size, "-", "-", "-", "-"
	next
}
FORMAT == "btf" && /^\[/ { kind = ""; next }
FORMAT == "btf" && kind != "" && /^\t'/ {
	m = $1; gsub(/'/, "", m)
	off = ""; bits = 0
	for (i = 2; i <= NF; i++) {
		if ($i ~ /^bits_offset=/) { off = $i; sub(/bits_offset=/, "", off) }
		if ($i ~ /^bitfield_size=/) { bits = $i; sub(/bitfield_size=/, "", bits) }
	}
	print kind, name, size, index_++, m, off, bits
	next
}
function attr(line, key,    r) {
	if (match(line, " " key "=\"[^\"]*\"")) {
		r = substr(line, RSTART + length(key) + 3, RLENGTH - length(key) - 4)
		return r
	}
	return ""
}
FORMAT == "kabi" && /^<(struct|union) / {
	kind = substr($1, 2)
	id = attr($0, "id"); name = attr($0, "name"); size = attr($0, "size")
	# only types named once, and defined
	if (name == "" || id ~ /#/ || $0 ~ /declaration="yes"/) { kind = ""; next }
	index_ = 0
	print kind, name, size, "-", "-", "-", "-"
	next
}
FORMAT == "kabi" && /^<\/(struct|union)>/ { kind = ""; next }
FORMAT == "kabi" && kind != "" && /^<member / {
	m = attr($0, "name"); if (m == "") m = "(anon)"
	off = attr($0, "offset")
	if (off != "") off = off * 8; else off = attr($0, "bit-offset")
	bits = attr($0, "bits"); if (bits == "") bits = 0
	print kind, name, size, index_++, m, off, bits
}
