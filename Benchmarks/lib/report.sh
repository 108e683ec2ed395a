# shellcheck shell=bash
# Report: markdown tables, the chart and docs/benchmarks.md.
# Sourced by Benchmarks/run.sh; uses its globals (see run.sh).

# ------------------------------------------------------------------------------------
# Report
# ------------------------------------------------------------------------------------
# Markdown table for a generic case. Args: case baseline-tool ideal(0/1)
summarise() {
  awk -F'\t' -v want="$1" -v base="$2" -v ideal="$3" -v rate="$LIMIT_RATE" -v link="${LINK_RATE:-0}" '
    function median(arr, n,   i, j, t, a) {
      for (i = 1; i <= n; i++) a[i] = arr[i]
      for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j-1] > a[j]; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }
      return n % 2 ? a[(n+1)/2] : (a[n/2] + a[n/2+1]) / 2
    }
    $1 == want {
      k = $2
      if (!(k in n)) { order[++m] = k; n[k] = 0; bad[k] = 0 }
      i = ++n[k]; wall[k, i] = $6; cpu[k, i] = $7 + $8; conns[k] = $4; bytes[k] = $5
      if ($15 ~ /^[0-9]+$/) { nlo[k]++; lo[k, nlo[k]] = $15; haslo = 1 }
      if ($9 > rss[k]) rss[k] = $9
      if ($12 != "ok") bad[k]++
    }
    END {
      for (x = 1; x <= m; x++) {
        k = order[x]
        for (i = 1; i <= n[k]; i++) { w[i] = wall[k, i]; c[i] = cpu[k, i] }
        mw[k] = median(w, n[k]); mc[k] = median(c, n[k])
        if (nlo[k]) { for (i = 1; i <= nlo[k]; i++) l[i] = lo[k, i]; ml[k] = median(l, nlo[k]) }
        split(k, parts, " ")
        if (parts[1] == base && !(basek)) basek = k
        if (parts[1] == "aria2-next" && !(nextk)) nextk = k
      }
      printf "| tool | runs | median wall s | median CPU s (user+sys) | peak RSS MiB | MiB/s |"
      if (ideal) printf " share of ideal |"
      printf " vs %s |", (basek ? basek : base)
      if (nextk) printf " vs %s |", nextk
      if (haslo) printf " wire / file |"
      printf " SHA-256 |\n|---|---:|---:|---:|---:|---:|"
      if (ideal) printf "---:|"
      if (nextk) printf "---:|"
      if (haslo) printf "---:|"
      printf "---:|---|\n"
      for (x = 1; x <= m; x++) {
        k = order[x]
        thr = mw[k] > 0 ? bytes[k] / mw[k] / 1048576 : 0
        printf "| %s | %d | %.3f | %.2f | %.0f | %.0f |", k, n[k], mw[k], mc[k], rss[k] / 1024, thr
        if (ideal) {
          r = conns[k] * rate; if (link > 0 && link < r) r = link
          printf " %.0f %% |", (mw[k] > 0 ? 100 * (bytes[k] / r) / mw[k] : 0)
        }
        if (basek) printf " %.2fx |", mw[k] / mw[basek]; else printf " - |"
        if (nextk) printf " %.2fx |", mw[k] / mw[nextk]
        if (haslo) { if (nlo[k] && bytes[k] > 0) printf " %.3f |", ml[k] / bytes[k]; else printf " - |" }
        printf " %s |\n", (bad[k] ? "**FAIL** (" bad[k] "/" n[k] ")" : "ok")
      }
    }' "$RESULTS"
}
summarise_resume() {
  awk -F'\t' -v size="$RESUME_SIZE" '
    function median(arr, n,   i, j, t, a) {
      for (i = 1; i <= n; i++) a[i] = arr[i]
      for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j-1] > a[j]; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }
      return n % 2 ? a[(n+1)/2] : (a[n/2] + a[n/2+1]) / 2
    }
    $1 == "resume-kill" {
      k = $2
      if (!(k in n)) { order[++m] = k; n[k] = 0; bad[k] = 0 }
      i = ++n[k]; conns[k] = $4
      wall[k, i] = $6; bef[k, i] = $13; rer[k, i] = $14; lo[k, i] = $15; waste[k, i] = $13 + $14 - size
      if ($9 > rss[k]) rss[k] = $9
      if ($12 != "ok") bad[k]++
    }
    END {
      M = 1048576
      print "| tool | conns | runs | sent before kill MiB | re-sent in rerun MiB | wasted MiB | lo bytes in rerun MiB | rerun wall s | peak RSS MiB | SHA-256 |"
      print "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|"
      for (x = 1; x <= m; x++) {
        k = order[x]
        for (i = 1; i <= n[k]; i++) { a[i] = bef[k, i]; b[i] = rer[k, i]; c[i] = waste[k, i]; d[i] = lo[k, i]; e[i] = wall[k, i] }
        printf "| %s | %d | %d | %.1f (%.0f %%) | %.1f | %.1f | %.1f | %.2f | %.0f | %s |\n", k, conns[k], n[k],
          median(a, n[k]) / M, 100 * median(a, n[k]) / size, median(b, n[k]) / M, median(c, n[k]) / M,
          median(d, n[k]) / M, median(e, n[k]), rss[k] / 1024, (bad[k] ? "**FAIL** (" bad[k] "/" n[k] ")" : "ok")
      }
    }' "$RESULTS"
}
summarise_rss() {
  awk -F'\t' '
    $1 == "rss-1g-vs-8g" {
      k = $2; s = $5
      if (!(k in seen)) { order[++m] = k; seen[k] = 1 }
      if (!(s in sz)) { sizes[++ns] = s; sz[s] = 1 }
      if ($9 > rss[k, s]) rss[k, s] = $9
      wall[k, s] = $6
      if ($12 != "ok") bad[k]++
    }
    function h(b) { return b >= 1073741824 ? sprintf("%g GiB", b / 1073741824) : sprintf("%g MiB", b / 1048576) }
    END {
      printf "| tool |"; for (j = 1; j <= ns; j++) printf " peak RSS MiB, %s |", h(sizes[j])
      if (ns > 1) printf " growth |"
      for (j = 1; j <= ns; j++) printf " wall s, %s |", h(sizes[j])
      printf " SHA-256 |\n|---|"; for (j = 1; j <= 2 * ns + (ns > 1); j++) printf "---:|"; printf "---|\n"
      for (x = 1; x <= m; x++) {
        k = order[x]; printf "| %s |", k
        for (j = 1; j <= ns; j++) printf " %.0f |", rss[k, sizes[j]] / 1024
        if (ns > 1) printf " %.2fx |", (rss[k, sizes[1]] > 0 ? rss[k, sizes[ns]] / rss[k, sizes[1]] : 0)
        for (j = 1; j <= ns; j++) printf " %.2f |", wall[k, sizes[j]]
        printf " %s |\n", (bad[k] ? "**FAIL**" : "ok")
      }
    }' "$RESULTS"
}
# A case's title, the text under its table and its table come from the case file (cases/NAME.sh):
# heading_NAME, explain_NAME (optional) and summary_NAME (optional; default: wall times against curl).
case_heading() { "heading_$1"; }
case_explainer() { if declare -F "explain_$1" >/dev/null; then "explain_$1"; fi; }
case_summary() { if declare -F "summary_$1" >/dev/null; then "summary_$1"; else summarise "$1" curl 0; fi; }

machine_info() {
  local cpu mem disk
  cpu=$(awk -F': ' '/^model name/{print $2; exit}' /proc/cpuinfo)
  mem=$(awk '/^MemTotal/{printf "%.1f GiB", $2/1048576}' /proc/meminfo)
  disk=$(df -h -P "$WORK" | awk 'NR==2{print $4 " free of " $2 " (" $1 ")"}')
  echo "- CPU: $(nproc) cores, ${cpu:-unknown}"
  echo "- RAM: $mem; kernel $(uname -r); OS: $(. /etc/os-release 2>/dev/null; echo "${PRETTY_NAME:-unknown}")"
  echo "- Disk (Benchmarks/work): $disk"
  echo "- nginx: $(nginx -v 2>&1 | sed 's/^nginx version: //')"
  echo "- curl: $(curl --version 2>/dev/null | head -n 1 | cut -d' ' -f1-2)"
  echo "- wget: $(wget --version 2>/dev/null | head -n 1 | cut -d' ' -f1-3)"
  echo "- aria2c: $(aria2c --version 2>/dev/null | head -n 1)"
  echo "- axel: $(axel --version 2>/dev/null | head -n 1)"
  echo "- unzip: $(unzip -v 2>/dev/null | head -n 1 | cut -d' ' -f1-2); bsdtar: $(bsdtar --version 2>/dev/null | cut -d' ' -f1-2)"
  if ((HAUL_OK)); then
    echo "- haul: $("$HAUL_BIN" --version 2>/dev/null | head -n 1 || true) (\`${HAUL_BIN#$ROOT/}\`, flags used: \`${HAUL_OPTS[*]//$ROOT\//}\`)"
  else
    echo "- haul: not benchmarked (no working binary at \`${HAUL_BIN#$ROOT/}\`)"
  fi
}

write_chart() {
  local dir=$WORK/chart panels=() c
  rm -rf "$dir"; mkdir -p "$dir"
  # One panel per case: label<TAB>value<TAB>colour. By default the median wall relative to
  # curl (or the case's baseline_NAME) when it ran, else seconds; resume-kill and rss-1g-vs-8g draw their own.
  for c in ${CASES//,/ }; do
    grep -q "^$c	" "$RESULTS" 2>/dev/null || continue
    local out=$dir/$c.dat ylabel
    # A case file may draw its own panel: chart_NAME OUT writes the rows and sets CHART_YLABEL.
    if declare -F "chart_$c" >/dev/null; then
      "chart_$c" "$out"; ylabel=$CHART_YLABEL
    else
      local base=curl; if declare -F "baseline_$c" >/dev/null; then base=$("baseline_$c"); fi
      awk -F'\t' -v want="$c" -v base="$base" '$1 == want { k = $2; if (!(k in n)) o[++m] = k; n[k]++; v[k, n[k]] = $6 }
        END { for (x = 1; x <= m; x++) { k = o[x]; for (i = 1; i <= n[k]; i++) a[i] = v[k, i]
                for (i = 2; i <= n[k]; i++) for (j = i; j > 1 && a[j-1] > a[j]; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }
                md[k] = n[k] % 2 ? a[(n[k]+1)/2] : (a[n[k]/2] + a[n[k]/2+1]) / 2
                split(k, p, " "); if (p[1] == base && !bk) bk = k }
              for (x = 1; x <= m; x++) { k = o[x]; printf "%s\t%.2f\t%d\n", k, (bk ? md[k] / md[bk] : md[k]), (k ~ /^haul/ ? 2 : (k == bk ? 3 : 1)) }
              print (bk ? "#rel " bk : "#abs") > "/dev/stderr" }' "$RESULTS" >"$out" 2>"$out.kind"
      if grep -q '^#rel' "$out.kind"; then ylabel="wall time vs ${base} (= 1.0, lower is better)"; else ylabel="median wall s (lower is better)"; fi
    fi
    [[ -s $out ]] && panels+=("$c|$ylabel")
  done
  ((${#panels[@]})) || { log "no results: no chart"; return; }
  local n=${#panels[@]} cols rows
  cols=$((n > 1 ? 2 : 1)); rows=$(((n + cols - 1) / cols))
  {
    echo "set terminal pngcairo noenhanced size $((cols * 620)),$((rows * 360)) font 'Sans,10'"
    echo "set output '$PNG'"
    echo "set datafile separator '\t'"
    echo "set style fill solid 0.85 border -1"
    echo "set boxwidth 0.65"
    echo "set grid ytics lc rgb '#dddddd'"
    echo "set xtics rotate by -30 left nomirror"
    echo "set ytics nomirror"
    echo "set yrange [0:*]"
    echo "set offsets 0.5, 0.5, graph 0.12, 0"
    echo "set key off"
    echo "set lmargin 10; set bmargin 6"
    echo "set linetype 1 lc rgb '#4a7fb5'; set linetype 2 lc rgb '#e8731a'; set linetype 3 lc rgb '#8c8c8c'"
    echo "set multiplot layout $rows,$cols title 'Haul benchmarks ($(date -u +%Y-%m-%d), $(nproc) cores, nginx on loopback; orange = haul)' font 'Sans,12'"
    local p c2 yl
    for p in "${panels[@]}"; do
      c2=${p%%|*} yl=${p#*|}
      echo "set title '$c2: $(case_heading "$c2" | tr -d '`' | sed "s/'/''/g")'"
      echo "set ylabel '$yl'"
      # dashed line at 1.0 where bars are relative to a baseline tool
      if [[ $yl == *"= 1.0"* ]]; then echo "set arrow 1 from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb '#555555' front"; else echo "unset arrow 1"; fi
      echo "plot '$dir/$c2.dat' using 0:2:3:xtic(1) with boxes lc variable, '' using 0:2:(sprintf('%g', \$2)) with labels offset 0,0.7 font 'Sans,8'"
    done
    echo "unset multiplot"
  } >"$dir/chart.gp"
  gnuplot "$dir/chart.gp" 2>"$dir/gnuplot.err" || log "gnuplot failed: $(head -n 3 "$dir/gnuplot.err")"
}

# The hand-written part of docs/benchmarks.md (the newest release figures of some cases, the benchmarks run.sh does
# not run; the dated rounds are in docs/history/) follows this line and is kept as it is when the generated part
# above it is written again.
DOC_KEPT_MARKER='<!-- Written by hand below this line; Benchmarks/run.sh keeps it. -->'

write_doc() {
  local tmp=$DOC.tmp c kept=
  mkdir -p "$(dirname "$DOC")"
  [[ -f $DOC ]] && kept=$(awk -v m="$DOC_KEPT_MARKER" 'found { print } $0 == m { found = 1 }' "$DOC")
  {
    echo "# Haul benchmarks"
    echo
    echo "Generated by \`Benchmarks/run.sh\` on $(date -u '+%Y-%m-%d %H:%M UTC'). Command: \`$CMDLINE\`"
    echo "($RUNS round(s) per case, $((RUNS * CHEAP_ROUNDS)) for small-16m, many-60, many-200 and https-many, $((RUNS * TINY_ROUNDS)) for tiny-1k, https-1k and startup, 1 for rss-1g-vs-8g; tools alternate"
    echo "within each round; medians of wall and CPU time, max of peak RSS.)"
    echo
    echo "The tables below the chart are this run's. The sections after them, written by hand, hold the newer release figures"
    echo "of some cases and those of the benchmarks this script does not run (lists, the daemon, HLS), each with its commit,"
    echo "build and command; the dated rounds of measurement, lever by lever, are in [history/](history/)."
    echo
    echo "![Median wall time per tool and case](images/benchmarks.png)"
    echo
    echo "## Machine"
    echo
    machine_info
    echo
    echo "## Method"
    echo
    echo "nginx $(nginx -v 2>&1 | sed 's/.*\///') on 127.0.0.1 with \`sendfile on; tcp_nopush on; access_log off;\`; files of random bytes"
    echo "warmed into the page cache; downloads written to \`Benchmarks/work/scratch\` on the same disk and deleted (and \`sync\`) after each run."
    echo "Every output is checked with SHA-256 against its source; a tool's non-zero exit or a wrong file marks the row FAIL."
    echo "CPU and peak RSS from \`/usr/bin/time -f \"%e %U %S %M\"\`, wall time from bash's \`\$EPOCHREALTIME\` around the run (time's %e has 10 ms steps)."
    echo "Figures on a shared 2-core machine are noisy: compare ratios within one run."
    echo "See the comments at the top of \`Benchmarks/run.sh\` for the details; raw rows are in \`Benchmarks/work/results.tsv\`."
    for c in ${CASES//,/ }; do
      echo
      echo "## $c: $(case_heading "$c")"
      echo
      if grep -q "^$c	" "$RESULTS" 2>/dev/null; then
        case_summary "$c"
        local ex; ex=$(case_explainer "$c")
        [[ -n $ex ]] && { echo; echo "$ex"; }
      else
        echo "No results."
      fi
      if grep -q "^$c	" "$NOTES" 2>/dev/null; then
        echo
        grep "^$c	" "$NOTES" | cut -f2- | sed 's/^/- /'
      fi
    done
    echo
    echo "$DOC_KEPT_MARKER"
    [[ -n $kept ]] && printf '%s\n' "$kept"
  } >"$tmp" && mv "$tmp" "$DOC"
}

