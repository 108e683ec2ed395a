#!/usr/bin/env python3
"""What users of AriaNg, Motrix and Gopeed rely on, on `haul daemon`'s page, in a real headless Chromium.

Usage: web_features_test.py --haul PATH/TO/haul [--screenshots DIR] [--keep DIR]

The file server, the daemon and the checks are web_ui_test.py's, the helpers page_checks.py's. It checks:
  1. themes: light by default, dark under prefers-color-scheme: dark, the switch (auto, light, dark) remembered
     across a reload; every text colour of the page against its background passes WCAG AA (4.5:1) in both themes,
     computed from the computed styles;
  2. languages: a browser in zh-CN gets the page in Chinese with no English word left in any visible text (nor
     aria-label or title) apart from file names, URLs, numbers, units and a few names (Haul, GID, ETag...), the
     dialogs included; the switch changes the language and is remembered; numbers and durations for the locale;
  3. find and sort: the search box over names and URLs; sort by name, size, progress, speed, added; while the
     pointer is over the list nothing moves (a new download comes last) and the sort applies once it leaves;
  4. keyboard: Tab reaches every control with a visible focus ring; ↑ ↓ choose a row, Space pauses and resumes,
     Delete asks before cancelling and removes a finished one; every control has a name for screen readers;
  5. Add with options (name, directory, connections, checksum, mirrors, referer, cookies, headers), checked over
     RPC and at the file server; several URLs at once; a Metalink file; links and a Metalink file dropped on the page;
  6. the speed chart in the header and in the detail draws points while a download runs; the run's totals;
  7. Settings: applied at once (getGlobalOption shows them), kept when the daemon restarts;
  8. notifications when a download completes or fails (permission granted through Chromium's prefs, each one
     recorded by a hook installed before the page's scripts).
Screenshots (with --screenshots): web-ui-dark.png, web-ui-zh.png, web-ui-add.png, web-ui-phone-dark-zh.png.
"""
import argparse, hashlib, os, re, shutil, sys, tempfile, threading, time, urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import web_ui_test as ui  # noqa: E402
from web_settings_step import settings_are_kept  # noqa: E402
from web_ui_test import check, wait_for, rows, row_named, row_state, asked  # noqa: E402
from page_checks import (SEEN, Recording, RPC, browser, size, dark, connected, luminance, check_contrast,  # noqa: E402
                         TEXTS_JS, english_left, metalink)

from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--haul", required=True)
    parser.add_argument("--screenshots", default="")
    parser.add_argument("--keep", default="")
    args = parser.parse_args()
    work = args.keep or tempfile.mkdtemp(prefix="haul-web-features-")
    os.makedirs(work, exist_ok=True)
    shots = args.screenshots
    if shots:
        os.makedirs(shots, exist_ok=True)

    ui.FILES.add("/slow/alpha.iso", 12 << 20, "alpha")
    ui.FILES.add("/slow/beta.iso", 24 << 20, "beta")
    ui.FILES.add("/slow/gamma.iso", 40 << 20, "gamma")
    ui.FILES.add("/slow/options.bin", 10 << 20, "options")  # two 4 MiB splits at least: one can go to the mirror
    ui.FILES.add("/slow/mirror/options.bin", 10 << 20, "options")
    ui.FILES.add("/small/zeta.txt", 3000, "zeta")
    ui.FILES.add("/small/one.txt", 1000, "one")
    ui.FILES.add("/small/two.txt", 2000, "two")
    ui.FILES.add("/small/linked.txt", 1500, "linked")
    ui.FILES.add("/small/done.txt", 800, "done")
    meta_a = ui.FILES.add("/small/meta-a.txt", 2500, "meta-a")
    meta_b = ui.FILES.add("/small/meta-b.txt", 2600, "meta-b")
    files = ui.Server(("127.0.0.1", 0), Recording)
    threading.Thread(target=files.serve_forever, daemon=True).start()
    origin = f"http://127.0.0.1:{files.server_address[1]}"

    daemon = ui.Daemon(args.haul, work, extra=["--allow-dir", os.path.join(work, "downloads"), "--allow-dir", os.path.join(work, "more")])
    url = daemon.start()
    base = url.split("#")[0]
    rpc = RPC(base, urllib.parse.unquote(url.split("secret=")[1]))
    downloads = daemon.downloads
    driver = browser(notifications=True)
    others = []
    try:
        driver.get(url)
        connected(driver)
        # Downloads in several states for what follows: one at a time, the others wait or are paused.
        rpc("aria2.changeGlobalOption", {"max-concurrent-downloads": "1"})
        rpc("aria2.addUri", [origin + "/small/zeta.txt"], {})
        wait_for(driver, "zeta.txt completes", lambda d: row_state(d, "zeta.txt") == "completed", 20)
        rpc("aria2.addUri", [origin + "/small/missing.bin"], {})
        wait_for(driver, "missing.bin fails", lambda d: row_state(d, "missing.bin") == "failed", 20)
        rpc("aria2.addUri", [origin + "/slow/gamma.iso"], {"split": "2", "max-connection-per-server": "2"})
        rpc("aria2.addUri", [origin + "/slow/alpha.iso"], {})
        rpc("aria2.addUri", [origin + "/slow/beta.iso"], {"pause": "true"})
        wait_for(driver, "gamma.iso downloads", lambda d: row_state(d, "gamma.iso") == "downloading", 20)
        wait_for(driver, "five rows", lambda d: len(rows(d)) == 5, 10)

        # 6. The speed chart draws points while a download runs; the run's totals.
        time.sleep(4)
        line = driver.execute_script(
            "const l = document.querySelector('#total-chart .line'); return l ? [l.dataset.count, l.getAttribute('points')] : null")
        ys = [float(p.split(",")[1]) for p in (line[1].split() if line else [])]
        check(line is not None and int(line[0]) >= 3 and ys and min(ys) < 30,
              f"the header's chart draws points while a download runs ({line and line[0]} points, lowest y {min(ys) if ys else None} of 36)")
        session = driver.find_element(By.ID, "session").text
        check(re.search(r"[1-9][\d.]* (KiB|MiB)", session) is not None, f"the run's totals count what arrived ({session})")
        row_named(driver, "gamma.iso").find_element(By.CSS_SELECTOR, ".name").click()
        wait_for(driver, "the detail's chart", lambda d: int(d.execute_script(
            "const l = document.querySelector('#detail-chart .line'); return l ? Number(l.dataset.count) : 0")) >= 3, 10)
        detail_points = driver.execute_script("return document.querySelector('#detail-chart .line').getAttribute('points')")
        check(min(float(p.split(",")[1]) for p in detail_points.split()) < 70, "the detail's chart shows this download's speed")
        driver.find_element(By.ID, "detail-close").click()
        import_chart = driver.execute_async_script(
            "const done = arguments[0]; import('./chart.js').then(c => done(c.chartPoints([0, 50, 100], 590, 80)))")
        check(import_chart[-1][1] < import_chart[0][1] and import_chart[-1][0] == 590, f"the chart's scale ({import_chart})")

        # 1. Themes and contrast.
        check_contrast(driver, "light")
        bg = driver.execute_script("return getComputedStyle(document.documentElement).backgroundColor")
        dark(driver, True)
        time.sleep(0.3)
        dark_bg = driver.execute_script("return getComputedStyle(document.documentElement).backgroundColor")
        check(luminance([float(x) for x in re.findall(r"[\d.]+", dark_bg)][:3]) < 0.05,
              f"prefers-color-scheme: dark gives a dark page ({bg} -> {dark_bg})")
        check_contrast(driver, "dark")
        if shots:
            driver.execute_script("document.activeElement.blur()")
            driver.save_screenshot(os.path.join(shots, "web-ui-dark.png"))
        theme = driver.find_element(By.ID, "theme")
        theme.click()  # auto -> light
        light_again = driver.execute_script("return getComputedStyle(document.documentElement).backgroundColor")
        check(light_again == bg and driver.execute_script("return localStorage.getItem('haul.theme')") == "light",
              f"the switch chooses light under a dark system ({light_again})")
        driver.refresh()
        connected(driver)
        check(driver.execute_script("return getComputedStyle(document.documentElement).backgroundColor") == bg,
              "the chosen theme is remembered across a reload")
        driver.find_element(By.ID, "theme").click()  # light -> dark
        dark(driver, False)
        check(driver.execute_script("return getComputedStyle(document.documentElement).backgroundColor") == dark_bg,
              "the switch chooses dark under a light system")
        driver.find_element(By.ID, "theme").click()  # dark -> auto
        check(driver.execute_script("return getComputedStyle(document.documentElement).backgroundColor") == bg,
              "auto follows the system again")

        # 3. Find and sort.
        find = driver.find_element(By.ID, "find")
        names = lambda: [r.find_element(By.CSS_SELECTOR, ".name").text for r in rows(driver)]
        # The daemon finds (haul.listDownloads over the whole queue): its answer is waited for.
        find.send_keys("alpha")
        wait_for(driver, "the search finds alpha.iso", lambda d: names() == ["alpha.iso"], 10)
        check(names() == ["alpha.iso"], f"the search box finds by name ({names()})")
        find.clear()
        find.send_keys("/small/")
        wait_for(driver, "the search finds by URL", lambda d: sorted(names()) == ["missing.bin", "zeta.txt"], 10)
        check(sorted(names()) == ["missing.bin", "zeta.txt"], f"the search box finds by URL ({names()})")
        find.send_keys("nothing-like-this")
        check(not names() and "nothing-like-this" in driver.find_element(By.ID, "empty").text, "no match says so")
        driver.execute_script("const f = document.getElementById('find'); f.value = ''; f.dispatchEvent(new Event('input'))")
        wait_for(driver, "every download again", lambda d: len(names()) == 5, 10)
        added = names()
        check(added == ["zeta.txt", "missing.bin", "gamma.iso", "alpha.iso", "beta.iso"], f"added order by default ({added})")
        sort = lambda value: driver.execute_script(
            "const s = document.getElementById('sort'); s.value = arguments[0]; s.dispatchEvent(new Event('change'))", value)
        sort("name")
        check(names() == sorted(added), f"sort by name ({names()})")
        sort("size")
        sizes = {os.path.basename(i["files"][0]["path"]): int(i["totalLength"]) for i in rpc.all() if i["files"]}
        shown = [sizes.get(n, 0) for n in names()]
        check(names()[0] == "gamma.iso" and shown == sorted(shown, reverse=True), f"sort by size, largest first ({names()}, {shown})")
        sort("progress")
        check(names()[0] == "zeta.txt", f"sort by progress, most done first ({names()})")
        sort("speed")
        check(names()[0] == "gamma.iso", f"sort by speed, fastest first ({names()})")
        sort("name")
        # The pointer over the list: a new download ("aaa.txt" would sort first) comes last; it moves once the pointer leaves.
        ActionChains(driver).move_to_element(rows(driver)[2]).perform()
        before = names()
        ui.FILES.add("/small/aaa.txt", 500, "aaa")
        rpc("aria2.addUri", [origin + "/small/aaa.txt"], {"pause": "true"})
        wait_for(driver, "aaa.txt is listed", lambda d: row_named(d, "aaa.txt") is not None, 10)
        check(names() == before + ["aaa.txt"], f"under the pointer nothing moves, the new row comes last ({names()})")
        ActionChains(driver).move_to_element(driver.find_element(By.TAG_NAME, "h1")).perform()
        wait_for(driver, "the sort applies", lambda d: names()[0] == "aaa.txt", 5)
        check(names()[0] == "aaa.txt", f"once the pointer leaves, the sort applies ({names()})")
        aaa = rpc.gid_of("aaa.txt")
        rpc("aria2.remove", aaa)
        wait_for(driver, "aaa.txt is cancelled", lambda d: row_state(d, "aaa.txt") == "cancelled", 10)
        sort("added")

        # 4. Keyboard and names for screen readers.
        # Tab from the top of the page (a click on the heading moves the start of the Tab order there).
        driver.find_element(By.TAG_NAME, "h1").click()
        reached, rings = [], []
        for _ in range(60):
            ActionChains(driver).send_keys(Keys.TAB).perform()
            info = driver.execute_script("""
                const e = document.activeElement; if (!e || e === document.body) return null;
                const s = getComputedStyle(e);
                return [e.id || e.dataset.act || e.dataset.bulk || e.className, s.outlineStyle, parseFloat(s.outlineWidth), e.matches(':focus-visible')]""")
            if info:
                reached.append(info[0])
                rings.append(info)
        expected = ["notify", "theme", "lang", "add-open", "pause-all", "resume-all", "settings-open", "find", "filter", "sort",
                    "select-all"]
        check(all(e in reached for e in expected) and any(str(r).startswith("row") for r in reached),
              f"Tab reaches every control and the list ({[e for e in expected if e not in reached]} missing; {reached[:16]})")
        bare = [r[0] for r in rings if r[1] == "none" or r[2] < 2 or not r[3]]
        check(not bare, f"every control reached by Tab shows a focus ring ({bare[:4]})")
        unnamed = driver.execute_script("""
            return [...document.querySelectorAll('button, input, select, textarea, [role=progressbar], svg[role=img]')]
              .filter(e => !e.closest('template') && e.getClientRects().length)
              .filter(e => !((e.labels && e.labels.length && [...e.labels].some(l => l.textContent.trim()))
                             || (e.getAttribute('aria-label') || '').trim() || (e.textContent || '').trim() && e.tagName === 'BUTTON'))
              .map(e => e.outerHTML.slice(0, 60))""")
        check(not unnamed, f"every control has a name for screen readers ({unnamed[:3]})")
        labels = [r.find_element(By.CSS_SELECTOR, '[data-act="toggle"]').get_attribute("aria-label") for r in rows(driver)]
        check(any("gamma.iso" in (label or "") for label in labels), f"a row's buttons say which download they act on ({labels[:2]})")
        # Arrows choose; Space pauses and resumes; Delete asks, then cancels; Delete on a finished one removes it.
        first = rows(driver)[0]
        driver.execute_script("arguments[0].focus()", first)
        ActionChains(driver).send_keys(Keys.ARROW_DOWN).send_keys(Keys.ARROW_DOWN).perform()
        current = driver.execute_script("return document.activeElement.classList.contains('row') && document.activeElement.querySelector('.name').textContent")
        check(current == "gamma.iso", f"↓ ↓ chooses the third download ({current})")
        ActionChains(driver).send_keys(Keys.SPACE).perform()
        wait_for(driver, "Space pauses", lambda d: rpc("aria2.tellStatus", rpc.gid_of("gamma.iso"), ["status"])["status"] == "paused", 10)
        check(row_state(driver, "gamma.iso") == "paused" or rpc("aria2.tellStatus", rpc.gid_of("gamma.iso"), ["status"])["status"] == "paused",
              "Space pauses the chosen download")
        check(driver.execute_script("return document.activeElement.querySelector('.name').textContent") == "gamma.iso",
              "the chosen row keeps the focus")
        ActionChains(driver).send_keys(Keys.SPACE).perform()
        wait_for(driver, "Space resumes", lambda d: rpc("aria2.tellStatus", rpc.gid_of("gamma.iso"), ["status"])["status"] in ("active", "waiting"), 10)
        ActionChains(driver).send_keys(Keys.DELETE).perform()
        alert = asked(driver)
        check(alert is not None and "gamma.iso" in alert.text, f"Delete asks before cancelling ({alert and alert.text})")
        if alert:
            alert.dismiss()
        time.sleep(0.3)
        check(rpc("aria2.tellStatus", rpc.gid_of("gamma.iso"), ["status"])["status"] in ("active", "waiting"), "dismissed: nothing is cancelled")
        ActionChains(driver).send_keys(Keys.ARROW_UP).send_keys(Keys.ARROW_UP).send_keys(Keys.DELETE).perform()
        wait_for(driver, "Delete removes zeta.txt", lambda d: row_named(d, "zeta.txt") is None, 10)
        check(row_named(driver, "zeta.txt") is None, "Delete on a finished download removes it from the list")
        left_on = driver.execute_script("const e = document.activeElement; return e.classList.contains('row') ? e.querySelector('.name').textContent : e.tagName")
        check(left_on == "missing.bin", f"the focus moves to the next download ({left_on})")

        # 5. Add with options, checked over RPC and at the file server.
        checksum = hashlib.sha256(ui.FILES.blobs["/slow/options.bin"]).hexdigest()
        driver.find_element(By.ID, "add-open").click()
        fill = lambda field, text: driver.find_element(By.ID, field).send_keys(text)
        fill("add-urls", origin + "/slow/options.bin")
        fill("add-out", "named.bin")
        fill("add-dir", os.path.join(work, "more"))
        fill("add-split", "2")
        fill("add-checksum", "sha256=" + checksum)
        fill("add-mirrors", origin + "/slow/mirror/options.bin")
        fill("add-referer", "https://referrer.example/page")
        fill("add-cookie", "session=abc")
        fill("add-headers", "X-Haul-Test: yes")
        if shots:
            driver.save_screenshot(os.path.join(shots, "web-ui-add.png"))
        driver.find_element(By.CSS_SELECTOR, '#add-form button[type="submit"]').click()
        wait_for(driver, "the add dialog closes", lambda d: not d.find_element(By.ID, "add-dialog").get_attribute("open"), 10)
        gid = wait_for(driver, "named.bin exists", lambda d: rpc.gid_of("named.bin"), 10)
        option = rpc("aria2.getOption", gid) if gid else {}
        status = rpc("aria2.tellStatus", gid, ["dir"]) if gid else {}
        check(status.get("dir") == os.path.realpath(os.path.join(work, "more")), f"the directory reached the download ({status.get('dir')})")
        check(option.get("out") == "named.bin" and option.get("split") == "2", f"name and connections reached it ({option.get('out')}, {option.get('split')})")
        check((option.get("checksum") or "").endswith("=" + checksum), f"the checksum reached it ({option.get('checksum')})")
        headers = option.get("header", [])
        # The daemon shows a cookie's value to nobody ("Cookie: (hidden)"); the file server below saw it.
        check("X-Haul-Test: yes" in headers and any(h.startswith("Cookie:") for h in headers), f"headers and cookies reached it ({headers})")
        rpc("aria2.changeGlobalOption", {"max-concurrent-downloads": "3"})
        wait_for(driver, "named.bin completes", lambda d: rpc("aria2.tellStatus", gid, ["status"])["status"] == "complete", 60)
        seen = SEEN.get("/slow/options.bin", {})
        check(seen.get("referer") == "https://referrer.example/page" and seen.get("cookie") == "session=abc"
              and seen.get("x-haul-test") == "yes", f"the server saw the referer, cookie and header ({ {k: seen.get(k) for k in ('referer', 'cookie', 'x-haul-test')} })")
        check("/slow/mirror/options.bin" in SEEN, "the mirror was asked for the same file")
        # Several URLs at once.
        driver.find_element(By.ID, "add-open").click()
        fill("add-urls", origin + "/small/one.txt\n" + origin + "/small/two.txt")
        driver.find_element(By.CSS_SELECTOR, '#add-form button[type="submit"]').click()
        wait_for(driver, "one.txt and two.txt complete", lambda d: row_state(d, "one.txt") == "completed" and row_state(d, "two.txt") == "completed", 30)
        check(row_state(driver, "one.txt") == "completed" and row_state(driver, "two.txt") == "completed", "two URLs, one per line, are two downloads")
        # A Metalink file through the file field.
        meta_path = os.path.join(work, "files.meta4")
        with open(meta_path, "w") as f:
            f.write(metalink("meta-a.txt", meta_a, origin + "/small/meta-a.txt"))
        driver.find_element(By.ID, "add-open").click()
        driver.find_element(By.ID, "add-metalink").send_keys(meta_path)
        driver.find_element(By.CSS_SELECTOR, '#add-form button[type="submit"]').click()
        wait_for(driver, "meta-a.txt completes", lambda d: row_state(d, "meta-a.txt") == "completed", 30)
        path = os.path.join(downloads, "meta-a.txt")
        check(os.path.exists(path) and open(path, "rb").read() == meta_a, "a Metalink file's download completes (addMetalink)")
        # Links dropped on the page fill the dialog; a dropped Metalink file too.
        driver.execute_script("""
            const t = new DataTransfer(); t.setData('text/uri-list', arguments[0]);
            document.body.dispatchEvent(new DragEvent('dragover', { dataTransfer: t, bubbles: true, cancelable: true }));
            document.body.dispatchEvent(new DragEvent('drop', { dataTransfer: t, bubbles: true, cancelable: true }));""",
                              origin + "/small/linked.txt")
        check(driver.find_element(By.ID, "add-dialog").get_attribute("open") is not None
              and driver.find_element(By.ID, "add-urls").get_attribute("value") == origin + "/small/linked.txt",
              "a dropped link opens the Add dialog with it")
        driver.find_element(By.CSS_SELECTOR, '#add-form button[type="submit"]').click()
        wait_for(driver, "linked.txt completes", lambda d: row_state(d, "linked.txt") == "completed", 30)
        driver.execute_script("""
            const t = new DataTransfer(); t.items.add(new File([arguments[0]], 'dropped.meta4', { type: 'application/metalink4+xml' }));
            document.body.dispatchEvent(new DragEvent('drop', { dataTransfer: t, bubbles: true, cancelable: true }));""",
                              metalink("meta-b.txt", meta_b, origin + "/small/meta-b.txt"))
        check(driver.execute_script("return document.getElementById('add-metalink').files[0]?.name") == "dropped.meta4",
              "a dropped Metalink file opens the Add dialog with it")
        driver.find_element(By.CSS_SELECTOR, '#add-form button[type="submit"]').click()
        wait_for(driver, "meta-b.txt completes", lambda d: row_state(d, "meta-b.txt") == "completed", 30)
        check(row_state(driver, "meta-b.txt") == "completed", "the dropped Metalink file's download completes")
        driver.find_element(By.ID, "add-open").click()
        fill("add-urls", origin + "/small/one.txt")
        fill("add-dir", "/etc")
        driver.find_element(By.CSS_SELECTOR, '#add-form button[type="submit"]').click()
        check(driver.find_element(By.ID, "add-error").is_displayed() and "/more" in driver.find_element(By.ID, "add-error").text,
              "a directory the daemon does not allow is refused, naming the allowed ones")
        driver.find_element(By.ID, "add-cancel").click()

        # 8. Notifications (the permission was granted through Chromium's prefs; the hook records each one).
        driver.find_element(By.ID, "notify").click()
        wait_for(driver, "notifications on", lambda d: d.find_element(By.ID, "notify").get_attribute("aria-pressed") == "true", 5)
        rpc("aria2.addUri", [origin + "/small/done.txt"], {})
        rpc("aria2.addUri", [origin + "/small/absent.bin"], {})
        wait_for(driver, "two notifications", lambda d: len(d.execute_script("return window.__notes || []")) >= 2, 30)
        notes = driver.execute_script("return window.__notes || []")
        check(["Download completed", "done.txt"] in notes, f"a completed download is notified ({notes})")
        check(["Download failed", "absent.bin"] in notes, f"a failed download is notified ({notes})")
        driver.find_element(By.ID, "notify").click()
        check(driver.find_element(By.ID, "notify").get_attribute("aria-pressed") == "false", "the button turns them off")

        # 2. Languages: a browser in Chinese. (beta.iso runs meanwhile, for the screenshots' charts.)
        rpc("aria2.unpause", rpc.gid_of("beta.iso"))
        zh = browser(lang="zh-CN")
        others.append(zh)
        zh.get(url)
        connected(zh, "已连接")
        wait_for(zh, "rows in Chinese", lambda d: len(rows(d)) >= 5, 10)
        check(zh.execute_script("return document.documentElement.lang") == "zh-CN", "a browser in zh-CN gets the page in Chinese")
        file_names = [r.find_element(By.CSS_SELECTOR, ".name").text for r in rows(zh)] + [work, downloads]
        left = english_left(zh.execute_script(TEXTS_JS), file_names)
        check(not left, f"zh-CN: no English left on the page ({left[:5]})")
        for opener, closer, what in (("add-open", "add-cancel", "the Add dialog"), ("settings-open", "settings-cancel", "Settings")):
            zh.find_element(By.ID, opener).click()
            time.sleep(0.4)
            left = english_left(zh.execute_script(TEXTS_JS), file_names)
            check(not left, f"zh-CN: no English left in {what} ({left[:5]})")
            zh.find_element(By.ID, closer).click()
        row_named(zh, "gamma.iso").find_element(By.CSS_SELECTOR, ".name").click()
        time.sleep(0.5)
        left = english_left(zh.execute_script(TEXTS_JS), file_names)
        check(not left, f"zh-CN: no English left in the detail ({left[:5]})")
        zh.find_element(By.ID, "detail-close").click()
        formatted = zh.execute_async_script(
            "const done = arguments[0]; import('./format.js').then(m => done([m.rate(1024000), m.duration(185), m.bytes(123456789)]))")
        check(formatted == ["0.98 MiB/s", "3分05秒", "118 MiB"], f"zh-CN: numbers and durations for the locale ({formatted})")
        if shots:
            zh.execute_script("document.activeElement.blur()")
            zh.save_screenshot(os.path.join(shots, "web-ui-zh.png"))
        zh.execute_script("const s = document.getElementById('lang'); s.value = 'en'; s.dispatchEvent(new Event('change'))")
        check(zh.find_element(By.ID, "link").text == "connected" and zh.execute_script("return document.documentElement.lang") == "en",
              "the switch turns the page to English")
        zh.refresh()
        connected(zh)
        check(zh.find_element(By.ID, "link").text == "connected", "the chosen language is remembered across a reload")
        english = driver.find_element(By.ID, "pause-all").text
        check(english == "Pause all", f"a browser in en-US gets English ({english})")
        # A phone, dark, in Chinese.
        zh.execute_script("localStorage.setItem('haul.lang', 'zh-CN'); localStorage.setItem('haul.theme', 'dark')")
        size(zh, 390, 844, mobile=True)
        zh.refresh()
        connected(zh, "已连接")
        wait_for(zh, "rows on the phone", lambda d: len(rows(d)) >= 5, 10)
        check_contrast(zh, "dark, zh-CN, phone")
        if shots:
            time.sleep(5)  # a few seconds of the chart
            zh.save_screenshot(os.path.join(shots, "web-ui-phone-dark-zh.png"))

        # 7. Settings: applied at once, kept when the daemon restarts (web_settings_step.py).
        rpc = settings_are_kept(driver, rpc, daemon, base, work, downloads)

        severe = [e for e in driver.get_log("browser") if e.get("level") == "SEVERE" and ".bin" not in e.get("message", "")]
        check(not severe, f"no errors in the browser console {severe[:2]}")
    finally:
        for other in others:
            other.quit()
        driver.quit()
        daemon.stop()
        files.shutdown()
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    print(f"{len(ui.FAILURES)} failed" if ui.FAILURES else "all browser checks held")
    return 1 if ui.FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
