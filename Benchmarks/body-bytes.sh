#!/usr/bin/env bash
# Benchmarks/body-bytes.sh: the body read loop before and after a change below the transport seam (issue 61
# point 4, docs/history/benchmarks-rounds-2026-11-28-to-30.md "Round 61, point 4"): 1 GiB from nginx on 127.0.0.1 through each carrier's path,
# two haul binaries alternating in every round.
#
# USAGE  HAUL_BEFORE=PATH HAUL_AFTER=PATH [ONLY="CASE ..."] Benchmarks/body-bytes.sh [ROUNDS]
#   Cases: https-x16-http1.1 (the direct client's TLS reads), http-x1-checksum (its plain reads, one connection
#   with a streaming SHA-256, so no splice), http-x16 (plain segments, spliced), https-x1-h2 (AsyncHTTPClient over
#   HTTP/2). Prints one row per run (case, round, binary, wall s, user+sys s, peak RSS KiB, ok/FAIL against the
#   source's SHA-256), the medians and the after/before ratios. Work files in ${WORK:-/tmp/haul-body-bytes}.
set -euo pipefail
: "${HAUL_BEFORE:?set HAUL_BEFORE}" "${HAUL_AFTER:?set HAUL_AFTER}"
W=${WORK:-/tmp/haul-body-bytes}; mkdir -p $W/{data,out,logs}; cd $W
ROUNDS=${1:-3}
if [[ ! -f good.pem ]]; then
  openssl ecparam -name prime256v1 -genkey -noout -out ca.key
  openssl req -x509 -new -key ca.key -subj "/CN=bench CA" -days 3650 -out ca.pem -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign" 2>/dev/null
  openssl ecparam -name prime256v1 -genkey -noout -out good.key
  openssl req -new -key good.key -subj "/CN=127.0.0.1" -out good.csr
  printf 'subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth\n' > good.ext
  openssl x509 -req -in good.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 3650 -extfile good.ext -out good.pem 2>/dev/null
fi
[[ -f data/big.bin ]] || head -c 1073741824 /dev/urandom > data/big.bin
SHA=$(sha256sum data/big.bin | cut -d' ' -f1)
P1=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
P2=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
cat > nginx.conf <<CONF
worker_processes 2; pid $W/nginx.pid; error_log $W/logs/error.log;
events { worker_connections 256; }
http { access_log off; sendfile on; keepalive_requests 100000;
  client_body_temp_path $W/logs; proxy_temp_path $W/logs; fastcgi_temp_path $W/logs; uwsgi_temp_path $W/logs; scgi_temp_path $W/logs;
  server { listen 127.0.0.1:$P1; root $W/data; }
  server { listen 127.0.0.1:$P2 ssl http2; ssl_certificate $W/good.pem; ssl_certificate_key $W/good.key; root $W/data; } }
CONF
/usr/sbin/nginx -c "$W/nginx.conf" -p "$W"
trap 'kill "$(cat "$W/nginx.pid")"' EXIT
until curl -s -o /dev/null "http://127.0.0.1:$P1/"; do :; done
declare -A CASES=(
  [https-x16-http1.1]="--cacert $W/ca.pem --http1.1 -x 16 https://127.0.0.1:$P2/big.bin"
  [http-x1-checksum]="--checksum sha256=$SHA -x 1 http://127.0.0.1:$P1/big.bin"
  [http-x16]="-x 16 http://127.0.0.1:$P1/big.bin"
  [https-x1-h2]="--cacert $W/ca.pem -x 1 https://127.0.0.1:$P2/big.bin"
)
for ((r = 0; r < ROUNDS; r++)); do
  for c in ${ONLY:-https-x16-http1.1 http-x1-checksum http-x16 https-x1-h2}; do
    for b in before after; do
      rm -rf $W/out/*; mkdir -p $W/out/s
      if [[ $b == before ]]; then BIN=$HAUL_BEFORE; else BIN=$HAUL_AFTER; fi
      rc=0; /usr/bin/time -f '%e %U %S %M' -o $W/logs/time $BIN --state-dir $W/out/s -q ${CASES[$c]} -o $W/out/o.bin >/dev/null 2>$W/logs/err || rc=$?
      read -r e u s m < $W/logs/time
      ok=ok; [[ $rc == 0 && $(sha256sum $W/out/o.bin | cut -d' ' -f1) == "$SHA" ]] || ok="FAIL($rc)"
      printf '%s\t%s\t%s\t%s\t%.2f\t%s\t%s\n' "$c" "$r" "$b" "$e" "$(echo "$u + $s" | bc)" "$m" "$ok"
    done
  done
done | tee $W/results.tsv
python3 - $W/results.tsv <<'PY'
import sys, statistics as st, collections
rows = collections.defaultdict(list)
for line in open(sys.argv[1]):
    c, _, b, wall, cpu, rss, ok = line.rstrip("\n").split("\t")
    rows[(c, b)].append((float(wall), float(cpu), int(rss)/1024, ok))
print("| case | binary | runs | wall s median (range) | CPU s median (range) | RSS MiB | check |")
for (c, b), v in rows.items():
    m = lambda i: f"{st.median(x[i] for x in v):.2f} ({min(x[i] for x in v):.2f}-{max(x[i] for x in v):.2f})"
    print(f"| {c} | {b} | {len(v)} | {m(0)} | {m(1)} | {st.median(x[2] for x in v):.1f} | {','.join(sorted({x[3] for x in v}))} |")
for c in sorted({c for c, _ in rows}):
    a = rows[(c, "after")]; b = rows[(c, "before")]
    print(c, "after/before wall %.3f CPU %.3f" % (st.median(x[0] for x in a)/st.median(x[0] for x in b), st.median(x[1] for x in a)/st.median(x[1] for x in b)))
PY
