#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Debian's own checker against kabi --debian-abi, decision by decision.

Debian's debian/bin/buildcheck.py (CheckAbi, as the package build runs
it, its config read from debian/config as gencontrol reads it) and kabi
judge the same two Module.symvers files for the same kernel: the exports
each lets fail must be the same, and so must the verdict. The cases: the
real update, and edits of NEW of each kind buildcheck compares, and
rule trees that scope rules to an arch, featureset or flavour, or that
use configparser's syntax where a quick reading would differ.

    debian-abi.py DEBIAN-DIR WORK-DIR OLD.symvers NEW.symvers [OLD NEW]...
The first pair's OLD is edited; every pair is compared as it is.
Prints TAP; KABI names kabi.
"""
import io
import json
import os
import shutil
import subprocess
import sys

DEBIAN, WORK = sys.argv[1:3]
PAIRS = list(zip(sys.argv[3::2], sys.argv[4::2]))
OLD, NEW = PAIRS[0]
KABI = os.environ.get("KABI", "kabi")
sys.path.insert(0, os.path.join(DEBIAN, "bin"))
from debian_linux import config as dlc  # noqa: E402
import buildcheck  # noqa: E402

SCHEMA = {"abi": {"ignore-changes": dlc.SchemaItemList()}}
CLOUD = ("amd64", "none", "cloud-amd64")
n = 0
failed = 0


def result(ok, what, detail=""):
    global n, failed
    n += 1
    if not ok:
        failed += 1
    print("%s %d - %s" % ("ok" if ok else "not ok", n, what))
    if not ok and detail:
        for line in detail.splitlines()[:12]:
            print("# " + line)


def buildcheck_decide(config_dir, old, new, kernel):
    """buildcheck's verdict (0 passes) and the exports it fails."""
    checker = buildcheck.CheckAbi.__new__(buildcheck.CheckAbi)
    checker.config = dlc.ConfigCoreHierarchy(SCHEMA, [config_dir])
    checker.arch, checker.featureset, checker.flavour = kernel
    checker.filename_new, checker.filename_ref = new, old
    out = io.StringIO()
    status = checker(out)
    failing, section = set(), None
    for line in out.getvalue().splitlines():
        if line.endswith("symbols:"):
            section = line
            continue
        if line.startswith(("ABI ", "New symbols", "No ABI", "Can't")):
            section = None  # a verdict line
        if not line.strip() or section is None:
            continue
        name, info = line.split(None, 1) if " " in line else (line, "")
        if section == "Unversioned symbols:":
            failing.add(name)
        elif section in ("Changed symbols:", "Removed symbols:") and \
                not info.startswith("ignored"):
            failing.add(name)
    return status, failing


def kabi_decide(config_dir, old, new, scope=None):
    """kabi's exit status and the exports its report fails."""
    args = [KABI, "diff", "--format", "json", "--full", "--debian-abi",
            config_dir]
    if scope:
        args += ["--debian-scope", "/".join(scope)]
    p = subprocess.run(args + [old, new], capture_output=True, text=True)
    if p.returncode & 1:
        return p.returncode, None, p.stderr.strip()
    report = json.loads(p.stdout)
    failing = set(s["name"] for s in report["symbols"]
                  if s["severity"] == "breaking")
    return p.returncode, failing, p.stderr.strip()


def compare(what, config_dir, old, new, kernel=CLOUD, scope=None):
    """Both tools on one case: the same verdict, the same exports."""
    bstatus, bfail = buildcheck_decide(config_dir, old, new, kernel)
    kstatus, kfail, err = kabi_decide(config_dir, old, new, scope)
    if kfail is None:
        result(False, what, "kabi failed: " + err)
        return
    same = (bstatus != 0) == (kstatus == 12) and bfail == kfail
    detail = "buildcheck %d, %d failing; kabi %d, %d failing\n" % (
        bstatus, len(bfail), kstatus, len(kfail))
    detail += "only buildcheck: %s\nonly kabi: %s" % (
        sorted(bfail - kfail)[:8], sorted(kfail - bfail)[:8])
    result(same, "%s: %s, %d exports fail" % (
        what, "fails" if bstatus else "passes", len(bfail)), detail)


def read_symvers(path):
    with open(path) as f:
        return [line.rstrip("\n").split("\t") for line in f]


def write_symvers(path, lines):
    with open(path, "w") as f:
        for fields in lines:
            f.write("\t".join(fields) + "\n")


def edited(name, edit):
    """OLD with one edit, its only change: edit(lines) changes the list
    in place. The folder names the release, as a headers package's does."""
    lines = read_symvers(OLD)
    edit(lines)
    folder = os.path.join(WORK, name, os.path.basename(os.path.dirname(OLD)))
    os.makedirs(folder)
    path = os.path.join(folder, "Module.symvers")
    write_symvers(path, lines)
    return path


def first(lines, test):
    return next(f for f in lines if test(f))


def tree_copy(name, edit):
    """debian/config copied, then edit(root) changes it."""
    root = os.path.join(WORK, name)
    shutil.copytree(os.path.join(DEBIAN, "config"), root)
    edit(root)
    return root


def append(path, text):
    with open(path, "a") as f:
        f.write(text)


def main():
    config = os.path.join(DEBIAN, "config")
    print("1..%d" % (12 + 2 * len(PAIRS)))
    for old, new in PAIRS:
        what = "%s -> %s" % tuple(os.path.basename(os.path.dirname(p))
                                  for p in (old, new))
        compare(what, config, old, new)
        # the rt featureset's "ignore-changes: *" is for rt kernels alone
        compare(what + " as an rt kernel", config, old, new,
                ("amd64", "rt", "amd64"), ("amd64", "rt", "amd64"))

    # an export unchanged in both: the edits below are its only change
    kept = {f[1] for f in read_symvers(OLD)} & {f[1] for f in read_symvers(NEW)}
    old_lines = {f[1]: f for f in read_symvers(OLD)}
    same = sorted(n for n in kept if old_lines[n] == first(
        read_symvers(NEW), lambda f, n=n: f[1] == n))

    def pick(test):
        return next(n for n in same if test(old_lines[n]))

    gpl = pick(lambda f: f[3] == "EXPORT_SYMBOL_GPL" and f[2] == "vmlinux")
    spaced = pick(lambda f: len(f) > 4 and f[4])
    plain = pick(lambda f: f[3] == "EXPORT_SYMBOL" and f[2] == "vmlinux")
    moved = pick(lambda f: f[2] != "vmlinux")

    def set_field(name, k, value):
        def edit(lines):
            first(lines, lambda f: f[1] == name)[k] = value
        return edit

    compare("a module move (buildcheck: no change)", config, OLD,
            edited("moved", set_field(moved, 2, "drivers/other/place")))
    compare("a GPL-only export made laxer", config, OLD,
            edited("laxer", set_field(gpl, 3, "EXPORT_SYMBOL")))
    compare("an export's namespace removed", config, OLD,
            edited("nons", set_field(spaced, 4, "")))
    compare("an export put in a namespace", config, OLD,
            edited("ns", set_field(plain, 4, "SOME_NS")))
    compare("a CRC become 0 (unversioned)", config, OLD,
            edited("zero", set_field(plain, 0, "0x00000000")))

    # the flavour's section: for cloud-amd64, not for amd64
    def flavour_rule(root):
        append(os.path.join(root, "amd64", "defines"),
               "\n[cloud-amd64_abi]\nignore-changes:\n %s\n" % gpl)
    flav = tree_copy("flavour", flavour_rule)
    laxer = edited("laxer2", set_field(gpl, 3, "EXPORT_SYMBOL"))
    compare("[cloud-amd64_abi] on a cloud kernel", flav, OLD, laxer)
    compare("[cloud-amd64_abi] on an amd64 kernel", flav, OLD, laxer,
            ("amd64", "none", "amd64"), ("amd64", "none", "amd64"))

    # an arch's featureset file: for that featureset only
    def rt_rule(root):
        append(os.path.join(root, "amd64", "rt", "defines"),
               "\n[abi]\nignore-changes:\n %s\n" % gpl)
    compare("amd64/rt/defines on a cloud kernel",
            tree_copy("rt", rt_rule), OLD, laxer)

    # configparser: no inline comment, keys in any case
    def inline(root):
        append(os.path.join(root, "amd64", "none", "defines"),
               "\n[abi]\nIgnore-Changes: dummy # %s\n" % gpl)
    compare("an inline '#' and a capital key",
            tree_copy("inline", inline), OLD, laxer)

    # a later file's ignore-changes of one scope replaces an earlier's:
    # amd64/rt/defines' [abi] replaces amd64/defines' [rt_abi] (and the
    # rt featureset's own '*' is taken away to show it)
    def replaced(root):
        with open(os.path.join(root, "featureset-rt", "defines"), "w") as f:
            f.write("[description]\nparts: rt\n")
        append(os.path.join(root, "amd64", "defines"),
               "\n[rt_abi]\nignore-changes:\n %s\n" % gpl)
        append(os.path.join(root, "amd64", "rt", "defines"),
               "\n[abi]\nignore-changes: nothing_of_the_kind\n")
    compare("[rt_abi] of amd64/defines replaced by amd64/rt/defines",
            tree_copy("replaced", replaced), OLD, laxer,
            ("amd64", "rt", "amd64"), ("amd64", "rt", "amd64"))

    # a module pattern reads the new module; '**' across parts
    def modules(root):
        append(os.path.join(root, "amd64", "none", "defines"),
               "\n[abi]\nignore-changes:\n module:drivers/**\n"
               " module:fs/*\n")
    compare("module patterns, '*' and '**'",
            tree_copy("modules", modules), OLD, NEW)
    # a whole featureset-rt tree given: still only rt kernels
    compare("an unversioned export that ignore-changes names",
            tree_copy("zero-ignored", lambda root: append(
                os.path.join(root, "amd64", "none", "defines"),
                "\n[abi]\nignore-changes: %s\n" % plain)),
            OLD, edited("zero2", set_field(plain, 0, "0x00000000")))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
