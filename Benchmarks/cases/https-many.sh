# shellcheck shell=bash
# Case https-many: sourced by Benchmarks/run.sh. The many-60 files over HTTPS from a server that offers
# HTTP/2: a client that multiplexes them over one connection saves a TLS handshake per file.

case_https-many() {
  [[ -n $TLS_CA ]] || { note https-many "skipped: no openssl to make a certificate"; return; }
  prime_state
  USE_PRIMED_STATE=1 many_files_case https-many "$MANY8_COUNT" "$H2_BASE_URL" $((RUNS * CHEAP_ROUNDS)) "${HTTPS_MANY_CMDS[@]}"
}
heading_https-many() {
  echo "$MANY8_COUNT files of $(human "$MANY_SIZE") over HTTPS (nginx offers HTTP/2), 8 at a time"
}
explain_https-many() {
  echo "curl negotiates HTTP/2 and multiplexes the transfers over one connection; a client on HTTP/1.1 pays a TLS handshake per connection. Trust as in https-1g: the system's store plus the test authority for every tool."
}
