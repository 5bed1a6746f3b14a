#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""A closed cut of an STG file (.stg): the named symbols and every node
they reach, under a root interface of them alone. For fuzzing seeds of
real shape.

Usage: cut-stg.py IN.stg OUT.stg SYMBOL...
"""
import re,sys
text=open(sys.argv[1]).read()
blocks=[];cur=[];depth=0
for line in text.split('\n'):
    if not line: continue
    if depth==0 and not line.endswith('{'):
        blocks.append(line); continue
    cur.append(line)
    depth+=line.count('{')-line.count('}')
    if depth==0:
        blocks.append('\n'.join(cur)); cur=[]
byid={}
for b in blocks:
    m=re.search(r'^\s*id: (0x[0-9a-f]+)',b,re.M)
    if m and '{' in b: byid[m.group(1)]=b
want=sys.argv[3:]
syms=[]
for b in blocks:
    if b.startswith('elf_symbol {'):
        n=re.search(r'name: "([^"]*)"',b).group(1)
        if n in want: syms.append(re.search(r'id: (0x[0-9a-f]+)',b).group(1))
seen=set();q=list(syms)
while q:
    i=q.pop()
    if i in seen: continue
    seen.add(i)
    for r in re.findall(r'_id: (0x[0-9a-f]+)',byid[i]): q.append(r)
out=[blocks[0]]
iface=[b for b in blocks if b.startswith('interface {')][0]
iid=re.search(r'id: (0x[0-9a-f]+)',iface).group(1)
out.append('root_id: '+iid)
for b in blocks:
    m=re.search(r'^\s*id: (0x[0-9a-f]+)',b,re.M)
    if m and m.group(1) in seen: out.append(b)
out.append('interface {\n  id: %s\n'%iid+''.join('  symbol_id: %s\n'%s for s in sorted(syms))+'}')
s='\n'.join(out)+'\n'
open(sys.argv[2],'w').write(s)
print(len(s), len(seen), len(syms))
