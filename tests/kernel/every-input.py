#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Set one diff of a pair against the reference diff of the same pair.

  every-input.py REFERENCE.json GOT.json OLD-BTF.xml NEW-BTF.xml [--no-units]

REFERENCE is the diff of the two debug packages (DWARF, units known),
GOT the same pair from other inputs (BTF, Module.symvers; --no-units:
neither side knows units). GOT must have
the same exit status and the same exports changed, but for exports the
reference calls hidden from modversions (a type change under a kept CRC,
which only units can tell) that have no type on a side of GOT: BTF types
per-CPU variables only, and a Module.symvers none. Where neither side of
GOT knows units, no export is hidden from modversions. Prints a line of
counts and each exception with its reason; exits 1 on a violation.
"""
import json
import re
import sys


def typed(path):
    """Names of the exports a BTF baseline gives a type."""
    names = set()
    for line in open(path):
        if line.startswith("<symbol ") and ' type="' in line:
            names.add(re.search(r' name="([^"]*)"', line).group(1))
    return names


def changed(report):
    return {(s["name"], s["module"]): s for s in report["symbols"]
            if s["status"] == "changed"}


def main():
    ref = json.load(open(sys.argv[1]))
    got = json.load(open(sys.argv[2]))
    btf_typed = typed(sys.argv[3]) & typed(sys.argv[4])
    problems = []
    rs, gs = ref["summary"], got["summary"]
    if rs["exit_status"] != gs["exit_status"]:
        problems.append("exit status %d, the debug packages' %d"
                        % (gs["exit_status"], rs["exit_status"]))
    a, b = changed(ref), changed(got)
    for key in sorted(set(a) - set(b)):
        crc = a[key].get("crc", {}).get("class")
        untyped = not gs["types_compared"] or key[0] not in btf_typed
        if crc == "hidden-from-modversions" and untyped:
            print("documented: %s (%s): hidden from modversions in the "
                  "debug packages, no type on a side here" % key)
        else:
            problems.append("%s (%s) changed in the debug packages only"
                            % key)
    for key in sorted(set(b) - set(a)):
        problems.append("%s (%s) changed here only" % key)
    hidden = gs["crcs"].get("hidden", 0) if gs["crcs"]["compared"] else 0
    no_units = "--no-units" in sys.argv[5:]
    print("exit %d, changed %d (debug packages: %d), root causes %d "
          "(debug packages: %d), hidden %d"
          % (gs["exit_status"], len(b), len(a), gs["root_causes"],
             rs["root_causes"], hidden))
    if no_units and b and "units" not in gs:
        problems.append("the summary does not say units are not known")
    if hidden and no_units:
        problems.append("%d hidden from modversions with no units" % hidden)
    for p in problems:
        print("problem: " + p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
