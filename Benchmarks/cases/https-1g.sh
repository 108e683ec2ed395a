# shellcheck shell=bash
# Case https-1g: sourced by Benchmarks/run.sh. Defines case_https-1g (the runs), heading_https-1g (the title),
# and where it differs from the default, explain_https-1g (text under the table) and summary_https-1g (the table).

case_https-1g() {
  [[ -n $TLS_CA ]] || { note https-1g "skipped: no openssl to make a certificate"; return; }
  local f=$DATA/$(random_name "$BIG_SIZE")
  make_random "$f" "$BIG_SIZE"
  CASE_BASE_URL=$TLS_BASE_URL single_file_case https-1g full "$f" "$RUNS" "${TLS_CMDS[@]}"
}
heading_https-1g() {
  echo "$(human "$BIG_SIZE") from \`/full/\` over HTTPS (TLS in nginx and in the tool)"
}
explain_https-1g() {
  echo "nginx encrypts (no kernel TLS) on the same 2 cores the tool decrypts on; axel cannot be told to trust a private authority and is left out. Every tool trusts the system's store plus the test authority: haul with \`--cacert <authority>\` (it always loads the system's store), curl, wget, aria2c and aria2-next with one file, the system's bundle followed by the authority (they trust nothing else)."
}
