#!/usr/bin/env python3
"""Restart of `haul daemon` on a stored queue, binaries side by side (issue 62, point 3).

    Benchmarks/daemon-restart.py --fill 100000 --binaries OLD,NEW [--rounds 2]

Fills a state directory once with N paused downloads (`system.multicall` batches of 100 `aria2.addUri`, by the
first binary; kept in Benchmarks/work/daemon-restart/N), then, for each round and each binary in turn, starts the
daemon on a fresh copy of it and reports the wall time until the first `getGlobalStat` answer, the daemon's CPU
seconds until then (/proc/PID/stat: steadier than the wall on a loaded machine), and its RSS and peak RSS then.
Binaries alternate within a round, so compare them within one run.
"""
import argparse, importlib.util, os, shutil, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
spec = importlib.util.spec_from_file_location("scale", os.path.join(ROOT, "Benchmarks", "daemon-scale.py"))
scale = importlib.util.module_from_spec(spec)
spec.loader.exec_module(scale)
WORK = os.path.join(ROOT, "Benchmarks", "work", "daemon-restart")


def fill(binary, state, n):
    os.makedirs(state)
    tool = scale.Tool("haul", binary, state)
    tool.start()
    try:
        for start in range(0, n, 100):
            batch = [("aria2.addUri", [["http://127.0.0.1:9/d/f%06d.bin" % i], {"pause": "true"}])
                     for i in range(start, min(n, start + 100))]
            for answer in tool.client.multicall(batch):
                if isinstance(answer, dict):
                    raise RuntimeError(answer)
    finally:
        tool.stop()


def restart(binary, state, n):
    tool = scale.Tool("haul", binary, state)
    wall = tool.start()
    try:
        cpu = scale.cpu_seconds(tool.process.pid)
        rss, peak = scale.memory(tool.process.pid)
        waiting = int(tool.client.call("aria2.getGlobalStat")["numWaiting"])
        assert waiting == n, (waiting, n)
    finally:
        tool.stop()
    return wall, cpu, rss, peak


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--fill", type=int, default=100000, help="paused downloads in the stored queue")
    parser.add_argument("--binaries", required=True, help="comma-separated haul binaries")
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    binaries = args.binaries.split(",")
    stored = os.path.join(WORK, str(args.fill))
    if not os.path.exists(os.path.join(stored, "haul.sqlite")):
        shutil.rmtree(stored, ignore_errors=True)
        fill(binaries[0], stored, args.fill)
    print("| round | binary | restart s | CPU s until it answered | RSS MiB | peak RSS MiB |")
    print("|---|---|---|---|---|---|")
    for round in range(1, args.rounds + 1):
        for binary in binaries:
            state = os.path.join(WORK, "run")
            shutil.rmtree(state, ignore_errors=True)
            shutil.copytree(stored, state)
            wall, cpu, rss, peak = restart(binary, state, args.fill)
            print("| %d | %s | %.3f | %.2f | %.1f | %.1f |" % (round, binary, wall, cpu, rss, peak), flush=True)
    shutil.rmtree(os.path.join(WORK, "run"), ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
