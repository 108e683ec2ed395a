#!/usr/bin/env python3
"""Issue 60's points 10-13 ("what people hit in the first hour"): the daemon's page in headless Chromium.

Usage: web_first_hour_test.py --haul PATH/TO/haul [--screenshots DIR] [--keep DIR]

A daemon with its own defaults (no -x: Haul chooses the connections) and `--retries 0` (a refused connection fails
at once), a file server on 127.0.0.1, and a Chromium whose WebSocket is watched by a hook (WS_HOOK): it records what
the page sends, can hold the answers to calls sent with an empty secret, and can send a wrong one. Then:
 10. a notification while the secret dialog is open sends nothing without the secret; answers held from before the
     sign-in change nothing; an Unauthorized answer keeps the list (greyed) and asks for the secret;
 11. the sign-in link pasted into a tab that shows the secret dialog signs in, without a reload, and the secret
     leaves the address bar and the history;
 12. Add with 40 rows: the new row is scrolled into view, highlighted, and a note says it was added; Retry of a 404
     says it failed again, in the message and in the row;
 13. the "from … · into …" line is whole (two rows of one name told apart); the header's counts add up to the
     list; the Add dialog's buttons are in sight at 1280x800; the connections show the daemon's default (auto); a
     download on one connection shows that connection in its detail; the phone's menus are not cut; in Chinese a
     refused connection and a name that does not resolve keep the daemon's words beside 网络问题.
Each step waits on the page's state, never on a fixed time.
"""
import argparse, os, re, shutil, sys, tempfile, threading, urllib.parse

import web_ui_test as ui
from web_ui_test import FILES, FAILURES, check, wait_for, rows, row_named
import page_checks as pc

from selenium.webdriver.common.by import By

# Installed before the page's scripts: records what the page sends (__sent) and the notifications it gets
# (__notified); holds the answers to calls made with an empty secret while __holdEmpty (__held, released by the
# test); sends "token:wrong" instead of the secret while __badToken.
WS_HOOK = """
(() => {
  const Real = window.WebSocket;
  Object.assign(window, { __sent: [], __notified: [], __held: [], __holdEmpty: true, __badToken: false });
  const holding = new Set();
  class Watched extends Real {
    send(data) {
      let text = String(data);
      window.__sent.push(text);
      if (window.__holdEmpty && text.includes('"token:"')) holding.add(JSON.parse(text).id);
      if (window.__badToken) text = text.replace(/"token:[^"]*"/g, '"token:wrong"');
      return super.send(text);
    }
    addEventListener(type, listener, options) {
      if (type !== "message") return super.addEventListener(type, listener, options);
      return super.addEventListener(type, (event) => {
        let message = {};
        try { message = JSON.parse(event.data); } catch {}
        if (message.method) window.__notified.push(message.method);
        if (holding.has(message.id)) { window.__held.push(() => listener.call(this, event)); return; }
        listener.call(this, event);
      }, options);
    }
  }
  window.WebSocket = Watched;
})();
"""

# Runs what was held, then answers once the page has handled it: its continuations run as microtasks, all of them
# before the next task (the setTimeout).
RELEASE_JS = """
const done = arguments[0];
const held = window.__held.splice(0);
held.forEach((deliver) => deliver());
setTimeout(() => done(held.length), 0);
"""


def watched_browser(lang="en-US"):
    driver = pc.browser(lang)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": WS_HOOK})
    return driver


def dialog_open(driver, name):
    return bool(driver.find_element(By.ID, name).get_attribute("open"))


def sign_in_step(driver, base, url, rpc, origin):
    """10 and 11."""
    driver.get(base)
    wait_for(driver, "the secret dialog opens without a secret", lambda d: dialog_open(d, "secret-dialog"), 15)
    # A download added by another client: the daemon tells every connection, the page still without its secret.
    rpc("aria2.addUri", [origin + "/small/early.bin"])
    wait_for(driver, "the page hears of the new download", lambda d: d.execute_script(
        "return window.__notified.some((m) => m.startsWith('aria2.onDownload'))"), 15)
    driver.find_element(By.ID, "secret-input").send_keys(urllib.parse.unquote(url.split("secret=")[1]))
    driver.find_element(By.CSS_SELECTOR, '#secret-form button[type="submit"]').click()
    pc.connected(driver)
    wait_for(driver, "early.bin is listed after the sign-in", lambda d: row_named(d, "early.bin") is not None, 15)
    empty = driver.execute_script("return window.__sent.filter((text) => text.includes('\"token:\"')).length")
    check(empty == 0, f"nothing is sent with an empty secret while the dialog is open ({empty} calls)")
    released = driver.execute_async_script(RELEASE_JS)
    check(len(rows(driver)) >= 1, f"answers to calls from before the sign-in ({released}) leave the list as it is")

    # An Unauthorized answer (the secret changed under the page): the list stays, greyed; the secret is asked for.
    count = len(rows(driver))
    driver.execute_script("window.__badToken = true")
    rpc("aria2.addUri", [origin + "/small/late.bin"])
    wait_for(driver, "a refused list asks for the secret", lambda d: dialog_open(d, "secret-dialog"), 15)
    check(len(rows(driver)) == count, f"an Unauthorized answer keeps the list ({count} -> {len(rows(driver))} rows)")
    check("not accepted" in driver.find_element(By.ID, "secret-why").text, "and says the secret was not accepted")
    driver.execute_script("window.__badToken = false")

    # 11. The printed link pasted into this tab: only the fragment changes (no reload).
    driver.execute_script("window.__sameDocument = true; location.href = arguments[0]", url)
    pc.connected(driver)
    check(not dialog_open(driver, "secret-dialog"), "the pasted link closes the secret dialog")
    check(driver.execute_script("return window.__sameDocument === true"), "the pasted link signs in without a reload")
    check("secret" not in driver.current_url, f"the secret leaves the address bar ({driver.current_url})")
    driver.back()
    wait_for(driver, "Back goes to the page before", lambda d: d.execute_script("return window.__sameDocument === true"), 5)
    check("secret" not in driver.current_url, f"Back does not show the secret ({driver.current_url})")
    driver.forward()
    check("secret" not in driver.current_url, f"nor does Forward ({driver.current_url})")


def added_step(driver, rpc, origin, daemon, shots):
    """12, and the rows and counts of 13."""
    more = os.path.join(daemon.work, "more")
    for index in range(38):
        rpc("aria2.addUri", [f"{origin}/small/row-{index:02}.bin"], {"pause": "true"})
    # One name, two directories: the rows are told apart by their "into" line.
    rpc("aria2.addUri", [origin + "/small/same.bin"], {"pause": "true"})
    rpc("aria2.addUri", [origin + "/small/same.bin"], {"pause": "true", "dir": more})
    driver.refresh()
    pc.connected(driver)
    wait_for(driver, "40 rows and more", lambda d: len(rows(d)) >= 42, 15)
    ui.viewport(driver, 1280, 800)
    driver.execute_script("window.scrollTo(0, 0)")
    ui.add(driver, origin + "/small/fresh.bin")
    shown = lambda: driver.execute_script("""
        const row = [...document.querySelectorAll('#list .row')].find((r) => r.querySelector('.name').textContent === 'fresh.bin');
        const box = row ? row.getBoundingClientRect() : { top: -1 };
        return [box.top >= 0 && box.bottom <= innerHeight, !!row && row.classList.contains('fresh'), document.getElementById('message').textContent]""")
    wait_for(driver, "fresh.bin is shown", lambda d: all(shown()[:2]) and "fresh.bin" in shown()[2], 15)
    seen = shown()
    check(seen[0], "after Add the new row (the 43rd) is scrolled into view")
    check(seen[1], "after Add the new row is highlighted")
    check("fresh.bin" in seen[2] and "Added" in seen[2], f"after Add a note says what was added ({seen[2]})")
    if shots:
        driver.save_screenshot(os.path.join(shots, "web-ui-added.png"))

    # Retry of a 404 that is still a 404: said, in the message and in the row.
    ui.add(driver, origin + "/small/absent.bin")
    wait_for(driver, "absent.bin fails", lambda d: ui.row_state(d, "absent.bin") == "failed", 20)
    ui.press(driver, "absent.bin", "toggle")
    wait_for(driver, "the retry's outcome is said", lambda d: "failed again" in d.find_element(By.ID, "message").text, 20)
    message = driver.find_element(By.ID, "message").text
    check("absent.bin" in message and "404" in message, f"the message says the retry failed again, and why ({message})")
    error = row_named(driver, "absent.bin").find_element(By.CSS_SELECTOR, ".error").text
    check("tried again at" in error and "404" in error, f"the row says it was tried again ({error})")

    # 13. Where each row comes from and goes to, whole; the two rows named same.bin differ there.
    lines = driver.execute_script("""
        return [...document.querySelectorAll('#list .row')].map((r) => { const w = r.querySelector('.where');
          return [r.querySelector('.name').textContent, w.textContent, w.scrollWidth <= w.clientWidth + 1, w.getBoundingClientRect().height]; })""")
    cut = [name for name, _, whole, _ in lines if not whole]
    check(not cut, f"every row's from · into line is whole at 1280x800 (cut: {cut[:3]})")
    check(max(height for *_, height in lines) < 24, "and on one line")
    same = [where for name, where, _, _ in lines if name == "same.bin"]
    check(len(same) == 2 and same[0] != same[1] and all("into /" in where for where in same),
          f"two rows named same.bin are told apart ({same})")
    totals = driver.find_element(By.ID, "totals").text
    counted = sum(int(n) for n in re.findall(r"(\d+) (?:running|queued|paused|done|failed|cancelled)", totals))
    check(counted == len(rows(driver)) and "paused" in totals and "failed" in totals,
          f"the header counts every state ({totals}; {len(rows(driver))} rows)")


def dialogs_step(driver, rpc, origin, shots):
    """13: the Add dialog's buttons, the connections' default, one connection's detail."""
    # A 1280x800 screen leaves a browser window's page about 680 px (tabs, address bar) and a laptop's less: the
    # buttons must be in sight at each height, not only at a headless 800 (where the dialog fits anyway).
    for height in (560, 680, 800):
        ui.viewport(driver, 1280, height)
        driver.find_element(By.ID, "add-open").click()
        wait_for(driver, "the add dialog opens", lambda d: dialog_open(d, "add-dialog"), 5)
        in_sight = driver.execute_script("""
            return [...document.querySelectorAll('#add-form .buttons button')].map((b) => {
              const box = b.getBoundingClientRect();
              const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
              return [b.textContent, box.bottom <= innerHeight && (hit === b || b.contains(hit))]; })""")
        check(in_sight and all(seen for _, seen in in_sight),
              f"the Add dialog's buttons are in sight at 1280x{height} ({in_sight})")
        if height != 800:
            driver.find_element(By.ID, "add-cancel").click()
    placeholder = driver.find_element(By.ID, "add-split").get_attribute("placeholder")
    ceiling = rpc("aria2.getGlobalOption")["split"]
    check(placeholder == f"auto (up to {ceiling})", f"Add's connections show the daemon's default ({placeholder})")
    if shots:
        driver.save_screenshot(os.path.join(shots, "web-ui-add.png"))
    driver.find_element(By.ID, "add-cancel").click()
    driver.find_element(By.ID, "settings-open").click()
    wait_for(driver, "the settings dialog opens", lambda d: dialog_open(d, "settings-dialog"), 5)
    split = driver.find_element(By.ID, "global-split")
    shown = (split.get_attribute("value"), split.get_attribute("placeholder"))
    check(shown == ("", f"auto (up to {ceiling})"), f"Settings shows the same default ({shown})")
    driver.find_element(By.ID, "settings-cancel").click()
    check(rpc("aria2.getGlobalOption")["haul-connections"] == "auto", "getGlobalOption says haul-connections=auto")

    # One connection: its detail shows it.
    one = rpc("aria2.addUri", [origin + "/slow/one.iso"], {"split": "1"})
    wait_for(driver, "one.iso downloads", lambda d: ui.row_state(d, "one.iso") == "downloading", 20)
    row_named(driver, "one.iso").find_element(By.CSS_SELECTOR, ".name").click()
    wait_for(driver, "one.iso's connection is shown", lambda d: len(d.find_elements(By.CSS_SELECTOR, "#detail-segments .band")) == 1, 10)
    listed = driver.find_element(By.ID, "detail-segment-list").text
    check("no connection" not in listed and listed.startswith("#1"), f"a download on one connection shows it ({listed})")
    driver.find_element(By.ID, "detail-close").click()
    rpc("aria2.remove", one)


def chinese_step(driver, rpc, shots):
    """13: in Chinese, the two network failures keep the daemon's words; the phone's menus are whole."""
    refused = f"http://127.0.0.1:{ui.free_port()}/refused.bin"
    rpc("aria2.addUri", [refused])
    rpc("aria2.addUri", ["http://unresolved.invalid/unresolved.bin"])
    driver.execute_script("const s = document.getElementById('lang'); s.value = 'zh-CN'; s.dispatchEvent(new Event('change'))")
    wait_for(driver, "both fail", lambda d: ui.row_state(d, "refused.bin") == "失败" and ui.row_state(d, "unresolved.bin") == "失败", 60)
    words = {name: row_named(driver, name).find_element(By.CSS_SELECTOR, ".error").text for name in ("refused.bin", "unresolved.bin")}
    named = lambda file: (file.get("path") or (file.get("uris") or [{"uri": ""}])[0]["uri"]).split("/")[-1]
    said = {named(item["files"][0]): item.get("errorMessage", "") for item in rpc("aria2.tellStopped", 0, 100, ["files", "errorMessage"])}
    said = {name: said.get(name, "") for name in words}
    check(words["refused.bin"] != words["unresolved.bin"], f"in Chinese the two network failures differ ({words})")
    check(all(said[name] and said[name] in text and "网络问题" in text for name, text in words.items()),
          f"each keeps the daemon's words beside 网络问题 ({words}; {said['refused.bin']!r}, {said['unresolved.bin']!r})")
    if shots:
        pc.dark(driver, True)
        ui.viewport(driver, 1280, 800)
        driver.execute_script("window.scrollTo(0, document.body.scrollHeight)")
        driver.save_screenshot(os.path.join(shots, "web-ui-dark-zh.png"))
        pc.dark(driver, False)
    ui.viewport(driver, 390, 844, mobile=True)
    driver.execute_script("window.scrollTo(0, 0)")
    menus = driver.execute_script("""
        return ['filter', 'sort'].map((id) => {
          const menu = document.getElementById(id), natural = menu.cloneNode(true);
          natural.removeAttribute('id');
          natural.style.position = 'absolute';
          natural.value = menu.value;
          menu.parentElement.append(natural);
          const whole = natural.getBoundingClientRect().width;
          natural.remove();
          return [id, Math.round(menu.getBoundingClientRect().width), Math.round(whole)]; })""")
    check(all(width >= whole - 1 for _, width, whole in menus), f"the phone's menus are not cut in Chinese ({menus})")
    if shots:
        driver.save_screenshot(os.path.join(shots, "web-ui-phone-zh.png"))
        driver.execute_script("const s = document.getElementById('lang'); s.value = 'en'; s.dispatchEvent(new Event('change'))")
        pc.dark(driver, True)
        driver.save_screenshot(os.path.join(shots, "web-ui-phone-dark.png"))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--haul", required=True)
    parser.add_argument("--screenshots", default="")
    parser.add_argument("--keep", default="")
    args = parser.parse_args()
    work = args.keep or tempfile.mkdtemp(prefix="haul-web-first-hour-")
    os.makedirs(os.path.join(work, "more"), exist_ok=True)
    for name in ["early.bin", "late.bin", "fresh.bin", "same.bin"] + [f"row-{i:02}.bin" for i in range(38)]:
        FILES.add("/small/" + name, 2000, name)
    FILES.add("/slow/one.iso", 48 << 20, "one")
    files = ui.Server(("127.0.0.1", 0), ui.Handler)
    threading.Thread(target=files.serve_forever, daemon=True).start()
    origin = f"http://127.0.0.1:{files.server_address[1]}"
    daemon = ui.Daemon(args.haul, work, connections=None,
                       extra=["--retries", "0", "--allow-dir", os.path.join(work, "downloads"), "--allow-dir", os.path.join(work, "more")])
    url = daemon.start()
    base = url.split("#")[0]
    rpc = pc.RPC(base, urllib.parse.unquote(url.split("secret=")[1]))
    driver = watched_browser()
    try:
        sign_in_step(driver, base, url, rpc, origin)
        added_step(driver, rpc, origin, daemon, args.screenshots)
        dialogs_step(driver, rpc, origin, args.screenshots)
        chinese_step(driver, rpc, args.screenshots)
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
