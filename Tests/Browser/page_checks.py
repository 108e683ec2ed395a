"""Helpers of web_features_test.py: a Chromium in a given language (with a hook that records notifications), the
daemon's JSON-RPC over HTTP, WCAG contrast from computed styles, and English words left on a translated page."""
import hashlib, json, os, re, shutil, urllib.parse, urllib.request

import web_ui_test as ui
from web_ui_test import check, wait_for

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

SEEN = {}  # path -> the request headers of its last GET, as the file server saw them


class Recording(ui.Handler):
    def do_GET(self):
        SEEN[urllib.parse.unquote(self.path.split("?")[0])] = {k.lower(): v for k, v in self.headers.items()}
        super().do_GET()


# Records every Notification the page makes (installed before any script of the page runs).
NOTIFICATION_HOOK = """
(() => {
  const Real = window.Notification;
  if (!Real) return;
  window.__notes = [];
  function Hooked(title, options) {
    window.__notes.push([title, (options && options.body) || ""]);
    return new Real(title, options);
  }
  Object.defineProperty(Hooked, "permission", { get: () => Real.permission });
  Hooked.requestPermission = (...args) => Real.requestPermission(...args);
  Hooked.prototype = Real.prototype;
  window.Notification = Hooked;
})();
"""


def browser(lang="en-US", notifications=False, window=(1280, 800)):
    options = webdriver.ChromeOptions()
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", f"--window-size={window[0]},{window[1] + 100}",
                 "--disable-gpu", "--no-first-run", "--no-default-browser-check", f"--lang={lang}"):
        options.add_argument(flag)
    prefs = {"intl.accept_languages": lang}
    if notifications:
        prefs["profile.default_content_setting_values.notifications"] = 1
    options.add_experimental_option("prefs", prefs)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    if binary:
        options.binary_location = binary
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=options)
    driver.execute_cdp_cmd("Emulation.setLocaleOverride", {"locale": lang})
    if notifications:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": NOTIFICATION_HOOK})
        driver.execute_cdp_cmd("Browser.grantPermissions", {"permissions": ["notifications"]})
    size(driver, *window)
    return driver


size = ui.viewport


def dark(driver, on):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "media": "", "features": [{"name": "prefers-color-scheme", "value": "dark" if on else "light"}]})


class RPC:
    def __init__(self, base, secret):
        self.url, self.secret = base + "jsonrpc", secret

    def __call__(self, method, *params):
        body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": method, "params": [f"token:{self.secret}", *params]})
        request = urllib.request.Request(self.url, body.encode(), {"Content-Type": "application/json"})
        with urllib.request.urlopen(request) as response:
            answer = json.loads(response.read())
        if "error" in answer:
            raise RuntimeError(answer["error"]["message"])
        return answer["result"]

    def all(self):
        keys = ["gid", "status", "files", "dir", "totalLength", "completedLength"]
        return self("aria2.tellActive", keys) + self("aria2.tellWaiting", 0, 100, keys) + self("aria2.tellStopped", 0, 100, keys)

    def gid_of(self, name):
        for item in self.all():
            if item["files"] and os.path.basename(item["files"][0]["path"]) == name:
                return item["gid"]
        return None


def connected(driver, text="connected"):
    return wait_for(driver, f"the page says {text}", lambda d: d.find_element(By.ID, "link").text == text, 20)


# ---------------------------------------------------------------------------------------------------------------
# WCAG contrast, from computed styles
# ---------------------------------------------------------------------------------------------------------------
PAIRS_JS = """
const parse = (c) => { const m = c.match(/[\\d.]+/g).map(Number); return [m[0], m[1], m[2], m.length > 3 ? m[3] : 1]; };
const background = (e) => {
  for (let n = e; n; n = n.parentElement) {
    const c = parse(getComputedStyle(n).backgroundColor);
    if (c[3] > 0.5) return c;
  }
  return parse(getComputedStyle(document.documentElement).backgroundColor);
};
const visible = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
const out = [];
const own = (e) => [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
for (const e of document.querySelectorAll('body *')) {
  if (!visible(e) || !(own(e) || ['INPUT', 'SELECT', 'TEXTAREA'].includes(e.tagName))) continue;
  if (e.closest('dialog:not([open]), [hidden], option, svg') || e.disabled || e.closest('button:disabled')) continue;
  const style = getComputedStyle(e);
  let opacity = 1;
  for (let n = e; n; n = n.parentElement) opacity *= Number(getComputedStyle(n).opacity);
  if (opacity < 0.99) continue;  // a greyed, inactive part (the list while disconnected)
  out.push([e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.className && typeof e.className === 'string' ? '.' + e.className.split(' ')[0] : ''),
            parse(style.color), background(e), (e.textContent || e.value || '').trim().slice(0, 20)]);
}
return out;
"""


def luminance(rgb):
    def channel(c):
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(x) for x in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(fg, bg):
    # A translucent text colour is blended over its background first.
    alpha = fg[3]
    blended = [fg[i] * alpha + bg[i] * (1 - alpha) for i in range(3)]
    a, b = luminance(blended), luminance(bg)
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)


def check_contrast(driver, theme):
    pairs = driver.execute_script(PAIRS_JS)
    low = [(name, round(contrast(fg, bg), 2), text) for name, fg, bg, text in pairs if contrast(fg, bg) < 4.5]
    check(len(pairs) > 20 and not low, f"{theme}: every text passes WCAG AA 4.5:1 ({len(pairs)} texts; below: {low[:4]})")


# ---------------------------------------------------------------------------------------------------------------
# English left in Chinese
# ---------------------------------------------------------------------------------------------------------------
TEXTS_JS = """
const visible = (e) => e && e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
const out = [];
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
for (let n = walker.nextNode(); n; n = walker.nextNode()) {
  const e = n.parentElement;
  if (!n.textContent.trim() || e.closest('template, option, script, style, [data-verbatim]') || !visible(e)) continue;
  out.push(n.textContent.trim());
}
for (const e of document.querySelectorAll('[aria-label], [title]')) {
  if (!visible(e) || e.closest('template')) continue;
  for (const a of ['aria-label', 'title']) if (e.getAttribute(a)) out.push(e.getAttribute(a));
}
for (const s of document.querySelectorAll('select')) if (visible(s) && s.selectedOptions[0]) out.push(s.selectedOptions[0].textContent);
return out;
"""
# Names that stay as they are in Chinese software too. What a server or the daemon said (URLs, paths, an ETag,
# its error message) is in [data-verbatim] and not the page's words.
KEPT = {"Haul", "GID", "ETag", "RPC", "Cookie", "Referer", "Metalink", "meta4", "metalink", "rpc-secret", "English",
        "haul", "daemon", "sha", "md5", "K", "M", "G", "B", "KiB", "MiB", "GiB", "TiB", "s", "HEX"}


def english_left(texts, names):
    left = []
    for text in texts:
        rest = text
        for name in sorted(names, key=len, reverse=True):
            rest = rest.replace(name, " ")
        rest = re.sub(r"https?://\S+|/[\w./-]+|[\w.-]*\.(?:iso|bin|txt|meta4|metalink)\b|127\.0\.0\.1(:\d+)?", " ", rest)
        words = [w for w in re.findall(r"[A-Za-z][A-Za-z-]*", rest) if w not in KEPT]
        if words:
            left.append((text[:40], words[:3]))
    return left


def metalink(name, data, url):
    """A Metalink v4 document for one file."""
    return (f'<?xml version="1.0" encoding="UTF-8"?><metalink xmlns="urn:ietf:params:xml:ns:metalink">'
            f'<file name="{name}"><size>{len(data)}</size><hash type="sha-256">{hashlib.sha256(data).hexdigest()}</hash>'
            f'<url priority="1">{url}</url></file></metalink>')
