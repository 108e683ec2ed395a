# shellcheck shell=bash
# Case noranges: sourced by Benchmarks/run.sh. Defines case_noranges (the runs), heading_noranges (the title),
# and where it differs from the default, explain_noranges (text under the table) and summary_noranges (the table).

case_noranges() {
  local f=$DATA/$(random_name "$BIG_SIZE")
  make_random "$f" "$BIG_SIZE"
  single_file_case noranges noranges "$f" "$RUNS" "${SINGLE_CMDS[@]}"
}
heading_noranges() {
  echo "$(human "$BIG_SIZE") from \`/noranges/\` (\`max_ranges 0\`)"
}
