#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""The same two kernels diffed from DWARF and from BTF (kabi diff --format
json, each), with the new DWARF baseline: every root cause of the DWARF
diff that reaches an exported function is in the BTF diff (BTF has no
type for ordinary variables, so causes only variables reach may be
missing), and the export changes (added, removed, CRC) are the same.
Prints TAP comments; exits 1 on a difference."""
import json
import re
import sys

dw, bt = (json.load(open(f)) for f in sys.argv[1:3])
funcs = set(re.findall(r'<symbol name="([^"]+)" kind="function"', open(sys.argv[3]).read()))
btf_titles = {r['title'] for r in bt['root_causes']}
missing = [r['title'] for r in dw['root_causes']
           if r['title'] not in btf_titles and funcs & set(r['symbols'])]
def exports(d):
    out = set()
    for s in d['symbols']:
        for c in s['changes']:
            if c['rule'] in ('symbol-added', 'symbol-removed', 'crc-changed'):
                out.add((s['name'], c['rule'], c.get('new', '')))
    return out
ed, eb = exports(dw), exports(bt)
print("# %d root causes reach a function in the DWARF diff; %d missing from the BTF diff" % (
    sum(1 for r in dw['root_causes'] if funcs & set(r['symbols'])), len(missing)))
for m in missing: print("# missing:", m)
print("# export changes: %d from DWARF, %d from BTF, %d differ" % (len(ed), len(eb), len(ed ^ eb)))
sys.exit(1 if missing or ed ^ eb else 0)
