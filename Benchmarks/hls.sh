#!/usr/bin/env bash
# Benchmarks/hls.sh: a 200-segment HLS stream saved as one file (issue 53's benchmark). A standalone script.
#
# The stream: 200 one-second MPEG-TS segments (a noisy test pattern with a tone at about 10 Mbit/s, so each segment is
# about 1.2 MiB; made once by Debian's ffmpeg and kept under Benchmarks/work/hls), served by a local nginx with
# `limit_rate 1m` (1 MiB/s per connection), on an ephemeral port. Why not run.sh's 8m: nginx lets the first second's
# worth of a response through unthrottled (its limit is rate x (seconds + 1)), so a per-connection limit only shows
# on responses larger than it; 1.2 MiB segments at 1m take about 1.0 s each on a keep-alive connection (nginx's
# access log, $request_time), as from a slow CDN edge, without making the file 2 GB. Each tool saves it into an
# empty directory, timed by /usr/bin/time -v:
#   haul [-x N] URL                        (HAUL=path, else .build-release/release/haul, .build/release/haul, .build/debug/haul;
#                                           without --connections, haul's own default: the automatic ceiling, 16)
#   ffmpeg -i URL -c copy out.ts           (segments in order, alternating between two keep-alive connections:
#                                           its hls demuxer's http_multiple, on by default against HTTP/1.1 servers)
#   yt-dlp --concurrent-fragments N URL    (N = haul's count; YT_DLP=path, else on PATH, else Benchmarks/work/venv/bin/yt-dlp,
#                                           installed there from PyPI when absent)
# Every output is checked: haul's bytes equal the segments concatenated; ffprobe reads each output with the
# stream's duration (within 2 s). A markdown table on standard output: wall, CPU, peak RSS, and haul's ratios.
#
# Usage: Benchmarks/hls.sh [--runs R] [--connections N|auto] [--tools "haul ffmpeg yt-dlp"] [--bitrate 10M] [--limit 1m]
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
RUNS=3
CONNECTIONS=auto
TOOLS="haul ffmpeg yt-dlp"
BITRATE=10M
LIMIT=1m
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) RUNS=$2; shift 2 ;;
    --connections) CONNECTIONS=$2; shift 2 ;;
    --tools) TOOLS=$2; shift 2 ;;
    --bitrate) BITRATE=$2; shift 2 ;;
    --limit) LIMIT=$2; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
source "$ROOT/Benchmarks/lib/haul-binary.sh"
command -v ffmpeg >/dev/null || { echo "ffmpeg is needed (apt-get install ffmpeg)" >&2; exit 2; }
WORK=$ROOT/Benchmarks/work/hls
# haul's count under auto is ConnectionCount.automaticCeiling (Sources/HaulCore/Connections/ConnectionCount.swift).
FRAGMENTS=$CONNECTIONS
[ "$CONNECTIONS" = auto ] && FRAGMENTS=$(sed -n 's/.*static let hostBudget = \([0-9]*\).*/\1/p' "$ROOT/Sources/HaulCore/Connections/ConnectionCount.swift")
mkdir -p "$WORK/www" "$WORK/nginx"
log() { echo "hls-bench: $*" >&2; }
YT_DLP=${YT_DLP:-$(command -v yt-dlp || echo "$ROOT/Benchmarks/work/venv/bin/yt-dlp")}
if [[ " $TOOLS " == *" yt-dlp "* && ! -x $YT_DLP ]]; then
  log "installing yt-dlp from PyPI into Benchmarks/work/venv"
  python3 -m venv "$ROOT/Benchmarks/work/venv" && "$ROOT/Benchmarks/work/venv/bin/pip" install -q yt-dlp \
    || { log "no yt-dlp: its row is skipped"; TOOLS=${TOOLS/yt-dlp/}; }
fi

# The stream, made once.
if [ ! -f "$WORK/www/.complete-$BITRATE" ]; then
  log "making the 200-segment stream at $BITRATE"
  rm -rf "$WORK/www"; mkdir -p "$WORK/www"
  ffmpeg -nostdin -loglevel error -y -f lavfi -i "testsrc=duration=200:size=640x360:rate=25" -f lavfi -i "sine=duration=200" \
    -vf "noise=alls=60:allf=t" -c:v libx264 -preset ultrafast -b:v "$BITRATE" -maxrate "$BITRATE" -bufsize "$BITRATE" -g 25 -c:a aac -f hls -hls_time 1 -hls_playlist_type vod \
    -hls_segment_filename "$WORK/www/s%03d.ts" "$WORK/www/stream.m3u8"
  touch "$WORK/www/.complete-$BITRATE"
fi
SEGMENTS=$(grep -c '^s[0-9]*\.ts$' "$WORK/www/stream.m3u8")
cat "$WORK"/www/s*.ts >"$WORK/expected.ts"
SIZE=$(stat -c %s "$WORK/expected.ts")

PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
cat >"$WORK/nginx/nginx.conf" <<CONF
worker_processes 1;
pid $WORK/nginx/nginx.pid;
error_log $WORK/nginx/error.log;
events { worker_connections 1024; }
http {
  sendfile on; access_log off; keepalive_requests 1000000;
  types { application/vnd.apple.mpegurl m3u8; video/mp2t ts; }
  client_body_temp_path $WORK/nginx; proxy_temp_path $WORK/nginx; fastcgi_temp_path $WORK/nginx;
  uwsgi_temp_path $WORK/nginx; scgi_temp_path $WORK/nginx;
  server { listen 127.0.0.1:$PORT; root $WORK/www; limit_rate $LIMIT; }
}
CONF
nginx -p "$WORK/nginx" -c "$WORK/nginx/nginx.conf" -g 'daemon off;' </dev/null >/dev/null 2>&1 &
NGINX_PID=$!
trap 'kill $NGINX_PID 2>/dev/null || true' EXIT
for _ in $(seq 50); do curl -sf "http://127.0.0.1:$PORT/stream.m3u8" >/dev/null && break; sleep 0.1; done
URL=http://127.0.0.1:$PORT/stream.m3u8

# One run: "wall cpu rss_kib" of the tool, in an empty directory; its output checked afterwards.
measure() {
  local tool=$1 out=$WORK/out
  rm -rf "$out" "$WORK/state"; mkdir -p "$out" "$WORK/state"
  local cmd file
  case $tool in
    haul) cmd=("$HAUL" --state-dir "$WORK/state" -q -x "$CONNECTIONS" -o "$out/stream.ts" "$URL"); file=$out/stream.ts ;;
    ffmpeg) cmd=(ffmpeg -nostdin -loglevel error -y -i "$URL" -c copy "$out/stream.ts"); file=$out/stream.ts ;;
    yt-dlp) cmd=("$YT_DLP" -q --no-progress --concurrent-fragments "$FRAGMENTS" --hls-prefer-native -o "$out/stream.%(ext)s" "$URL"); file= ;;
  esac
  /usr/bin/time -v -o "$WORK/time.txt" "${cmd[@]}" >/dev/null 2>"$WORK/stderr.txt" || {
    log "$tool failed:"; tail -5 "$WORK/stderr.txt" >&2; return 1; }
  [ -n "$file" ] || file=$(find "$out" -type f | head -1)
  if [ "$tool" = haul ]; then
    cmp -s "$file" "$WORK/expected.ts" || { log "haul's file is not the segments concatenated"; return 1; }
  fi
  local duration
  duration=$(ffprobe -v error -show_entries format=duration -of csv=p=0 "$file" 2>/dev/null || echo 0)
  awk -v d="$duration" -v s="$SEGMENTS" 'BEGIN { exit !(d > s - 2 && d < s + 2) }' || { log "$tool: ffprobe reads $duration s"; return 1; }
  awk -F': ' '
    /Elapsed \(wall clock\)/ { n = split($2, p, ":"); w = (n == 3) ? p[1]*3600 + p[2]*60 + p[3] : p[1]*60 + p[2] }
    /User time/ { u = $2 } /System time/ { s = $2 } /Maximum resident/ { r = $2 }
    END { printf "%.2f %.2f %d\n", w, u + s, r }' "$WORK/time.txt"
}

declare -A WALL CPU RSS
for round in $(seq "$RUNS"); do
  for tool in $TOOLS; do
    result=$(measure "$tool") || result="NaN NaN 0"
    log "round $round $tool: $result"
    WALL[$tool]="${WALL[$tool]:-} ${result%% *}"
    read -r _ c r <<<"$result"; CPU[$tool]="${CPU[$tool]:-} $c"; RSS[$tool]="${RSS[$tool]:-} $r"
  done
done
median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{ a[NR] = $1 } END { if (NR) print (NR % 2 ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2); else print 0 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a > 0 && b > 0) printf "%.2f", a / b; else print "-" }'; }
echo "haul: $HAUL ($BUILD build), $(ffmpeg -version | head -1 | cut -d' ' -f1-3), yt-dlp $([ -x "$YT_DLP" ] && "$YT_DLP" --version); $SEGMENTS segments, $SIZE bytes, nginx limit_rate $LIMIT per connection, haul -x $CONNECTIONS, yt-dlp --concurrent-fragments $FRAGMENTS, medians of $RUNS alternating runs"
echo
echo "| tool | wall s | CPU s | peak RSS MiB | haul / tool wall |"
echo "|---|---|---|---|---|"
HW=$(echo "${WALL[haul]:-}" | median)
for tool in $TOOLS; do
  w=$(echo "${WALL[$tool]}" | median); c=$(echo "${CPU[$tool]}" | median); r=$(echo "${RSS[$tool]}" | median)
  echo "| $tool | $w | $c | $(awk -v k="$r" 'BEGIN { printf "%.0f", k / 1024 }') | $(ratio "$HW" "$w") |"
done
