# shellcheck shell=bash
# Case limited-1g: sourced by Benchmarks/run.sh. Defines case_limited-1g (the runs), heading_limited-1g (the title),
# and where it differs from the default, explain_limited-1g (text under the table) and summary_limited-1g (the table).

measure_link() { # loopback rate with curl to /dev/null, bytes/s (best of 2)
  local f=$DATA/$(random_name "$BIG_SIZE") a b
  a=$(curl -q -s -o /dev/null -w '%{speed_download}' "$BASE_URL/full/$(basename "$f")")
  b=$(curl -q -s -o /dev/null -w '%{speed_download}' "$BASE_URL/full/$(basename "$f")")
  LINK_RATE=$(awk -v a="$a" -v b="$b" 'BEGIN{printf "%.0f", (a > b ? a : b)}')
  log "loopback (curl to /dev/null): $(awk -v r="$LINK_RATE" 'BEGIN{printf "%.0f", r/1048576}') MiB/s"
}
case_limited-1g() {
  local f=$DATA/$(random_name "$BIG_SIZE")
  make_random "$f" "$BIG_SIZE"
  [[ -n $LINK_RATE ]] || { warm "$f"; measure_link; }
  local -a cmds=("${LIMITED_CMDS[@]}")
  if ((WITH_SLOW)); then cmds+=("${LIMITED_SLOW_CMDS[@]}")
  else note limited-1g "curl (one connection: $(human "$BIG_SIZE") at 8 MiB/s = $((BIG_SIZE / LIMIT_RATE)) s) skipped; --with-slow runs it"; fi
  single_file_case limited-1g limited "$f" "$RUNS" "${cmds[@]}"
}
heading_limited-1g() {
  echo "$(human "$BIG_SIZE") from \`/limited/\` (\`limit_rate 8m\` per connection)"
}
explain_limited-1g() {
  echo "Share of ideal = (size / ideal rate) / median wall, ideal rate = min(connections x 8 MiB/s, loopback rate $(awk -v r="${LINK_RATE:-0}" 'BEGIN{printf "%.0f", r/1048576}') MiB/s)."
  echo "nginx lets each connection send one second's worth up front (its budget is rate x (elapsed + 1 s)), so a little over 100 % is possible, most visibly with --quick's smaller file."
}
summary_limited-1g() { summarise limited-1g curl 1; }
