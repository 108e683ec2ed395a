# shellcheck shell=bash
# Running commands: cleanup of process groups, timing, recording rows, rounds.
# Sourced by Benchmarks/run.sh; uses its globals (see run.sh).

# ------------------------------------------------------------------------------------
# Cleanup: every child runs in its own process group (setsid); kill the groups on exit.
# ------------------------------------------------------------------------------------
NGINX_PID= CUR_PGID=
cleanup() {
  local rc=$?
  trap - EXIT INT TERM
  if [[ -n $CUR_PGID ]]; then kill -9 -- "-$CUR_PGID" 2>/dev/null; wait "$CUR_PGID" 2>/dev/null; fi
  if [[ -n $NGINX_PID ]]; then
    if ((KEEP)) && ((rc == 0)); then
      log "nginx left running (--keep): pid $NGINX_PID, $BASE_URL (stop: kill $NGINX_PID)"
    else
      kill -TERM "$NGINX_PID" 2>/dev/null
      for _ in $(seq 50); do kill -0 "$NGINX_PID" 2>/dev/null || break; sleep 0.1; done
      kill -9 -- "-$NGINX_PID" 2>/dev/null
      wait "$NGINX_PID" 2>/dev/null
    fi
  fi
  exit "$rc"
}
trap cleanup EXIT
trap 'log "interrupted"; exit 130' INT
trap 'log "terminated"; exit 143' TERM


# ------------------------------------------------------------------------------------
# Running one command
# ------------------------------------------------------------------------------------
P_URL= P_OUT= P_OUTDIR= P_OUTNAME= P_DIR= P_LIST= P_CURLCFG= P_ZIP=
CMD=()
expand_cmd() { # template -> CMD array
  local -a words
  local w
  read -r -a words <<<"$1"
  CMD=()
  for w in "${words[@]}"; do
    case $w in
      '{HAUL_OPTS}') CMD+=("${HAUL_OPTS[@]}") ;;
      '{ARIA_OPTS}') CMD+=("${ARIA_OPTS[@]}") ;;
      *)
        w=${w//'{HAUL}'/"$HAUL_BIN"}; w=${w//'{URL}'/"$P_URL"}; w=${w//'{OUT}'/"$P_OUT"}
        w=${w//'{OUTDIR}'/"$P_OUTDIR"}; w=${w//'{OUTNAME}'/"$P_OUTNAME"}; w=${w//'{DIR}'/"$P_DIR"}
        w=${w//'{LIST}'/"$P_LIST"}; w=${w//'{CURLCFG}'/"$P_CURLCFG"}; w=${w//'{ZIP}'/"$P_ZIP"}; w=${w//'{CA}'/"$TLS_CA"}; w=${w//'{TRUST}'/"$TLS_TRUST"}
        w=${w//'{SRC}'/"${SRC_FILE:-}"}; w=${w//'{THEN_SYNC}'/"$ROOT/Benchmarks/lib/then-sync"}
        CMD+=("$w") ;;
    esac
  done
}
# An empty scratch directory, Haul state directory and XDG_STATE_HOME (where aria2-next keeps its database).
# With USE_PRIMED_STATE=1 (the fixed-cost cases) the state directories are copies of PRIMED_STATE and
# PRIMED_XSTATE: databases that already exist, as on a machine where the tool has run once before, so the
# run pays for opening one, not for creating it, nor for every run before it.
fresh_scratch() {
  rm -rf "$SCRATCH" "$STATE" "$XSTATE"
  mkdir -p "$SCRATCH"
  if ((${USE_PRIMED_STATE:-0})) && [[ -d $PRIMED_STATE ]]; then cp -a "$PRIMED_STATE" "$STATE"; else mkdir -p "$STATE"; fi
  if ((${USE_PRIMED_STATE:-0})) && [[ -d $PRIMED_XSTATE ]]; then cp -a "$PRIMED_XSTATE" "$XSTATE"; else mkdir -p "$XSTATE"; fi
  export XDG_STATE_HOME=$XSTATE
}
after_run() { rm -rf "$SCRATCH" "$STATE" "$XSTATE"; mkdir -p "$SCRATCH" "$STATE" "$XSTATE"; sync; }
slug() { tr -c 'A-Za-z0-9.\n-' '_' <<<"$1"; }

T_WALL= T_USER= T_SYS= T_RSS= T_EXIT=
timed_run() { # logname cmd... : runs under /usr/bin/time in its own process group
  local name=$1; shift
  local tf=$LOGS/$name.time
  printf '%q ' "$@" >"$LOGS/$name.cmd"; echo >>"$LOGS/$name.cmd"
  local t0=$EPOCHREALTIME t1
  setsid /usr/bin/time -f '%e %U %S %M' -o "$tf" timeout -k 5 "$RUN_TIMEOUT" "$@" </dev/null >"$LOGS/$name.out" 2>"$LOGS/$name.err" &
  CUR_PGID=$!
  wait "$CUR_PGID"; T_EXIT=$?
  t1=$EPOCHREALTIME
  CUR_PGID=
  read -r T_WALL T_USER T_SYS T_RSS < <(tail -n 1 "$tf" 2>/dev/null) || true
  [[ $T_WALL =~ ^[0-9.]+$ ]] || { T_WALL=NaN T_USER=NaN T_SYS=NaN T_RSS=0; }
  # Wall clock from bash (microseconds) instead of time's %e (10 ms steps): small cases take
  # tens of ms. It includes the fork/exec of setsid and time, about a millisecond. Kept to the
  # microsecond: in milliseconds a 1 KiB download's median (about 11-15 ms) and the ratios made of
  # it moved in steps of 7-9 %.
  T_WALL=$(awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.6f", b - a}')
  ((T_EXIT == 124 || T_EXIT == 137)) && log "  timed out after ${RUN_TIMEOUT}s (BENCH_RUN_TIMEOUT)"
}

FAILED=0
record() { # case label run conns bytes check [before rerun lo note]
  local case=$1 label=$2 run=$3 conns=$4 bytes=$5 check=$6 before=${7:--} rerun=${8:--} lo=${9:--} nt=${10:-}
  local status=ok
  if ((T_EXIT != 0)) || [[ $check != ok ]]; then status=FAIL; FAILED=1; fi
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$case" "$label" "$run" "$conns" "$bytes" \
    "$T_WALL" "$T_USER" "$T_SYS" "$T_RSS" "$T_EXIT" "$check" "$status" "$before" "$rerun" "$lo" "$nt" >>"$RESULTS"
  log "  $case | $label | run $run: ${T_WALL}s wall, $(awk -v u="$T_USER" -v s="$T_SYS" 'BEGIN{print u+s}')s cpu, $((T_RSS / 1024)) MiB rss, exit $T_EXIT, sha $check${nt:+ ($nt)}"
  [[ $status == FAIL ]] && log "  FAIL: see $LOGS/$(slug "$case.$label.run$run").err"
  return 0
}
check_file() { # output expected-sha
  [[ -f $1 ]] || { echo missing; return; }
  [[ $(sha256sum "$1" | cut -d' ' -f1) == "$2" ]] && echo ok || echo BAD
}
check_tree() { # dir manifest
  (cd "$1" && sha256sum --quiet --status -c "$2" 2>/dev/null) && echo ok || echo BAD
}

# Round-robin: round r runs every entry once, starting at entry (r-1) mod n.
rounds() { # runs fn case entries...
  local runs=$1 fn=$2 case=$3; shift 3
  local -a es=("$@")
  local n=${#es[@]} r k
  for ((r = 1; r <= runs; r++)); do
    for ((k = 0; k < n; k++)); do "$fn" "$case" "${es[(r - 1 + k) % n]}" "$r"; done
  done
}

# Bytes the loopback interface has received (/proc/net/dev): what crossed the wire, headers and any other
# loopback traffic on the machine included.
lo_rx() { awk '$1 == "lo:" { print $2 }' /proc/net/dev; }

# One download of one file: SRC_FILE, SRC_SHA, SRC_URL set by the case. The bytes over the wire (lo rx around the
# run) go in the row's lo column (issue 56).
run_single() { # case entry run
  local case=$1 e=$2 run=$3 label conns tmpl rx0 rx1
  IFS='|' read -r label _ conns tmpl <<<"$e"
  fresh_scratch
  P_URL=$SRC_URL P_OUTDIR=$SCRATCH P_OUTNAME=out.bin P_OUT=$SCRATCH/out.bin
  expand_cmd "$tmpl"
  rx0=$(lo_rx)
  timed_run "$(slug "$case.$label.run$run")" "${CMD[@]}"
  rx1=$(lo_rx)
  record "$case" "$label" "$run" "$conns" "$(fsize "$SRC_FILE")" "$(check_file "$P_OUT" "$SRC_SHA")" - - "$((rx1 - rx0))"
  after_run
}

# A case over one source file: case name, URL path prefix, source file, runs, entries...
single_file_case() {
  local case=$1 prefix=$2 file=$3 runs=$4; shift 4
  local -a es
  mapfile -t es < <(usable_entries "$case" "$@")
  ((${#es[@]})) || { note "$case" "skipped: no tool to run"; return; }
  SRC_FILE=$file SRC_SHA=$(sha_of "$file") SRC_URL=${CASE_BASE_URL:-$BASE_URL}/$prefix/$(basename "$file")
  warm "$file"
  log "case $case: $(human "$(fsize "$file")") from /$prefix/, ${#es[@]} tools x $runs runs"
  rounds "$runs" run_single "$case" "${es[@]}"
}

