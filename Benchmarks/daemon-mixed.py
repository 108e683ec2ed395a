#!/usr/bin/env python3
"""Benchmarks/daemon-mixed.py: does a heavy call make another client's small call wait? (issue 62, point 4)

`haul daemon` with N paused downloads (added as daemon-scale.py adds them); two clients loop `tellWaiting(0, 1000)`
on keep-alive connections while a third sends 400 `getVersion` calls on its own; the small call's latency (p50, p90,
p99, worst). Used to measure answering calls on the connection's event loop (docs/daemon.md): a call that holds its
loop holds every other connection of that loop.

Usage: Benchmarks/daemon-mixed.py --binaries A,B [--queued 30000] [--rounds 2] [--small aria2.getVersion]
  (the binaries alternate; --small names the small call timed, answered without parameters but the secret)
Work files: Benchmarks/work/daemon-mixed/.
"""
import argparse, importlib.util, os, shutil, threading, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
spec = importlib.util.spec_from_file_location("daemon_scale", os.path.join(ROOT, "Benchmarks", "daemon-scale.py"))
scale = importlib.util.module_from_spec(spec)
spec.loader.exec_module(scale)


def run(binary, queued, label, small):
    state = os.path.join(ROOT, "Benchmarks", "work", "daemon-mixed", label)
    shutil.rmtree(state, ignore_errors=True)
    os.makedirs(state)
    tool = scale.Tool("haul", binary, state)
    tool.start()
    for start in range(0, queued, 100):
        tool.client.multicall([("aria2.addUri", [["http://127.0.0.1:9/d/f%06d.bin" % i], {"pause": "true"}])
                               for i in range(start, min(queued, start + 100))])
    stop = threading.Event()

    def heavy():
        client = scale.Client(tool.port, tool.secret)
        while not stop.is_set():
            assert len(client.call("aria2.tellWaiting", 0, 1000)) == min(queued, 1000)

    threads = [threading.Thread(target=heavy) for _ in range(2)]
    for thread in threads:
        thread.start()
    time.sleep(0.5)
    pinger, latencies = scale.Client(tool.port, tool.secret), []
    for _ in range(400):
        began = time.perf_counter()
        pinger.call(small)
        latencies.append((time.perf_counter() - began) * 1000)
    stop.set()
    for thread in threads:
        thread.join()
    tool.stop()
    latencies.sort()
    pick = lambda share: latencies[min(len(latencies) - 1, int(len(latencies) * share))]
    print("%s: queued %d, %s p50 %.2f p90 %.2f p99 %.2f worst %.2f ms"
          % (binary, queued, small.split(".")[-1], pick(0.5), pick(0.9), pick(0.99), latencies[-1]), flush=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binaries", required=True, help="comma-separated haul binaries, run in turn")
    parser.add_argument("--queued", type=int, default=30000)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--small", default="aria2.getVersion",
                        help="the small call timed (aria2.getGlobalStat reads the manager, as tellWaiting does)")
    args = parser.parse_args()
    binaries = args.binaries.split(",")
    for round_ in range(args.rounds):
        for index, binary in enumerate(binaries):
            run(binary, args.queued, "r%d-b%d" % (round_, index), args.small)


if __name__ == "__main__":
    main()
