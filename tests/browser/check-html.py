#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
#
# The HTML report of `kabi diff --format html`, in a real browser
# (Debian's chromium, headless, driven by chromium-driver through
# python3-selenium; nothing is downloaded): the page loads with no
# console message; the root causes it shows are as many as the JSON
# report's; the filter box narrows and widens the list; an opened root
# cause shows a path from an export; an export's name, listed on the page
# or not, shows every root cause the JSON report says reaches it, each
# saying it matched; with --modules, the modules' verdicts are there.
# --max-load S: the page must load within S seconds. Prints TAP.
#   check-html.py [--max-load S] REPORT.html REPORT.json [EXPORT...]
import json
import sys

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

n = 0
failed = 0


def ok(cond, what):
    global n, failed
    n += 1
    if not cond:
        failed += 1
    print("%sok %d - %s" % ("" if cond else "not ", n, what))


def browser():
    opts = Options()
    opts.binary_location = "/usr/bin/chromium"
    for flag in ("--headless", "--no-sandbox", "--disable-gpu",
                 "--disable-quic", "--no-first-run",
                 "--disable-background-networking",
                 "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage"):
        opts.add_argument(flag)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"),
                            options=opts)


def visible_roots(driver):
    return [r for r in driver.find_elements(By.CSS_SELECTOR, "li.root")
            if r.is_displayed()]


def exports_to_try(report, named):
    """The exports named, or a few the JSON report's root causes reach:
    the last each lists, which the page is the least likely to show."""
    if named:
        return named
    return sorted({r["symbols"][-1] for r in report["root_causes"]
                   if r["symbols"]})[:5]


def filter_by_export(driver, report, box, export):
    want = {r["title"] for r in report["root_causes"]
            if export in r["symbols"]}
    box.clear()
    box.send_keys(export)
    shown = visible_roots(driver)
    titles = {r.find_element(By.CSS_SELECTOR, "summary code")
              .get_attribute("textContent") for r in shown}
    # each says so, from the page's index of exports, listed or not
    matched = all(export in r.find_element(By.CSS_SELECTOR, "p.matched")
                  .text for r in shown
                  if r.find_element(By.CSS_SELECTOR, "summary code")
                  .get_attribute("textContent") in want)
    ok(want and want <= titles and matched,
       "typing export %s shows the %d root causes reaching it, each "
       "saying it matched (%d shown)" % (export, len(want), len(titles)))


def main():
    args = sys.argv[1:]
    max_load = None
    if args[0] == "--max-load":
        max_load = float(args[1])
        args = args[2:]
    html, report = args[0], json.load(open(args[1]))
    driver = browser()
    try:
        driver.get("file://" + html)
        load = driver.execute_script(
            "var t = performance.getEntriesByType('navigation')[0];"
            "return t.loadEventEnd - t.startTime;") / 1000.0
        print("# loaded in %.2f s" % load)
        if max_load is not None:
            ok(load <= max_load, "the page loads in %.2f s (at most %g)"
               % (load, max_load))
        logs = driver.get_log("browser")
        ok(not logs, "the page loads with no console message")
        for entry in logs:
            print("# " + entry["message"])
        roots = visible_roots(driver)
        want = len(report["root_causes"])
        ok(len(roots) == want,
           "%d root causes shown, as in the JSON report (%d)" %
           (len(roots), want))
        within = sum(1 for r in report["root_causes"]
                     if not r["beyond_view"])
        ok(driver.find_element(By.ID, "shown-count").text == str(within),
           "the count says %d within the exports' view, as JSON" % within)
        box = driver.find_element(By.ID, "filter")
        first = report["root_causes"][0]["title"]
        box.send_keys(first)
        narrowed = visible_roots(driver)
        ok(0 < len(narrowed) < want or want == 1,
           "typing '%s' narrows the list to %d" % (first, len(narrowed)))
        ok(all(first.lower() in r.text.lower() or
               first.lower() in r.get_attribute("textContent").lower()
               for r in narrowed), "every root cause left holds it")
        box.clear()
        box.send_keys(" ")
        box.send_keys("\b")
        ok(len(visible_roots(driver)) == want, "clearing it widens it again")
        for export in exports_to_try(report, args[2:]):
            filter_by_export(driver, report, box, export)
        box.clear()
        box.send_keys(" ")
        box.send_keys("\b")
        root = visible_roots(driver)[0]
        root.find_element(By.TAG_NAME, "summary").click()
        paths = [p for p in root.find_elements(By.CSS_SELECTOR,
                                                "ul.paths li")
                 if p.is_displayed()]
        export = report["root_causes"][0]["symbols"][0]
        ok(paths and export in paths[0].text,
           "opening the first shows a path from %s" % export)
        if "modules" in report:
            rows = driver.find_elements(By.CSS_SELECTOR, "#modules tr")
            ok(len(rows) - 1 == len(report["modules"]),
               "a row for each of the %d modules" % len(report["modules"]))
            failing = sum(1 for m in report["modules"] if not m["loads"])
            nos = sum(1 for r in rows[1:]
                      if r.find_elements(By.TAG_NAME, "td")[1].text == "no")
            ok(nos == failing, "%d will not load, as in JSON" % failing)
        ok(not driver.get_log("browser"), "no console message after use")
    finally:
        driver.quit()
    print("1..%d" % n)
    return 1 if failed else 0


sys.exit(main())
