#!/usr/bin/env python3
"""Benchmarks/daemon-scale.py: what one daemon call costs as the queue grows (issue 62, points 3 and 6).

`haul daemon` beside `aria2c --enable-rpc`, each on an ephemeral loopback port with a fresh state directory: N
paused downloads are added in `system.multicall` batches of 100 (`aria2.addUri` with `pause: true`, so nothing is
fetched), then, on one keep-alive connection, the median of SAMPLES calls of

  tellWaiting(0, 1000) (head), tellWaiting(N - 1000, 1000) (tail), tellStatus(one GID in the middle),
  getGlobalStat,

the add rate (adds/s over the whole fill), the RSS after the fill (VmRSS) and its peak (VmHWM), and the restart:
SIGTERM, start again on the same state (aria2c: `--save-session` then `--input-file` the session), time until the
first `getGlobalStat` answer, and the RSS then. A markdown table per tool and size, then ratios between the two
largest sizes (a call that costs the same at any size has a ratio near 1).

With --page, also the daemon's web page's refresh (issue 62, point 5): `haul.listDownloads` of 100 rows (the first
page, the last, sorted by name, a search), the daemon's CPU a call from /proc/PID/stat, after the restart.

Usage: Benchmarks/daemon-scale.py [--sizes 1000,10000] [--big] [--huge] [--samples 20] [--tools haul,aria2c] [--page]
  --big adds N = 30,000, --huge N = 100,000 (its restart: point 3's "answers within 1 s"). HAUL=path picks the binary (else .build-release/release/haul, .build/release/haul,
  .build/debug/haul, first found: say which in the results; a debug build is several times slower).
Needs: aria2c (apt aria2) for the comparison. Work files: Benchmarks/work/daemon-scale/.
"""
import argparse, http.client, json, os, shutil, signal, socket, statistics, subprocess, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.path.join(ROOT, "Benchmarks", "work", "daemon-scale")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def memory(pid):
    """(VmRSS, VmHWM) in MiB."""
    values = {}
    with open("/proc/%d/status" % pid) as status:
        for line in status:
            key, _, rest = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                values[key] = int(rest.split()[0]) / 1024
    return values.get("VmRSS", 0), values.get("VmHWM", 0)


class Client:
    """JSON-RPC over one keep-alive HTTP connection."""

    def __init__(self, port, secret):
        self.port, self.token = port, "token:" + secret
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)

    def post(self, body):
        self.connection.request("POST", "/jsonrpc", json.dumps(body), {"Content-Type": "application/json"})
        answer = json.loads(self.connection.getresponse().read())
        if "error" in answer:
            raise RuntimeError(answer["error"])
        return answer["result"]

    def call(self, method, *params):
        return self.post({"jsonrpc": "2.0", "id": 1, "method": method, "params": [self.token, *params]})

    def multicall(self, calls):
        return self.post({"jsonrpc": "2.0", "id": 1, "method": "system.multicall",
                          "params": [[{"methodName": m, "params": [self.token, *p]} for m, p in calls]]})

    def timed(self, samples, method, *params):
        """Median milliseconds of `samples` calls, and the last answer."""
        times, result = [], None
        for _ in range(samples):
            began = time.perf_counter()
            result = self.call(method, *params)
            times.append((time.perf_counter() - began) * 1000)
        return statistics.median(times), result


class Tool:
    def __init__(self, name, binary, state):
        self.name, self.binary, self.state = name, binary, state
        self.downloads = os.path.join(state, "downloads")
        self.process, self.port, self.secret = None, None, "bench-secret"

    def start(self):
        """Starts the daemon; returns seconds until it answered `getGlobalStat`."""
        os.makedirs(self.downloads, exist_ok=True)
        began = time.perf_counter()
        log = open(os.path.join(self.state, "daemon.log"), "ab")
        if self.name == "haul":
            self.port = free_port()
            self.process = subprocess.Popen(
                [self.binary, "daemon", "--rpc-listen-port", str(self.port), "--state-dir", self.state,
                 "-d", self.downloads, "-j", "5"], stdout=log, stderr=log)
        else:
            self.port = free_port()
            session = os.path.join(self.state, "session")
            args = [self.binary, "--no-conf", "--enable-rpc", "--rpc-listen-port=%d" % self.port,
                    "--rpc-secret=" + self.secret, "--dir=" + self.downloads, "-q",
                    "--save-session=" + session, "--max-concurrent-downloads=5"]
            if os.path.exists(session):
                args.append("--input-file=" + session)
            self.process = subprocess.Popen(args, stdout=log, stderr=log)
        while True:
            if self.process.poll() is not None:
                raise RuntimeError("%s exited with %s (see %s)" % (self.name, self.process.returncode, log.name))
            try:
                if self.name == "haul":
                    self.secret = open(os.path.join(self.state, "rpc-secret")).read().strip()
                client = Client(self.port, self.secret)
                client.call("aria2.getGlobalStat")
                self.client = client
                return time.perf_counter() - began
            except (OSError, ConnectionError, http.client.HTTPException):
                time.sleep(0.005)

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(timeout=120)


def measure(tool, n, samples):
    row = {}
    client = tool.client
    began = time.perf_counter()
    gids = []
    for start in range(0, n, 100):
        batch = [("aria2.addUri", [["http://127.0.0.1:9/d/f%06d.bin" % i], {"pause": "true"}])
                 for i in range(start, min(n, start + 100))]
        for answer in client.multicall(batch):
            if isinstance(answer, dict):
                raise RuntimeError(answer)
            gids.append(answer[0])
    row["adds/s"] = n / (time.perf_counter() - began)
    row["RSS MiB"], row["peak RSS MiB"] = memory(tool.process.pid)
    row["head ms"], head = client.timed(samples, "aria2.tellWaiting", 0, 1000)
    row["tail ms"], tail = client.timed(samples, "aria2.tellWaiting", max(n - 1000, 0), 1000)
    row["tellStatus ms"], status = client.timed(samples, "aria2.tellStatus", gids[n // 2])
    row["getGlobalStat ms"], stat = client.timed(samples, "aria2.getGlobalStat")
    assert len(head) == min(n, 1000) and head[0]["gid"] == gids[0], (len(head), head[:1])
    assert tail[-1]["gid"] == gids[-1], tail[-1:]
    assert status["gid"] == gids[n // 2] and status["status"] == "paused", status
    assert int(stat["numWaiting"]) == n, stat
    tool.stop()
    row["restart s"] = tool.start()
    row["RSS after restart MiB"], row["peak RSS after restart MiB"] = memory(tool.process.pid)
    assert int(tool.client.call("aria2.getGlobalStat")["numWaiting"]) == n
    return row


def cpu_seconds(pid):
    """User and system CPU of process `pid` so far, in seconds."""
    with open("/proc/%d/stat" % pid) as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


# The web page's refresh (issue 62, point 5): one page of 100 of the whole queue, as the page asks for it each
# second, in the page's four common shapes; the daemon's CPU a call (from /proc, over `calls` calls) and the wall.
PAGE_KEYS = ["gid", "status", "totalLength", "completedLength", "downloadSpeed", "connections", "files", "dir",
             "errorCode", "errorMessage"]
PAGE_QUERIES = [("first page", {"limit": 100}), ("last page", None), ("by name", {"sort": "name", "limit": 100}),
                ("search", {"search": "f000001", "limit": 100})]


def page_refresh_costs(tool, n, calls=40):
    """{shape: (CPU ms a call, wall ms a call)} of `haul.listDownloads` on a daemon holding `n` downloads."""
    costs = {}
    for label, query in PAGE_QUERIES:
        query = query or {"offset": max(n - 100, 0), "limit": 100}
        before, began = cpu_seconds(tool.process.pid), time.perf_counter()
        for _ in range(calls):
            answer = tool.client.call("haul.listDownloads", query, PAGE_KEYS)
        costs[label] = ((cpu_seconds(tool.process.pid) - before) * 1000 / calls,
                        (time.perf_counter() - began) * 1000 / calls)
        assert int(answer["total"]) == (1 if label == "search" else n), (label, answer["total"])
    return costs


COLUMNS = ["adds/s", "RSS MiB", "peak RSS MiB", "head ms", "tail ms", "tellStatus ms", "getGlobalStat ms",
           "restart s", "RSS after restart MiB", "peak RSS after restart MiB"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="1000,10000")
    parser.add_argument("--big", action="store_true", help="also N = 30,000")
    parser.add_argument("--huge", action="store_true", help="also N = 100,000")
    parser.add_argument("--samples", type=int, default=20)
    parser.add_argument("--tools", default="haul,aria2c")
    parser.add_argument("--page", action="store_true", help="also the web page's refresh (haul.listDownloads)")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",") if s] + ([30000] if args.big else []) + ([100000] if args.huge else [])
    haul = os.environ.get("HAUL")
    if not haul:
        for candidate in (".build-release/release/haul", ".build/release/haul", ".build/debug/haul"):
            if os.access(os.path.join(ROOT, candidate), os.X_OK):
                haul = os.path.join(ROOT, candidate)
                break
    binaries = {"haul": haul, "aria2c": shutil.which("aria2c")}
    tools = [t for t in args.tools.split(",") if binaries.get(t)]
    print("haul: %s; aria2c: %s" % (haul, binaries["aria2c"]), file=sys.stderr)
    results, pages = {}, {}
    for n in sizes:
        for name in tools:
            state = os.path.join(WORK, "%s-%d" % (name, n))
            shutil.rmtree(state, ignore_errors=True)
            os.makedirs(state)
            tool = Tool(name, binaries[name], state)
            tool.start()
            try:
                results[(name, n)] = measure(tool, n, args.samples)
                if name == "haul" and args.page:
                    pages[n] = page_refresh_costs(tool, n)
            finally:
                tool.stop()
            print("%s N=%d: %s" % (name, n, ", ".join("%s %.2f" % (k, v) for k, v in results[(name, n)].items())),
                  file=sys.stderr, flush=True)
    print("| tool | N | " + " | ".join(COLUMNS) + " |")
    print("|---|---|" + "---|" * len(COLUMNS))
    for n in sizes:
        for name in tools:
            row = results[(name, n)]
            print("| %s | %s | " % (name, format(n, ",")) + " | ".join(
                ("%.0f" if c in ("adds/s",) else "%.3f" if c == "restart s" else "%.2f") % row[c] for c in COLUMNS) + " |")
    if len(sizes) >= 2:
        small, large = sizes[-2], sizes[-1]
        print("\nRatios, N = %s over N = %s (1.0: the same cost at either size):\n" % (format(large, ","), format(small, ",")))
        print("| tool | " + " | ".join(COLUMNS) + " |")
        print("|---|" + "---|" * len(COLUMNS))
        for name in tools:
            print("| %s | " % name + " | ".join(
                "%.2f" % (results[(name, large)][c] / results[(name, small)][c]) if results[(name, small)][c] else "-"
                for c in COLUMNS) + " |")

    if pages:
        print("\nThe web page's refresh, haul.listDownloads of 100 rows: daemon CPU ms / wall ms a call:\n")
        print("| N | " + " | ".join(label for label, _ in PAGE_QUERIES) + " |")
        print("|---|" + "---|" * len(PAGE_QUERIES))
        for n, costs in sorted(pages.items()):
            print("| %s | " % format(n, ",") + " | ".join("%.1f / %.1f" % costs[label] for label, _ in PAGE_QUERIES) + " |")


if __name__ == "__main__":
    main()
