#!/usr/bin/env python3
"""Benchmarks/haul-list.py: what `haul list` costs over a long queue, in its three forms (issue 62, point 5).

For each size N, a fresh state directory gets N paused downloads through `haul daemon` (`aria2.addUri` with
`pause: true` in `system.multicall` batches of 100: daemon-restart.py's fill; nothing is fetched), the daemon
stops, and then `haul list` (the table), `haul list --json-lines` and `haul list --json`, their output to a file, run
RUNS times each, in turn with every binary named (HAUL, and HAUL_BASELINE if set: another build to compare, run on
the same queue). Per binary, form and N: the median wall, CPU (user + system) and peak RSS from wait4's rusage, and
whether every binary printed the same bytes. Then the ratio of each median at the largest N over the smallest (10x
the rows: a cost that grows with the queue shows about 10).

Usage: HAUL=path [HAUL_BASELINE=path] Benchmarks/haul-list.py [--sizes 3000,30000] [--runs 3]
Work files: Benchmarks/work/haul-list/.
"""
import argparse, filecmp, importlib.util, os, shutil, statistics, subprocess, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.path.join(ROOT, "Benchmarks", "work", "haul-list")
FORMS = {"table": [], "json-lines": ["--json-lines"], "json": ["--json"]}


def fill(binary, state, n):
    """daemon-restart.py's fill: N paused downloads added through `haul daemon` (it makes the state directory)."""
    spec = importlib.util.spec_from_file_location("daemon_restart", os.path.join(ROOT, "Benchmarks", "daemon-restart.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.fill(binary, state, n)


def run(binary, state, form, output):
    began = time.perf_counter()
    with open(output, "wb") as out:
        process = subprocess.Popen([binary, "list", "--state-dir", state] + FORMS[form], stdout=out,
                                   stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - began
    if status != 0:
        raise RuntimeError("%s list %s exited %d" % (binary, form, status))
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="3000,30000")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    binaries = {"haul": os.environ.get("HAUL") or os.path.join(ROOT, ".build", "release", "haul")}
    if os.environ.get("HAUL_BASELINE"):
        binaries["baseline"] = os.environ["HAUL_BASELINE"]
    for name, path in binaries.items():
        print("%s: %s" % (name, path), file=sys.stderr)
    sizes = [int(s) for s in args.sizes.split(",") if s]
    medians, same = {}, {}
    for n in sizes:
        state = os.path.join(WORK, "state-%d" % n)
        shutil.rmtree(state, ignore_errors=True)
        os.makedirs(WORK, exist_ok=True)
        fill(binaries["haul"], state, n)
        samples = {}
        for _ in range(args.runs):
            for form in FORMS:
                for name, path in binaries.items():
                    output = os.path.join(WORK, "out-%s-%s-%d" % (name, form, n))
                    samples.setdefault((name, form), []).append(run(path, state, form, output))
        for (name, form), rows in samples.items():
            medians[(name, form, n)] = tuple(statistics.median(column) for column in zip(*rows))
        for form in FORMS:
            outputs = [os.path.join(WORK, "out-%s-%s-%d" % (name, form, n)) for name in binaries]
            same[(form, n)] = all(filecmp.cmp(outputs[0], other, shallow=False) for other in outputs[1:])
    print("| binary | form | N | wall s | CPU s | peak RSS MiB | same bytes |")
    print("|---|---|---:|---:|---:|---:|---|")
    for n in sizes:
        for form in FORMS:
            for name in binaries:
                wall, cpu, rss = medians[(name, form, n)]
                print("| %s | %s | %s | %.3f | %.3f | %.1f | %s |" % (name, form, format(n, ","), wall, cpu, rss,
                                                                     "yes" if same[(form, n)] else "NO"))
    if len(sizes) >= 2:
        small, large = sizes[0], sizes[-1]
        print("\nMedians at N = %s over N = %s:\n" % (format(large, ","), format(small, ",")))
        print("| binary | form | wall | CPU | peak RSS |")
        print("|---|---|---:|---:|---:|")
        for form in FORMS:
            for name in binaries:
                a, b = medians[(name, form, large)], medians[(name, form, small)]
                print("| %s | %s | %.2f | %.2f | %.2f |" % (name, form, a[0] / b[0], a[1] / b[1], a[2] / b[2]))


if __name__ == "__main__":
    main()
