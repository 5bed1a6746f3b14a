#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Circles among src/'s files, from their objects' symbols.

  file-circles.py BUILD

A file depends on another when its object uses a symbol the other's
defines (nm: U against T, D, B, R). Files that depend on each other,
directly or round a longer circle, cannot be read one after the other;
each circle found is printed, its files sorted, one a line, and the
exit status is 1.
"""
import collections
import glob
import os
import subprocess
import sys


def graph(build):
    defined, used = {}, collections.defaultdict(set)
    objs = sorted(glob.glob(os.path.join(build, "src", "**", "*.o"),
                            recursive=True))
    for obj in objs:
        name = os.path.relpath(obj, build)[:-2] + ".c"
        out = subprocess.run(["nm", obj], capture_output=True,
                             text=True, check=True).stdout
        for line in out.splitlines():
            f = line.split()
            if len(f) == 3 and f[1] in "TDBRGSV":
                defined[f[2]] = name
            elif len(f) == 2 and f[0] == "U":
                used[name].add(f[1])
    edges = {os.path.relpath(o, build)[:-2] + ".c": set() for o in objs}
    for name, syms in used.items():
        edges[name] |= {defined[s] for s in syms
                        if s in defined and defined[s] != name}
    return edges


def circles(edges):
    """Strongly connected components of more than one file (Tarjan's)."""
    index, low, on, stack, found = {}, {}, set(), [], []
    counter = [0]

    def visit(v):
        work = [(v, iter(sorted(edges[v])))]
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        while work:
            u, it = work[-1]
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(edges[w]))))
                    break
                if w in on:
                    low[u] = min(low[u], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[u])
                if low[u] == index[u]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on.discard(w)
                        comp.append(w)
                        if w == u:
                            break
                    if len(comp) > 1:
                        found.append(" ".join(sorted(comp)))
    for v in sorted(edges):
        if v not in index:
            visit(v)
    return sorted(found)


def main():
    found = circles(graph(sys.argv[1]))
    for c in found:
        print("circle: " + c)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
