"""An aria2p listener, unmodified: it connects its WebSocket, sends nothing, and prints each notification.

Arguments: PORT. Prints "start GID" and "complete GID" lines as the notifications come, until killed
(ConnectionCapTests, issue 58: a listener that was there before a flood of WebSockets keeps its notifications).
"""
import sys

import aria2p

api = aria2p.API(aria2p.Client(host="http://127.0.0.1", port=int(sys.argv[1])))


def record(kind):
    return lambda _api, gid: print(kind, gid, flush=True)


api.listen_to_notifications(
    threaded=False,
    on_download_start=record("start"),
    on_download_complete=record("complete"),
    timeout=1,
)
print("closed", flush=True)
