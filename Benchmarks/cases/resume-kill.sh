# shellcheck shell=bash
# Case resume-kill: sourced by Benchmarks/run.sh. Defines case_resume-kill (the runs), heading_resume-kill (the title),
# and where it differs from the default, explain_resume-kill (text under the table) and summary_resume-kill (the table).

lo_tx() { awk '/^ *lo:/{sub(/.*:/,""); print $9}' /proc/net/dev; }
now() { date +%s.%N; }
# Sum of $body_bytes_sent of /resume/ requests that started in [from, to).
resume_bytes() {
  awk -v from="$1" -v to="$2" '{ start = $1 - $2; if (start >= from - 0.001 && start < to) s += $4 } END { printf "%.0f", s }' "$NGX/resume.log"
}
case_resume-kill() {
  local -a es
  mapfile -t es < <(usable_entries resume-kill "${RESUME_CMDS[@]}")
  ((${#es[@]})) || { note resume-kill "skipped: no tool to run"; return; }
  local f=$DATA/$(random_name "$RESUME_SIZE")
  make_random "$f" "$RESUME_SIZE"
  SRC_FILE=$f SRC_SHA=$(sha_of "$f") SRC_URL=$BASE_URL/resume/$(basename "$f")
  warm "$f"
  log "case resume-kill: $(human "$RESUME_SIZE") from /resume/ (32 MiB/s per connection), ${#es[@]} tools x $RUNS runs"
  rounds "$RUNS" run_resume resume-kill "${es[@]}"
}
run_resume() {
  local case=$1 e=$2 run=$3 label conns tmpl
  IFS='|' read -r label _ conns tmpl <<<"$e"
  fresh_scratch
  P_URL=$SRC_URL P_OUTDIR=$SCRATCH P_OUTNAME=out.bin P_OUT=$SCRATCH/out.bin
  expand_cmd "$tmpl"
  local name; name=$(slug "$case.$label.run$run")
  printf '%q ' "${CMD[@]}" >"$LOGS/$name.cmd"; echo >>"$LOGS/$name.cmd"
  # Phase 1: start, kill -9 when half the file has crossed loopback.
  local t0 lo0 target=$((RESUME_SIZE / 2)) killed=0 deadline
  t0=$(now); lo0=$(lo_tx); deadline=$((SECONDS + 120))
  setsid "${CMD[@]}" </dev/null >"$LOGS/$name.kill.out" 2>"$LOGS/$name.kill.err" &
  CUR_PGID=$!
  while kill -0 "$CUR_PGID" 2>/dev/null; do
    if (($(lo_tx) - lo0 >= target)) || ((SECONDS > deadline)); then
      kill -9 -- "-$CUR_PGID" 2>/dev/null; killed=1; break
    fi
    sleep 0.02
  done
  wait "$CUR_PGID" 2>/dev/null
  CUR_PGID=
  sleep 1   # let nginx notice the dead connections and log them
  local t1 before partial nt=
  t1=$(now)
  before=$(resume_bytes "$t0" "$t1")
  partial=$(find "$SCRATCH" -maxdepth 1 -type f -printf '%f=%s ' | sed 's/ $//')
  ((killed)) || nt="finished before the kill"
  # Phase 2: the same command again.
  local lo1 lo2 t2 rerun
  lo1=$(lo_tx)
  timed_run "$name" "${CMD[@]}"
  lo2=$(lo_tx)
  sleep 0.3
  t2=$(now)
  rerun=$(resume_bytes "$t1" "$t2")
  record "$case" "$label" "$run" "$conns" "$RESUME_SIZE" "$(check_file "$P_OUT" "$SRC_SHA")" \
    "$before" "$rerun" $((lo2 - lo1)) "${nt:-files at kill: ${partial:-none}}"
  after_run
}
heading_resume-kill() {
  echo "\`kill -9\` at ~50 % of $(human "$RESUME_SIZE") from \`/resume/\` (\`limit_rate 32m\`), then rerun"
}
explain_resume-kill() {
  echo "Bytes are nginx's \`\$body_bytes_sent\` for the requests of each phase (medians). wasted = before + rerun - file size: bytes sent twice, including what sat unread in socket buffers at the kill. The \`lo\` column is the loopback tx counter around the rerun (headers and other loopback traffic included)."
}
summary_resume-kill() { summarise_resume; }
# Panel: MiB sent twice.
chart_resume-kill() {
    awk -F'\t' -v size="$RESUME_SIZE" '$1 == "resume-kill" { k = $2; if (!(k in n)) o[++m] = k; n[k]++; v[k, n[k]] = ($13 + $14 - size) / 1048576 }
      END { for (x = 1; x <= m; x++) { k = o[x]; for (i = 1; i <= n[k]; i++) a[i] = v[k, i]
              for (i = 2; i <= n[k]; i++) for (j = i; j > 1 && a[j-1] > a[j]; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }
              md = n[k] % 2 ? a[(n[k]+1)/2] : (a[n[k]/2] + a[n[k]/2+1]) / 2
              printf "%s\t%.1f\t%d\n", k, md, (k ~ /^haul/ ? 2 : 1) } }' "$RESULTS" >"$1"
  CHART_YLABEL="MiB sent twice (lower is better)"
}
