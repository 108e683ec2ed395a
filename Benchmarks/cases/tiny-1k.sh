# shellcheck shell=bash
# Case tiny-1k: sourced by Benchmarks/run.sh. One 1 KiB file: the whole fixed cost of a download
# (process start, database open, threads, probe, syncs). Haul starts from an existing state directory.

case_tiny-1k() {
  local f=$DATA/tiny-1k.bin
  make_random "$f" "$TINY_SIZE"
  prime_state
  USE_PRIMED_STATE=1 single_file_case tiny-1k full "$f" $((RUNS * TINY_ROUNDS)) "${TINY_CMDS[@]}"
}
heading_tiny-1k() {
  echo "one $(human "$TINY_SIZE") file from \`/full/\` (fixed cost)"
}
explain_tiny-1k() {
  echo "Haul's state directory and aria2-next's database (under XDG_STATE_HOME) exist before each run (fresh copies of ones made by one earlier download), as on a machine where each has run before. Haul flushes the file and its directory before it exits; \"aria2-next + fdatasync\" is aria2-next followed by the same flushes (Benchmarks/lib/then-sync)."
}
