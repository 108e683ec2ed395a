# shellcheck shell=bash
# Case zip: sourced by Benchmarks/run.sh. Defines case_zip (the runs), heading_zip (the title),
# and where it differs from the default, explain_zip (text under the table) and summary_zip (the table).

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
heading_zip() {
  echo "extracting a $(human "$(fsize "$DATA/bench.zip")") zip archive (32 x 8 MiB random, 32 x 8 MiB text, 2000 small files)"
}
summary_zip() { summarise zip unzip 0; }
baseline_zip() { echo unzip; }
