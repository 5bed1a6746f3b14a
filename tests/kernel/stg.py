#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""kabi's diff of two STG baselines against stgdiff's own report of them.

Usage: stg.py KABI.json STGDIFF-SHORT

Prints TAP lines (without the plan): the exports removed and added are
the same names; every type stgdiff reports changed is a root cause of
kabi's, or holds one at a member (kabi pins a changed function type or
anonymous member to the member that holds it); and the verdict is
breaking.
"""
import json
import re
import sys


def symbol_name(signature):
    """The name in an STG signature: 'int f(int)', 'struct s* v', 'f'."""
    sig = re.sub(r"\{[^}]*\}", "", signature)  # STG's {const>} notes
    sig = re.sub(r"\[[0-9]*\]", "", sig)
    m = re.search(r"([A-Za-z_][A-Za-z0-9_]*)\(", sig)
    if m:
        return m.group(1)
    return re.findall(r"[A-Za-z_][A-Za-z0-9_]*", sig)[-1]


def stg_report(path):
    removed, added, types = set(), set(), set()
    current = None
    for line in open(path):
        line = line.rstrip("\n")
        m = re.match(r"\d+ (function|variable) symbol\(s\) (removed|added)", line)
        if m:
            current = removed if m.group(2) == "removed" else added
            continue
        m = re.match(r"  '(.*)'$", line)
        if m and current is not None:
            current.add(symbol_name(m.group(1)))
            continue
        current = None
        m = re.match(r"type '(.*)' changed", line)
        if m:
            types.add(m.group(1))
    return removed, added, types


def main():
    report = json.load(open(sys.argv[1]))
    removed, added, types = stg_report(sys.argv[2])
    kabi_removed = {s["name"] for s in report["symbols"] if s["status"] == "removed"}
    kabi_added = {s["name"] for s in report["symbols"] if s["status"] == "added"}
    roots = {r["title"] for r in report["root_causes"]}
    n = 0

    def result(ok, what, detail=""):
        nonlocal n
        n += 1
        print("%sok %d - %s" % ("" if ok else "not ", n, what))
        if detail and not ok:
            print("# " + detail)

    result(kabi_removed == removed,
           "exports removed: %d, as stgdiff's %d" % (len(kabi_removed), len(removed)),
           "only kabi: %s; only STG: %s" % (sorted(kabi_removed - removed), sorted(removed - kabi_removed)))
    result(kabi_added == added,
           "exports added: %d, as stgdiff's %d" % (len(kabi_added), len(added)),
           "only kabi: %s; only STG: %s" % (sorted(kabi_added - added), sorted(added - kabi_added)))
    # stgdiff names the type that holds a changed function type (a
    # member's function pointer, an anonymous member); kabi pins that
    # root cause to the member: "struct cxl_decoder::reset (...)"
    pinned = {t for t in types - roots
              if any(r.startswith(t + "::") for r in roots)}
    missing = sorted(types - roots - pinned)
    result(not missing,
           "types stgdiff reports changed: %d, %d of them kabi's root causes, "
           "%d its roots at one of their members" %
           (len(types), len(types & roots), len(pinned)),
           "neither: %s" % missing)
    result(report["summary"]["breaking"], "the verdict is breaking, as stgdiff's exit status 4")
    return n


if __name__ == "__main__":
    main()
