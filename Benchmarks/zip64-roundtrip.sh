#!/usr/bin/env bash
# Round-trips archives that need zip64 through Haul and compares SHA-256 of every file.
#
#   stored:   a 4.5 GiB file (sparse zeros with 240 MiB of random blocks) + a 100 MiB random file, stored,
#             so the archive itself is larger than 4 GiB (zip64 offsets, sizes and end records);
#   deflated: the same tree deflated: a 4.5 GiB entry whose compressed size fits in 32 bits.
# Each archive is also checked with Info-ZIP `unzip -t`. Needs ~10 GB free in the work directory
# (Benchmarks/work/zip64, git-ignored; override with HAUL_BENCH_DIR). Pass --keep to keep the files.
set -euo pipefail

cd "$(dirname "$0")/.."
WORK="${HAUL_BENCH_DIR:-$PWD/Benchmarks/work/zip64}"
KEEP=0
[[ "${1:-}" == "--keep" ]] && KEEP=1
rm -rf "$WORK"
mkdir -p "$WORK/src/tree"

echo "building HaulZipBench (release)..." >&2
swift build -c release --product HaulZipBench >"$WORK/build.log" 2>&1 || { cat "$WORK/build.log" >&2; exit 1; }
HAUL="$(swift build -c release --show-bin-path)/HaulZipBench"

big="$WORK/src/tree/big.bin"
truncate -s 4608M "$big"
for i in $(seq 0 14); do
    dd if=/dev/urandom of="$big" bs=1M count=16 seek=$((i * 300 + 7)) conv=notrunc status=none
done
head -c $((100 << 20)) /dev/urandom >"$WORK/src/tree/random.bin"
echo "zip64 round trip" >"$WORK/src/tree/small.txt"

(cd "$WORK/src" && sha256sum tree/big.bin tree/random.bin tree/small.txt) >"$WORK/expected.sha256"
# Haul's own SHA-256 must agree with coreutils on the 4.5 GiB file.
[[ "$("$HAUL" sha256 "$big" 2>/dev/null)" == "$(grep tree/big.bin "$WORK/expected.sha256" | cut -d' ' -f1)" ]] \
    || { echo "FAIL: Haul's SHA-256 of big.bin differs from sha256sum" >&2; exit 1; }

status=0
for mode in stored deflated; do
    archive="$WORK/$mode.zip"
    flag="--store"
    [[ $mode == deflated ]] && flag="--level 6"
    /usr/bin/time -f "  create: %e s wall, %M KiB peak RSS" "$HAUL" create "$archive" $flag "$WORK/src/tree" 2>&1 \
        | grep -v '^created\|^[0-9.]* s$' || true
    size=$(stat -c %s "$archive")
    echo "$mode: archive is $size bytes ($((size >> 20)) MiB)"
    if [[ $mode == stored && $size -le 4294967296 ]]; then echo "FAIL: the stored archive should exceed 4 GiB" >&2; status=1; fi
    unzip -tq "$archive" >"$WORK/unzip.log" 2>&1 && echo "  unzip -t: ok" \
        || { echo "FAIL: unzip -t rejects the $mode archive" >&2; cat "$WORK/unzip.log" >&2; status=1; }
    rm -rf "$WORK/out"
    /usr/bin/time -f "  extract: %e s wall, %M KiB peak RSS" "$HAUL" extract "$archive" "$WORK/out" 2>&1 \
        | grep -v '^extracted\|^[0-9.]* s$' || true
    if (cd "$WORK/out" && sha256sum --quiet -c "$WORK/expected.sha256"); then
        echo "  SHA-256 of every file matches"
    else
        echo "FAIL: $mode round trip changed bytes" >&2
        status=1
    fi
    rm -rf "$WORK/out" "$archive"
done

[[ $KEEP == 1 ]] || rm -rf "$WORK"
[[ $status == 0 ]] && echo "zip64 round trip: PASS" || echo "zip64 round trip: FAIL"
exit $status
