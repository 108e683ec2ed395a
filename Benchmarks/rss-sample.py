#!/usr/bin/env python3
# Benchmarks/rss-sample.py: one run of a command with its memory split, as docs/history/benchmarks-rounds-2026-11-28-to-30.md "Round 61, point 5"
# quotes it.
#
# USAGE  Benchmarks/rss-sample.py LABEL COMMAND [ARGS...]
#   Runs COMMAND, reads /proc/PID/status every 10 ms, and prints one line: exit code, wall s, CPU s (user+sys,
#   getrusage of the child), peak RSS (ru_maxrss, what /usr/bin/time -f %M says), the largest RssAnon (heap,
#   stacks, written data) and RssFile (the binary's and libraries' pages) seen, the most threads, and the
#   anon/file split at the sample with the most RSS. Sampling misses what lives less than 10 ms; the peak does not.
import resource
import subprocess
import sys
import time

label, cmd = sys.argv[1], sys.argv[2:]
t0 = time.time()
p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
most = {"RssAnon": 0, "RssFile": 0, "Threads": 0}
at_peak = None
while p.poll() is None:
    try:
        fields = dict(line.split(":", 1) for line in open(f"/proc/{p.pid}/status"))
        now = {k: int(fields[k].split()[0]) for k in most}
        for k in most:
            most[k] = max(most[k], now[k])
        if at_peak is None or now["RssAnon"] + now["RssFile"] > at_peak["RssAnon"] + at_peak["RssFile"]:
            at_peak = now
    except (OSError, ValueError, KeyError):
        pass
    time.sleep(0.01)
wall = time.time() - t0
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
err = p.stderr.read().decode()[-300:].strip() if p.returncode else ""
peak = f"{at_peak['RssAnon'] / 1024:.1f}/{at_peak['RssFile'] / 1024:.1f}" if at_peak else "-"
print(f"{label}\trc={p.returncode}\twall={wall:.2f}\tcpu={usage.ru_utime + usage.ru_stime:.2f}"
      f"\tmaxrss={usage.ru_maxrss / 1024:.1f}MiB\tanon_max={most['RssAnon'] / 1024:.1f}"
      f"\tfile_max={most['RssFile'] / 1024:.1f}\tthreads={most['Threads']}\tat_peak anon/file={peak}\t{err}")
