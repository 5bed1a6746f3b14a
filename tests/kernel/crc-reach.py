#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Set kabi's changed exports against the kernel's CRCs, for one pair.

  crc-reach.py REPORT.json REPORT.txt OLD.symvers NEW.symvers

The exports kabi calls changed by a type (as their units see the types)
must be those whose CRC changed, but for exports it classifies as
hidden-from-modversions (a type change under a kept CRC) or crc-only (a
new CRC, no type change), each with a reason and named in the text
report. Prints one line of counts (a row of docs/comparison.md's table)
and each exception; exits 1 on a violation.
"""
import json
import sys


def symvers_changes(old, new):
    """(name, module) of every export whose CRC differs between the two."""
    def read(path):
        crcs = {}
        for line in open(path):
            f = line.rstrip("\n").split("\t")
            if len(f) >= 3:
                crcs[(f[1], f[2])] = f[0]
        return crcs
    a, b = read(old), read(new)
    return {k for k in a if k in b and a[k] != b[k]}


def main():
    report = json.load(open(sys.argv[1]))
    text = open(sys.argv[2]).read()
    symvers = symvers_changes(sys.argv[3], sys.argv[4])
    problems = []
    typed, crc, cls = set(), set(), {}
    for s in report["symbols"]:
        key = (s["name"], s["module"])
        if s["type_changed"]:
            typed.add(key)
        if any(c["rule"] == "crc-changed" for c in s["changes"]):
            crc.add(key)
        cls[key] = s.get("crc", {})
    if crc != symvers:
        problems.append("CRC changes: %d in the report, %d in Module.symvers"
                        % (len(crc), len(symvers)))
    kabi_only, crc_only = typed - crc, crc - typed
    for keys, want in ((kabi_only, "hidden-from-modversions"),
                       (crc_only, "crc-only")):
        for key in sorted(keys):
            c = cls.get(key, {})
            named = "\n    %s (%s) [hidden-from-modversions" % key in text \
                if want != "crc-only" else key[0] in text.split(
                    "CRC changed, no type change found")[-1]
            print("# %s: %s (%s): %s" % (want, key[0], key[1],
                                         c.get("text", "no reason")))
            if c.get("class") != want or "reason" not in c or not named:
                problems.append("%s (%s): %s, not %s with a reason in the "
                                "text" % (key[0], key[1], c, want))
    print("crc-changed %d, changed by a type %d, both %d, hidden %d, "
          "crc-only %d, root causes %d, beyond view %d reaching %d"
          % (len(crc), len(typed), len(typed & crc), len(kabi_only),
             len(crc_only), report["summary"]["root_causes"],
             report["summary"]["beyond_view"]["root_causes"],
             report["summary"]["beyond_view"]["symbols"]))
    for p in problems:
        print("problem: " + p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
