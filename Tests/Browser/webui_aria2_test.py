#!/usr/bin/env python3
"""webui-aria2 (a real aria2 front-end, MIT, vendored built in Tests/Browser/vendor/webui-aria2/) driving `haul daemon`.

Usage: webui_aria2_test.py --haul PATH/TO/haul [--screenshot docs/images/webui-aria2.png] [--keep DIR]

The page is served as its users serve it, from a static HTTP server of its own on 127.0.0.1 (another port than the
daemon's, so another origin), and told where the daemon is the way its README says: `?host=…&port=…&token=…` in the
page's address. The daemon runs with no --rpc-allow-origin: a page on another loopback port is let in because its
calls carry the secret (docs/daemon.md, "The origin rule"). Through the front-end's own UI it checks:
  1. it connects (no "Could not connect" alert, the empty list's words) and its Add menu offers "By Metalinks";
  2. Add > By URIs adds a throttled download: its row shows the name, Active, and a progress bar that grows;
  3. the row's details show the piece bar (a canvas painted from `bitfield`);
  4. the row's pause button pauses it (Paused, and tellStatus says paused), its resume button resumes it;
  5. Settings > Global Settings lists the daemon's global options with their values; changing
     max-concurrent-downloads there is applied (getGlobalOption over RPC says so);
  6. the download completes and its row says Complete (the screenshot is taken at step 3);
  7. no console error and no RPC error alert on the way.
Exits 0 when every check held, printing each check as it goes.
"""
import argparse, functools, http.server, json, os, sys, tempfile, threading, urllib.parse, urllib.request

from selenium.webdriver.common.by import By

from web_fixture import Daemon, FAILURES, FILES, Handler, Server, browser, check, wait_for

VENDOR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "vendor", "webui-aria2", "docs")


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def rpc(daemon, secret, method, *params):
    body = json.dumps({"jsonrpc": "2.0", "id": "t", "method": method, "params": ["token:" + secret, *params]}).encode()
    request = urllib.request.Request(f"http://127.0.0.1:{daemon.port}/jsonrpc", body, {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.load(answer)["result"]


def row(driver, name):
    for element in driver.find_elements(By.CSS_SELECTOR, "div.download[data-gid]"):
        if name in element.find_element(By.CSS_SELECTOR, ".title").text:
            return element
    return None


def status(driver, name):
    element = row(driver, name)
    if element is None:
        return None
    labels = element.find_elements(By.CSS_SELECTOR, '.download-overview span[title="Download status"]')
    return " ".join(l.get_attribute("textContent").strip() for l in labels) or None


def progress(driver, name):
    element = row(driver, name)
    if element is None:
        return -1.0
    style = element.find_element(By.CSS_SELECTOR, ".download-progress .progress-bar").get_attribute("style")
    try:
        return float(style.split("width:")[1].split("%")[0])
    except (IndexError, ValueError):
        return -1.0


def button(driver, name, icon):
    """The row's control button drawn with `#icon-NAME` (webui-aria2's buttons are icons only)."""
    for candidate in row(driver, name).find_elements(By.CSS_SELECTOR, ".download-controls > .btn-group > button"):
        if f"#icon-{icon}" in candidate.get_attribute("innerHTML"):
            return candidate
    return None


SEEN_ALERTS = []


def shown_alerts(driver):
    """The texts of webui-aria2's alerts on screen now, each kept in SEEN_ALERTS for step 7."""
    texts = [a.text for a in driver.find_elements(By.CSS_SELECTOR, ".alerts .alert") if a.is_displayed() and a.text.strip()]
    SEEN_ALERTS.extend(t for t in texts if t not in SEEN_ALERTS)
    return texts


def clear_of_alerts(driver):
    """Waits until webui-aria2's alerts are gone (each stays 5 s, an error 15 s): they float over the top of the list,
    where the first row's buttons are, and a person waits for them before clicking under one."""
    wait_for(driver, "webui-aria2's alerts go from over the list", lambda d: not shown_alerts(d), 20)


def menu(driver, toggle_text, action):
    """Opens the navigation bar's dropdown `toggle_text` and clicks its entry calling `action()`."""
    for toggle in driver.find_elements(By.CSS_SELECTOR, ".navbar .dropdown-toggle"):
        if toggle.text.strip() == toggle_text:
            toggle.click()
            entry = toggle.find_element(By.XPATH, f"..//a[@ng-click='{action}()']")
            wait_for(driver, f"the {toggle_text} menu opens", lambda d: entry.is_displayed(), 5)
            entry.click()
            return
    check(False, f"the navigation bar has a {toggle_text} menu")


def painted(driver, canvas):
    return driver.execute_script(
        "const c = arguments[0], d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;"
        "let n = 0; for (let i = 3; i < d.length; i += 4) if (d[i]) n++; return n;", canvas)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--haul", required=True)
    parser.add_argument("--screenshot", default="")
    parser.add_argument("--keep", default="")
    args = parser.parse_args()
    work = args.keep or tempfile.mkdtemp(prefix="haul-webui-aria2-")
    os.makedirs(work, exist_ok=True)

    source = FILES.add("/slow/webui-big.iso", 10 << 20, "webui")  # 10 s at the file server's shared rate
    files = Server(("127.0.0.1", 0), Handler)
    threading.Thread(target=files.serve_forever, daemon=True).start()
    page = Server(("127.0.0.1", 0), functools.partial(Quiet, directory=VENDOR))
    threading.Thread(target=page.serve_forever, daemon=True).start()

    daemon = Daemon(args.haul, work)
    secret = urllib.parse.unquote(daemon.start().split("#secret=", 1)[1])
    driver = browser()
    try:
        query = urllib.parse.urlencode({"host": "127.0.0.1", "port": daemon.port, "token": secret})
        driver.get(f"http://127.0.0.1:{page.server_address[1]}/?{query}")

        # 1. Connected: the empty list's words show, and Add offers Metalinks (getVersion's enabledFeatures).
        wait_for(driver, "webui-aria2 connects and shows its empty list",
                 lambda d: d.find_element(By.CSS_SELECTOR, ".download-empty").is_displayed())
        for toggle in driver.find_elements(By.CSS_SELECTOR, ".navbar .dropdown-toggle"):
            if toggle.text.strip() == "Add":
                toggle.click()
                metalinks = toggle.find_element(By.XPATH, "..//a[@ng-click='addMetalinks()']")
                check(wait_for(driver, "Add > By Metalinks shows", lambda d: metalinks.is_displayed(), 5) is True,
                      "the Add menu offers By Metalinks (Metalink in getVersion's enabledFeatures)")
                toggle.click()

        # 2. Add > By URIs.
        url = f"http://127.0.0.1:{files.server_address[1]}/slow/webui-big.iso"
        menu(driver, "Add", "addUris")
        area = wait_for(driver, "the Add By URIs dialog opens",
                        lambda d: d.find_element(By.CSS_SELECTOR, ".modal-body textarea"), 10)
        area.send_keys(url)
        driver.find_element(By.CSS_SELECTOR, ".modal-footer .btn-primary").click()
        wait_for(driver, "the added download's row shows Active", lambda d: status(d, "webui-big.iso") == "Active")
        check(row(driver, "webui-big.iso") is not None, "the added download shows with its name")
        first = wait_for(driver, "its progress bar moves", lambda d: progress(d, "webui-big.iso") > 0 and progress(d, "webui-big.iso"))
        wait_for(driver, "its progress bar grows", lambda d: progress(d, "webui-big.iso") > (first or 0))
        check(progress(driver, "webui-big.iso") > 0, "the progress bar shows the download moving")

        # 3. The piece bar, drawn from the lists' bitfield, in the row's details.
        # Its "Successfully connected" alert floats over the top of the list: the row is opened by its bar.
        row(driver, "webui-big.iso").find_element(By.CSS_SELECTOR, ".download-progress").click()
        canvas = wait_for(driver, "the details show the piece bar", lambda d: next(
            (c for c in row(d, "webui-big.iso").find_elements(By.CSS_SELECTOR, "canvas.chunk-canvas") if c.is_displayed()), None), 10)
        if canvas is not None:
            check(wait_for(driver, "the piece bar is painted", lambda d: painted(d, canvas) > 0) is not None,
                  "the piece bar of the running download is painted from its bitfield")
        if args.screenshot:  # the running download opened: its speed, bar and piece bar
            driver.save_screenshot(args.screenshot)

        # 4. Pause and resume with the row's buttons (under the alerts' place: waited for, as a person does).
        clear_of_alerts(driver)
        button(driver, "webui-big.iso", "pause").click()
        wait_for(driver, "the row says Paused", lambda d: status(d, "webui-big.iso") == "Paused")
        gid = row(driver, "webui-big.iso").get_attribute("data-gid")
        check(rpc(daemon, secret, "aria2.tellStatus", gid, ["status"])["status"] == "paused", "the pause button paused it (tellStatus)")
        clear_of_alerts(driver)
        button(driver, "webui-big.iso", "play").click()
        wait_for(driver, "the row says Active again", lambda d: status(d, "webui-big.iso") == "Active")
        check(rpc(daemon, secret, "aria2.tellStatus", gid, ["status"])["status"] in ("active", "complete"), "the resume button resumed it")

        # 5. Global Settings: the daemon's options with their values; one change applied.
        menu(driver, "Settings", "changeGSettings")
        wait_for(driver, "the Global Settings dialog opens",
                 lambda d: len(d.find_elements(By.CSS_SELECTOR, ".modal-body .form-group label")) > 10, 10)
        options = rpc(daemon, secret, "aria2.getGlobalOption")

        def settings_shown(d):
            shown = {}
            for group in d.find_elements(By.CSS_SELECTOR, ".modal-body .form-group"):
                labels = group.find_elements(By.CSS_SELECTOR, "label.control-label")
                if labels:
                    fields = [f for f in group.find_elements(By.CSS_SELECTOR, "input[type=text], select, textarea") if f.is_displayed()]
                    if fields:
                        shown[labels[0].get_attribute("textContent").strip()] = fields[0]
            return shown

        # The dialog's fields are drawn as its digest goes on (a field read too early, such as the first,
        # allow-overwrite, was not shown yet with Chromium 156): asked in the page itself, in one script (a
        # WebDriver call per field is seconds a look), until every option is there, or 10 s.
        labelled = """
            const names = [];
            for (const group of document.querySelectorAll('.modal-body .form-group')) {
                const label = group.querySelector('label.control-label');
                const fields = group.querySelectorAll('input[type=text], select, textarea');
                if (label && [...fields].some(f => f.offsetParent !== null)) names.push(label.textContent.trim());
            }
            return names;"""
        wait_for(driver, "Global Settings shows every option",
                 lambda d: set(options) <= set(d.execute_script(labelled)), 10)
        listed = driver.execute_script(labelled)
        missing = [name for name in options if name not in listed]
        shown = settings_shown(driver)
        check(not missing, f"Global Settings lists every option getGlobalOption gives ({len(options)}; missing {missing})")
        for name in ("dir", "max-concurrent-downloads", "max-overall-download-limit", "split", "min-split-size"):
            if name in shown and name in options:
                check(shown[name].get_attribute("value") == str(options[name]),
                      f"Global Settings shows {name} = {options[name]!r} (shown {shown[name].get_attribute('value')!r})")
        before = options.get("max-concurrent-downloads")
        wanted = "3" if before != "3" else "4"
        driver.find_element(By.CSS_SELECTOR, ".modal-body .filter-input-group input").send_keys("max-concurrent-downloads")
        field = wait_for(driver, "the filter leaves max-concurrent-downloads", lambda d: next(
            (g.find_element(By.CSS_SELECTOR, "input[type=text]") for g in d.find_elements(By.CSS_SELECTOR, ".modal-body .form-group")
             if g.find_elements(By.CSS_SELECTOR, "label.control-label")
             and g.find_element(By.CSS_SELECTOR, "label.control-label").text.strip() == "max-concurrent-downloads"), None), 5)
        field.clear()
        field.send_keys(wanted)
        driver.find_element(By.CSS_SELECTOR, ".modal-footer .btn-primary").click()
        wait_for(driver, "the Global Settings dialog closes", lambda d: not d.find_elements(By.CSS_SELECTOR, ".modal-body"), 10)
        applied = wait_for(driver, "the changed option reaches the daemon", lambda d: rpc(
            daemon, secret, "aria2.getGlobalOption").get("max-concurrent-downloads") == wanted, 10)
        check(applied is True, f"max-concurrent-downloads changed in Global Settings ({before} -> {wanted}) is what getGlobalOption answers")

        # 6. Complete.
        wait_for(driver, "the row says Complete", lambda d: status(d, "webui-big.iso") == "Complete", 60)
        with open(os.path.join(daemon.downloads, "webui-big.iso"), "rb") as f:
            check(f.read() == source, "the completed file equals the source")
        check(abs(progress(driver, "webui-big.iso") - 100) < 0.01, "the completed download's bar is full")

        # 7. No alert and no console error on the way.
        # Those waited for on the way count too (SEEN_ALERTS), not only those still on screen.
        shown_alerts(driver)
        alerts = SEEN_ALERTS + [a.text for a in driver.find_elements(By.CSS_SELECTOR, ".alert") if a.is_displayed() and a.text.strip()]
        check(not [a for a in alerts if "Snap" in a or "rror" in a], f"no error alert ({alerts})")
        # Its web font comes from fonts.googleapis.com (no network on CI), and its built docs/ has no favicon.ico:
        # neither is the daemon's. Anything else (a refused origin, a failed WebSocket, CORS) counts.
        page_favicon = f"http://127.0.0.1:{page.server_address[1]}/favicon.ico"
        errors = [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"
                  and not entry["message"].startswith(("https://fonts.googleapis.com/", page_favicon))]
        check(not errors, f"no console error ({errors})")
    finally:
        driver.quit()
        daemon.stop()
    if FAILURES:
        print(f"{len(FAILURES)} browser checks failed", flush=True)
        return 1
    print("all browser checks held", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
