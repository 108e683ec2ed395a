"""The aria2p scenario of issue 12, run against `haul daemon` by Aria2pScenarioTests.

Arguments: PORT SECRET BASE_URL DOWNLOAD_DIR. The test server serves /small (fast) and /slow0../slow2 (throttled,
so they stay running or waiting for the length of the script). Exits 0 when every step held; otherwise a traceback.
"""
import os
import sys
import time

import aria2p

port, secret, base, download_dir = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
api = aria2p.API(aria2p.Client(host="http://127.0.0.1", port=int(port), secret=secret))
events = []


def record(kind):
    return lambda _api, gid: events.append((kind, gid))


def wait(condition, what, timeout=20.0):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if condition():
            return
        time.sleep(0.05)
    raise AssertionError("timed out waiting for " + what)


def step(name):
    print("step:", name, flush=True)


# Notifications: aria2p listens without sending the secret.
api.listen_to_notifications(
    threaded=True,
    on_download_start=record("start"),
    on_download_pause=record("pause"),
    on_download_stop=record("stop"),
    on_download_complete=record("complete"),
    on_download_error=record("error"),
    timeout=1,
)
time.sleep(0.5)

step("add and wait for completion")
small = api.add_uris([base + "/small"], options={"out": "small.bin"})
wait(lambda: api.get_download(small.gid).is_complete, "small to complete")
done = api.get_download(small.gid)
assert done.total_length == 100000, done.total_length
assert done.completed_length == 100000
assert os.path.getsize(os.path.join(download_dir, "small.bin")) == 100000
assert done.name == "small.bin", done.name
assert done.files[0].path.name == "small.bin"

step("queue with max-concurrent-downloads=1")
assert api.set_global_options({"max-concurrent-downloads": "1"})
assert api.get_global_options().max_concurrent_downloads == 1
slow = [api.add_uris([base + "/slow%d" % i]) for i in range(3)]
wait(lambda: api.get_download(slow[0].gid).is_active, "the first queued one to run")
statuses = {d.gid: d.status for d in api.get_downloads()}
assert statuses[slow[0].gid] == "active", statuses
assert statuses[slow[1].gid] == "waiting", statuses
assert statuses[slow[2].gid] == "waiting", statuses
assert statuses[small.gid] == "complete", statuses

step("pause and unpause")
assert api.pause([api.get_download(slow[0].gid)]) == [True]
wait(lambda: api.get_download(slow[0].gid).is_paused, "pause")
wait(lambda: api.get_download(slow[1].gid).is_active, "the next one to start")
assert api.resume([api.get_download(slow[0].gid)]) == [True]
wait(lambda: api.get_download(slow[0].gid).is_waiting, "unpause")

step("move")
assert api.move_to_top(api.get_download(slow[2].gid)) == 0
waiting = [d.gid for d in api.get_downloads() if d.is_waiting]
assert waiting[0] == slow[2].gid, waiting

step("stats")
stats = api.get_stats()
assert stats.num_active == 1, stats._struct
assert stats.num_waiting == 2, stats._struct
assert stats.num_stopped == 1, stats._struct

step("remove")
assert api.remove([api.get_download(slow[2].gid)]) == [True]
assert slow[2].gid not in [d.gid for d in api.get_downloads()]

step("multicall")
answers = api.client.multicall2([("aria2.getVersion", []), ("aria2.tellStatus", [small.gid, ["status"]])])
assert answers[0][0]["version"], answers
assert answers[1][0] == {"status": "complete"}, answers

step("notifications")
wait(lambda: ("complete", small.gid) in events, "onDownloadComplete")
assert ("start", small.gid) in events, events
assert ("pause", slow[0].gid) in events, events
assert ("start", slow[1].gid) in events, events
wait(lambda: ("stop", slow[2].gid) in events, "onDownloadStop")

step("clean up")
assert all(api.remove(api.get_downloads(), force=True))
assert api.purge()
api.stop_listening()
print("aria2p scenario: ok", flush=True)
