#!/usr/bin/env python3
"""The web page of `haul daemon`, driven in a real headless Chromium (Selenium + chromedriver).

Usage: web_ui_test.py --haul PATH/TO/haul [--screenshot docs/images/web-ui.png] [--keep DIR]

It starts its own file server on 127.0.0.1 (ranges, a strong ETag, a shared rate per file so that a download
takes seconds whatever its connection count) and `haul daemon` on a free port with a fresh state directory, then:
  1. opens the page with the secret in the fragment and checks it leaves the address bar;
  2. checks the security headers of the page and that nothing it loads comes from elsewhere; /favicon.ico is
     served; speeds change units at 1000 ("0.98 MiB/s");
  3. adds a throttled download through the Add dialog and sees its bar move;
  4. pauses it (the bytes stop), resumes it, sees it complete and the file equal the source;
  5. adds a file named <img src=x onerror=alert(1)>.bin: the name shows as that text, no element is made;
  6. opens a second page with a wrong secret: the secret prompt shows, the header does not say "connected", the
     list does not say "No downloads", every control is disabled;
  7. stops the daemon: the page says it is disconnected, greys the list, disables every action and shows no
     speed; starts it again: the page reconnects by itself, clears its message and shows the same list;
  8. a message floats over the list without moving it; makes downloads in several states: badges and bars line
     up, ETA does not wrap, each row says where it comes from; saves a screenshot (and one at phone size,
     390x844, where the first download starts high and the bulk buttons show only with a selection);
  9. pausing a row keeps the list's order (a second click at the same spot hits the same row); "Remove and
     delete file" asks first, then deletes a completed download's file and a paused one's partial file;
 10. Cancel asks (it deletes the partial file) and the cancelled row claims no bytes;
 11. a failed download offers Retry, which downloads it once the server has the file.
Exits 0 when every check held; prints each check as it goes. Written for CI (.ci/run installs chromium,
chromium-driver and selenium in a venv) and for a person (`--keep DIR` leaves the daemon's files).
"""
import argparse, hashlib, http.server, os, re, shutil, signal, socket, socketserver, subprocess, sys, tempfile
import threading, time, urllib.error, urllib.parse, urllib.request

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import WebDriverWait

from web_fixture import *  # noqa: F401,F403  (the fixture and checks, re-exported for the other tests)
from web_fixture import FAILURES, FILES, HOSTILE, SLOW_RATE  # noqa: F401

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--haul", required=True)
    parser.add_argument("--screenshot", default="")
    parser.add_argument("--keep", default="")
    args = parser.parse_args()
    work = args.keep or tempfile.mkdtemp(prefix="haul-web-")
    os.makedirs(work, exist_ok=True)

    big = FILES.add("/slow/big.iso", 6 << 20, "big")
    # 32 MiB: 32 s at SLOW_RATE, so that the steps between its start and its pause (step 9), about 7-9 s with the
    # screenshots, run while it is still downloading.
    FILES.add("/slow/second.iso", 32 << 20, "second")
    # 24 MiB: it starts when second.iso pauses (step 9) and must still be running when step 10 cancels it.
    FILES.add("/slow/third.iso", 24 << 20, "third")
    FILES.add("/slow/fourth.iso", 8 << 20, "fourth")
    FILES.add("/small/notes.txt", 20_000, "notes")
    FILES.add("/small/" + HOSTILE, 4096, "hostile")
    files = Server(("127.0.0.1", 0), Handler)
    threading.Thread(target=files.serve_forever, daemon=True).start()
    origin = f"http://127.0.0.1:{files.server_address[1]}"

    daemon = Daemon(args.haul, work)
    url = daemon.start()
    base = url.split("#")[0]
    driver = browser()
    try:
        # 1. The secret in the fragment: accepted, kept in sessionStorage, gone from the address bar.
        driver.get(url)
        wait_for(driver, "the page connects", lambda d: d.find_element(By.ID, "link").text == "connected")
        check(driver.find_element(By.ID, "link").text == "connected", "the page connects with the secret from the link")
        check("secret" not in driver.current_url, "the secret is taken out of the address bar")
        check(not driver.find_element(By.ID, "secret-dialog").get_attribute("open"), "no secret prompt with the right secret")

        # 2. Headers, and nothing loaded from elsewhere.
        with urllib.request.urlopen(base) as response:
            headers = response.headers
        csp = headers.get("Content-Security-Policy", "")
        check("default-src 'self'" in csp and "unsafe-inline" not in csp, f"Content-Security-Policy is strict ({csp})")
        check("frame-ancestors 'none'" in csp or headers.get("X-Frame-Options", "").upper() == "DENY", "the page cannot be framed")
        check(headers.get("X-Content-Type-Options") == "nosniff", "X-Content-Type-Options: nosniff")
        check(headers.get("Referrer-Policy") == "no-referrer", "Referrer-Policy: no-referrer")
        resources = driver.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
        check(all(r.startswith(base) or r.startswith(base.replace("http", "ws")) for r in resources),
              f"every asset comes from the daemon ({len(resources)} loaded)")
        try:
            with urllib.request.urlopen(base + "favicon.ico") as response:
                icon = (response.status, response.headers.get("Content-Type", ""))
        except urllib.error.HTTPError as error:
            icon = (error.code, "")
        check(icon[0] == 200 and icon[1].startswith("image/"), f"/favicon.ico is an image, not a 404 ({icon})")
        # Units change at 1000 of the smaller one: never four digits.
        formatted = driver.execute_async_script(
            "const done = arguments[0]; import('./format.js').then(m => done([m.rate(1024000), m.bytes(1023 * 1024)]))")
        check(formatted == ["0.98 MiB/s", "1.00 MiB"], f"speeds switch units at 1000 ({formatted})")

        # 3. A throttled download moves.
        add(driver, origin + "/slow/big.iso", connections="4")
        wait_for(driver, "big.iso is listed", lambda d: row_named(d, "big.iso") is not None)
        wait_for(driver, "big.iso downloads", lambda d: row_state(d, "big.iso") == "downloading")
        first = row_percent(driver, "big.iso")
        wait_for(driver, "big.iso's bar moves", lambda d: row_percent(d, "big.iso") >= first + 5, 20)
        check(row_percent(driver, "big.iso") > first, f"the bar moves ({first} % -> {row_percent(driver, 'big.iso')} %)")

        # 4. Pause: the bytes stop; resume; complete.
        press(driver, "big.iso", "toggle")
        wait_for(driver, "big.iso pauses", lambda d: row_state(d, "big.iso") == "paused", 15)
        time.sleep(0.5)
        held = row_bytes(driver, "big.iso")
        part = os.path.join(daemon.downloads, "big.iso.part")
        on_disk = os.path.getsize(part) if os.path.exists(part) else -1
        time.sleep(2.0)
        check(row_state(driver, "big.iso") == "paused" and row_bytes(driver, "big.iso") == held,
              f"paused: the page's count stays at {held}")
        check(not os.path.exists(part) or os.path.getsize(part) == on_disk, "paused: the partial file does not change")
        press(driver, "big.iso", "toggle")
        wait_for(driver, "big.iso resumes", lambda d: row_state(d, "big.iso") in ("downloading", "completed"), 15)
        wait_for(driver, "big.iso completes", lambda d: row_state(d, "big.iso") == "completed", 60)
        check(row_percent(driver, "big.iso") == 100, "the completed bar is full")
        target = os.path.join(daemon.downloads, "big.iso")
        check(os.path.exists(target) and open(target, "rb").read() == big, "the file equals the source")

        # 5. A hostile name is text. (alert is replaced first, so that a script that did run is seen.)
        driver.execute_script("window.alert = () => { window.__alerted = true; }")
        add(driver, origin + "/small/" + urllib.parse.quote(HOSTILE))
        wait_for(driver, "the hostile name is listed", lambda d: row_named(d, HOSTILE) is not None, 20)
        check(row_named(driver, HOSTILE) is not None, "a file named like HTML shows as its text")
        check(not driver.find_elements(By.CSS_SELECTOR, "#list img"), "no element is made from a name")
        alerts = driver.execute_script("return typeof window.__alerted")
        check(alerts == "undefined", "no script ran")

        # 6. A wrong secret shows the prompt (a second tab: sessionStorage is per tab).
        other = browser()
        try:
            other.get(base + "#secret=wrong")
            wait_for(other, "the secret prompt", lambda d: d.find_element(By.ID, "secret-dialog").get_attribute("open"), 15)
            check(bool(other.find_element(By.ID, "secret-dialog").get_attribute("open")), "a wrong secret shows the secret prompt")
            check("not accepted" in other.find_element(By.ID, "secret-why").text, "the prompt says the secret was not accepted")
            check(not other.find_elements(By.CSS_SELECTOR, "#list .row"), "nothing is listed without the right secret")
            link = other.find_element(By.ID, "link").text
            check("connected" not in link and "secret" in link, f"without the secret the header does not say connected ({link})")
            empty = other.find_element(By.ID, "empty").text
            check("No downloads" not in empty and "secret" in empty, f"without the secret the list says the secret is needed ({empty})")
            controls = other.find_elements(By.CSS_SELECTOR, "#add-open, #pause-all, #resume-all, #settings-open, [data-bulk]")
            check(controls and not any(c.is_enabled() for c in controls), "without the secret every control is disabled")
        finally:
            other.quit()

        # 7. The daemon restarts: the page notices and comes back by itself.
        count = len(rows(driver))
        list_top = driver.execute_script("return document.getElementById('list').getBoundingClientRect().top")
        code = daemon.stop()
        check(code == 0, f"haul daemon exits 0 on SIGTERM (got {code})")
        wait_for(driver, "the page says it is disconnected", lambda d: "disconnected" in d.find_element(By.ID, "link").text, 10)
        check("disconnected" in driver.find_element(By.ID, "link").text, "the page says it is disconnected")
        moved = driver.execute_script("return document.getElementById('list').getBoundingClientRect().top") - list_top
        check(moved == 0, f"disconnected: the longer header line does not move the list (moved {moved} px)")
        opacity = float(driver.execute_script("return getComputedStyle(document.getElementById('list')).opacity"))
        check(opacity < 1, f"disconnected: the list is greyed (opacity {opacity})")
        actions = driver.find_elements(By.CSS_SELECTOR, "#list button[data-act], #list .pick, #add-open, #pause-all, #resume-all, #settings-open")
        enabled = [a.get_attribute("data-act") or a.get_attribute("id") or a.get_attribute("class") for a in actions if a.is_enabled()]
        check(not enabled, f"disconnected: every action is disabled ({enabled[:4]})")
        totals = driver.find_element(By.ID, "totals").text
        listed = driver.find_element(By.ID, "list").text
        check("/s" not in totals and "/s" not in listed, f"disconnected: no speed is shown ({totals})")
        # Nothing is running at this point: a running download's row, drawn as the page draws it while disconnected.
        drawn = driver.execute_async_script("""
            const done = arguments[0];
            import('./view.js').then(v => {
              const row = document.getElementById('row-template').content.firstElementChild.cloneNode(true);
              v.drawRow(row, { gid: 'x', status: 'active', totalLength: '1000000', completedLength: '500000',
                               downloadSpeed: '100000', connections: '4', files: [] }, false, false);
              done([row.querySelector('.speed').textContent, row.querySelector('.eta').textContent,
                    [...row.querySelectorAll('button[data-act]')].some(b => !b.disabled)]);
            });""")
        check(drawn == ["—", "ETA —", False], f"disconnected: a running row shows — for speed and ETA, no action ({drawn})")
        if args.screenshot:
            driver.save_screenshot(args.screenshot.replace(".png", "-disconnected.png"))
        daemon.start()
        wait_for(driver, "the page reconnects", lambda d: d.find_element(By.ID, "link").text == "connected", 45)
        # The page's attempts to reconnect while the daemon was stopped on purpose are refused, and Chromium logs each
        # as an error: only those are set aside; any other error stays for the console check at the end.
        early_logs = [e for e in driver.get_log("browser")
                      if not ("ERR_CONNECTION_REFUSED" in e.get("message", "") and "/jsonrpc" in e.get("message", ""))]
        check(driver.find_element(By.ID, "link").text == "connected", "the page reconnects after the daemon restarts")
        check(not driver.find_element(By.ID, "message").is_displayed(), "reconnected: no 'not connected' message is left")
        check(driver.find_element(By.ID, "pause-all").is_enabled(), "reconnected: the actions are enabled again")
        wait_for(driver, "the list is back", lambda d: len(rows(d)) == count, 10)
        check(len(rows(driver)) == count and row_state(driver, "big.iso") == "completed", "the list survives the restart")

        # 8. Several states for the screenshot: completed, failed, downloading, queued, paused.
        #    First, a message floats over the page: the list does not move down. (Shown as the page shows any
        #    message; a bad setting's message now stays in the Settings dialog.)
        list_top = driver.execute_script("return document.getElementById('list').getBoundingClientRect().top")
        driver.execute_script("const m = document.getElementById('message'); m.textContent = 'a message'; m.hidden = false")
        wait_for(driver, "the message shows", lambda d: d.find_element(By.ID, "message").is_displayed(), 5)
        moved = driver.execute_script("return document.getElementById('list').getBoundingClientRect().top") - list_top
        check(moved == 0, f"a message does not push the list down (moved {moved} px)")
        settings(driver, limit="", concurrent="1")
        check(not driver.find_element(By.ID, "message").is_displayed(), "a good Apply clears the message")
        add(driver, origin + "/small/missing.bin")
        wait_for(driver, "missing.bin fails", lambda d: row_state(d, "missing.bin") == "failed", 30)
        check(row_state(driver, "missing.bin") == "failed", "a 404 shows as failed")
        error = row_named(driver, "missing.bin").find_element(By.CSS_SELECTOR, ".error").text
        check("404" in error, f"the failure's reason is shown ({error})")
        add(driver, origin + "/small/notes.txt")
        wait_for(driver, "notes.txt completes", lambda d: row_state(d, "notes.txt") == "completed", 30)
        add(driver, origin + "/slow/second.iso", connections="4")
        wait_for(driver, "second.iso downloads", lambda d: row_state(d, "second.iso") == "downloading", 20)
        add(driver, origin + "/slow/third.iso")
        add(driver, origin + "/slow/fourth.iso", paused=True)
        wait_for(driver, "third.iso waits", lambda d: row_state(d, "third.iso") == "queued", 10)
        check(row_state(driver, "third.iso") == "queued", "with one at a time, the next download waits")
        wait_for(driver, "fourth.iso is paused", lambda d: row_state(d, "fourth.iso") == "paused", 10)
        wait_for(driver, "second.iso moves", lambda d: row_percent(d, "second.iso") >= 5, 20)
        totals = driver.find_element(By.ID, "totals").text
        check(totals.startswith("1 running · 1 queued"), f"the total line counts running and queued ({totals})")
        # Layout: every row's badge and bar start at the same x; ETA and speed stay on one line; each row says
        # where it comes from (two rows of the same name are told apart).
        layout = driver.execute_script("""
            return [...document.querySelectorAll('#list .row')].map(r => ({
              state: r.querySelector('.state').getBoundingClientRect().left,
              bar: r.querySelector('.bar').getBoundingClientRect().left,
              eta: getComputedStyle(r.querySelector('.eta')).whiteSpace,
              speed: getComputedStyle(r.querySelector('.speed')).whiteSpace,
              where: (r.querySelector('.where') || {}).textContent || '' }))""")
        check(len({round(r["state"]) for r in layout}) == 1 and len({round(r["bar"]) for r in layout}) == 1,
              f"every row's badge and bar line up ({sorted({round(r['state']) for r in layout})}, {sorted({round(r['bar']) for r in layout})})")
        check(all(r["eta"] == "nowrap" and r["speed"] == "nowrap" for r in layout), "ETA and speed never wrap")
        check(all("127.0.0.1" in r["where"] for r in layout), f"each row says where it comes from ({layout[0]['where']})")
        gids = driver.execute_script("return [...document.querySelectorAll('#list .row')].map(r => r.dataset.gid)")
        check(len(gids) == len(set(gids)), f"each download is listed once ({len(gids)} rows, {len(set(gids))} downloads)")
        row_named(driver, "second.iso").find_element(By.CSS_SELECTOR, ".name").click()
        wait_for(driver, "the detail shows bands", lambda d: len(d.find_elements(By.CSS_SELECTOR, "#detail-segments .band")) >= 2, 10)
        bands = len(driver.find_elements(By.CSS_SELECTOR, "#detail-segments .band"))
        check(bands >= 2, f"the detail shows one band per connection ({bands})")
        # Read in one go: the detail is redrawn with every progress push.
        read_fields = lambda: driver.execute_script(
            "return Object.fromEntries([...document.querySelectorAll('#detail-fields dt')]"
            ".map(dt => [dt.textContent, dt.nextElementSibling.textContent]))")
        fields = read_fields()
        check(fields.get("ETag", "—").startswith('"'), f"the detail shows the ETag ({fields.get('ETag')})")
        check(fields.get("Final URL") == origin + "/slow/second.iso", f"the detail shows the final URL ({fields.get('Final URL')})")
        time.sleep(0.5)
        check(read_fields().get("ETag", "—").startswith('"'), "progress redraws keep the ETag")
        if args.screenshot:
            driver.save_screenshot(args.screenshot.replace(".png", "-detail.png"))
        driver.find_element(By.ID, "detail-close").click()
        if args.screenshot:
            driver.execute_script("document.activeElement.blur()")
            viewport(driver, 1280, 800)
            driver.save_screenshot(args.screenshot)
        # A phone: the controls take little room; the bulk buttons only show when something is selected.
        viewport(driver, 390, 844, mobile=True)
        time.sleep(0.5)
        first_row = driver.execute_script("return document.querySelector('#list .row').getBoundingClientRect().top")
        check(first_row < 260, f"on a phone the first download starts {first_row:.0f} px down (under 260)")
        check(not any(b.is_displayed() for b in driver.find_elements(By.CSS_SELECTOR, "[data-bulk]")),
              "no bulk buttons while nothing is selected")
        rows(driver)[0].find_element(By.CSS_SELECTOR, ".pick").click()
        check(all(b.is_displayed() for b in driver.find_elements(By.CSS_SELECTOR, "[data-bulk]")),
              "the bulk buttons show once something is selected")
        rows(driver)[0].find_element(By.CSS_SELECTOR, ".pick").click()
        if args.screenshot:
            driver.execute_script("document.activeElement.blur()")
            driver.save_screenshot(args.screenshot.replace(".png", "-phone.png"))
            print(f"screenshots: {args.screenshot} (and -detail, -phone)")
        # 9. Remove and delete file (Haul's haul.removeDownloadAndFile), after a confirm: a completed download's file,
        #    and a paused one's partial file. Dismissing the confirm deletes nothing.
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        time.sleep(0.3)
        notes = os.path.join(daemon.downloads, "notes.txt")
        row_named(driver, "notes.txt").find_element(By.CSS_SELECTOR, ".name").click()
        wait_for(driver, "the detail of notes.txt", lambda d: d.find_element(By.ID, "detail-title").text == "notes.txt", 10)
        driver.find_element(By.ID, "detail-delete").click()
        alert = driver.switch_to.alert
        check("delete its file" in alert.text, f"the page asks before deleting ({alert.text})")
        alert.dismiss()
        time.sleep(0.5)
        check(os.path.exists(notes) and row_named(driver, "notes.txt") is not None, "dismissed: nothing is deleted")
        driver.find_element(By.ID, "detail-delete").click()
        driver.switch_to.alert.accept()
        wait_for(driver, "notes.txt is gone", lambda d: row_named(d, "notes.txt") is None, 10)
        check(not os.path.exists(notes), "confirmed: the completed download's file is deleted")
        check(row_state(driver, "second.iso") == "downloading", "second.iso is still downloading when it is paused")
        # Pausing does not move the row (with one at a time, third.iso starts): a second click at the same spot
        # 0.6 s later lands on the same row.
        names = lambda: [r.find_element(By.CSS_SELECTOR, ".name").text for r in rows(driver)]
        before = names()
        toggle = row_named(driver, "second.iso").find_element(By.CSS_SELECTOR, '[data-act="toggle"]')
        spot = driver.execute_script("const b = arguments[0].getBoundingClientRect(); return [b.x + b.width / 2, b.y + b.height / 2]", toggle)
        toggle.click()
        wait_for(driver, "second.iso pauses", lambda d: row_state(d, "second.iso") == "paused", 15)
        wait_for(driver, "third.iso starts", lambda d: row_state(d, "third.iso") == "downloading", 15)
        time.sleep(0.6)
        under = driver.execute_script(
            "const e = document.elementFromPoint(arguments[0], arguments[1]); const r = e && e.closest('.row');"
            "return r ? r.querySelector('.name').textContent : null", *spot)
        check(under == "second.iso", f"after pausing, the same spot is still second.iso's row ({under})")
        check(names() == before, f"pausing keeps the list's order ({before} -> {names()})")
        driver.refresh()
        wait_for(driver, "the page reconnects after a reload", lambda d: d.find_element(By.ID, "link").text == "connected", 15)
        wait_for(driver, "the list is back after a reload", lambda d: len(rows(d)) == len(before), 10)
        check(names() == before, f"a reload shows the same order (the order downloads were added) ({names()})")
        second_part = os.path.join(daemon.downloads, "second.iso.part")
        check(os.path.exists(second_part), "the paused download has a partial file")
        row_named(driver, "second.iso").find_element(By.CSS_SELECTOR, ".name").click()
        wait_for(driver, "the delete button is enabled", lambda d: d.find_element(By.ID, "detail-delete").is_enabled(), 10)
        driver.find_element(By.ID, "detail-delete").click()
        driver.switch_to.alert.accept()
        wait_for(driver, "second.iso is gone", lambda d: row_named(d, "second.iso") is None, 10)
        check(not os.path.exists(second_part), "confirmed: the paused download's partial file is deleted")
        check(not driver.find_element(By.ID, "detail-dialog").get_attribute("open"), "the detail closes")

        # 10. Cancel asks (it deletes the partial file), and the cancelled row claims no bytes.
        wait_for(driver, "third.iso downloads", lambda d: row_state(d, "third.iso") == "downloading", 15)
        press(driver, "third.iso", "cancel")
        alert = asked(driver)
        check(alert is not None and "delete" in alert.text, f"cancel asks before deleting ({alert and alert.text})")
        if alert:
            alert.dismiss()
        time.sleep(0.5)
        check(row_state(driver, "third.iso") == "downloading", "dismissed: the download goes on")
        if row_state(driver, "third.iso") == "downloading":
            press(driver, "third.iso", "cancel")
            alert = asked(driver)
            if alert:
                alert.accept()
        wait_for(driver, "third.iso is cancelled", lambda d: row_state(d, "third.iso") == "cancelled", 15)
        left = row_bytes(driver, "third.iso")
        check("%" not in left and "deleted" in left, f"the cancelled row says its bytes are gone ({left})")

        # 11. A failed download has Retry (unpause), which downloads it once the file is there.
        retry = row_named(driver, "missing.bin").find_element(By.CSS_SELECTOR, '[data-act="toggle"]')
        check(retry.text == "Retry" and retry.is_enabled(), f"a failed download offers Retry ({retry.text})")
        FILES.add("/small/missing.bin", 3000, "missing")
        retry.click()
        wait_for(driver, "missing.bin completes after Retry", lambda d: row_state(d, "missing.bin") == "completed", 30)
        check(row_state(driver, "missing.bin") == "completed", "Retry downloads a failed download again")

        severe = [e for e in early_logs + driver.get_log("browser") if e.get("level") == "SEVERE"
                  and "missing.bin" not in e.get("message", "") and "favicon" not in e.get("message", "")]
        check(not severe, f"no errors in the browser console {severe[:2]}")
    finally:
        driver.quit()
        daemon.stop()
        files.shutdown()
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    print(f"{len(FAILURES)} failed" if FAILURES else "all browser checks held")
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
