# shellcheck shell=bash
# Case small-16m: sourced by Benchmarks/run.sh. Defines case_small-16m (the runs), heading_small-16m (the title),
# and where it differs from the default, explain_small-16m (text under the table) and summary_small-16m (the table).

case_small-16m() {
  local f=$DATA/$(random_name "$SMALL_SIZE")
  make_random "$f" "$SMALL_SIZE"
  single_file_case small-16m full "$f" $((RUNS * CHEAP_ROUNDS)) "${SINGLE_CMDS[@]}"
}
heading_small-16m() {
  echo "$(human "$SMALL_SIZE") from \`/full/\` (fixed overhead)"
}
