#!/usr/bin/env bash
# Times Haul's zip extraction against Info-ZIP unzip and bsdtar, and Haul's zip creation against Info-ZIP zip.
#
#   Benchmarks/zip-bench.sh            ~0.5 GiB mixed archive (random + text + many small files)
#   Benchmarks/zip-bench.sh --full     also a 2 GiB stored archive and a 5 GiB zip64 archive
#
# Each case runs 3 times (HAUL_BENCH_RUNS=N for more); the table shows medians of `/usr/bin/time -f "%e %U %S %M"` (wall, user, sys seconds,
# peak RSS). The page cache is warm (the archive is read once first) and dirty pages are synced before each run. Every extraction is checked against the
# source tree with `diff -r` once per tool. Needs: swift, python3, zip, unzip, bsdtar, GNU time.
# Work files go to Benchmarks/work/zip (git-ignored); set HAUL_BENCH_DIR to put them elsewhere, and
# HAUL_BENCH_OUT=/dev/shm/haul-bench-out to extract to tmpfs, which takes the disk's write-back out of the numbers.
set -euo pipefail

cd "$(dirname "$0")/.."
FULL=0
[[ "${1:-}" == "--full" ]] && FULL=1
RUNS="${HAUL_BENCH_RUNS:-3}"
WORK="${HAUL_BENCH_DIR:-$PWD/Benchmarks/work/zip}"
mkdir -p "$WORK"
for tool in zip unzip bsdtar python3 /usr/bin/time; do
    command -v "$tool" >/dev/null || { echo "missing $tool" >&2; exit 1; }
done

echo "building HaulZipBench (release)..." >&2
swift build -c release --product HaulZipBench >"$WORK/build.log" 2>&1 || { cat "$WORK/build.log" >&2; exit 1; }
HAUL="$(swift build -c release --show-bin-path)/HaulZipBench"

# --- corpus -----------------------------------------------------------------------------------------------
make_mixed() {  # ~0.5 GiB: 4 x 48 MiB random, 160 x 2 MiB text, 2000 small text files
    local dir="$WORK/mixed"
    [[ -f "$dir/.complete" ]] && return
    rm -rf "$dir"
    mkdir -p "$dir/random" "$dir/text" "$dir/small"
    for i in 1 2 3 4; do head -c $((48 << 20)) /dev/urandom >"$dir/random/blob$i.bin"; done
    python3 - "$dir" <<'PY'
import os, random, sys
root = sys.argv[1]
rng = random.Random(42)
words = ["".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(2, 11))) for _ in range(20000)]
lines = []
size = 0
while size < 8 << 20:  # 8 MiB of word salad with numbers and punctuation
    line = " ".join(rng.choice(words) for _ in range(rng.randint(4, 16)))
    line += rng.choice([".", ",", ";", ":", "!", "?"]) + " " + str(rng.randint(0, 10**rng.randint(1, 9))) + "\n"
    lines.append(line)
    size += len(line)
base = "".join(lines).encode()
for i in range(160):
    start = rng.randrange(0, len(base) - (2 << 20))
    with open(os.path.join(root, "text", "doc%03d.txt" % i), "wb") as f:
        f.write(("document %d\n" % i).encode() + base[start:start + (2 << 20)])
for i in range(2000):
    start = rng.randrange(0, len(base) - 4096)
    with open(os.path.join(root, "small", "note%04d.txt" % i), "wb") as f:
        f.write(base[start:start + rng.randint(100, 4096)])
PY
    touch "$dir/.complete"
}

make_big() {  # $1 name, $2 size in MiB: one random file
    local dir="$WORK/$1"
    [[ -f "$dir/.complete" ]] && return
    rm -rf "$dir"
    mkdir -p "$dir"
    head -c $(($2 << 20)) /dev/urandom >"$dir/blob.bin"
    touch "$dir/.complete"
}

# --- measurement ----------------------------------------------------------------------------------------------
RESULTS="$WORK/results.md"
: >"$RESULTS"

# measure CASE TOOL PREPARE_CMD RUN_CMD VERIFY_CMD: runs RUN_CMD $RUNS times, PREPARE_CMD before each (untimed),
# VERIFY_CMD after the first; appends "| case | tool | wall | user | sys | rss |" with medians.
measure() {
    local case_name=$1 tool=$2 prepare=$3 command=$4 verify=$5
    local times=()
    for run in $(seq 1 $RUNS); do
        eval "$prepare"
        sync  # so that write-back of the previous run's output is not charged to this one
        /usr/bin/time -f "%e %U %S %M" -o "$WORK/time.txt" bash -c "$command" >"$WORK/run.log" 2>&1 \
            || { echo "FAILED: $tool on $case_name" >&2; cat "$WORK/run.log" >&2; exit 1; }
        times+=("$(tail -1 "$WORK/time.txt")")
        if [[ $run == 1 && -n "$verify" ]]; then
            eval "$verify" || { echo "VERIFY FAILED: $tool on $case_name" >&2; exit 1; }
        fi
    done
    printf '%s\n' "${times[@]}" | python3 -c '
import sys, statistics
rows = [list(map(float, line.split())) for line in sys.stdin if line.strip()]
med = [statistics.median(col) for col in zip(*rows)]
print("| %s | %s | %.2f | %.2f | %.2f | %.0f |" % (sys.argv[1], sys.argv[2], med[0], med[1], med[2], med[3] / 1024))
' "$case_name" "$tool" | tee -a "$RESULTS"
}

extraction_cases() {  # $1 case name, $2 archive, $3 source dir (for diff)
    local name=$1 archive=$2 source=$3 out="${HAUL_BENCH_OUT:-$WORK/out}"
    cat "$archive" >/dev/null
    local clean="rm -rf '$out'"
    local check="diff -r --exclude=.complete '$source' '$out'"
    measure "$name" "haul" "$clean" "'$HAUL' extract '$archive' '$out'" "$check"
    measure "$name" "unzip" "$clean; mkdir -p '$out'" "unzip -q -o '$archive' -d '$out'" "$check"
    measure "$name" "bsdtar" "$clean; mkdir -p '$out'" "bsdtar -xf '$archive' -C '$out'" "$check"
    if [[ "$name" == mixed* ]]; then
        measure "$name" "ZIPFoundation 0.9.20" "$clean" "'$HAUL' zipfoundation-extract '$archive' '$out'" "$check"
    fi
    rm -rf "$out"
}

creation_cases() {  # $1 case name, $2 source dir, $3 level (0 = store)
    local name=$1 source=$2 level=$3 archive="$WORK/created.zip"
    local haul_flag="--level $level"
    [[ $level == 0 ]] && haul_flag="--store"
    measure "$name" "haul" "rm -f '$archive'" \
        "'$HAUL' create '$archive' $haul_flag '$source/random' '$source/text' '$source/small'" \
        "unzip -tq '$archive' >/dev/null"
    measure "$name" "zip -$level" "rm -f '$archive'" \
        "cd '$source' && zip -q -r -$level '$archive' random text small" \
        "unzip -tq '$archive' >/dev/null"
    rm -f "$archive"
}

echo "generating corpus in $WORK..." >&2
make_mixed
if [[ ! -f "$WORK/mixed.zip" ]]; then (cd "$WORK/mixed" && zip -q -r -6 "$WORK/mixed.zip" random text small); fi

{
    echo "| case | tool | wall s | user s | sys s | peak RSS MiB |"
    echo "|---|---|---|---|---|---|"
} | tee "$RESULTS.header"

extraction_cases "mixed $(du -m "$WORK/mixed.zip" | cut -f1) MiB zip, extract" "$WORK/mixed.zip" "$WORK/mixed"
creation_cases "mixed $(du -sm --exclude=.complete "$WORK/mixed" | cut -f1) MiB tree, create deflate -6" "$WORK/mixed" 6

if [[ $FULL == 1 ]]; then
    make_big big2g 2048
    [[ -f "$WORK/big2g.zip" ]] || (cd "$WORK/big2g" && zip -q -0 "$WORK/big2g.zip" blob.bin)
    extraction_cases "2 GiB stored, extract" "$WORK/big2g.zip" "$WORK/big2g"
    make_big big5g 5120
    [[ -f "$WORK/big5g.zip" ]] || (cd "$WORK/big5g" && zip -q -0 "$WORK/big5g.zip" blob.bin)
    extraction_cases "5 GiB zip64 stored, extract" "$WORK/big5g.zip" "$WORK/big5g"
fi

echo
echo "Medians of $RUNS runs on $(nproc) cores, warm page cache ($(date -u +%Y-%m-%d)):"
cat "$RESULTS.header" "$RESULTS"
