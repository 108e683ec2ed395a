#!/usr/bin/env python3
"""Issue 62, point 5: the daemon's page over a queue of thousands, in headless Chromium.

Usage: web_scale_test.py --haul PATH/TO/haul [--count 5000] [--screenshots DIR] [--keep DIR]

`haul daemon` gets COUNT paused downloads (system.multicall batches of aria2.addUri with pause=true; nothing is
fetched). The page must show and find the whole queue, a page at a time, with the daemon searching and sorting
(haul.listDownloads), never downloading the queue into the page:
  1. the first page: 100 rows, "1–100 of COUNT", the header counts the whole queue;
  2. the last download added is found by the search box (it is not on the first page: only the daemon can find it);
  3. it is reached by paging (the last page ends with it); Previous goes back a page;
  4. sorted by name it comes first (the daemon sorts the whole queue, not the page);
  5. each second the page asks for its page only (limit 100), never for the 1,000-row lists;
  6. no error in the console.
Prints the add rate, the first paint (from the address entered to the first page drawn), and what one refresh
costs the daemon in CPU (the page's query over HTTP, /proc/PID/stat before and after), for Benchmarks and
docs/benchmarks.md; none of them is checked (speed is measured by benchmarks, not asserted by tests).
Every step waits on the page's state, never on a fixed time.
"""
import argparse, json, os, shutil, sys, tempfile, time, urllib.parse, urllib.request

import web_ui_test as ui
from web_ui_test import FAILURES, check, wait_for, rows
import page_checks as pc

from selenium.webdriver.common.by import By

# Installed before the page's scripts: every message the page sends over its WebSocket (__sent).
WS_HOOK = """
(() => {
  const Real = window.WebSocket;
  window.__sent = [];
  window.__sentAt = [];
  class Watched extends Real {
    send(data) { window.__sent.push(String(data)); window.__sentAt.push(performance.now()); return super.send(data); }
  }
  window.WebSocket = Watched;
  // The first row drawn, in ms since the navigation began (the page's own clock, not the driver's polling).
  new MutationObserver((changes, observer) => {
    if (document.querySelector("#list .row")) { window.__painted = performance.now(); observer.disconnect(); }
  }).observe(document, { childList: true, subtree: true });
})();
"""


def names(driver):
    return [r.find_element(By.CSS_SELECTOR, ".name").text for r in rows(driver)]


def where(driver):
    return driver.find_element(By.ID, "page-where").text


def name_of(index, count):
    """The file of the download added `index`-th (1-based): names run backwards, so the last added is n00001.bin."""
    return f"n{count + 1 - index:05d}.bin"


def fill(rpc, count):
    """Adds `count` paused downloads in batches of 500; returns adds a second."""
    began = time.monotonic()
    for start in range(1, count + 1, 500):
        calls = [{"methodName": "aria2.addUri",
                  "params": [f"token:{rpc.secret}", [f"http://127.0.0.1:9/{name_of(i, count)}"], {"pause": "true"}]}
                 for i in range(start, min(count, start + 499) + 1)]
        answers = multicall(rpc, calls)
        bad = [a for a in answers if not isinstance(a, list)]
        if bad:
            raise SystemExit(f"adding failed: {bad[0]}")
    return count / (time.monotonic() - began)


def multicall(rpc, calls):
    body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "system.multicall", "params": [calls]})
    request = urllib.request.Request(rpc.url, body.encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=300) as response:
        return json.loads(response.read())["result"]


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def refresh_cost(rpc, pid, query, calls=40):
    """The daemon's CPU for one of the page's reads (ms), over `calls` of them."""
    keys = ["gid", "status", "totalLength", "completedLength", "downloadSpeed", "connections", "files", "dir",
            "errorCode", "errorMessage"]
    before = cpu_seconds(pid)
    for _ in range(calls):
        rpc("haul.listDownloads", query, keys)
    return (cpu_seconds(pid) - before) * 1000 / calls


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--haul", required=True)
    parser.add_argument("--count", type=int, default=5000)
    parser.add_argument("--screenshots", default="")
    parser.add_argument("--keep", default="")
    args = parser.parse_args()
    count = args.count
    work = args.keep or tempfile.mkdtemp(prefix="haul-web-scale-")
    os.makedirs(work, exist_ok=True)
    daemon = ui.Daemon(args.haul, work)
    url = daemon.start()
    base = url.split("#")[0]
    rpc = pc.RPC(base, urllib.parse.unquote(url.split("secret=")[1]))
    rate = fill(rpc, count)
    print(f"measure: added {count} paused downloads at {rate:.0f}/s", flush=True)
    driver = pc.browser()
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": WS_HOOK})
    last, total = name_of(count, count), f"{count:,}"
    try:
        # 1. The first page, and the whole queue counted.
        began = time.monotonic()
        driver.get(url)
        wait_for(driver, "the first page is drawn", lambda d: len(rows(d)) == 100, 60)
        painted = driver.execute_script("return window.__painted")
        # Where the time went: the page's scripts loaded, the first call sent (the WebSocket open), the list asked.
        loaded = driver.execute_script("return performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd")
        sent_at = driver.execute_script("return [window.__sentAt[0], window.__sentAt[window.__sent.findIndex((m) => m.includes('haul.listDownloads'))]]")
        print(f"measure: first paint {painted:.0f} ms after the navigation began at {count} queued (scripts loaded at "
              f"{loaded:.0f} ms, first call at {sent_at[0]:.0f} ms, list asked at {sent_at[1]:.0f} ms; the driver saw it "
              f"after {(time.monotonic() - began) * 1000:.0f} ms)", flush=True)
        check(len(rows(driver)) == 100, f"the first page shows 100 rows ({len(rows(driver))})")
        check(where(driver) == f"1–100 of {total}", f"the pager says where the page is ({where(driver)})")
        wait_for(driver, "the header counts the queue", lambda d: f"{total} paused" in d.find_element(By.ID, "totals").text, 10)
        check(f"{total} paused" in driver.find_element(By.ID, "totals").text,
              f"the header counts every download ({driver.find_element(By.ID, 'totals').text})")
        check(names(driver)[0] == name_of(1, count), f"the oldest first ({names(driver)[:1]})")

        # 2. The last one added, found by the daemon.
        driver.find_element(By.ID, "find").send_keys(last[:-4])
        wait_for(driver, "the search finds the last download", lambda d: names(d) == [last], 10)
        check(names(driver) == [last], f"the search box finds the last of {total} ({names(driver)})")
        check(not driver.find_element(By.ID, "pager").is_displayed(), "one match: no pager")
        if args.screenshots:
            driver.save_screenshot(os.path.join(args.screenshots, "web-ui-scale-found.png"))
        driver.execute_script("const f = document.getElementById('find'); f.value = ''; f.dispatchEvent(new Event('input'))")
        wait_for(driver, "the whole queue again", lambda d: where(d) == f"1–100 of {total}", 10)

        # 3. Reached by paging.
        driver.find_element(By.ID, "page-last").click()
        tail = f"{count - 99:,}–{total} of {total}"
        wait_for(driver, "the last page", lambda d: where(d) == tail and names(d)[-1:] == [last], 10)
        check(names(driver)[-1:] == [last] and where(driver) == tail, f"the last page ends with the last download ({where(driver)})")
        check(driver.find_element(By.ID, "page-next").get_attribute("disabled") is not None, "Next is off on the last page")
        if args.screenshots:
            driver.save_screenshot(os.path.join(args.screenshots, "web-ui-scale.png"))
        driver.find_element(By.ID, "page-prev").click()
        before = f"{count - 199:,}–{count - 100:,} of {total}"
        wait_for(driver, "the page before", lambda d: where(d) == before, 10)
        check(where(driver) == before and names(driver)[0] == name_of(count - 199, count), f"Previous goes back a page ({where(driver)})")

        # 4. Sorted by name over the whole queue: the last added comes first, on page 1.
        driver.execute_script("const s = document.getElementById('sort'); s.value = 'name'; s.dispatchEvent(new Event('change'))")
        wait_for(driver, "sorted by name", lambda d: names(d)[:1] == [last] and where(d) == f"1–100 of {total}", 10)
        check(names(driver)[:2] == [last, name_of(count - 1, count)], f"sorted by name, the whole queue ({names(driver)[:2]})")

        # 5. Each second, the page's own page only.
        sent = lambda: [json.loads(m) for m in driver.execute_script("return window.__sent")]
        reads = lambda: [m for m in sent() if m.get("method") == "haul.listDownloads"]
        seen = len(reads())
        wait_for(driver, "the page reads its page again", lambda d: len(reads()) >= seen + 2, 10)
        check(all(m["params"][1].get("limit") == 100 for m in reads()), "every read asks for one page of 100")
        lists = [m for m in sent() if m.get("method") in ("aria2.tellWaiting", "aria2.tellStopped", "system.multicall")
                 and "tellWaiting" in json.dumps(m)]
        check(not lists, f"the page never asks aria2's lists for the queue ({len(lists)} asked)")

        # 6. The console.
        severe = [e for e in driver.get_log("browser") if e.get("level") == "SEVERE" and "favicon" not in e.get("message", "")]
        check(not severe, f"no errors in the browser console {severe[:2]}")

        for label, query in [("first page", {"limit": 100}), ("last page", {"offset": count - 100, "limit": 100}),
                             ("by name", {"sort": "name", "limit": 100}), ("search", {"search": last[:-4], "limit": 100})]:
            print(f"measure: one refresh ({label}) costs the daemon {refresh_cost(rpc, daemon.process.pid, query):.1f} ms of CPU "
                  f"at {count} queued", flush=True)
    finally:
        driver.quit()
        daemon.stop()
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    print(f"{len(FAILURES)} failed" if FAILURES else "all browser checks held")
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
