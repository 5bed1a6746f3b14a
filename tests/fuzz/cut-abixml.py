#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""A closed cut of an ABIXML corpus: the named symbols, their declarations
and every type those reach, in one unit. For fuzzing seeds of real shape.

Usage: cut-abixml.py IN.abi OUT.abi SYMBOL...
"""
import sys
import xml.etree.ElementTree as ET
src, out = sys.argv[1], sys.argv[2]
want = set(sys.argv[3:])
root = ET.parse(src).getroot()
byid = {}
order = {}
for i, el in enumerate(root.iter()):
    order[id(el)] = i
    if 'id' in el.attrib and el.tag not in ('subrange',):
        byid.setdefault(el.attrib['id'], el)
decls = []
for instr in root.iter('abi-instr'):
    for el in instr:
        if el.tag in ('function-decl', 'var-decl') and el.attrib.get('elf-symbol-id') in want:
            decls.append(el)
seen = {}
def refs(el):
    for e in el.iter():
        for k in ('type-id', 'naming-typedef-id'):
            if k in e.attrib:
                yield e.attrib[k]
stack = [r for d in decls for r in refs(d)]
while stack:
    t = stack.pop()
    if t in seen or t not in byid:
        continue
    seen[t] = byid[t]
    stack.extend(refs(byid[t]))
syms = []
for grp in ('elf-function-symbols', 'elf-variable-symbols'):
    g = root.find(grp)
    if g is None: continue
    kept = [s for s in g if s.attrib['name'] in want]
    syms.append((grp, kept))
o = ET.Element('abi-corpus', root.attrib)
for grp, kept in syms:
    if kept:
        g = ET.SubElement(o, grp)
        g.extend(kept)
instr = ET.SubElement(o, 'abi-instr', {'address-size': '64', 'path': 'cut.c', 'language': 'LANG_C89'})
types = sorted(seen.values(), key=lambda e: order[id(e)])
# member types nested in a class are kept with their class; drop them at top level
nested = set()
for e in types:
    for m in e.iter():
        if m is not e and 'id' in m.attrib:
            nested.add(m.attrib['id'])
for e in types:
    if e.attrib['id'] not in nested:
        instr.append(e)
for d in decls:
    instr.append(d)
ET.indent(o)
open(out, 'w').write(ET.tostring(o, encoding='unicode') + '\n')
print(len(types), len(decls))
