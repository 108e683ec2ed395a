# shellcheck shell=bash
# Source files: random data, cached SHA-256, page-cache warming.
# Sourced by Benchmarks/run.sh; uses its globals (see run.sh).

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

