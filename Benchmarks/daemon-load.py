#!/usr/bin/env python3
"""Benchmarks/daemon-load.py: a daemon under a page's polling load (issue 62, point 4).

`haul daemon` beside `aria2c --enable-rpc`, each with a fresh state directory and `-j 2`: 202 downloads are added
from a local server that sends slowly (two run, 200 wait queued), then CLIENTS clients, each on its own keep-alive
connection, send CALLS `system.multicall`s of `aria2.tellActive` + `aria2.getGlobalStat` (what an open page polls),
all at once. Reported per tool: calls/s (multicalls answered a second over the whole load), p50 and p99 of a call's
time, and the daemon's CPU seconds during the load (/proc utime + stime) and per 1,000 calls. Each answer is checked
(two active, 200 waiting).

Usage: Benchmarks/daemon-load.py [--clients 16] [--calls 300] [--tools haul,aria2c] [--runs 1]
  HAUL=path picks the binary (else .build-release/release/haul, .build/release/haul, .build/debug/haul: say which).
Work files: Benchmarks/work/daemon-load/.
"""
import argparse, http.client, http.server, json, os, shutil, signal, socket, socketserver, statistics, subprocess
import sys, threading, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.path.join(ROOT, "Benchmarks", "work", "daemon-load")
TICKS = os.sysconf("SC_CLK_TCK")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class SlowHandler(http.server.BaseHTTPRequestHandler):
    """A 1 GiB file sent at about 64 KiB a second, without ranges: the two running downloads stay running."""
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Length", str(1 << 30))
        self.send_header("Content-Type", "application/octet-stream")
        self.end_headers()
        chunk = b"\0" * 4096
        try:
            while not self.server.stopping.is_set():
                self.wfile.write(chunk)
                self.server.stopping.wait(1 / 16)
        except OSError:
            pass

    def log_message(self, *args):
        pass


class SlowServer(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True


def cpu_seconds(pid):
    fields = open("/proc/%d/stat" % pid).read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


class Client:
    def __init__(self, port, secret):
        self.token = "token:" + secret
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)

    def post(self, body):
        self.connection.request("POST", "/jsonrpc", json.dumps(body), {"Content-Type": "application/json"})
        answer = json.loads(self.connection.getresponse().read())
        if "error" in answer:
            raise RuntimeError(answer["error"])
        return answer["result"]

    def call(self, method, *params):
        return self.post({"jsonrpc": "2.0", "id": 1, "method": method, "params": [self.token, *params]})

    def poll(self):
        return self.post({"jsonrpc": "2.0", "id": 1, "method": "system.multicall", "params": [[
            {"methodName": "aria2.tellActive", "params": [self.token]},
            {"methodName": "aria2.getGlobalStat", "params": [self.token]}]]})


def start(name, binary, state):
    downloads = os.path.join(state, "downloads")
    os.makedirs(downloads, exist_ok=True)
    port, secret = free_port(), "bench-secret"
    log = open(os.path.join(state, "daemon.log"), "ab")
    if name == "haul":
        args = [binary, "daemon", "--rpc-listen-port", str(port), "--state-dir", state, "-d", downloads, "-j", "2"]
    else:
        args = [binary, "--no-conf", "--enable-rpc", "--rpc-listen-port=%d" % port, "--rpc-secret=" + secret,
                "--dir=" + downloads, "-q", "--max-concurrent-downloads=2"]
    process = subprocess.Popen(args, stdout=log, stderr=log)
    while True:
        if process.poll() is not None:
            raise RuntimeError("%s exited with %s (see %s)" % (name, process.returncode, log.name))
        try:
            if name == "haul":
                secret = open(os.path.join(state, "rpc-secret")).read().strip()
            client = Client(port, secret)
            client.call("aria2.getGlobalStat")
            return process, port, secret
        except (OSError, ConnectionError, http.client.HTTPException):
            time.sleep(0.005)


def load(name, binary, source, clients, calls):
    state = os.path.join(WORK, name)
    shutil.rmtree(state, ignore_errors=True)
    os.makedirs(state)
    process, port, secret = start(name, binary, state)
    try:
        setup = Client(port, secret)
        setup.post({"jsonrpc": "2.0", "id": 1, "method": "system.multicall", "params": [[
            {"methodName": "aria2.addUri", "params": [setup.token, ["%s/f%03d.bin" % (source, i)]]} for i in range(202)]]})
        while True:  # two running (and receiving), 200 waiting
            stat = setup.call("aria2.getGlobalStat")
            if stat["numActive"] == "2" and stat["numWaiting"] == "200":
                break
            time.sleep(0.05)
        times, errors, lock = [], [], threading.Lock()
        barrier = threading.Barrier(clients + 1)

        def run():
            client = Client(port, secret)
            client.call("aria2.getVersion")  # connected before the clock starts
            mine = []
            barrier.wait()
            for _ in range(calls):
                began = time.perf_counter()
                try:
                    active, stat = client.poll()
                    if len(active[0]) != 2 or stat[0]["numWaiting"] != "200":
                        raise RuntimeError("unexpected answer: %d active, %s waiting" % (len(active[0]), stat[0]["numWaiting"]))
                except Exception as error:  # counted, the load goes on
                    with lock:
                        errors.append(repr(error))
                mine.append((time.perf_counter() - began) * 1000)
            with lock:
                times.extend(mine)

        threads = [threading.Thread(target=run) for _ in range(clients)]
        for thread in threads:
            thread.start()
        barrier.wait()
        cpu_before, began = cpu_seconds(process.pid), time.perf_counter()
        for thread in threads:
            thread.join()
        wall, cpu = time.perf_counter() - began, cpu_seconds(process.pid) - cpu_before
        times.sort()
        total = clients * calls
        return {"calls/s": total / wall, "p50 ms": statistics.median(times), "p99 ms": times[int(len(times) * 0.99) - 1],
                "CPU s": cpu, "CPU ms / 1,000 calls": cpu / total * 1e6, "errors": len(errors)}
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=120)


COLUMNS = ["calls/s", "p50 ms", "p99 ms", "CPU s", "CPU ms / 1,000 calls", "errors"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--calls", type=int, default=300)
    parser.add_argument("--tools", default="haul,aria2c")
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    haul = os.environ.get("HAUL")
    if not haul:
        for candidate in (".build-release/release/haul", ".build/release/haul", ".build/debug/haul"):
            if os.access(os.path.join(ROOT, candidate), os.X_OK):
                haul = os.path.join(ROOT, candidate)
                break
    binaries = {"haul": haul, "aria2c": shutil.which("aria2c")}
    tools = [t for t in args.tools.split(",") if binaries.get(t)]
    print("haul: %s; aria2c: %s" % (haul, binaries["aria2c"]), file=sys.stderr)
    server = SlowServer(("127.0.0.1", 0), SlowHandler)
    server.stopping = threading.Event()
    threading.Thread(target=server.serve_forever, daemon=True).start()
    source = "http://127.0.0.1:%d" % server.server_address[1]
    rows = []
    try:
        for run in range(args.runs):
            for name in tools:
                row = load(name, binaries[name], source, args.clients, args.calls)
                rows.append((name, row))
                print("%s: %s" % (name, ", ".join("%s %.2f" % (k, v) for k, v in row.items())), file=sys.stderr, flush=True)
    finally:
        server.stopping.set()
        server.shutdown()
    print("| tool | " + " | ".join(COLUMNS) + " |")
    print("|---|" + "---|" * len(COLUMNS))
    for name, row in rows:
        print("| %s | " % name + " | ".join(("%.0f" if c in ("calls/s", "errors") else "%.2f") % row[c] for c in COLUMNS) + " |")


if __name__ == "__main__":
    main()
