#!/usr/bin/env bash
# Benchmarks/https-direct.sh: HTTPS through haul's direct client against the previous carrier, curl and aria2c,
# alternating in one run (docs/history/benchmarks-rounds-2026-11-28-to-30.md, "Round 61"; docs/transport.md).
#
# USAGE  HAUL_BEFORE=PATH HAUL_AFTER=PATH Benchmarks/https-direct.sh [ROUNDS_1G] [ROUNDS_1K]
#   Two haul binaries (e.g. main's and a branch's `swift build --product haul`, copied aside). A throwaway
#   authority and a P-256 certificate for 127.0.0.1 are made with openssl; nginx serves 1 GiB and 1 KiB over TLS 1.3
#   with HTTP/2 offered (worker_processes auto), and every tool trusts the same bundle: the system's
#   /etc/ssl/certs/ca-certificates.crt plus the authority (curl --cacert, aria2c --ca-certificate, haul --cacert).
#   Prints one row per run (round, tool, wall s, user+sys s, peak RSS KiB, ok/FAIL against the source's SHA-256)
#   and the medians. Work files in ${WORK:-/tmp/haul-https-direct}.
set -euo pipefail
: "${HAUL_BEFORE:?set HAUL_BEFORE}" "${HAUL_AFTER:?set HAUL_AFTER}"
ROUNDS_1G=${1:-3}; ROUNDS_1K=${2:-10}
W=${WORK:-/tmp/haul-https-direct}; mkdir -p "$W"/{data,out,logs}
cd "$W"
if [[ ! -f good.pem ]]; then
  openssl ecparam -name prime256v1 -genkey -noout -out ca.key
  openssl req -x509 -new -key ca.key -subj "/CN=bench CA" -days 3650 -out ca.pem \
    -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign" 2>/dev/null
  openssl ecparam -name prime256v1 -genkey -noout -out good.key
  openssl req -new -key good.key -subj "/CN=127.0.0.1" -out good.csr
  printf 'subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth\n' > good.ext
  openssl x509 -req -in good.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 3650 -extfile good.ext -out good.pem 2>/dev/null
fi
cat /etc/ssl/certs/ca-certificates.crt ca.pem > bundle.pem
[[ -f data/big.bin ]] || head -c 1073741824 /dev/urandom > data/big.bin
[[ -f data/tiny.bin ]] || head -c 1024 /dev/urandom > data/tiny.bin
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
cat > nginx.conf <<CONF
worker_processes auto; pid $W/nginx.pid; error_log $W/logs/error.log;
events { worker_connections 256; }
http {
  access_log off; sendfile on; keepalive_requests 100000;
  client_body_temp_path $W/logs; proxy_temp_path $W/logs; fastcgi_temp_path $W/logs; uwsgi_temp_path $W/logs; scgi_temp_path $W/logs;
  server { listen 127.0.0.1:$PORT ssl http2; ssl_certificate $W/good.pem; ssl_certificate_key $W/good.key;
           ssl_protocols TLSv1.2 TLSv1.3; root $W/data; }
}
CONF
/usr/sbin/nginx -c "$W/nginx.conf" -p "$W"
trap 'kill "$(cat "$W/nginx.pid")"' EXIT
until curl -s -o /dev/null --cacert bundle.pem "https://127.0.0.1:$PORT/tiny.bin"; do :; done

run_case() { # file rounds
  local url=https://127.0.0.1:$PORT/$1 sha; sha=$(sha256sum "data/$1" | cut -d' ' -f1)
  local -A cmds=(
    [curl]="curl -q -s -f --cacert $W/bundle.pem -o $W/out/o.bin $url"
    [aria2c-x16]="aria2c -q --allow-overwrite=true --ca-certificate=$W/bundle.pem -x16 -s16 -k1M --file-allocation=falloc -d $W/out -o o.bin $url"
    [haul-before-x16]="$HAUL_BEFORE --state-dir $W/out/s -q --cacert $W/bundle.pem -x 16 -o $W/out/o.bin $url"
    [haul-after-x16]="$HAUL_AFTER --state-dir $W/out/s -q --cacert $W/bundle.pem -x 16 -o $W/out/o.bin $url"
    [haul-after-x16-http1.1]="$HAUL_AFTER --state-dir $W/out/s -q --cacert $W/bundle.pem --http1.1 -x 16 -o $W/out/o.bin $url"
  )
  for ((r = 0; r < $2; r++)); do
    for t in curl aria2c-x16 haul-before-x16 haul-after-x16 haul-after-x16-http1.1; do
      rm -rf "$W"/out/*; mkdir -p "$W/out/s"
      local rc=0; /usr/bin/time -f '%e %U %S %M' -o "$W/logs/time" ${cmds[$t]} >/dev/null 2>"$W/logs/$t.err" || rc=$?
      read -r e u s m < "$W/logs/time"
      local ok=ok; [[ $rc == 0 && $(sha256sum "$W/out/o.bin" | cut -d' ' -f1) == "$sha" ]] || ok="FAIL($rc)"
      printf '%s\t%s\t%s\t%s\t%.2f\t%s\t%s\n' "$1" "$r" "$t" "$e" "$(echo "$u + $s" | bc)" "$m" "$ok"
    done
  done
}
{ run_case big.bin "$ROUNDS_1G"; run_case tiny.bin "$ROUNDS_1K"; } | tee results.tsv
python3 - results.tsv <<'PY'
import sys, statistics as st, collections
rows = collections.defaultdict(list)
for line in open(sys.argv[1]):
    f, _, tool, wall, cpu, rss, ok = line.rstrip("\n").split("\t")
    rows[(f, tool)].append((float(wall), float(cpu), int(rss) / 1024, ok))
print("| file | tool | runs | wall s, median (range) | CPU s, median (range) | peak RSS MiB | check |")
print("|---|---|---|---|---|---|---|")
for (f, tool), v in rows.items():
    m = lambda i: f"{st.median(x[i] for x in v):.2f} ({min(x[i] for x in v):.2f}-{max(x[i] for x in v):.2f})"
    print(f"| {f} | {tool} | {len(v)} | {m(0)} | {m(1)} | {st.median(x[2] for x in v):.1f} | {','.join(sorted({x[3] for x in v}))} |")
PY
