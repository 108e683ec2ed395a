#!/usr/bin/env bash
# Benchmarks/run.sh: Haul against curl, wget, aria2c and axel on a local nginx.
#
# USAGE
#   Benchmarks/run.sh [--quick] [--runs N] [--cases a,b,c] [--tools t1,t2] [--no-build]
#                     [--with-slow] [--keep] [--help]
#
#   --quick       smaller and faster: 256 MiB instead of 1 GiB, 1 run, no 8 GiB file.
#   --runs N      rounds per case (default 3; 1 with --quick unless --runs is given).
#   --cases LIST  comma-separated cases to run (default: all seven listed below).
#   --tools LIST  only these tools (curl,wget,aria2c,axel,haul,unzip,bsdtar). Handy while
#                 developing the harness: `--tools curl,aria2c` leaves haul out.
#   --no-build    do not run `swift build -c release --product haul --static-swift-stdlib` first
#                 (the Swift runtime and Foundation linked into the binary, as README recommends for a
#                 release build: 3-4 MiB less peak RSS than loading them as shared libraries).
#   --with-slow   also run single-connection curl in limited-1g (1 GiB at 8 MiB/s = 128 s/run).
#   --keep        leave nginx running when the script ends (prints its URL and pid).
#   HAUL_BIN=PATH use this haul binary (default .build/release/haul); setting it skips the build.
#   BENCH_RUN_TIMEOUT=S  kill a single run after S seconds (default 600) and mark it FAIL.
#
#   Writes docs/benchmarks.md (tables), docs/benchmarks.png (chart) and the raw rows to
#   Benchmarks/work/results.tsv. Exits non-zero if any run failed: a tool exiting non-zero or
#   an output whose SHA-256 differs from the source (the row is marked FAIL; results are still
#   written first). Everything lives in Benchmarks/work/ (gitignored): data, scratch, logs.
#
# CASES (a case is one function, case_<name>)
#   full-1g       1 GiB from /full/ (nginx at full speed, sendfile): every tool, and the
#                 multi-connection variants (aria2c -x16, axel -n16, haul -x16).
#   limited-1g    1 GiB from /limited/ (nginx `limit_rate 8m`: 8 MiB/s = 8388608 B/s per
#                 connection) with 16 connections. Share of ideal = ideal time / median wall,
#                 ideal rate = min(connections x 8 MiB/s, loopback rate measured with curl to
#                 /dev/null). curl (one connection, 128 s) only with --with-slow.
#   small-16m     a 16 MiB file: fixed per-download overhead (start-up, HEAD, allocation).
#   many-200      200 files of 256 KiB from a URL list: aria2c -j16 -i, curl --parallel
#                 --parallel-max 16 -K (generated config), wget -i (sequential: it cannot
#                 download in parallel), haul -j16 -i. axel has no list mode.
#   resume-kill   a 256 MiB file from /resume/, a dedicated location with `limit_rate 32m`
#                 (so one connection needs 8 s, not 32 s at 8m). Start the tool, `kill -9` it
#                 once ~50 % has crossed loopback, wait, rerun the same command (curl -C -,
#                 wget -c, aria2c -c, axel and haul resume by themselves), check SHA-256.
#                 Single connection for every tool, plus 4-connection variants of aria2c,
#                 axel and haul. aria2c gets --auto-save-interval=1 (default 60 s would
#                 leave no control file at all after a kill at 4 s).
#   rss-1g-vs-8g  peak RSS of haul (and aria2c, curl) for 1 GiB vs 8 GiB from /full/; it should
#                 stay flat. The 8 GiB file is a 64 MiB random block repeated 128 times. One run
#                 per tool and size (peak memory is not a timing; --runs does not apply).
#                 8 GiB is skipped with --quick or when the disk has less than 18 GiB free.
#   https-1g      1 GiB from /full/ over HTTPS (the same nginx, a second port with TLS and a
#                 certificate from a throwaway authority made with openssl; each tool is told to
#                 trust it: curl/wget --cacert/--ca-certificate, aria2c --ca-certificate, haul
#                 --cacert). axel has no way to trust an authority and is left out. Skipped
#                 without openssl.
#   zip           `haul unzip` vs `unzip -q` vs `bsdtar -xf` on a ~0.5 GB archive made with zip
#                 (32 x 8 MiB random, 32 x 8 MiB base64 text, 2000 small files). Skipped unless
#                 `haul --help` mentions unzip.
#   Extra cases, not run by default (`--cases noranges,slow-first`):
#   noranges      1 GiB from /noranges/ (`max_ranges 0`): multi-connection tools must fall
#                 back to one connection and still produce the right file.
#   slow-first    256 MiB from /slowfirst/, where a request for byte 0 (no Range, or
#                 `bytes=0-...`) is limited to 1 MiB/s and every other range to 8 MiB/s:
#                 does a tool re-split the slow connection's remaining range?
#   A Haul variant whose flag is not in `haul --help` yet (e.g. --input-file), or whose option
#   text says "not implemented" (e.g. --connections while it is accepted but ignored), is
#   skipped with a note in docs/benchmarks.md; so is a case with nothing left to run. Flags are
#   read from `haul --help` plus `haul <subcommand> --help` for each listed subcommand.
#
# METHODOLOGY
#   * nginx is our own foreground child on 127.0.0.1:<free port>, config in
#     Benchmarks/work/nginx/ (`sendfile on; tcp_nopush on; access_log off;`). It and every tool
#     still running are stopped on exit, Ctrl-C or failure (trap; each child runs in its own
#     process group which is killed as a whole).
#   * Source files come from /dev/urandom (reused when the size is right), their SHA-256 is
#     cached next to them, and they are read once (`cat > /dev/null`) before each case so they
#     are served from the page cache.
#   * Rounds alternate tools: round r runs every tool once, starting at a different tool each
#     round (a rotation), so no tool gets all its runs back-to-back or always goes first.
#   * Each run: empty the scratch dir (same disk as the data) and Haul's --state-dir, run under
#     `/usr/bin/time -f "%e %U %S %M"`, SHA-256 the output against the source, delete it, sync.
#   * small-16m and many-200 run 3 x --runs rounds (they take tens of milliseconds).
#   * Wall time is bash's $EPOCHREALTIME around the run (microseconds; time's %e has 10 ms
#     steps); user/sys CPU and peak RSS come from /usr/bin/time.
#   * Per tool and case: median wall seconds, median user+sys CPU seconds, max peak RSS,
#     throughput (bytes / median wall, MiB/s), share of ideal (limited cases), ratio of median
#     wall to curl's (to unzip's for zip). Quote ratios: absolute numbers on a shared 2-core VM
#     are noisy.
#   * resume-kill bytes: the /resume/ location alone has an access log with $body_bytes_sent,
#     $msec and $request_time; a request belongs to the phase in which it started
#     ($msec - $request_time). "sent before kill" and "re-sent in rerun" are sums of
#     $body_bytes_sent (payload nginx wrote to the socket, including what sat unread in the
#     client's buffers when it died). wasted = before + rerun - file size: bytes that crossed
#     the wire twice. The loopback `lo` tx counter of /proc/net/dev around the rerun is shown
#     too as a cross-check (it includes headers and any other loopback traffic on the machine).
#     The kill is triggered by the `lo` counter passing half the file, polled every 20 ms.
#
# Only files under Benchmarks/work/ and docs/benchmarks.{md,png} are written.

set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
WORK=$ROOT/Benchmarks/work

# =====================================================================================
# Tool invocations: edit here.
#   Entry format: "label|requires|connections|command template"
#     label        shown in the tables; its first word is the tool (for --tools / availability)
#     requires     comma-separated strings that must appear in `haul --help` ("-" for none)
#     connections  connections the command asks for (for the share of ideal)
#   Placeholders: {URL} {OUT} (= {OUTDIR}/{OUTNAME}) {OUTDIR} {OUTNAME} {DIR} {LIST} {CA}
#     {CURLCFG} {ZIP} {HAUL} (the binary); a word that is exactly {HAUL_OPTS} or {ARIA_OPTS}
#     expands to several words (below). Templates are split on spaces before substitution,
#     so paths with spaces are fine.
# =====================================================================================
HAUL_BIN_DEFAULT=$ROOT/.build/release/haul
# {HAUL_OPTS}: "-q" (or "--progress none") and "--state-dir <work>/state", each only if
# `haul --help` lists it. Outputs and the state dir are removed before every run, so
# --overwrite is not needed (and would not be wanted in resume-kill).
ARIA_OPTS=(--no-conf -q --summary-interval=0 --auto-file-renaming=false)

# full-1g, small-16m, rss-1g-vs-8g, noranges (one file, full speed)
SINGLE_CMDS=(
  "curl|-|1|curl -q -s -f -o {OUT} {URL}"
  "wget|-|1|wget --no-config -q -O {OUT} {URL}"
  "aria2c -x16|-|16|aria2c {ARIA_OPTS} -x16 -s16 -k1M --file-allocation=falloc -d {OUTDIR} -o {OUTNAME} {URL}"
  "axel -n16|-|16|axel -q -n 16 -o {OUT} {URL}"
  "haul|-|1|{HAUL} {HAUL_OPTS} -o {OUT} {URL}"
  "haul -x16|--connections|16|{HAUL} {HAUL_OPTS} -x 16 -o {OUT} {URL}"
)
# https-1g (full speed over TLS; {CA} is the throwaway authority's certificate)
TLS_CMDS=(
  "curl|-|1|curl -q -s -f --cacert {CA} -o {OUT} {URL}"
  "wget|-|1|wget --no-config -q --ca-certificate={CA} -O {OUT} {URL}"
  "aria2c -x16|-|16|aria2c {ARIA_OPTS} --ca-certificate={CA} -x16 -s16 -k1M --file-allocation=falloc -d {OUTDIR} -o {OUTNAME} {URL}"
  "haul|--cacert|1|{HAUL} {HAUL_OPTS} --cacert {CA} -o {OUT} {URL}"
  "haul -x16|--cacert|16|{HAUL} {HAUL_OPTS} --cacert {CA} -x 16 -o {OUT} {URL}"
)
# limited-1g, slow-first (16 connections against a per-connection limit)
LIMITED_CMDS=(
  "aria2c -x16|-|16|aria2c {ARIA_OPTS} -x16 -s16 -k1M --file-allocation=falloc -d {OUTDIR} -o {OUTNAME} {URL}"
  "axel -n16|-|16|axel -q -n 16 -o {OUT} {URL}"
  "haul -x16|--connections|16|{HAUL} {HAUL_OPTS} -x 16 -o {OUT} {URL}"
)
LIMITED_SLOW_CMDS=(   # added with --with-slow
  "curl|-|1|curl -q -s -f -o {OUT} {URL}"
)
# rss-1g-vs-8g
RSS_CMDS=(
  "curl|-|1|curl -q -s -f -o {OUT} {URL}"
  "aria2c -x16|-|16|aria2c {ARIA_OPTS} -x16 -s16 -k1M --file-allocation=falloc -d {OUTDIR} -o {OUTNAME} {URL}"
  "haul|-|1|{HAUL} {HAUL_OPTS} -o {OUT} {URL}"
  "haul -x16|--connections|16|{HAUL} {HAUL_OPTS} -x 16 -o {OUT} {URL}"
)
# many-200 ({LIST}: one URL a line; {DIR}: output directory; {CURLCFG}: url/output pairs)
MANY_CMDS=(
  "curl --parallel|-|16|curl -q -s -f --parallel --parallel-max 16 -K {CURLCFG}"
  "wget -i (sequential)|-|1|wget --no-config -q -i {LIST} -P {DIR}"
  "aria2c -j16|-|16|aria2c {ARIA_OPTS} -j 16 -i {LIST} -d {DIR}"
  "haul -j16|--input-file,--max-concurrent|16|{HAUL} {HAUL_OPTS} -j 16 -i {LIST} -d {DIR}"
)
# resume-kill: the same command is started, killed with -9 at ~50 %, and run again.
RESUME_CMDS=(
  "curl -C -|-|1|curl -q -s -f -C - -o {OUT} {URL}"
  "wget -c|-|1|wget --no-config -q -c -O {OUT} {URL}"
  "aria2c -c|-|1|aria2c {ARIA_OPTS} -c --auto-save-interval=1 -x1 -s1 -d {OUTDIR} -o {OUTNAME} {URL}"
  "haul -x1|-|1|{HAUL} {HAUL_OPTS} -x 1 -o {OUT} {URL}"
  "aria2c -c -x4|-|4|aria2c {ARIA_OPTS} -c --auto-save-interval=1 -x4 -s4 -k1M -d {OUTDIR} -o {OUTNAME} {URL}"
  "axel -n4|-|4|axel -q -n 4 -o {OUT} {URL}"
  "haul -x4|--connections|4|{HAUL} {HAUL_OPTS} -x 4 -o {OUT} {URL}"
)
# zip ({ZIP}: archive, {DIR}: empty destination directory)
ZIP_CMDS=(
  "unzip|-|1|unzip -q {ZIP} -d {DIR}"
  "bsdtar|-|1|bsdtar -xf {ZIP} -C {DIR}"
  "haul unzip|unzip|1|{HAUL} unzip {ZIP} -d {DIR}"
)

DEFAULT_CASES=full-1g,limited-1g,small-16m,many-200,resume-kill,rss-1g-vs-8g,https-1g,zip
ALL_CASES=$DEFAULT_CASES,noranges,slow-first
LIMIT_RATE=8388608          # nginx `limit_rate 8m` (nginx's m = 1024*1024)
RESUME_RATE=33554432        # nginx `limit_rate 32m` on /resume/
RESUME_SIZE=$((256 << 20))
MANY_COUNT=200
MANY_SIZE=$((256 << 10))
SMALL_SIZE=$((16 << 20))
MIB=1048576
RUN_TIMEOUT=${BENCH_RUN_TIMEOUT:-600}   # seconds; a run that takes longer is killed and marked FAIL
CHEAP_ROUNDS=3              # small-16m and many-200 take tens of ms: 3x the rounds

# ------------------------------------------------------------------------------------
# Options
# ------------------------------------------------------------------------------------
QUICK=0 RUNS= CASES=$DEFAULT_CASES TOOLS= NO_BUILD=0 WITH_SLOW=0 KEEP=0
CMDLINE="${HAUL_BIN:+HAUL_BIN=$HAUL_BIN }Benchmarks/run.sh${*:+ $*}"
usage() { sed -n '2,/^# Only files/{s/^# \{0,1\}//;p}' "${BASH_SOURCE[0]}"; }
while (($#)); do
  case $1 in
    --quick) QUICK=1 ;;
    --runs) RUNS=${2:?--runs needs a number}; shift ;;
    --runs=*) RUNS=${1#*=} ;;
    --cases) CASES=${2:?--cases needs a list}; shift ;;
    --cases=*) CASES=${1#*=} ;;
    --tools) TOOLS=${2:?--tools needs a list}; shift ;;
    --tools=*) TOOLS=${1#*=} ;;
    --no-build) NO_BUILD=1 ;;
    --with-slow) WITH_SLOW=1 ;;
    --keep) KEEP=1 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "run.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
  shift
done
[[ -z $RUNS ]] && { ((QUICK)) && RUNS=1 || RUNS=3; }
[[ $RUNS =~ ^[1-9][0-9]*$ ]] || { echo "run.sh: --runs must be a positive number" >&2; exit 2; }
for c in ${CASES//,/ }; do
  [[ ,$ALL_CASES, == *",$c,"* ]] || { echo "run.sh: unknown case $c (cases: $ALL_CASES)" >&2; exit 2; }
done
if ((QUICK)); then BIG_SIZE=$((256 << 20)); else BIG_SIZE=$((1 << 30)); fi
HUGE_SIZE=$((8 << 30))
if [[ -n ${HAUL_BIN:-} ]]; then NO_BUILD=1; else HAUL_BIN=$HAUL_BIN_DEFAULT; fi

DATA=$WORK/data SCRATCH=$WORK/scratch STATE=$WORK/state LOGS=$WORK/logs NGX=$WORK/nginx
RESULTS=$WORK/results.tsv NOTES=$WORK/notes.tsv
DOC=$ROOT/docs/benchmarks.md PNG=$ROOT/docs/benchmarks.png

log() { printf '[%(%H:%M:%S)T] %s\n' -1 "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }
note() { printf '%s\t%s\n' "$1" "$2" >>"$NOTES"; log "note ($1): $2"; }
human() { awk -v b="$1" 'BEGIN{ if (b >= 1073741824) printf "%.3g GiB", b/1073741824; else if (b >= 1048576) printf "%.4g MiB", b/1048576; else printf "%.4g KiB", b/1024 }'; }

# ------------------------------------------------------------------------------------
# Cleanup: every child runs in its own process group (setsid); kill the groups on exit.
# ------------------------------------------------------------------------------------
NGINX_PID= CUR_PGID=
cleanup() {
  local rc=$?
  trap - EXIT INT TERM
  if [[ -n $CUR_PGID ]]; then kill -9 -- "-$CUR_PGID" 2>/dev/null; wait "$CUR_PGID" 2>/dev/null; fi
  if [[ -n $NGINX_PID ]]; then
    if ((KEEP)) && ((rc == 0)); then
      log "nginx left running (--keep): pid $NGINX_PID, $BASE_URL (stop: kill $NGINX_PID)"
    else
      kill -TERM "$NGINX_PID" 2>/dev/null
      for _ in $(seq 50); do kill -0 "$NGINX_PID" 2>/dev/null || break; sleep 0.1; done
      kill -9 -- "-$NGINX_PID" 2>/dev/null
      wait "$NGINX_PID" 2>/dev/null
    fi
  fi
  exit "$rc"
}
trap cleanup EXIT
trap 'log "interrupted"; exit 130' INT
trap 'log "terminated"; exit 143' TERM

# ------------------------------------------------------------------------------------
# Dependencies, build, Haul feature probe
# ------------------------------------------------------------------------------------
ensure_tools() {
  local -a missing=()
  local pair cmd pkg
  for pair in nginx:nginx curl:curl wget:wget aria2c:aria2 axel:axel gnuplot:gnuplot-nox \
              /usr/bin/time:time sha256sum:coreutils setsid:util-linux unzip:unzip zip:zip \
              bsdtar:libarchive-tools; do
    cmd=${pair%%:*} pkg=${pair#*:}
    if [[ $cmd == /* ]]; then [[ -x $cmd ]] && continue; else command -v "$cmd" >/dev/null && continue; fi
    missing+=("$pkg")
  done
  ((${#missing[@]})) || return 0
  log "installing missing packages: ${missing[*]}"
  local sudo=
  if ((EUID != 0)); then command -v sudo >/dev/null && sudo=sudo || die "not root; install: ${missing[*]}"; fi
  $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null \
    || die "apt-get install ${missing[*]} failed"
}

HAUL_OK=0 HAUL_HELP= HAUL_OPTS=()
probe_haul() {
  if ! tool_selected haul; then return; fi
  if [[ ! -x $HAUL_BIN ]]; then log "haul not found at $HAUL_BIN: haul rows are skipped"; return; fi
  if ! HAUL_HELP=$("$HAUL_BIN" --help 2>&1); then
    log "\`$HAUL_BIN --help\` failed: haul rows are skipped"; HAUL_HELP=; return
  fi
  # ArgumentParser prints a SUBCOMMANDS section; their options live in `haul <sub> --help`.
  local sub
  for sub in $(awk '/^SUBCOMMANDS:/{s=1;next} s&&/^[^ ]/{s=0} s&&/^  [a-z]/{print $1}' <<<"$HAUL_HELP"); do
    HAUL_HELP+=$'\n'$("$HAUL_BIN" "$sub" --help 2>&1)
  done
  HAUL_OK=1
  if haul_has --quiet; then HAUL_OPTS+=(-q); elif haul_has --progress; then HAUL_OPTS+=(--progress none); fi
  if haul_has --state-dir; then HAUL_OPTS+=(--state-dir "$STATE"); fi
}
# A flag is there if the help mentions it and the option's own paragraph (from its "  -x, --flag"
# line to the next option) does not say it is not implemented (e.g. "--connections: accepted,
# one connection is used" until multi-connection lands).
haul_has() {
  grep -q -e "$1" <<<"$HAUL_HELP" || return 1
  ! awk -v flag="$1" '
      function close_block() { if (hit && lazy) bad = 1; hit = 0; lazy = 0 }
      /^ +-/ { close_block(); inopt = 1 }
      /^[^ ]/ || /^$/ { close_block(); inopt = 0 }
      inopt { if (index($0, flag)) hit = 1; if (tolower($0) ~ /not (yet )?implemented/) lazy = 1 }
      END { close_block(); exit bad ? 0 : 1 }' <<<"$HAUL_HELP"
}

tool_selected() { [[ -z $TOOLS || ,$TOOLS, == *",$1,"* ]]; }

# Prints the entries (one a line) that can run; notes the others for case $1.
usable_entries() {
  local case=$1 e label req tool r; shift
  for e in "$@"; do
    IFS='|' read -r label req _ _ <<<"$e"
    tool=${label%% *}
    tool_selected "$tool" || continue
    if [[ $tool == haul ]]; then
      ((HAUL_OK)) || { note "$case" "$label: skipped, no working haul binary (${HAUL_BIN#$ROOT/})"; continue; }
      if [[ $req != - ]]; then
        local ok=1
        for r in ${req//,/ }; do haul_has "$r" || ok=0; done
        ((ok)) || { note "$case" "$label: skipped, \`haul --help\` lacks ${req//,/ or } or says it is not implemented yet"; continue; }
      fi
    elif ! command -v "$tool" >/dev/null; then
      note "$case" "$label: skipped, $tool is not installed"; continue
    fi
    printf '%s\n' "$e"
  done
}

# ------------------------------------------------------------------------------------
# nginx
# ------------------------------------------------------------------------------------
free_port() {
  local p
  for p in $(shuf -i 20000-60999 -n 50); do
    (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null || { echo "$p"; return 0; }
  done
  return 1
}
start_nginx() {
  mkdir -p "$NGX/tmp" "$DATA"
  echo ok >"$DATA/probe.txt"
  local try port tls_port tls_server= user=
  ((EUID == 0)) && user="user root;"
  TLS_CA=
  if command -v openssl >/dev/null; then
    # A throwaway authority and a certificate for 127.0.0.1 signed by it (https-1g).
    openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 -subj "/CN=bench CA" \
      -keyout "$NGX/ca.key" -out "$NGX/ca.pem" >/dev/null 2>&1 &&
    openssl req -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -subj "/CN=127.0.0.1" \
      -keyout "$NGX/server.key" -out "$NGX/server.csr" >/dev/null 2>&1 &&
    openssl x509 -req -in "$NGX/server.csr" -CA "$NGX/ca.pem" -CAkey "$NGX/ca.key" -CAcreateserial -days 2 \
      -extfile <(printf 'subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n') \
      -out "$NGX/server.pem" >/dev/null 2>&1 && TLS_CA=$NGX/ca.pem
  fi
  for try in 1 2 3 4 5; do
    port=$(free_port) || die "no free port"
    tls_port=$(free_port) || die "no free port"
    [[ -n $TLS_CA ]] && tls_server="server { listen 127.0.0.1:$tls_port ssl; ssl_certificate $NGX/server.pem; ssl_certificate_key $NGX/server.key; root $DATA; location /full/ { alias $DATA/; } }"
    cat >"$NGX/nginx.conf" <<EOF
# Generated by Benchmarks/run.sh; overwritten on every run.
$user
worker_processes auto;
pid $NGX/nginx.pid;
error_log $NGX/error.log warn;
events { worker_connections 4096; }
http {
  sendfile on;
  tcp_nopush on;
  access_log off;
  default_type application/octet-stream;
  keepalive_requests 10000;
  client_body_temp_path $NGX/tmp/body;
  proxy_temp_path $NGX/tmp/proxy;
  fastcgi_temp_path $NGX/tmp/fastcgi;
  uwsgi_temp_path $NGX/tmp/uwsgi;
  scgi_temp_path $NGX/tmp/scgi;
  log_format bench '\$msec \$request_time \$status \$body_bytes_sent "\$http_range" \$connection';
  # slow-first: the request that starts at byte 0 gets 1 MiB/s, the others 8 MiB/s.
  map \$http_range \$bench_slowfirst_rate { default 8m; "" 1m; "~^bytes=0-" 1m; }
  server {
    listen 127.0.0.1:$port;
    root $DATA;
    location /full/      { alias $DATA/; }
    location /limited/   { alias $DATA/; limit_rate 8m; }
    location /noranges/  { alias $DATA/; max_ranges 0; }
    location /resume/    { alias $DATA/; limit_rate 32m; access_log $NGX/resume.log bench; }
    location /slowfirst/ { alias $DATA/; limit_rate \$bench_slowfirst_rate; }
  }
  $tls_server
}
EOF
    : >"$NGX/resume.log"
    setsid nginx -p "$NGX" -e "$NGX/error.log" -c "$NGX/nginx.conf" -g 'daemon off;' </dev/null >>"$NGX/stdout.log" 2>&1 &
    NGINX_PID=$!
    BASE_URL=http://127.0.0.1:$port
    TLS_BASE_URL=https://127.0.0.1:$tls_port
    for _ in $(seq 50); do
      kill -0 "$NGINX_PID" 2>/dev/null || break
      [[ $(curl -q -s "$BASE_URL/full/probe.txt" 2>/dev/null) == ok ]] && { log "nginx pid $NGINX_PID on $BASE_URL"; return 0; }
      sleep 0.1
    done
    kill -9 -- "-$NGINX_PID" 2>/dev/null; wait "$NGINX_PID" 2>/dev/null; NGINX_PID=
    log "nginx did not come up on port $port (try $try): $(tail -n 2 "$NGX/error.log" 2>/dev/null)"
  done
  die "could not start nginx, see $NGX/error.log"
}

# ------------------------------------------------------------------------------------
# Data
# ------------------------------------------------------------------------------------
fsize() { stat -c %s "$1" 2>/dev/null || echo -1; }
make_random() { # path size
  local f=$1 size=$2
  if [[ $(fsize "$f") == "$size" ]]; then return; fi
  log "generating $(human "$size") of random data: ${f#$ROOT/}"
  rm -f "$f" "$f.sha256"
  if ((size % MIB == 0)); then
    dd if=/dev/urandom of="$f.tmp" bs=1M count=$((size / MIB)) iflag=fullblock status=none
  else
    head -c "$size" /dev/urandom >"$f.tmp"
  fi || die "cannot write $f"
  mv "$f.tmp" "$f"
  [[ ${3:-} == nosync ]] || sync   # so writeback of the new file does not overlap a timed run
}
make_repeated() { # path size: a random 64 MiB block repeated
  local f=$1 size=$2 block=$DATA/block-64m.bin i
  if [[ $(fsize "$f") == "$size" ]]; then return; fi
  make_random "$block" $((64 << 20))
  log "generating $(human "$size") (64 MiB random block repeated): ${f#$ROOT/}"
  rm -f "$f" "$f.sha256"
  for ((i = 0; i < size / (64 << 20); i++)); do cat "$block"; done >"$f.tmp" || die "cannot write $f"
  mv "$f.tmp" "$f"
  sync
}
sha_of() { # cached SHA-256 of a source file
  local f=$1
  if [[ ! -s $f.sha256 || $f -nt $f.sha256 ]]; then sha256sum "$f" | cut -d' ' -f1 >"$f.sha256"; fi
  cat "$f.sha256"
}
warm() { cat "$@" >/dev/null; }
random_name() { echo "rand-$(($1 / MIB))m.bin"; }

# ------------------------------------------------------------------------------------
# Running one command
# ------------------------------------------------------------------------------------
P_URL= P_OUT= P_OUTDIR= P_OUTNAME= P_DIR= P_LIST= P_CURLCFG= P_ZIP=
CMD=()
expand_cmd() { # template -> CMD array
  local -a words
  local w
  read -r -a words <<<"$1"
  CMD=()
  for w in "${words[@]}"; do
    case $w in
      '{HAUL_OPTS}') CMD+=("${HAUL_OPTS[@]}") ;;
      '{ARIA_OPTS}') CMD+=("${ARIA_OPTS[@]}") ;;
      *)
        w=${w//'{HAUL}'/"$HAUL_BIN"}; w=${w//'{URL}'/"$P_URL"}; w=${w//'{OUT}'/"$P_OUT"}
        w=${w//'{OUTDIR}'/"$P_OUTDIR"}; w=${w//'{OUTNAME}'/"$P_OUTNAME"}; w=${w//'{DIR}'/"$P_DIR"}
        w=${w//'{LIST}'/"$P_LIST"}; w=${w//'{CURLCFG}'/"$P_CURLCFG"}; w=${w//'{ZIP}'/"$P_ZIP"}; w=${w//'{CA}'/"$TLS_CA"}
        CMD+=("$w") ;;
    esac
  done
}
fresh_scratch() {
  rm -rf "$SCRATCH" "$STATE"
  mkdir -p "$SCRATCH" "$STATE"
}
after_run() { rm -rf "$SCRATCH" "$STATE"; mkdir -p "$SCRATCH" "$STATE"; sync; }
slug() { tr -c 'A-Za-z0-9.\n-' '_' <<<"$1"; }

T_WALL= T_USER= T_SYS= T_RSS= T_EXIT=
timed_run() { # logname cmd... : runs under /usr/bin/time in its own process group
  local name=$1; shift
  local tf=$LOGS/$name.time
  printf '%q ' "$@" >"$LOGS/$name.cmd"; echo >>"$LOGS/$name.cmd"
  local t0=$EPOCHREALTIME t1
  setsid /usr/bin/time -f '%e %U %S %M' -o "$tf" timeout -k 5 "$RUN_TIMEOUT" "$@" </dev/null >"$LOGS/$name.out" 2>"$LOGS/$name.err" &
  CUR_PGID=$!
  wait "$CUR_PGID"; T_EXIT=$?
  t1=$EPOCHREALTIME
  CUR_PGID=
  read -r T_WALL T_USER T_SYS T_RSS < <(tail -n 1 "$tf" 2>/dev/null) || true
  [[ $T_WALL =~ ^[0-9.]+$ ]] || { T_WALL=NaN T_USER=NaN T_SYS=NaN T_RSS=0; }
  # Wall clock from bash (microseconds) instead of time's %e (10 ms steps): small cases take
  # tens of ms. It includes the fork/exec of setsid and time, about a millisecond.
  T_WALL=$(awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.3f", b - a}')
  ((T_EXIT == 124 || T_EXIT == 137)) && log "  timed out after ${RUN_TIMEOUT}s (BENCH_RUN_TIMEOUT)"
}

FAILED=0
record() { # case label run conns bytes check [before rerun lo note]
  local case=$1 label=$2 run=$3 conns=$4 bytes=$5 check=$6 before=${7:--} rerun=${8:--} lo=${9:--} nt=${10:-}
  local status=ok
  if ((T_EXIT != 0)) || [[ $check != ok ]]; then status=FAIL; FAILED=1; fi
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$case" "$label" "$run" "$conns" "$bytes" \
    "$T_WALL" "$T_USER" "$T_SYS" "$T_RSS" "$T_EXIT" "$check" "$status" "$before" "$rerun" "$lo" "$nt" >>"$RESULTS"
  log "  $case | $label | run $run: ${T_WALL}s wall, $(awk -v u="$T_USER" -v s="$T_SYS" 'BEGIN{print u+s}')s cpu, $((T_RSS / 1024)) MiB rss, exit $T_EXIT, sha $check${nt:+ ($nt)}"
  [[ $status == FAIL ]] && log "  FAIL: see $LOGS/$(slug "$case.$label.run$run").err"
  return 0
}
check_file() { # output expected-sha
  [[ -f $1 ]] || { echo missing; return; }
  [[ $(sha256sum "$1" | cut -d' ' -f1) == "$2" ]] && echo ok || echo BAD
}
check_tree() { # dir manifest
  (cd "$1" && sha256sum --quiet --status -c "$2" 2>/dev/null) && echo ok || echo BAD
}

# Round-robin: round r runs every entry once, starting at entry (r-1) mod n.
rounds() { # runs fn case entries...
  local runs=$1 fn=$2 case=$3; shift 3
  local -a es=("$@")
  local n=${#es[@]} r k
  for ((r = 1; r <= runs; r++)); do
    for ((k = 0; k < n; k++)); do "$fn" "$case" "${es[(r - 1 + k) % n]}" "$r"; done
  done
}

# One download of one file: SRC_FILE, SRC_SHA, SRC_URL set by the case.
run_single() { # case entry run
  local case=$1 e=$2 run=$3 label conns tmpl
  IFS='|' read -r label _ conns tmpl <<<"$e"
  fresh_scratch
  P_URL=$SRC_URL P_OUTDIR=$SCRATCH P_OUTNAME=out.bin P_OUT=$SCRATCH/out.bin
  expand_cmd "$tmpl"
  timed_run "$(slug "$case.$label.run$run")" "${CMD[@]}"
  record "$case" "$label" "$run" "$conns" "$(fsize "$SRC_FILE")" "$(check_file "$P_OUT" "$SRC_SHA")"
  after_run
}

# A case over one source file: case name, URL path prefix, source file, runs, entries...
single_file_case() {
  local case=$1 prefix=$2 file=$3 runs=$4; shift 4
  local -a es
  mapfile -t es < <(usable_entries "$case" "$@")
  ((${#es[@]})) || { note "$case" "skipped: no tool to run"; return; }
  SRC_FILE=$file SRC_SHA=$(sha_of "$file") SRC_URL=${CASE_BASE_URL:-$BASE_URL}/$prefix/$(basename "$file")
  warm "$file"
  log "case $case: $(human "$(fsize "$file")") from /$prefix/, ${#es[@]} tools x $runs runs"
  rounds "$runs" run_single "$case" "${es[@]}"
}

# ------------------------------------------------------------------------------------
# Cases
# ------------------------------------------------------------------------------------
LINK_RATE=
measure_link() { # loopback rate with curl to /dev/null, bytes/s (best of 2)
  local f=$DATA/$(random_name "$BIG_SIZE") a b
  a=$(curl -q -s -o /dev/null -w '%{speed_download}' "$BASE_URL/full/$(basename "$f")")
  b=$(curl -q -s -o /dev/null -w '%{speed_download}' "$BASE_URL/full/$(basename "$f")")
  LINK_RATE=$(awk -v a="$a" -v b="$b" 'BEGIN{printf "%.0f", (a > b ? a : b)}')
  log "loopback (curl to /dev/null): $(awk -v r="$LINK_RATE" 'BEGIN{printf "%.0f", r/1048576}') MiB/s"
}

case_full-1g() {
  local f=$DATA/$(random_name "$BIG_SIZE")
  make_random "$f" "$BIG_SIZE"
  single_file_case full-1g full "$f" "$RUNS" "${SINGLE_CMDS[@]}"
}
case_https-1g() {
  [[ -n $TLS_CA ]] || { note https-1g "skipped: no openssl to make a certificate"; return; }
  local f=$DATA/$(random_name "$BIG_SIZE")
  make_random "$f" "$BIG_SIZE"
  CASE_BASE_URL=$TLS_BASE_URL single_file_case https-1g full "$f" "$RUNS" "${TLS_CMDS[@]}"
}
case_noranges() {
  local f=$DATA/$(random_name "$BIG_SIZE")
  make_random "$f" "$BIG_SIZE"
  single_file_case noranges noranges "$f" "$RUNS" "${SINGLE_CMDS[@]}"
}
case_limited-1g() {
  local f=$DATA/$(random_name "$BIG_SIZE")
  make_random "$f" "$BIG_SIZE"
  [[ -n $LINK_RATE ]] || { warm "$f"; measure_link; }
  local -a cmds=("${LIMITED_CMDS[@]}")
  if ((WITH_SLOW)); then cmds+=("${LIMITED_SLOW_CMDS[@]}")
  else note limited-1g "curl (one connection: $(human "$BIG_SIZE") at 8 MiB/s = $((BIG_SIZE / LIMIT_RATE)) s) skipped; --with-slow runs it"; fi
  single_file_case limited-1g limited "$f" "$RUNS" "${cmds[@]}"
}
case_slow-first() {
  local f=$DATA/$(random_name $((256 << 20)))
  make_random "$f" $((256 << 20))
  single_file_case slow-first slowfirst "$f" "$RUNS" "${LIMITED_CMDS[@]}"
}
case_small-16m() {
  local f=$DATA/$(random_name "$SMALL_SIZE")
  make_random "$f" "$SMALL_SIZE"
  single_file_case small-16m full "$f" $((RUNS * CHEAP_ROUNDS)) "${SINGLE_CMDS[@]}"
}

# How much of Linker/haul.order (the functions a download runs, placed together by the linker; see
# Linker/update-order.sh) the benchmarked binary still defines. A low share means the list is stale
# and haul's peak RSS creeps back up: rerun Linker/update-order.sh.
order_coverage() {
  local order=$ROOT/Linker/haul.order total found
  tool_selected haul && ((HAUL_OK)) && [[ -s $order ]] && command -v nm >/dev/null || return 0
  total=$(wc -l <"$order")
  found=$(nm --defined-only "$HAUL_BIN" 2>/dev/null | awk 'NR == FNR { want[$1] = 1; next } ($3 in want) { print $3 }' "$order" - | sort -u | wc -l)
  note rss-1g-vs-8g "Linker/haul.order: the binary defines $found of its $total function names ($((100 * found / total)) %); below 90 %, rerun Linker/update-order.sh"
}

case_rss-1g-vs-8g() {
  local -a es sizes=("$BIG_SIZE")
  mapfile -t es < <(usable_entries rss-1g-vs-8g "${RSS_CMDS[@]}")
  ((${#es[@]})) || { note rss-1g-vs-8g "skipped: no tool to run"; return; }
  order_coverage
  local huge=$DATA/rand-8g-repeated.bin
  if ((QUICK)); then
    note rss-1g-vs-8g "--quick: $(human "$BIG_SIZE") only, no 8 GiB file"
  else
    local need=$((HUGE_SIZE + 2 * (1 << 30))) avail
    [[ -f $huge ]] || need=$((need + HUGE_SIZE))
    avail=$(($(df -P -B1 "$WORK" | awk 'NR==2{print $4}')))
    if ((avail < need)); then
      note rss-1g-vs-8g "8 GiB skipped: $(human "$avail") free on disk, $(human "$need") needed"
    else
      make_repeated "$huge" "$HUGE_SIZE"; sizes+=("$HUGE_SIZE")
    fi
  fi
  local size f
  for size in "${sizes[@]}"; do
    if ((size == HUGE_SIZE)); then f=$huge; else f=$DATA/$(random_name "$size"); make_random "$f" "$size"; fi
    SRC_FILE=$f SRC_SHA=$(sha_of "$f") SRC_URL=$BASE_URL/full/$(basename "$f")
    warm "$f"
    log "case rss-1g-vs-8g: $(human "$size"), ${#es[@]} tools, 1 run each"
    rounds 1 run_single rss-1g-vs-8g "${es[@]}"
  done
}

case_many-200() {
  local -a es
  mapfile -t es < <(usable_entries many-200 "${MANY_CMDS[@]}")
  ((${#es[@]})) || { note many-200 "skipped: no tool to run"; return; }
  local d=$DATA/many i name
  mkdir -p "$d"
  for ((i = 1; i <= MANY_COUNT; i++)); do
    printf -v name 'f%03d.bin' "$i"
    make_random "$d/$name" "$MANY_SIZE" nosync 2>/dev/null
  done
  sync
  if [[ ! -s $d/MANIFEST.sha256 || $(find "$d" -name '*.bin' -newer "$d/MANIFEST.sha256" | head -n 1) ]]; then
    (cd "$d" && sha256sum f*.bin >MANIFEST.sha256)
  fi
  warm "$d"/f*.bin
  log "case many-200: $MANY_COUNT x $(human "$MANY_SIZE"), ${#es[@]} tools x $((RUNS * CHEAP_ROUNDS)) runs"
  rounds $((RUNS * CHEAP_ROUNDS)) run_many many-200 "${es[@]}"
  note many-200 "wget -i downloads the list one file after another (it has no parallel mode); axel has no list mode"
}
run_many() {
  local case=$1 e=$2 run=$3 label conns tmpl i name
  IFS='|' read -r label _ conns tmpl <<<"$e"
  fresh_scratch
  P_DIR=$SCRATCH/out P_LIST=$SCRATCH/urls.txt P_CURLCFG=$SCRATCH/curl.cfg
  mkdir -p "$P_DIR"
  : >"$P_LIST"; : >"$P_CURLCFG"
  for ((i = 1; i <= MANY_COUNT; i++)); do
    printf -v name 'f%03d.bin' "$i"
    echo "$BASE_URL/full/many/$name" >>"$P_LIST"
    printf 'url = "%s"\noutput = "%s"\n' "$BASE_URL/full/many/$name" "$P_DIR/$name" >>"$P_CURLCFG"
  done
  expand_cmd "$tmpl"
  timed_run "$(slug "$case.$label.run$run")" "${CMD[@]}"
  local check
  check=$(check_tree "$P_DIR" "$DATA/many/MANIFEST.sha256")
  if [[ $check == ok ]] && (($(find "$P_DIR" -type f | wc -l) != MANY_COUNT)); then check=BAD; fi
  record "$case" "$label" "$run" "$conns" $((MANY_COUNT * MANY_SIZE)) "$check"
  after_run
}

lo_tx() { awk '/^ *lo:/{sub(/.*:/,""); print $9}' /proc/net/dev; }
now() { date +%s.%N; }
# Sum of $body_bytes_sent of /resume/ requests that started in [from, to).
resume_bytes() {
  awk -v from="$1" -v to="$2" '{ start = $1 - $2; if (start >= from - 0.001 && start < to) s += $4 } END { printf "%.0f", s }' "$NGX/resume.log"
}
case_resume-kill() {
  local -a es
  mapfile -t es < <(usable_entries resume-kill "${RESUME_CMDS[@]}")
  ((${#es[@]})) || { note resume-kill "skipped: no tool to run"; return; }
  local f=$DATA/$(random_name "$RESUME_SIZE")
  make_random "$f" "$RESUME_SIZE"
  SRC_FILE=$f SRC_SHA=$(sha_of "$f") SRC_URL=$BASE_URL/resume/$(basename "$f")
  warm "$f"
  log "case resume-kill: $(human "$RESUME_SIZE") from /resume/ (32 MiB/s per connection), ${#es[@]} tools x $RUNS runs"
  rounds "$RUNS" run_resume resume-kill "${es[@]}"
}
run_resume() {
  local case=$1 e=$2 run=$3 label conns tmpl
  IFS='|' read -r label _ conns tmpl <<<"$e"
  fresh_scratch
  P_URL=$SRC_URL P_OUTDIR=$SCRATCH P_OUTNAME=out.bin P_OUT=$SCRATCH/out.bin
  expand_cmd "$tmpl"
  local name; name=$(slug "$case.$label.run$run")
  printf '%q ' "${CMD[@]}" >"$LOGS/$name.cmd"; echo >>"$LOGS/$name.cmd"
  # Phase 1: start, kill -9 when half the file has crossed loopback.
  local t0 lo0 target=$((RESUME_SIZE / 2)) killed=0 deadline
  t0=$(now); lo0=$(lo_tx); deadline=$((SECONDS + 120))
  setsid "${CMD[@]}" </dev/null >"$LOGS/$name.kill.out" 2>"$LOGS/$name.kill.err" &
  CUR_PGID=$!
  while kill -0 "$CUR_PGID" 2>/dev/null; do
    if (($(lo_tx) - lo0 >= target)) || ((SECONDS > deadline)); then
      kill -9 -- "-$CUR_PGID" 2>/dev/null; killed=1; break
    fi
    sleep 0.02
  done
  wait "$CUR_PGID" 2>/dev/null
  CUR_PGID=
  sleep 1   # let nginx notice the dead connections and log them
  local t1 before partial nt=
  t1=$(now)
  before=$(resume_bytes "$t0" "$t1")
  partial=$(find "$SCRATCH" -maxdepth 1 -type f -printf '%f=%s ' | sed 's/ $//')
  ((killed)) || nt="finished before the kill"
  # Phase 2: the same command again.
  local lo1 lo2 t2 rerun
  lo1=$(lo_tx)
  timed_run "$name" "${CMD[@]}"
  lo2=$(lo_tx)
  sleep 0.3
  t2=$(now)
  rerun=$(resume_bytes "$t1" "$t2")
  record "$case" "$label" "$run" "$conns" "$RESUME_SIZE" "$(check_file "$P_OUT" "$SRC_SHA")" \
    "$before" "$rerun" $((lo2 - lo1)) "${nt:-files at kill: ${partial:-none}}"
  after_run
}

case_zip() {
  if ! tool_selected haul || ((!HAUL_OK)) || ! grep -qw unzip <<<"$HAUL_HELP"; then
    note zip "skipped: \`haul --help\` does not mention unzip (yet)"; return
  fi
  local -a es
  mapfile -t es < <(usable_entries zip "${ZIP_CMDS[@]}")
  ((${#es[@]})) || { note zip "skipped: no tool to run"; return; }
  local src=$DATA/zipsrc zip=$DATA/bench.zip
  # 32 x 8 MiB random (stored as is), 32 x 8 MiB base64 text (deflated to ~6 MiB each),
  # 2000 small text files: ~0.5 GB archive, ~0.55 GB extracted.
  local layout="v2 32x8M-random 32x8M-base64 2000-small"
  if [[ ! -s $zip || ! -s $src/MANIFEST.sha256 || $(cat "$src/LAYOUT" 2>/dev/null) != "$layout" ]]; then
    log "making the zip test tree and archive (one-off, ~30 s)"
    rm -rf "$src" "$zip"; mkdir -p "$src/random" "$src/text" "$src/small"
    local i
    for ((i = 0; i < 32; i++)); do head -c $((8 << 20)) /dev/urandom >"$src/random/r$i.bin"; done
    for ((i = 0; i < 32; i++)); do head -c $((6 << 20)) /dev/urandom | base64 >"$src/text/t$i.txt"; done
    for ((i = 0; i < 2000; i++)); do head -c $((RANDOM % 8192 + 1)) /dev/urandom | base64 >"$src/small/s$i.txt"; done
    (cd "$src" && find random text small -type f -print0 | sort -z | xargs -0 sha256sum >MANIFEST.sha256)
    (cd "$src" && zip -q -r "$zip" random text small) || die "zip failed"
    echo "$layout" >"$src/LAYOUT"
  fi
  warm "$zip"
  P_ZIP=$zip
  log "case zip: $(human "$(fsize "$zip")") archive, ${#es[@]} tools x $RUNS runs"
  rounds "$RUNS" run_zip zip "${es[@]}"
}
run_zip() {
  local case=$1 e=$2 run=$3 label conns tmpl
  IFS='|' read -r label _ conns tmpl <<<"$e"
  fresh_scratch
  P_DIR=$SCRATCH/x; mkdir -p "$P_DIR"
  expand_cmd "$tmpl"
  timed_run "$(slug "$case.$label.run$run")" "${CMD[@]}"
  record "$case" "$label" "$run" "$conns" "$(fsize "$P_ZIP")" "$(check_tree "$P_DIR" "$DATA/zipsrc/MANIFEST.sha256")"
  after_run
}

# ------------------------------------------------------------------------------------
# Report
# ------------------------------------------------------------------------------------
# Markdown table for a generic case. Args: case baseline-tool ideal(0/1)
summarise() {
  awk -F'\t' -v want="$1" -v base="$2" -v ideal="$3" -v rate="$LIMIT_RATE" -v link="${LINK_RATE:-0}" '
    function median(arr, n,   i, j, t, a) {
      for (i = 1; i <= n; i++) a[i] = arr[i]
      for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j-1] > a[j]; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }
      return n % 2 ? a[(n+1)/2] : (a[n/2] + a[n/2+1]) / 2
    }
    $1 == want {
      k = $2
      if (!(k in n)) { order[++m] = k; n[k] = 0; bad[k] = 0 }
      i = ++n[k]; wall[k, i] = $6; cpu[k, i] = $7 + $8; conns[k] = $4; bytes[k] = $5
      if ($9 > rss[k]) rss[k] = $9
      if ($12 != "ok") bad[k]++
    }
    END {
      for (x = 1; x <= m; x++) {
        k = order[x]
        for (i = 1; i <= n[k]; i++) { w[i] = wall[k, i]; c[i] = cpu[k, i] }
        mw[k] = median(w, n[k]); mc[k] = median(c, n[k])
        split(k, parts, " ")
        if (parts[1] == base && !(basek)) basek = k
      }
      printf "| tool | runs | median wall s | median CPU s (user+sys) | peak RSS MiB | MiB/s |"
      if (ideal) printf " share of ideal |"
      printf " vs %s |", (basek ? basek : base)
      printf " SHA-256 |\n|---|---:|---:|---:|---:|---:|"
      if (ideal) printf "---:|"
      printf "---:|---|\n"
      for (x = 1; x <= m; x++) {
        k = order[x]
        thr = mw[k] > 0 ? bytes[k] / mw[k] / 1048576 : 0
        printf "| %s | %d | %.3f | %.2f | %.0f | %.0f |", k, n[k], mw[k], mc[k], rss[k] / 1024, thr
        if (ideal) {
          r = conns[k] * rate; if (link > 0 && link < r) r = link
          printf " %.0f %% |", (mw[k] > 0 ? 100 * (bytes[k] / r) / mw[k] : 0)
        }
        if (basek) printf " %.2fx |", mw[k] / mw[basek]; else printf " - |"
        printf " %s |\n", (bad[k] ? "**FAIL** (" bad[k] "/" n[k] ")" : "ok")
      }
    }' "$RESULTS"
}
summarise_resume() {
  awk -F'\t' -v size="$RESUME_SIZE" '
    function median(arr, n,   i, j, t, a) {
      for (i = 1; i <= n; i++) a[i] = arr[i]
      for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j-1] > a[j]; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }
      return n % 2 ? a[(n+1)/2] : (a[n/2] + a[n/2+1]) / 2
    }
    $1 == "resume-kill" {
      k = $2
      if (!(k in n)) { order[++m] = k; n[k] = 0; bad[k] = 0 }
      i = ++n[k]; conns[k] = $4
      wall[k, i] = $6; bef[k, i] = $13; rer[k, i] = $14; lo[k, i] = $15; waste[k, i] = $13 + $14 - size
      if ($9 > rss[k]) rss[k] = $9
      if ($12 != "ok") bad[k]++
    }
    END {
      M = 1048576
      print "| tool | conns | runs | sent before kill MiB | re-sent in rerun MiB | wasted MiB | lo bytes in rerun MiB | rerun wall s | peak RSS MiB | SHA-256 |"
      print "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|"
      for (x = 1; x <= m; x++) {
        k = order[x]
        for (i = 1; i <= n[k]; i++) { a[i] = bef[k, i]; b[i] = rer[k, i]; c[i] = waste[k, i]; d[i] = lo[k, i]; e[i] = wall[k, i] }
        printf "| %s | %d | %d | %.1f (%.0f %%) | %.1f | %.1f | %.1f | %.2f | %.0f | %s |\n", k, conns[k], n[k],
          median(a, n[k]) / M, 100 * median(a, n[k]) / size, median(b, n[k]) / M, median(c, n[k]) / M,
          median(d, n[k]) / M, median(e, n[k]), rss[k] / 1024, (bad[k] ? "**FAIL** (" bad[k] "/" n[k] ")" : "ok")
      }
    }' "$RESULTS"
}
summarise_rss() {
  awk -F'\t' '
    $1 == "rss-1g-vs-8g" {
      k = $2; s = $5
      if (!(k in seen)) { order[++m] = k; seen[k] = 1 }
      if (!(s in sz)) { sizes[++ns] = s; sz[s] = 1 }
      if ($9 > rss[k, s]) rss[k, s] = $9
      wall[k, s] = $6
      if ($12 != "ok") bad[k]++
    }
    function h(b) { return b >= 1073741824 ? sprintf("%g GiB", b / 1073741824) : sprintf("%g MiB", b / 1048576) }
    END {
      printf "| tool |"; for (j = 1; j <= ns; j++) printf " peak RSS MiB, %s |", h(sizes[j])
      if (ns > 1) printf " growth |"
      for (j = 1; j <= ns; j++) printf " wall s, %s |", h(sizes[j])
      printf " SHA-256 |\n|---|"; for (j = 1; j <= 2 * ns + (ns > 1); j++) printf "---:|"; printf "---|\n"
      for (x = 1; x <= m; x++) {
        k = order[x]; printf "| %s |", k
        for (j = 1; j <= ns; j++) printf " %.0f |", rss[k, sizes[j]] / 1024
        if (ns > 1) printf " %.2fx |", (rss[k, sizes[1]] > 0 ? rss[k, sizes[ns]] / rss[k, sizes[1]] : 0)
        for (j = 1; j <= ns; j++) printf " %.2f |", wall[k, sizes[j]]
        printf " %s |\n", (bad[k] ? "**FAIL**" : "ok")
      }
    }' "$RESULTS"
}
case_heading() {
  case $1 in
    full-1g) echo "$(human "$BIG_SIZE") from \`/full/\` (nginx at full speed)" ;;
    limited-1g) echo "$(human "$BIG_SIZE") from \`/limited/\` (\`limit_rate 8m\` per connection)" ;;
    small-16m) echo "$(human "$SMALL_SIZE") from \`/full/\` (fixed overhead)" ;;
    many-200) echo "$MANY_COUNT files of $(human "$MANY_SIZE") from a list" ;;
    resume-kill) echo "\`kill -9\` at ~50 % of $(human "$RESUME_SIZE") from \`/resume/\` (\`limit_rate 32m\`), then rerun" ;;
    rss-1g-vs-8g) if ((QUICK)); then echo "peak memory, $(human "$BIG_SIZE") from \`/full/\` (no 8 GiB with --quick)"
                  else echo "peak memory, $(human "$BIG_SIZE") vs 8 GiB from \`/full/\`"; fi ;;
    zip) echo "extracting a $(human "$(fsize "$DATA/bench.zip")") zip archive (32 x 8 MiB random, 32 x 8 MiB text, 2000 small files)" ;;
    noranges) echo "$(human "$BIG_SIZE") from \`/noranges/\` (\`max_ranges 0\`)" ;;
    https-1g) echo "$(human "$BIG_SIZE") from \`/full/\` over HTTPS (TLS in nginx and in the tool)" ;;
    slow-first) echo "256 MiB from \`/slowfirst/\` (byte 0 at 1 MiB/s, other ranges 8 MiB/s)" ;;
  esac
}
case_explainer() {
  case $1 in
    limited-1g) echo "Share of ideal = (size / ideal rate) / median wall, ideal rate = min(connections x 8 MiB/s, loopback rate $(awk -v r="${LINK_RATE:-0}" 'BEGIN{printf "%.0f", r/1048576}') MiB/s)."
                echo "nginx lets each connection send one second's worth up front (its budget is rate x (elapsed + 1 s)), so a little over 100 % is possible, most visibly with --quick's smaller file." ;;
    slow-first) echo "Share of ideal as in limited-1g, ignoring the one slow connection (so 100 % is out of reach; a tool that never re-splits the slow range needs the slow connection's whole segment at 1 MiB/s)." ;;
    resume-kill) echo "Bytes are nginx's \`\$body_bytes_sent\` for the requests of each phase (medians). wasted = before + rerun - file size: bytes sent twice, including what sat unread in socket buffers at the kill. The \`lo\` column is the loopback tx counter around the rerun (headers and other loopback traffic included)." ;;
    rss-1g-vs-8g) echo "One run per tool and size; the 8 GiB file is a 64 MiB random block repeated." ;;
    many-200) echo "MiB/s is the total of all files over the median wall time." ;;
    https-1g) echo "nginx encrypts (no kernel TLS) on the same 2 cores the tool decrypts on; axel cannot be told to trust a private authority and is left out." ;;
  esac
}

machine_info() {
  local cpu mem disk
  cpu=$(awk -F': ' '/^model name/{print $2; exit}' /proc/cpuinfo)
  mem=$(awk '/^MemTotal/{printf "%.1f GiB", $2/1048576}' /proc/meminfo)
  disk=$(df -h -P "$WORK" | awk 'NR==2{print $4 " free of " $2 " (" $1 ")"}')
  echo "- CPU: $(nproc) cores, ${cpu:-unknown}"
  echo "- RAM: $mem; kernel $(uname -r); OS: $(. /etc/os-release 2>/dev/null; echo "${PRETTY_NAME:-unknown}")"
  echo "- Disk (Benchmarks/work): $disk"
  echo "- nginx: $(nginx -v 2>&1 | sed 's/^nginx version: //')"
  echo "- curl: $(curl --version 2>/dev/null | head -n 1 | cut -d' ' -f1-2)"
  echo "- wget: $(wget --version 2>/dev/null | head -n 1 | cut -d' ' -f1-3)"
  echo "- aria2c: $(aria2c --version 2>/dev/null | head -n 1)"
  echo "- axel: $(axel --version 2>/dev/null | head -n 1)"
  echo "- unzip: $(unzip -v 2>/dev/null | head -n 1 | cut -d' ' -f1-2); bsdtar: $(bsdtar --version 2>/dev/null | cut -d' ' -f1-2)"
  if ((HAUL_OK)); then
    echo "- haul: $("$HAUL_BIN" --version 2>/dev/null | head -n 1 || true) (\`${HAUL_BIN#$ROOT/}\`, flags used: \`${HAUL_OPTS[*]//$ROOT\//}\`)"
  else
    echo "- haul: not benchmarked (no working binary at \`${HAUL_BIN#$ROOT/}\`)"
  fi
}

write_chart() {
  local dir=$WORK/chart panels=() c
  rm -rf "$dir"; mkdir -p "$dir"
  # One panel per case: label<TAB>value<TAB>colour. Timing cases: median wall relative to
  # curl (or unzip) when it ran, else seconds. resume-kill: wasted MiB; rss: peak RSS MiB.
  for c in ${CASES//,/ }; do
    grep -q "^$c	" "$RESULTS" 2>/dev/null || continue
    local out=$dir/$c.dat ylabel
    case $c in
      resume-kill)
        awk -F'\t' -v size="$RESUME_SIZE" '$1 == "resume-kill" { k = $2; if (!(k in n)) o[++m] = k; n[k]++; v[k, n[k]] = ($13 + $14 - size) / 1048576 }
          END { for (x = 1; x <= m; x++) { k = o[x]; for (i = 1; i <= n[k]; i++) a[i] = v[k, i]
                  for (i = 2; i <= n[k]; i++) for (j = i; j > 1 && a[j-1] > a[j]; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }
                  md = n[k] % 2 ? a[(n[k]+1)/2] : (a[n[k]/2] + a[n[k]/2+1]) / 2
                  printf "%s\t%.1f\t%d\n", k, md, (k ~ /^haul/ ? 2 : 1) } }' "$RESULTS" >"$out"
        ylabel="MiB sent twice (lower is better)" ;;
      rss-1g-vs-8g)
        awk -F'\t' '$1 == "rss-1g-vs-8g" { s = $5 >= 1073741824 ? sprintf("%gG", $5/1073741824) : sprintf("%gM", $5/1048576)
          printf "%s %s\t%.0f\t%d\n", $2, s, $9/1024, ($2 ~ /^haul/ ? 2 : 1) }' "$RESULTS" >"$out"
        ylabel="peak RSS MiB" ;;
      *)
        local base=curl; [[ $c == zip ]] && base=unzip
        awk -F'\t' -v want="$c" -v base="$base" '$1 == want { k = $2; if (!(k in n)) o[++m] = k; n[k]++; v[k, n[k]] = $6 }
          END { for (x = 1; x <= m; x++) { k = o[x]; for (i = 1; i <= n[k]; i++) a[i] = v[k, i]
                  for (i = 2; i <= n[k]; i++) for (j = i; j > 1 && a[j-1] > a[j]; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }
                  md[k] = n[k] % 2 ? a[(n[k]+1)/2] : (a[n[k]/2] + a[n[k]/2+1]) / 2
                  split(k, p, " "); if (p[1] == base && !bk) bk = k }
                for (x = 1; x <= m; x++) { k = o[x]; printf "%s\t%.2f\t%d\n", k, (bk ? md[k] / md[bk] : md[k]), (k ~ /^haul/ ? 2 : (k == bk ? 3 : 1)) }
                print (bk ? "#rel " bk : "#abs") > "/dev/stderr" }' "$RESULTS" >"$out" 2>"$out.kind"
        if grep -q '^#rel' "$out.kind"; then ylabel="wall time vs ${base} (= 1.0, lower is better)"; else ylabel="median wall s (lower is better)"; fi ;;
    esac
    [[ -s $out ]] && panels+=("$c|$ylabel")
  done
  ((${#panels[@]})) || { log "no results: no chart"; return; }
  local n=${#panels[@]} cols rows
  cols=$((n > 1 ? 2 : 1)); rows=$(((n + cols - 1) / cols))
  {
    echo "set terminal pngcairo noenhanced size $((cols * 620)),$((rows * 360)) font 'Sans,10'"
    echo "set output '$PNG'"
    echo "set datafile separator '\t'"
    echo "set style fill solid 0.85 border -1"
    echo "set boxwidth 0.65"
    echo "set grid ytics lc rgb '#dddddd'"
    echo "set xtics rotate by -30 left nomirror"
    echo "set ytics nomirror"
    echo "set yrange [0:*]"
    echo "set offsets 0.5, 0.5, graph 0.12, 0"
    echo "set key off"
    echo "set lmargin 10; set bmargin 6"
    echo "set linetype 1 lc rgb '#4a7fb5'; set linetype 2 lc rgb '#e8731a'; set linetype 3 lc rgb '#8c8c8c'"
    echo "set multiplot layout $rows,$cols title 'Haul benchmarks ($(date -u +%Y-%m-%d), $(nproc) cores, nginx on loopback; orange = haul)' font 'Sans,12'"
    local p c2 yl
    for p in "${panels[@]}"; do
      c2=${p%%|*} yl=${p#*|}
      echo "set title '$c2: $(case_heading "$c2" | tr -d '`' | sed "s/'/''/g")'"
      echo "set ylabel '$yl'"
      # dashed line at 1.0 where bars are relative to a baseline tool
      if [[ $yl == *"= 1.0"* ]]; then echo "set arrow 1 from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb '#555555' front"; else echo "unset arrow 1"; fi
      echo "plot '$dir/$c2.dat' using 0:2:3:xtic(1) with boxes lc variable, '' using 0:2:(sprintf('%g', \$2)) with labels offset 0,0.7 font 'Sans,8'"
    done
    echo "unset multiplot"
  } >"$dir/chart.gp"
  gnuplot "$dir/chart.gp" 2>"$dir/gnuplot.err" || log "gnuplot failed: $(head -n 3 "$dir/gnuplot.err")"
}

write_doc() {
  local tmp=$DOC.tmp c
  mkdir -p "$(dirname "$DOC")"
  {
    echo "# Haul benchmarks"
    echo
    echo "Generated by \`Benchmarks/run.sh\` on $(date -u '+%Y-%m-%d %H:%M UTC'). Command: \`$CMDLINE\`"
    echo "($RUNS round(s) per case, $((RUNS * CHEAP_ROUNDS)) for small-16m and many-200, 1 for rss-1g-vs-8g; tools alternate"
    echo "within each round; medians of wall and CPU time, max of peak RSS.)"
    echo
    echo "![Median wall time per tool and case](benchmarks.png)"
    echo
    echo "## Machine"
    echo
    machine_info
    echo
    echo "## Method"
    echo
    echo "nginx $(nginx -v 2>&1 | sed 's/.*\///') on 127.0.0.1 with \`sendfile on; tcp_nopush on; access_log off;\`; files of random bytes"
    echo "warmed into the page cache; downloads written to \`Benchmarks/work/scratch\` on the same disk and deleted (and \`sync\`) after each run."
    echo "Every output is checked with SHA-256 against its source; a tool's non-zero exit or a wrong file marks the row FAIL."
    echo "CPU and peak RSS from \`/usr/bin/time -f \"%e %U %S %M\"\`, wall time from bash's \`\$EPOCHREALTIME\` around the run (time's %e has 10 ms steps)."
    echo "Figures on a shared 2-core machine are noisy: compare ratios within one run."
    echo "See the comments at the top of \`Benchmarks/run.sh\` for the details; raw rows are in \`Benchmarks/work/results.tsv\`."
    for c in ${CASES//,/ }; do
      echo
      echo "## $c: $(case_heading "$c")"
      echo
      if grep -q "^$c	" "$RESULTS" 2>/dev/null; then
        case $c in
          resume-kill) summarise_resume ;;
          rss-1g-vs-8g) summarise_rss ;;
          zip) summarise zip unzip 0 ;;
          limited-1g|slow-first) summarise "$c" curl 1 ;;
          *) summarise "$c" curl 0 ;;
        esac
        local ex; ex=$(case_explainer "$c")
        [[ -n $ex ]] && { echo; echo "$ex"; }
      else
        echo "No results."
      fi
      if grep -q "^$c	" "$NOTES" 2>/dev/null; then
        echo
        grep "^$c	" "$NOTES" | cut -f2- | sed 's/^/- /'
      fi
    done
  } >"$tmp" && mv "$tmp" "$DOC"
}

# ------------------------------------------------------------------------------------
# Main
# ------------------------------------------------------------------------------------
main() {
  mkdir -p "$WORK" "$DATA" "$LOGS"
  rm -f "$LOGS"/*
  ensure_tools
  if ((!NO_BUILD)) && tool_selected haul; then
    log "building haul: swift build -c release --product haul --static-swift-stdlib"
    (cd "$ROOT" && swift build -c release --product haul --static-swift-stdlib) >"$LOGS/build.log" 2>&1 \
      || die "swift build failed (see $LOGS/build.log); --no-build benchmarks the other tools only"
  fi
  probe_haul
  printf 'case\ttool\trun\tconns\tbytes\twall_s\tuser_s\tsys_s\tmaxrss_kb\texit\tsha256\tstatus\tsent_before_kill\tsent_rerun\tlo_rerun\tnote\n' >"$RESULTS"
  : >"$NOTES"
  start_nginx
  local c
  for c in ${CASES//,/ }; do "case_$c"; done
  rm -rf "$SCRATCH" "$STATE"
  write_chart
  write_doc
  log "wrote ${DOC#$ROOT/}, ${PNG#$ROOT/} and ${RESULTS#$ROOT/}"
  if ((FAILED)); then log "some runs FAILED (see the tables)"; return 1; fi
}
main
