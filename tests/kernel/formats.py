#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""One verdict per root cause and per export, in every format.

  formats.py DIR

DIR holds one diff in each format: report.json, report.txt (text with
--list-exports), report.md (Markdown with --full), report.html, and
explain-NAME.txt with explain-NAME.status for some exports. The
severity of every root cause must be the same in each (in order), and
the severity of every export the same in JSON, in the text's flat list
and in kabi explain's exit status; each root cause kabi explain names
must carry the verdict the diff gives it. Prints counts; exits 1 on a
difference, naming it.
"""
import glob
import html
import json
import os
import re
import sys


def word(text):
    return "breaking" if "breaking" in text else "compatible"


def text_roots(path):
    roots = []
    for line in open(path):
        m = re.match(r" *\d+\. (.*?) \[(breaking|compatible)[^\]]*\]"
                     r"(, [^:]*)?: reaches", line)
        if m:
            roots.append((m.group(1), m.group(2)))
    return roots


def markdown_roots(path):
    roots = []
    for line in open(path):
        m = re.match(r"\| \d+ \| `(.*)` \| ([^|]*) \| [^|]* \| [^|]* \|$",
                     line.rstrip("\n"))
        if m:
            roots.append((m.group(1), word(m.group(2))))
    return roots


def html_roots(path):
    page = open(path).read()
    return [(html.unescape(t), c) for t, c in re.findall(
        r'<li class="root"><details><summary><b><code>(.*?)</code></b> '
        r'<span class="(breaking|compatible)">', page)]


def text_exports(path):
    exports, listing = {}, False
    for line in open(path):
        if line.startswith("Exports changed, one a line"):
            listing = True
            continue
        m = re.match(r"  (\S+) \((\S+)\) \[(breaking|compatible)\]", line)
        if listing and m:
            exports[(m.group(1), m.group(2))] = m.group(3)
    return exports


def main():
    folder = sys.argv[1]
    report = json.load(open(os.path.join(folder, "report.json")))
    roots = [(r["title"], r["severity"]) for r in report["root_causes"]]
    verdict = dict(roots)
    problems = []
    for name, got in (("text", text_roots(folder + "/report.txt")),
                      ("Markdown", markdown_roots(folder + "/report.md")),
                      ("HTML", html_roots(folder + "/report.html"))):
        if got != roots:
            diff = [(a, b) for a, b in zip(roots, got) if a != b]
            problems.append("%s: %d root causes, JSON %d; first "
                            "difference %s" % (name, len(got), len(roots),
                                               diff[:1]))
    exports = {(s["name"], s["module"]): s["severity"]
               for s in report["symbols"]}
    listed = text_exports(folder + "/report.txt")
    if listed != exports:
        bad = [k for k in exports if listed.get(k) != exports[k]]
        problems.append("text's list of exports: %d, JSON %d, %d differ "
                        "(%s)" % (len(listed), len(exports), len(bad),
                                  bad[:3]))
    explained = 0
    for path in sorted(glob.glob(folder + "/explain-*.txt")):
        name = os.path.basename(path)[len("explain-"):-len(".txt")]
        status = int(open(path[:-4] + ".status").read())
        want = [v for k, v in exports.items() if k[0] == name]
        if want and (status == 12) != (want[0] == "breaking"):
            problems.append("kabi explain %s: exit %d, the diff says %s"
                            % (name, status, want[0]))
        for line in open(path):
            m = re.match(r"  (.*) \[(breaking|compatible)\]$", line)
            if m and m.group(1) in verdict and \
                    verdict[m.group(1)] != m.group(2):
                problems.append("kabi explain %s: %s %s, the diff says %s"
                                % (name, m.group(1), m.group(2),
                                   verdict[m.group(1)]))
        explained += 1
    print("root causes %d (%d breaking) alike in JSON, text, Markdown and "
          "HTML; exports %d alike in JSON and text; %d explained"
          % (len(roots), sum(1 for r in roots if r[1] == "breaking"),
             len(exports), explained))
    for p in problems:
        print("problem: " + p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
