# shellcheck shell=bash
# Case many-200: sourced by Benchmarks/run.sh. Defines case_many-200 (the runs), heading_many-200 (the title)
# and explain_many-200 (text under the table).

case_many-200() {
  many_files_case many-200 "$MANY_COUNT" "$BASE_URL" $((RUNS * CHEAP_ROUNDS)) "${MANY_CMDS[@]}"
  note many-200 "wget -i downloads the list one file after another (it has no parallel mode); axel has no list mode"
}
heading_many-200() {
  echo "$MANY_COUNT files of $(human "$MANY_SIZE") from a list"
}
explain_many-200() {
  echo "MiB/s is the total of all files over the median wall time."
}
