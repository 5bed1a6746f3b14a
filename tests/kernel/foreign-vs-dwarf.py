#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""kabi's diff of its own DWARF baseline of a kernel against another
tool's baseline of the same kernel (STG's .stg, libabigail's ABIXML):
only what that tool does not keep may differ.

Usage: foreign-vs-dwarf.py DIFF.json DWARF-BASELINE.xml

Exits 0 when every difference is one of: an export the DWARF describes no
C type of (assembly) that the tool leaves out; a parameter spelled
through another typedef of the same type (same-underlying-type,
compatible: both tools merge types that are the same underneath); the
two exports described by their assembly unit (__iowrite32_copy,
native_save_fl: BTF describes them so too). What ABIXML alone leaves
out (void's qualifiers, exported arrays' bounds, definitions it wrote
as declarations) is no change to kabi's comparison already. Prints what
it found.
"""
import json
import re
import sys

ASSEMBLY_TYPED = {"__iowrite32_copy", "native_save_fl"}

report = json.load(open(sys.argv[1]))
untyped = set()
for line in open(sys.argv[2]):
    m = re.match(r'\s*<symbol name="([^"]+)"(.*)', line)
    if m and " type=" not in m.group(2):
        untyped.add(m.group(1))
removed = {s["name"] for s in report["symbols"] if s["status"] == "removed"}
added = {s["name"] for s in report["symbols"] if s["status"] == "added"}
changed = {s["name"]: s["severity"] for s in report["symbols"] if s["status"] == "changed"}
rules = {c["rule"] for r in report["root_causes"] for c in r["changes"]}
bad = []
if added:
    bad.append("added: %s" % sorted(added))
if removed - untyped:
    bad.append("removed with a C type: %s" % sorted(removed - untyped))
breaking = {n for n, sev in changed.items() if sev == "breaking"}
if breaking - ASSEMBLY_TYPED:
    bad.append("breaking: %s" % sorted(breaking - ASSEMBLY_TYPED))
if rules - {"same-underlying-type", "type-replaced", "parameter-removed"}:
    bad.append("rules: %s" % sorted(rules))
print("# %d removed, all without a C type; %d changed (%d breaking: %s); rules %s"
      % (len(removed), len(changed), len(breaking), ", ".join(sorted(breaking)),
         ", ".join(sorted(rules))))
for b in bad:
    print("# " + b)
sys.exit(1 if bad else 0)
