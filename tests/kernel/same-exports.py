#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
# Two JSON reports of kabi diff: the same exports added and removed, and
# the same changes of the exports themselves (CRCs, export kinds,
# namespaces). Prints what differs, and exits 1 if anything does.
import json
import sys

RULES = {"crc-changed", "export-gpl-only", "export-not-gpl-only",
         "namespace-added", "namespace-removed", "namespace-changed",
         "module-moved"}


def export_changes(path):
    with open(path) as f:
        report = json.load(f)
    out = set()
    for s in report["symbols"]:
        if s["status"] != "changed":
            out.add((s["name"], s["module"], s["status"]))
        for c in s["changes"]:
            if c["rule"] in RULES:
                out.add((s["name"], s["module"], c["rule"], c.get("old"),
                         c.get("new")))
    return out


a, b = export_changes(sys.argv[1]), export_changes(sys.argv[2])
for x in sorted(a - b)[:10]:
    print("only in the first:", x)
for x in sorted(b - a)[:10]:
    print("only in the second:", x)
print("%d export changes in each" % len(a) if a == b else
      "%d and %d export changes" % (len(a), len(b)))
sys.exit(0 if a == b else 1)
