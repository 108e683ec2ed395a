#!/usr/bin/env python3
"""What the daemon's look at the store costs with a long queue (issue 62, point 3), binaries side by side.

    Benchmarks/daemon-looks.py --queued 20000 --binaries OLD,NEW [--seconds 10] [--commits 5]

For each binary, a fresh state directory gets N downloads added in `system.multicall` batches of 100 while the
queue's schedule is closed (`queue-schedule`, a one-minute window a week away), so all N stay queued, waiting for a
slot: the queue a daemon holds over a night. Then, after the adds, two figures from the daemon's CPU
(/proc/PID/stat):
- idle: its CPU over `--seconds` with nothing running (a look at the store each second);
- commits elsewhere: its CPU over `--commits` rounds of `haul pause ID --state-dir DIR` run by another process (a
  commit the daemon's next look must take up), a second and a half apart, minus the idle rate over that time.
Binaries alternate; compare them within one run.
"""
import argparse, datetime, importlib.util, os, shutil, subprocess, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
spec = importlib.util.spec_from_file_location("scale", os.path.join(ROOT, "Benchmarks", "daemon-scale.py"))
scale = importlib.util.module_from_spec(spec)
spec.loader.exec_module(scale)
WORK = os.path.join(ROOT, "Benchmarks", "work", "daemon-looks")


def closed_window():
    """A queue schedule whose only window opens a week from now, for one minute."""
    day = (datetime.datetime.now() + datetime.timedelta(days=3)).strftime("%a")
    return "%s 03:00-03:01" % day


def measure(binary, n, seconds, commits):
    state = os.path.join(WORK, "run")
    shutil.rmtree(state, ignore_errors=True)
    os.makedirs(state)
    tool = scale.Tool("haul", binary, state)
    tool.start()
    try:
        assert tool.client.call("aria2.changeGlobalOption", {"queue-schedule": closed_window()}) == "OK"
        for start in range(0, n, 100):
            batch = [("aria2.addUri", [["http://127.0.0.1:9/d/f%06d.bin" % i]]) for i in range(start, min(n, start + 100))]
            for answer in tool.client.multicall(batch):
                if isinstance(answer, dict):
                    raise RuntimeError(answer)
        stat = tool.client.call("aria2.getGlobalStat")
        assert int(stat["numWaiting"]) == n and int(stat["numActive"]) == 0, stat
        time.sleep(2)  # the adds' own writes settle
        pid = tool.process.pid
        before = scale.cpu_seconds(pid)
        time.sleep(seconds)
        idle = (scale.cpu_seconds(pid) - before) / seconds
        before, began = scale.cpu_seconds(pid), time.perf_counter()
        for index in range(commits):
            subprocess.run([binary, "pause", str(index + 1), "--state-dir", state], check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            time.sleep(1.5)
        spent = scale.cpu_seconds(pid) - before - idle * (time.perf_counter() - began)
        tool.client = scale.Client(tool.port, tool.secret)  # the daemon closed the idle keep-alive connection
        stat = tool.client.call("aria2.getGlobalStat")
        assert int(stat["numWaiting"]) == n, stat  # paused ones still wait (tellWaiting lists paused too)
    except Exception:
        if tool.process.poll() is not None:
            sys.stderr.write(open(os.path.join(state, "daemon.log")).read()[-2000:])
        raise
    finally:
        if tool.process.poll() is None:
            tool.stop()
    shutil.rmtree(state, ignore_errors=True)
    return idle, spent / commits


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--queued", type=int, default=20000)
    parser.add_argument("--binaries", required=True, help="comma-separated haul binaries")
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--commits", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args()
    print("%d queued, waiting for a closed schedule; daemon CPU from /proc" % args.queued)
    print()
    print("| round | binary | idle CPU s a second | CPU s a commit elsewhere |")
    print("|---|---|---|---|")
    for round in range(1, args.rounds + 1):
        for binary in args.binaries.split(","):
            idle, per_commit = measure(binary, args.queued, args.seconds, args.commits)
            print("| %d | %s | %.4f | %.3f |" % (round, binary, idle, per_commit), flush=True)


if __name__ == "__main__":
    sys.exit(main())
