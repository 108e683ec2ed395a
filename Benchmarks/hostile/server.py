#!/usr/bin/env python3
"""A hostile HTTP/1.1 server for the client measurements of issue 33 (points 8-11).

    server.py MODE PORT [ARG]

Modes (every connection gets the same answer; each request is counted on standard error):
  continue-flood BYTES   `HTTP/1.1 100 Continue` responses until BYTES are sent (or the client goes), then a 200
  one-byte-chunks BYTES  a 200 whose chunked body is BYTES one-byte chunks
  lying-length N         a 200 announcing Content-Length N, 10 bytes, then the connection closes
  bad-chunk              a 200 whose chunked body has a chunk size `zz`
  close                  closes the connection without answering
"""
import socket
import sys
import threading

mode, port = sys.argv[1], int(sys.argv[2])
arg = int(sys.argv[3]) if len(sys.argv) > 3 else 0
requests = 0
lock = threading.Lock()


def read_request(conn):
    data = b""
    while b"\r\n\r\n" not in data:
        more = conn.recv(4096)
        if not more:
            return False
        data += more
    return True


def serve(conn):
    global requests
    try:
        if not read_request(conn):
            return
        with lock:
            requests += 1
            sys.stderr.write(f"request {requests}\n")
            sys.stderr.flush()
        if mode == "continue-flood":
            block = b"HTTP/1.1 100 Continue\r\n\r\n" * 40000  # about 1 MiB
            sent = 0
            while sent < arg:
                conn.sendall(block)
                sent += len(block)
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nbody")
        elif mode == "one-byte-chunks":
            body = b"".join(b"1\r\n" + bytes([65 + i % 26]) + b"\r\n" for i in range(min(arg, 1 << 20)))
            conn.sendall(b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n")
            left = arg
            while left > 0:
                part = min(left, 1 << 20)
                conn.sendall(body[: part * 6])
                left -= part
            conn.sendall(b"0\r\n\r\n")
        elif mode == "lying-length":
            conn.sendall(b"HTTP/1.1 200 OK\r\nETag: \"v1\"\r\nContent-Length: %d\r\n\r\n0123456789" % arg)
        elif mode == "close":
            pass
        elif mode == "bad-chunk":
            conn.sendall(b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\nzz\r\n")
    except OSError:
        pass
    finally:
        conn.close()


listener = socket.socket()
listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
listener.bind(("127.0.0.1", port))
listener.listen(16)
while True:
    conn, _ = listener.accept()
    threading.Thread(target=serve, args=(conn,), daemon=True).start()
