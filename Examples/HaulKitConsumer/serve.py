#!/usr/bin/env python3
"""Serves a directory over HTTP/1.1 for Examples/HaulKitConsumer (.ci/run runs the consumer against it).

Byte ranges with a strong ETag, so HaulKit can resume and split; files under slow/ at 1 MiB/s, so that a pause
right after a download starts meets it running. Prints the port it listens on (127.0.0.1, chosen by the system),
then serves until it is stopped. Usage: serve.py DIRECTORY
"""
import http.server
import os
import socketserver
import sys
import time

ROOT = sys.argv[1]
CHUNK = 64 << 10
SLOW_BYTES_PER_SECOND = 1 << 20


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_HEAD(self):
        self.serve(with_body=False)

    def do_GET(self):
        self.serve(with_body=True)

    def serve(self, with_body):
        relative = self.path.split("?", 1)[0].lstrip("/")
        path = os.path.realpath(os.path.join(ROOT, relative))
        if not path.startswith(os.path.realpath(ROOT) + os.sep) or not os.path.isfile(path):
            self.send_error(404)
            return
        with open(path, "rb") as f:
            data = f.read()
        info = os.stat(path)
        start, end, status = 0, len(data) - 1, 200
        wanted = self.headers.get("Range", "")
        if wanted.startswith("bytes=") and len(data) > 0:
            first, _, last = wanted[len("bytes="):].split(",")[0].strip().partition("-")
            if first:
                start, end = int(first), min(int(last), end) if last else end
            else:
                start = max(0, len(data) - int(last))
            if start > end:
                self.send_response(416)
                self.send_header("Content-Range", "bytes */%d" % len(data))
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            status = 206
        self.send_response(status)
        self.send_header("Content-Length", str(end - start + 1))
        self.send_header("Accept-Ranges", "bytes")
        self.send_header("ETag", '"%x-%x"' % (info.st_size, info.st_mtime_ns))
        if status == 206:
            self.send_header("Content-Range", "bytes %d-%d/%d" % (start, end, len(data)))
        self.end_headers()
        if not with_body:
            return
        body = data[start:end + 1]
        slow = relative.startswith("slow/")
        for offset in range(0, len(body), CHUNK):
            try:
                self.wfile.write(body[offset:offset + CHUNK])
            except (BrokenPipeError, ConnectionResetError):
                return
            if slow:
                time.sleep(CHUNK / SLOW_BYTES_PER_SECOND)  # the throttle, not a wait for anything

    def log_message(self, *arguments):
        pass


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True


server = Server(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
