# shellcheck shell=bash
# Case https-1k: sourced by Benchmarks/run.sh. The tiny-1k file over HTTPS: the fixed cost of a download plus one
# TLS handshake (issue 61's "1 KiB, https" row). Haul starts from an existing state directory, as in tiny-1k.

case_https-1k() {
  [[ -n $TLS_CA ]] || { note https-1k "skipped: no openssl to make a certificate"; return; }
  local f=$DATA/tiny-1k.bin
  make_random "$f" "$TINY_SIZE"
  prime_state
  CASE_BASE_URL=$TLS_BASE_URL USE_PRIMED_STATE=1 single_file_case https-1k full "$f" $((RUNS * TINY_ROUNDS)) "${TINY_TLS_CMDS[@]}"
}
heading_https-1k() {
  echo "one $(human "$TINY_SIZE") file from \`/full/\` over HTTPS (fixed cost and one handshake)"
}
explain_https-1k() {
  echo "nginx's TLS port of https-1g (TLS 1.3, HTTP/1.1). Trust as in https-1g: haul \`--cacert <authority>\` beside the system's store it always loads; the others one file, the system's bundle followed by the authority. Haul's state directory and aria2-next's database exist before each run, as in tiny-1k."
}
