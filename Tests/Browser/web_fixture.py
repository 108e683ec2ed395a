"""What web_ui_test.py and web_features_test.py drive the page with: a file server on 127.0.0.1 (ranges, a
strong ETag, a shared rate per file), `haul daemon` on a free port, a headless Chromium, and the small steps and
checks both tests share (rows, the Add and Settings dialogs, confirms). Moved out of web_ui_test.py, which
re-exports every name, so `import web_ui_test as ui` keeps working."""
import argparse, hashlib, http.server, os, re, shutil, signal, socket, socketserver, subprocess, sys, tempfile
import threading, time, urllib.error, urllib.parse, urllib.request

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import WebDriverWait

HOSTILE = "<img src=x onerror=alert(1)>.bin"
SLOW_RATE = 1 << 20  # bytes per second per file, shared by all its connections


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# ------------------------------------------------------------------------------------------------------------
# The file server: GET with one range, a strong ETag, and per-file pacing for the /slow/ paths.
# ------------------------------------------------------------------------------------------------------------
class Files:
    def __init__(self):
        self.blobs = {}
        self.clocks = {}
        self.lock = threading.Lock()

    def add(self, path, size, seed):
        data = hashlib.sha256(seed.encode()).digest() * (size // 32 + 1)
        self.blobs[path] = data[:size]
        return self.blobs[path]

    def pace(self, path, count):
        """Blocks so that all connections to one /slow/ file together get SLOW_RATE."""
        with self.lock:
            now = time.monotonic()
            at = max(now, self.clocks.get(path, now))
            self.clocks[path] = at + count / SLOW_RATE
        if at > now:
            time.sleep(at - now)


FILES = Files()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        path = urllib.parse.unquote(self.path.split("?")[0])
        data = FILES.blobs.get(path)
        if data is None:
            body = b"not here\n"
            self.send_response(404)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        etag = '"' + hashlib.sha1(data).hexdigest()[:16] + '"'
        start, end = 0, len(data) - 1
        status = 200
        rng = self.headers.get("Range")
        if rng and self.headers.get("If-Range", etag) == etag:
            m = re.fullmatch(r"bytes=(\d+)-(\d*)", rng.strip())
            if m and int(m.group(1)) < len(data):
                start = int(m.group(1))
                end = min(int(m.group(2)), len(data) - 1) if m.group(2) else len(data) - 1
                status = 206
        self.send_response(status)
        self.send_header("Content-Length", str(end - start + 1))
        self.send_header("ETag", etag)
        self.send_header("Accept-Ranges", "bytes")
        self.send_header("Content-Type", "application/octet-stream")
        if status == 206:
            self.send_header("Content-Range", f"bytes {start}-{end}/{len(data)}")
        self.end_headers()
        position = start
        try:
            while position <= end:
                chunk = data[position:min(end + 1, position + 32768)]
                if path.startswith("/slow/"):
                    FILES.pace(path, len(chunk))
                self.wfile.write(chunk)
                position += len(chunk)
        except (BrokenPipeError, ConnectionResetError):
            pass


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


# ------------------------------------------------------------------------------------------------------------
# The daemon
# ------------------------------------------------------------------------------------------------------------
class Daemon:
    def __init__(self, haul, work, extra=(), connections="4"):
        """`connections`: the daemon's -x, or None for its own default (auto)."""
        self.haul, self.work, self.extra = haul, work, list(extra)
        self.connections = connections
        self.port = free_port()
        self.state = os.path.join(work, "state")
        self.downloads = os.path.join(work, "downloads")
        os.makedirs(self.downloads, exist_ok=True)
        self.process = None
        self.url = None

    def start(self):
        log = open(os.path.join(self.work, "daemon.log"), "a")
        # The daemon says where it listens, the secret file's path and the page's address on standard error
        # (never the secret itself: that output lands in logs); the link with the secret is made here, as a person
        # would with the line it prints.
        self.process = subprocess.Popen(
            [self.haul, "daemon", "--rpc-listen-port", str(self.port), "--state-dir", self.state,
             "-d", self.downloads, *(["-x", self.connections] if self.connections else []), *self.extra],
            stdout=log, stderr=subprocess.PIPE, text=True)
        deadline = time.time() + 30
        secret_path = None
        while time.time() < deadline:
            line = self.process.stderr.readline()
            if not line:
                break
            log.write(line)
            s = re.search(r"secret in (\S+)", line)
            if s:
                secret_path = s.group(1)
            m = re.search(r"web page at (http://127\.0\.0\.1:\d+/) ", line)
            if m and secret_path:
                with open(secret_path) as f:
                    secret = f.read().strip()
                self.url = m.group(1) + "#secret=" + urllib.parse.quote(secret, safe="")
                threading.Thread(target=lambda: [log.write(l) or log.flush() for l in self.process.stderr], daemon=True).start()
                return self.url
        raise SystemExit(f"haul daemon did not print its URL (see {self.work}/daemon.log)")

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                raise SystemExit("haul daemon did not stop within 15 s of SIGTERM")
        return self.process.returncode if self.process else None


# ------------------------------------------------------------------------------------------------------------
# Checks
# ------------------------------------------------------------------------------------------------------------
FAILURES = []


def check(condition, what):
    print(("ok   " if condition else "FAIL ") + what, flush=True)
    if not condition:
        FAILURES.append(what)
    return condition


def wait_for(driver, what, predicate, timeout=30):
    try:
        # A row redrawn between finding it and reading it is stale: look again at the next poll.
        return WebDriverWait(driver, timeout, poll_frequency=0.1,
                             ignored_exceptions=[StaleElementReferenceException]).until(lambda d: predicate(d))
    except TimeoutException:
        check(False, f"{what} (waited {timeout} s)")
        return None


def browser():
    options = webdriver.ChromeOptions()
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,900",
                 "--disable-gpu", "--no-first-run", "--no-default-browser-check"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    if binary:
        options.binary_location = binary
    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    return webdriver.Chrome(service=Service(driver_path), options=options)


def viewport(driver, width, height, mobile=False):
    """The page's viewport exactly width × height (a window's size includes what the browser draws around it)."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})


def rows(driver):
    return driver.find_elements(By.CSS_SELECTOR, "#list .row")


def row_named(driver, name):
    for row in rows(driver):
        if row.find_element(By.CSS_SELECTOR, ".name").text == name:
            return row
    return None


def row_state(driver, name):
    row = row_named(driver, name)
    return row.find_element(By.CSS_SELECTOR, ".state").text if row else None


def row_percent(driver, name):
    row = row_named(driver, name)
    return int(row.find_element(By.CSS_SELECTOR, ".bar").get_attribute("aria-valuenow") or 0) if row else -1


def row_bytes(driver, name):
    row = row_named(driver, name)
    return row.find_element(By.CSS_SELECTOR, ".bytes").text if row else None


def add(driver, url, name="", connections="", paused=False):
    driver.find_element(By.ID, "add-open").click()
    driver.find_element(By.ID, "add-urls").send_keys(url)
    if name:
        driver.find_element(By.ID, "add-out").send_keys(name)
    if connections:
        driver.find_element(By.ID, "add-split").send_keys(connections)
    if paused:
        driver.find_element(By.ID, "add-paused").click()
    driver.find_element(By.CSS_SELECTOR, '#add-form button[type="submit"]').click()
    wait_for(driver, "the add dialog closes", lambda d: not d.find_element(By.ID, "add-dialog").get_attribute("open"), 10)


def settings(driver, **fields):
    """Sets fields of the Settings dialog (limit, each, concurrent, split, dir, schedule, folder-rules, queue-schedule) and applies them."""
    driver.find_element(By.ID, "settings-open").click()
    wait_for(driver, "the settings dialog opens", lambda d: d.find_element(By.ID, "settings-dialog").get_attribute("open"), 10)
    time.sleep(0.3)  # the dialog is filled from getGlobalOption
    for name, value in fields.items():
        field = driver.find_element(By.ID, "global-" + name)
        if field.tag_name == "select":
            driver.execute_script("arguments[0].value = arguments[1]", field, value)
        else:
            field.clear()
            field.send_keys(value)
    driver.find_element(By.CSS_SELECTOR, '#settings-form button[type="submit"]').click()
    wait_for(driver, "the settings dialog closes", lambda d: not d.find_element(By.ID, "settings-dialog").get_attribute("open"), 10)


def asked(driver, timeout=3):
    """The confirm the page opened, or None."""
    try:
        return WebDriverWait(driver, timeout).until(expected_conditions.alert_is_present())
    except TimeoutException:
        return None


def press(driver, name, action):
    row = row_named(driver, name)
    row.find_element(By.CSS_SELECTOR, f'[data-act="{action}"]').click()


