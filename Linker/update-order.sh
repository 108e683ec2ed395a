#!/usr/bin/env bash
# Linker/update-order.sh: regenerate Linker/haul.order, the functions `haul` runs while it downloads.
#
# USAGE
#   Linker/update-order.sh [--no-build]
#
# WHY
#   Peak memory of `haul` is mostly the binary's own code pages, not heap: a release build links about
#   25 MiB of code (the Swift runtime, Foundation, NIO, AsyncHTTPClient, GRDB, ...), a download runs about
#   2 MiB of it, and the kernel maps a cached file in blocks of 64 KiB or more around each page touched.
#   Scattered over the whole binary, 2 MiB of hot code kept 13-15 MiB of it resident. Package.swift hands
#   this list to lld (`--symbol-ordering-file`), which puts these functions next to each other at the start
#   of .text; peak RSS for 1 GiB over 16 connections went from 35 to 27 MiB (docs/architecture.md, "Memory").
#
# HOW
#   Builds `haul` the release way (the README's command; Package.swift links the Swift runtime in), starts a
#   private nginx on 127.0.0.1 with a generated
#   200 MiB file, and runs, under valgrind's callgrind, what people run most: 16 connections, one
#   connection, an interrupted download and its resume, the terminal bar (in a pseudo-terminal via
#   `script`), a list of small files with -j 4, `haul list`, and 16 connections over https (TLS 1.3 from
#   the same nginx, a certificate made by openssl: the direct client's TLS path, BoringSSL's handshake,
#   certificate checks and AES-GCM; left out, that code stayed scattered and kept 3 MiB more of the binary
#   resident in a `-x 16` https download, docs/transport.md). Every function callgrind saw that the binary
#   defines exactly once is written to Linker/haul.order, sorted (names defined in several objects, such
#   as per-file helpers, would drag every copy along, so they are left where they are).
#
#   A stale list is harmless: lld ignores names it cannot find (--no-warn-symbol-ordering), and code not in
#   the list keeps its place, so memory only creeps back up. Benchmarks/run.sh reports how many names of
#   the list the binary still defines; rerun this script when that share drops (after big changes to the
#   engine or a new toolchain). Needs valgrind, nginx and util-linux's `script`; takes about a minute
#   after the build.
set -euo pipefail
export LC_ALL=C

ROOT=$(cd "$(dirname "$0")/.." && pwd)
ORDER=$ROOT/Linker/haul.order
NO_BUILD=0
for arg in "$@"; do
  case $arg in
    --no-build) NO_BUILD=1 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "update-order: unknown argument $arg" >&2; exit 2 ;;
  esac
done
for tool in valgrind nginx script objcopy nm python3 curl openssl; do
  command -v "$tool" >/dev/null || { echo "update-order: needs $tool (apt-get install valgrind nginx)" >&2; exit 1; }
done

WORK=$(mktemp -d)
NGINX_PID=
cleanup() {
  [[ -n $NGINX_PID ]] && kill "$NGINX_PID" 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

if ((!NO_BUILD)); then
  echo "update-order: swift build -c release --product haul"
  (cd "$ROOT" && swift build -c release --product haul) >"$WORK/build.log" 2>&1 \
    || { cat "$WORK/build.log" >&2; exit 1; }
fi
BIN=$ROOT/.build/release/haul
[[ -x $BIN ]] || { echo "update-order: no $BIN (run without --no-build)" >&2; exit 1; }
# valgrind 3.19 cannot read the DWARF 5 that clang writes; it only needs the symbol table.
objcopy --strip-debug "$BIN" "$WORK/haul"
HAUL=$WORK/haul

# A private nginx: full speed, and a rate-limited location so that interruption and the bar have time.
mkdir -p "$WORK/www/many" "$WORK/ngx/tmp"
head -c $((200 * 1024 * 1024)) /dev/urandom >"$WORK/www/big.bin"
for i in $(seq 1 12); do head -c $((256 * 1024)) /dev/urandom >"$WORK/www/many/s$i.bin"; done
head -c $((32 * 1024 * 1024)) "$WORK/www/big.bin" >"$WORK/www/tls.bin"
# An authority and a P-256 certificate for 127.0.0.1, for the https workload.
openssl ecparam -name prime256v1 -genkey -noout -out "$WORK/ca.key"
openssl req -x509 -new -key "$WORK/ca.key" -subj "/CN=order CA" -days 2 -out "$WORK/ca.pem" \
  -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign" 2>/dev/null
openssl ecparam -name prime256v1 -genkey -noout -out "$WORK/tls.key"
openssl req -new -key "$WORK/tls.key" -subj "/CN=127.0.0.1" -out "$WORK/tls.csr"
printf 'subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth\n' >"$WORK/tls.ext"
openssl x509 -req -in "$WORK/tls.csr" -CA "$WORK/ca.pem" -CAkey "$WORK/ca.key" -CAcreateserial -days 2 \
  -extfile "$WORK/tls.ext" -out "$WORK/tls.pem" 2>/dev/null
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
TLS_PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
user=; ((EUID == 0)) && user="user root;"
cat >"$WORK/ngx/nginx.conf" <<EOF
$user
worker_processes 1;
pid $WORK/ngx/nginx.pid;
error_log $WORK/ngx/error.log warn;
events { worker_connections 1024; }
http {
  sendfile on; access_log off; default_type application/octet-stream;
  client_body_temp_path $WORK/ngx/tmp/body; proxy_temp_path $WORK/ngx/tmp/proxy;
  fastcgi_temp_path $WORK/ngx/tmp/fastcgi; uwsgi_temp_path $WORK/ngx/tmp/uwsgi; scgi_temp_path $WORK/ngx/tmp/scgi;
  server {
    listen 127.0.0.1:$PORT;
    root $WORK/www;
    location /limited/ { alias $WORK/www/; limit_rate 20m; }
  }
  server {
    listen 127.0.0.1:$TLS_PORT ssl;
    ssl_certificate $WORK/tls.pem; ssl_certificate_key $WORK/tls.key; ssl_protocols TLSv1.2 TLSv1.3;
    root $WORK/www;
  }
}
EOF
nginx -p "$WORK/ngx" -e "$WORK/ngx/error.log" -c "$WORK/ngx/nginx.conf" -g 'daemon off;' </dev/null >/dev/null 2>&1 &
NGINX_PID=$!
URL=http://127.0.0.1:$PORT
for _ in $(seq 1 50); do curl -fsI "$URL/big.bin" >/dev/null 2>&1 && break; sleep 0.1; done

cd "$WORK"
grind() { # grind NAME ARGS... : run haul under callgrind; profile in $WORK/cg.NAME, output in $WORK/run.NAME.log
  local name=$1; shift
  valgrind --tool=callgrind --demangle=no --callgrind-out-file="$WORK/cg.$name" "$HAUL" "$@" >"$WORK/run.$name.log" 2>&1
}
echo "update-order: running the workloads under callgrind"
ST=(--state-dir "$WORK/state")
grind x16 -x 16 -o x16.bin "${ST[@]}" "$URL/big.bin"
grind x1 -x 1 -o x1.bin "${ST[@]}" "$URL/big.bin"
# Interrupt (Ctrl-C's path: checkpoint, keep the .part), then resume. Exit 130 is the expected one.
grind interrupted -x 4 -o resumed.bin "${ST[@]}" "$URL/limited/big.bin" &
grinding=$!
sleep 4; pkill -INT -f "$HAUL -x 4 -o resumed.bin" || true; wait "$grinding" || true
grind resumed -x 4 -o resumed.bin "${ST[@]}" "$URL/limited/big.bin"
# The terminal bar needs a terminal: script(1) gives it a pseudo-terminal.
script -qec "valgrind --tool=callgrind --demangle=no --callgrind-out-file=$WORK/cg.bar $HAUL -x 8 -o bar.bin ${ST[*]} $URL/limited/big.bin" \
  /dev/null >"$WORK/run.bar.log" 2>&1 </dev/null
for i in $(seq 1 12); do echo "$URL/many/s$i.bin"; done >list.txt
grind many -j 4 -i list.txt -d many "${ST[@]}"
grind list list "${ST[@]}"
grind https -x 16 --cacert "$WORK/ca.pem" -o https.bin "${ST[@]}" "https://127.0.0.1:$TLS_PORT/tls.bin"
cmp -s https.bin "$WORK/www/tls.bin" || { echo "update-order: https.bin differs from the source; see $WORK/run.https.log" >&2; exit 1; }
for f in x16.bin x1.bin resumed.bin bar.bin; do
  cmp -s "$f" "$WORK/www/big.bin" || { echo "update-order: $f differs from the source; see $WORK/run.*.log" >&2; exit 1; }
done

# Function names callgrind saw, kept when the binary defines them exactly once.
nm --defined-only "$HAUL" | awk '$2 ~ /^[tTwW]$/ {print $3}' | sort | uniq -u >defined-once.txt
cat cg.* | sed -n -E 's/^c?fn=\([0-9]+\) (.+)$/\1/p' | sort -u >seen.txt
comm -12 seen.txt defined-once.txt >"$ORDER"
echo "update-order: wrote $(wc -l <"$ORDER") names to ${ORDER#$ROOT/} ($(wc -l <seen.txt) functions seen, $(wc -l <defined-once.txt) defined once in the binary)"
