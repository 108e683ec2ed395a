# shellcheck shell=bash
# Many small files from one list (many-200, many-60, https-many). Sourced by Benchmarks/run.sh.

# The MANY_COUNT files of MANY_SIZE under data/many/ and their manifest (made once, reused).
make_many_files() {
  local d=$DATA/many i name
  mkdir -p "$d"
  for ((i = 1; i <= MANY_COUNT; i++)); do
    printf -v name 'f%03d.bin' "$i"
    make_random "$d/$name" "$MANY_SIZE" nosync 2>/dev/null
  done
  sync
  if [[ ! -s $d/MANIFEST.sha256 || $(find "$d" -name '*.bin' -newer "$d/MANIFEST.sha256" | head -n 1) ]]; then
    (cd "$d" && sha256sum f*.bin >MANIFEST.sha256)
  fi
  warm "$d"/f*.bin
}

# many_files_case CASE COUNT BASE_URL RUNS ENTRIES...: the first COUNT files, from BASE_URL/full/many/.
MANY_N= MANY_BASE=
many_files_case() {
  local case=$1 count=$2 base=$3 runs=$4; shift 4
  local -a es
  mapfile -t es < <(usable_entries "$case" "$@")
  ((${#es[@]})) || { note "$case" "skipped: no tool to run"; return; }
  make_many_files
  MANY_N=$count MANY_BASE=$base
  log "case $case: $count x $(human "$MANY_SIZE") from $base, ${#es[@]} tools x $runs runs"
  rounds "$runs" run_many "$case" "${es[@]}"
}
run_many() {
  local case=$1 e=$2 run=$3 label conns tmpl i name
  IFS='|' read -r label _ conns tmpl <<<"$e"
  fresh_scratch
  P_DIR=$SCRATCH/out P_LIST=$SCRATCH/urls.txt P_CURLCFG=$SCRATCH/curl.cfg
  mkdir -p "$P_DIR"
  : >"$P_LIST"; : >"$P_CURLCFG"
  for ((i = 1; i <= MANY_N; i++)); do
    printf -v name 'f%03d.bin' "$i"
    echo "$MANY_BASE/full/many/$name" >>"$P_LIST"
    printf 'url = "%s"\noutput = "%s"\n' "$MANY_BASE/full/many/$name" "$P_DIR/$name" >>"$P_CURLCFG"
  done
  expand_cmd "$tmpl"
  timed_run "$(slug "$case.$label.run$run")" "${CMD[@]}"
  local check
  check=$(cd "$P_DIR" && head -n "$MANY_N" "$DATA/many/MANIFEST.sha256" | sha256sum --quiet --status -c - 2>/dev/null && echo ok || echo BAD)
  if [[ $check == ok ]] && (($(find "$P_DIR" -type f | wc -l) != MANY_N)); then check=BAD; fi
  record "$case" "$label" "$run" "$conns" $((MANY_N * MANY_SIZE)) "$check"
  after_run
}
