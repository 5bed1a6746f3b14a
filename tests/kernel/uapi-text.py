#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
#
# The struct, union and enum definitions of two kernels' uapi headers
# whose text changed, read without kabi: the bodies compared with
# comments, spacing and what DWARF cannot see set aside (preprocessor
# lines, that is the constants of flags and ioctls; __counted_by
# annotations; a [0] array of a union written with __DECLARE_FLEX_ARRAY).
#   uapi-text.py OLD-HEADERS NEW-HEADERS ARCH
# HEADERS: the usr/src/linux-headers-* folder of linux-headers-VER-common.
import os
import re
import sys


def normalize(body):
    body = re.sub(r"__DECLARE_FLEX_ARRAY\(\s*([^,]+?)\s*,\s*(\w+)\s*\)",
                  r"\1 \2[0]", body)
    body = re.sub(r"\s*__counted_by\(\w+\)", "", body)
    return " ".join(body.split())


def definitions(top, arch):
    out = {}
    for sub in ("include/uapi", "arch/%s/include/uapi" % arch):
        for dirpath, _, files in os.walk(os.path.join(top, sub)):
            for f in files:
                if not f.endswith(".h"):
                    continue
                text = open(os.path.join(dirpath, f), errors="replace").read()
                text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
                text = re.sub(r"//[^\n]*", " ", text)
                text = re.sub(r"\\\n", " ", text)
                text = re.sub(r"^[ \t]*#[^\n]*", " ", text, flags=re.M)
                for m in re.finditer(r"^[ \t]*(struct|union|enum)\s+(\w+)\s*\{",
                                     text, re.M):
                    depth, i = 0, m.end() - 1
                    while i < len(text):
                        if text[i] == "{":
                            depth += 1
                        elif text[i] == "}":
                            depth -= 1
                            if depth == 0:
                                break
                        i += 1
                    name = "%s %s" % (m.group(1), m.group(2))
                    out.setdefault(name, set()).add(normalize(text[m.end():i]))
    return out


def main():
    old = definitions(sys.argv[1], sys.argv[3])
    new = definitions(sys.argv[2], sys.argv[3])
    for name in sorted(set(old) & set(new)):
        if old[name] != new[name]:
            print(name)


main()
