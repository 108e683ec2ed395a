# shellcheck shell=bash
# Case slow-first: sourced by Benchmarks/run.sh. Defines case_slow-first (the runs), heading_slow-first (the title),
# and where it differs from the default, explain_slow-first (text under the table) and summary_slow-first (the table).

case_slow-first() {
  local f=$DATA/$(random_name $((256 << 20)))
  make_random "$f" $((256 << 20))
  single_file_case slow-first slowfirst "$f" "$RUNS" "${LIMITED_CMDS[@]}"
}
heading_slow-first() {
  echo "256 MiB from \`/slowfirst/\` (byte 0 at 1 MiB/s, other ranges 8 MiB/s)"
}
explain_slow-first() {
  echo "Share of ideal as in limited-1g, ignoring the one slow connection (so 100 % is out of reach; a tool that never re-splits the slow range needs the slow connection's whole segment at 1 MiB/s)."
}
summary_slow-first() { summarise slow-first curl 1; }
