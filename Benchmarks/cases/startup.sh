# shellcheck shell=bash
# Case startup: sourced by Benchmarks/run.sh. `--version`: process start-up alone (loading the binary,
# its libraries and runtime), the floor under every download.

case_startup() {
  local -a es
  mapfile -t es < <(usable_entries startup "${STARTUP_CMDS[@]}")
  ((${#es[@]})) || { note startup "skipped: no tool to run"; return; }
  log "case startup: ${#es[@]} tools x $((RUNS * TINY_ROUNDS)) runs"
  rounds $((RUNS * TINY_ROUNDS)) run_startup startup "${es[@]}"
}
run_startup() {
  local case=$1 e=$2 run=$3 label conns tmpl
  IFS='|' read -r label _ conns tmpl <<<"$e"
  expand_cmd "$tmpl"
  timed_run "$(slug "$case.$label.run$run")" "${CMD[@]}"
  record "$case" "$label" "$run" "$conns" 0 ok
}
heading_startup() {
  echo "\`--version\` (process start-up alone)"
}
