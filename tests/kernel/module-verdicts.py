#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Whether each module of a folder would load into a kernel, computed
# without kabi: its imports from `nm -u` (weak ones marked 'w') and
# `modprobe --dump-modversions`, its licence and imported namespaces from
# `modinfo`, and the kernel's exports from its Module.symvers. Prints one
# line per problem, "MODULE SYMBOL PROBLEM", sorted: the lines that
# `kabi diff --modules` must give.
#   module-verdicts.py MODULES-DIR NEW-Module.symvers
import os
import subprocess
import sys

GPL = {"GPL", "GPL v2", "GPL and additional rights", "Dual BSD/GPL",
       "Dual MIT/GPL", "Dual MPL/GPL"}


def run(*args):
    return subprocess.run(args, check=True, capture_output=True,
                          text=True).stdout


def read_symvers(path):
    exports, modules = {}, set()
    with open(path) as f:
        for line in f:
            crc, name, module, kind, ns = line.rstrip("\n").split("\t")[:5]
            exports[name] = (int(crc, 16), kind == "EXPORT_SYMBOL_GPL", ns)
            modules.add(module)
    return exports, modules


def module_files(top):
    for root, _, files in os.walk(top):
        for f in files:
            if f.endswith(".ko"):
                path = os.path.join(root, f)
                yield os.path.relpath(path, top)[:-3], path


def imports_of(path):
    weak, strong = set(), set()
    for line in run("nm", "-u", path).splitlines():
        kind, name = line.split()
        (weak if kind == "w" else strong).add(name)
    crcs = {}
    for line in run("/sbin/modprobe", "--dump-modversions", path).splitlines():
        crc, name = line.split("\t")
        crcs[name] = int(crc, 16)
    names = strong | weak | set(crcs)
    return {n: (n in weak and n not in strong, crcs.get(n)) for n in names}


def modinfo(path, field):
    return run("/sbin/modinfo", "-F", field, path).splitlines()


def main():
    top, symvers = sys.argv[1], sys.argv[2]
    exports, kernel_modules = read_symvers(symvers)
    problems = []
    files = sorted(module_files(top))
    own = {}
    for module, path in files:
        for line in run("nm", "--defined-only", path).splitlines():
            parts = line.split()
            if len(parts) == 3 and parts[2].startswith("__ksymtab_"):
                own.setdefault(parts[2][len("__ksymtab_"):], module)
    for module, path in files:
        licence = (modinfo(path, "license") or [""])[0]
        namespaces = set(modinfo(path, "import_ns"))
        for name, (weak, crc) in sorted(imports_of(path).items()):
            if name not in exports:
                provider = own.get(name)
                if provider and provider not in kernel_modules:
                    continue
                if not weak:
                    problems.append((module, name, "not-exported"))
                continue
            kcrc, gpl, ns = exports[name]
            if crc is not None and crc != kcrc:
                problems.append((module, name, "crc-mismatch"))
            if gpl and licence not in GPL:
                problems.append((module, name, "gpl-only"))
            if ns and ns not in namespaces:
                problems.append((module, name, "namespace-not-imported"))
    for p in sorted(problems):
        print(*p)


main()
