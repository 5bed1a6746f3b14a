#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""kabi's diff of libabigail's ABIXML of two vmlinux files against kabi's
diff of its own DWARF baselines of the same two: the same answer, within
what ABIXML keeps.

Usage: abixml.py ABIXML-DIFF.json DWARF-DIFF.json

Prints TAP lines (no plan): the same exports added and removed; every
export ABIXML calls changed DWARF calls changed, and those it does not
are exported arrays whose bound changed (ABIXML keeps the header's
"extern x[]"); every root cause of either is the other's with the same
severity, but for those explained by what ABIXML leaves out: an array
variable's bound, a compatible change of a type ABIXML wrote as a
declaration or not at all, and the compatible spellings libabigail
merges (same-underlying-type).
"""
import json
import sys

abixml = json.load(open(sys.argv[1]))
dwarf = json.load(open(sys.argv[2]))
n = 0


def result(ok, what, detail=""):
    global n
    n += 1
    print("%s %d - %s" % ("ok" if ok else "not ok", n, what))
    if detail and not ok:
        print("# " + detail)


def by_status(report):
    out = {}
    for s in report["symbols"]:
        out.setdefault(s["status"], set()).add(s["name"])
    return out


def roots(report):
    return {r["title"]: r for r in report["root_causes"]}


def rules(root):
    return {c["rule"] for c in root["changes"]}


a, d = by_status(abixml), by_status(dwarf)
for status in ("added", "removed"):
    result(a.get(status, set()) == d.get(status, set()),
           "the same %d exports %s" % (len(d.get(status, set())), status),
           "ABIXML only %s, DWARF only %s" % (
               sorted(a.get(status, set()) - d.get(status, set()))[:10],
               sorted(d.get(status, set()) - a.get(status, set()))[:10]))

ra, rd = roots(abixml), roots(dwarf)
array_roots = {t for t, r in rd.items()
               if t.startswith("type of ") and rules(r) == {"array-bounds"}}
arrays = {t[len("type of "):] for t in array_roots}
only_dwarf = set(d.get("changed", set())) - set(a.get("changed", set()))
only_abixml = set(a.get("changed", set())) - set(d.get("changed", set()))
result(not only_abixml and only_dwarf <= arrays,
       "%d exports changed by ABIXML, all of them by DWARF; the %d others "
       "are arrays whose bound ABIXML does not keep" % (
           len(a.get("changed", set())), len(only_dwarf)),
       "ABIXML only %s; DWARF only, not arrays %s" % (
           sorted(only_abixml)[:10], sorted(only_dwarf - arrays)[:10]))

unexplained = []
for t in sorted(set(rd) - set(ra)):
    if t in array_roots or rd[t]["severity"] == "compatible":
        continue
    unexplained.append("DWARF only: " + t)
for t in sorted(set(ra) - set(rd)):
    if rules(ra[t]) != {"same-underlying-type"}:
        unexplained.append("ABIXML only: " + t)
for t in sorted(set(ra) & set(rd)):
    if ra[t]["severity"] != rd[t]["severity"]:
        unexplained.append("%s: %s, %s" % (t, ra[t]["severity"],
                                           rd[t]["severity"]))
common = len(set(ra) & set(rd))
result(not unexplained,
       "%d root causes in both, with the same severities; %d of DWARF's "
       "and %d of ABIXML's explained by what ABIXML leaves out" % (
           common, len(set(rd) - set(ra)), len(set(ra) - set(rd))),
       "; ".join(unexplained[:10]))
