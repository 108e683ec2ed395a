# shellcheck shell=bash
# Case full-1g: sourced by Benchmarks/run.sh. Defines case_full-1g (the runs), heading_full-1g (the title),
# and where it differs from the default, explain_full-1g (text under the table) and summary_full-1g (the table).

case_full-1g() {
  local f=$DATA/$(random_name "$BIG_SIZE")
  make_random "$f" "$BIG_SIZE"
  single_file_case full-1g full "$f" "$RUNS" "${SINGLE_CMDS[@]}" "${DURABLE_CMDS[@]}"
}
heading_full-1g() {
  echo "$(human "$BIG_SIZE") from \`/full/\` (nginx at full speed)"
}
explain_full-1g() {
  echo "Only haul, the \"+ fdatasync\" rows and dd flush the file to stable storage before they exit; curl, wget, aria2-next and axel leave it in the page cache (aria2c 1.36 syncs at the end). A \"+ fdatasync\" row is the tool followed by \`sync -d\` of its file and \`sync\` of the directory (Benchmarks/lib/then-sync), what haul does before it reports success. dd conv=fdatasync is the disk's own limit for the same bytes."
}
