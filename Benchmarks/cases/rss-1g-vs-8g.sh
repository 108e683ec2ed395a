# shellcheck shell=bash
# Case rss-1g-vs-8g: sourced by Benchmarks/run.sh. Defines case_rss-1g-vs-8g (the runs), heading_rss-1g-vs-8g (the title),
# and where it differs from the default, explain_rss-1g-vs-8g (text under the table) and summary_rss-1g-vs-8g (the table).

# How much of Linker/haul.order (the functions a download runs, placed together by the linker; see
# Linker/update-order.sh) the benchmarked binary still defines. A low share means the list is stale
# and haul's peak RSS creeps back up: rerun Linker/update-order.sh.
order_coverage() {
  local order=$ROOT/Linker/haul.order total found
  tool_selected haul && ((HAUL_OK)) && [[ -s $order ]] && command -v nm >/dev/null || return 0
  total=$(wc -l <"$order")
  found=$(nm --defined-only "$HAUL_BIN" 2>/dev/null | awk 'NR == FNR { want[$1] = 1; next } ($3 in want) { print $3 }' "$order" - | sort -u | wc -l)
  note rss-1g-vs-8g "Linker/haul.order: the binary defines $found of its $total function names ($((100 * found / total)) %); below 90 %, rerun Linker/update-order.sh"
}
case_rss-1g-vs-8g() {
  local -a es sizes=("$BIG_SIZE")
  mapfile -t es < <(usable_entries rss-1g-vs-8g "${RSS_CMDS[@]}")
  ((${#es[@]})) || { note rss-1g-vs-8g "skipped: no tool to run"; return; }
  order_coverage
  local huge=$DATA/rand-8g-repeated.bin
  if ((QUICK)); then
    note rss-1g-vs-8g "--quick: $(human "$BIG_SIZE") only, no 8 GiB file"
  else
    local need=$((HUGE_SIZE + 2 * (1 << 30))) avail
    [[ -f $huge ]] || need=$((need + HUGE_SIZE))
    avail=$(($(df -P -B1 "$WORK" | awk 'NR==2{print $4}')))
    if ((avail < need)); then
      note rss-1g-vs-8g "8 GiB skipped: $(human "$avail") free on disk, $(human "$need") needed"
    else
      make_repeated "$huge" "$HUGE_SIZE"; sizes+=("$HUGE_SIZE")
    fi
  fi
  local size f
  for size in "${sizes[@]}"; do
    if ((size == HUGE_SIZE)); then f=$huge; else f=$DATA/$(random_name "$size"); make_random "$f" "$size"; fi
    SRC_FILE=$f SRC_SHA=$(sha_of "$f") SRC_URL=$BASE_URL/full/$(basename "$f")
    warm "$f"
    log "case rss-1g-vs-8g: $(human "$size"), ${#es[@]} tools, 1 run each"
    rounds 1 run_single rss-1g-vs-8g "${es[@]}"
  done
}
heading_rss-1g-vs-8g() {
  if ((QUICK)); then echo "peak memory, $(human "$BIG_SIZE") from \`/full/\` (no 8 GiB with --quick)"
  else echo "peak memory, $(human "$BIG_SIZE") vs 8 GiB from \`/full/\`"; fi
}
explain_rss-1g-vs-8g() {
  echo "One run per tool and size; the 8 GiB file is a 64 MiB random block repeated."
}
summary_rss-1g-vs-8g() { summarise_rss; }
# Panel: peak RSS per tool and size.
chart_rss-1g-vs-8g() {
    awk -F'\t' '$1 == "rss-1g-vs-8g" { s = $5 >= 1073741824 ? sprintf("%gG", $5/1073741824) : sprintf("%gM", $5/1048576)
      printf "%s %s\t%.0f\t%d\n", $2, s, $9/1024, ($2 ~ /^haul/ ? 2 : 1) }' "$RESULTS" >"$1"
  CHART_YLABEL="peak RSS MiB"
}
