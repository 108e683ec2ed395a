#!/usr/bin/env bash
# Benchmarks/daemon.sh: `haul daemon` under load (issue 12). A standalone script; it does not touch run.sh.
#
#   1. answer time of tellActive + tellWaiting(0, 1000) with 1,000 downloads in the queue (median of 30 pairs);
#   2. idle CPU of the daemon over IDLE_SECONDS, with an empty queue and with the 1,000 paused downloads;
#   3. a 1 GiB download at full speed from a local nginx, with 0 WebSocket clients, with 50 receiving aria2's
#      notifications (the issue's case: what AriaNg and aria2p listen to), and with 50 that also subscribed to
#      Haul's progress pushes (as the web page does): RUNS each, interleaved, medians. The speed must not drop
#      more than 5 % with the 50 notification clients. The clients run in a Python process on the same 2 cores,
#      so the pushes variant also measures their own CPU, not only the daemon's.
#
# Usage: Benchmarks/daemon.sh [--runs N] [--idle-seconds S]
# Needs: nginx, curl, python3 with aria2p's websocket-client (the .build-venv that .ci/run makes), a built haul
# (HAUL=path, else .build-release/release/haul, else .build/debug/haul). Work files: Benchmarks/work/daemon/.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
RUNS=3
IDLE_SECONDS=10
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) RUNS=$2; shift 2 ;;
    --idle-seconds) IDLE_SECONDS=$2; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
source "$ROOT/Benchmarks/lib/haul-binary.sh"
PYTHON=${HAUL_ARIA2P_PYTHON:-$ROOT/.build-venv/bin/python}
"$PYTHON" -c "import websocket" 2>/dev/null || { echo "no python with websocket-client at $PYTHON (run .ci/run)" >&2; exit 2; }

WORK=$ROOT/Benchmarks/work/daemon
rm -rf "$WORK/state" "$WORK/downloads"
mkdir -p "$WORK/www" "$WORK/state" "$WORK/downloads" "$WORK/nginx"
log() { echo "daemon-bench: $*" >&2; }

# nginx on a free loopback port, 1 GiB of random bytes warmed into the page cache.
[ -s "$WORK/www/1g.bin" ] || head -c 1073741824 /dev/urandom >"$WORK/www/1g.bin"
cat "$WORK/www/1g.bin" >/dev/null
echo small >"$WORK/www/small.txt"
PORT=$("$PYTHON" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
cat >"$WORK/nginx/nginx.conf" <<EOF
worker_processes 1;
pid $WORK/nginx/nginx.pid;
error_log $WORK/nginx/error.log;
events { worker_connections 1024; }
http {
  sendfile on; tcp_nopush on; access_log off;
  client_body_temp_path $WORK/nginx; proxy_temp_path $WORK/nginx; fastcgi_temp_path $WORK/nginx;
  uwsgi_temp_path $WORK/nginx; scgi_temp_path $WORK/nginx;
  server { listen 127.0.0.1:$PORT; root $WORK/www; }
}
EOF
nginx -p "$WORK/nginx" -c "$WORK/nginx/nginx.conf" -g 'daemon off;' </dev/null >/dev/null 2>&1 &
NGINX_PID=$!
DAEMON_PID=
cleanup() {
  [ -n "$DAEMON_PID" ] && kill "$DAEMON_PID" 2>/dev/null || true
  kill "$NGINX_PID" 2>/dev/null || true
}
trap cleanup EXIT
for _ in $(seq 50); do curl -sf "http://127.0.0.1:$PORT/small.txt" >/dev/null && break; sleep 0.1; done
BASE=http://127.0.0.1:$PORT

# The daemon, release build if there is one, on a free port.
"$HAUL" daemon --rpc-listen-port 0 --state-dir "$WORK/state" -d "$WORK/downloads" -j 5 2>"$WORK/daemon.log" &
DAEMON_PID=$!
for _ in $(seq 100); do grep -q "listening on" "$WORK/daemon.log" 2>/dev/null && break; sleep 0.1; done
RPC_PORT=$(sed -n 's/.*listening on [^ ]*:\([0-9]*\) .*/\1/p' "$WORK/daemon.log" | head -n 1)
SECRET=$(cat "$WORK/state/rpc-secret")
log "haul $HAUL, daemon pid $DAEMON_PID on port $RPC_PORT, nginx on $PORT"

cpu_seconds() { awk '{ print ($14 + $15) / 100 }' "/proc/$1/stat"; }
idle_cpu() {
  local before after
  before=$(cpu_seconds "$DAEMON_PID"); sleep "$IDLE_SECONDS"; after=$(cpu_seconds "$DAEMON_PID")
  awk -v a="$before" -v b="$after" -v s="$IDLE_SECONDS" 'BEGIN { printf "%.2f %% of one core (%.2f s CPU in %d s)", (b - a) / s * 100, b - a, s }'
}

sleep 2
echo "idle CPU, empty queue: $(idle_cpu)"

"$PYTHON" - "$RPC_PORT" "$SECRET" "$BASE" "$RUNS" <<'PY'
import json, statistics, sys, threading, time, urllib.request, os
import websocket

port, secret, base, runs = int(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4])
url = "http://127.0.0.1:%d/jsonrpc" % port
token = "token:" + secret

def call(method, *params):
    body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": method, "params": [token, *params]}).encode()
    answer = json.load(urllib.request.urlopen(urllib.request.Request(url, body, {"Content-Type": "application/json"})))
    if "error" in answer:
        raise RuntimeError(answer["error"])
    return answer["result"]

def multicall(calls):
    body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "system.multicall",
                       "params": [[{"methodName": m, "params": [token, *p]} for m, p in calls]]}).encode()
    return json.load(urllib.request.urlopen(urllib.request.Request(url, body)))["result"]

# 1. 1,000 queued (paused, so that they stay in the waiting list) downloads.
for start in range(0, 1000, 100):
    multicall([("aria2.addUri", [[base + "/small.txt"], {"out": "q%04d.txt" % i, "pause": "true"}]) for i in range(start, start + 100)])
times = []
for _ in range(30):
    began = time.perf_counter()
    active = call("aria2.tellActive")
    waiting = call("aria2.tellWaiting", 0, 1000)
    times.append(time.perf_counter() - began)
assert len(waiting) == 1000, len(waiting)
print("tellActive + tellWaiting(0,1000) with 1,000 queued: median %.1f ms, max %.1f ms (%d bytes)"
      % (statistics.median(times) * 1000, max(times) * 1000, len(json.dumps(waiting))), flush=True)
PY

echo "idle CPU, 1,000 paused downloads: $(idle_cpu)"

"$PYTHON" - "$RPC_PORT" "$SECRET" "$BASE" "$RUNS" "$WORK/downloads" "$DAEMON_PID" <<'PY'
import json, os, statistics, subprocess, sys, threading, time, urllib.request

port, secret, base, runs, downloads = int(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5]
daemon_pid = sys.argv[6]

def daemon_cpu():
    """The daemon's user + system CPU seconds so far (its own work, whatever else the machine runs)."""
    fields = open("/proc/%s/stat" % daemon_pid).read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
url = "http://127.0.0.1:%d/jsonrpc" % port
token = "token:" + secret

def call(method, *params):
    body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": method, "params": [token, *params]}).encode()
    answer = json.load(urllib.request.urlopen(urllib.request.Request(url, body)))
    if "error" in answer:
        raise RuntimeError(answer["error"])
    return answer["result"]

for download in call("aria2.tellWaiting", 0, 2000):
    call("aria2.forceRemove", download["gid"])
call("aria2.purgeDownloadResult")

LISTENERS = r"""
import json, sys, threading, websocket
port, token, count, pushes = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), sys.argv[4] == "1"
received = [0] * count
def listen(index):
    socket = websocket.create_connection("ws://127.0.0.1:%d/jsonrpc" % port, timeout=120)
    if pushes:
        socket.send(json.dumps({"jsonrpc": "2.0", "id": "s", "method": "haul.subscribeProgress", "params": [token]}))
    ready.release()
    while True:
        try:
            if socket.recv():
                received[index] += 1
        except Exception:
            return
ready = threading.Semaphore(0)
for index in range(count):
    threading.Thread(target=listen, args=(index,), daemon=True).start()
for _ in range(count):
    ready.acquire()
print("ready", flush=True)
sys.stdin.readline()
print(min(received), max(received), flush=True)
"""

def one_download(index, clients, pushes=False):
    """Times one 1 GiB download; the WebSocket clients (each subscribed to progress pushes, as the web page is)
    run in a process of their own so that their threads do not slow this one's polling."""
    listeners = None
    if clients:
        listeners = subprocess.Popen([sys.executable, "-c", LISTENERS, str(port), token, str(clients), "1" if pushes else "0"],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert listeners.stdout.readline().strip() == "ready"
    name = "big%d-%d-%d.bin" % (clients, int(pushes), index)
    began = time.perf_counter()
    cpu_before = daemon_cpu()
    gid = call("aria2.addUri", [base + "/1g.bin"], {"out": name, "split": "8"})
    while call("aria2.tellStatus", gid, ["status"])["status"] not in ("complete", "error"):
        time.sleep(0.01)
    seconds = time.perf_counter() - began
    cpu = daemon_cpu() - cpu_before
    got = []
    if listeners:
        time.sleep(0.3)
        out, _ = listeners.communicate("\n", timeout=60)
        got = [int(x) for x in out.split()]
    call("aria2.removeDownloadResult", gid)
    os.remove(os.path.join(downloads, name))
    return seconds, cpu, got

variants = [("no clients", 0, False), ("50 notification clients", 50, False), ("50 clients with progress pushes", 50, True)]
results = {name: [] for name, _, _ in variants}
cpus = {name: [] for name, _, _ in variants}
for index in range(runs):
    for name, clients, pushes in variants:  # interleaved, so that a change in the machine's load hits all alike
        seconds, cpu, got = one_download(index, clients, pushes)
        results[name].append(seconds)
        cpus[name].append(cpu)
        extra = (", messages per client: min %d max %d" % (got[0], got[1])) if got else ""
        print("  1 GiB, %-31s: %.2f s (%.0f MiB/s), daemon CPU %.2f s%s"
              % (name, seconds, 1024 / seconds, cpu, extra), flush=True)
base_time = statistics.median(results["no clients"])
base_cpu = statistics.median(cpus["no clients"])
print("1 GiB download, median of %d: %.2f s with no clients, daemon CPU %.2f s" % (runs, base_time, base_cpu), flush=True)
for name, clients, _ in variants[1:]:
    time_ = statistics.median(results[name])
    print("  %s: %.2f s, %+.1f %% time%s; daemon CPU %.2f s (%+.1f %%)"
          % (name, time_, (time_ - base_time) / base_time * 100, " (limit +5 %)" if name == variants[1][0] else "",
             statistics.median(cpus[name]), (statistics.median(cpus[name]) - base_cpu) / base_cpu * 100), flush=True)
PY
