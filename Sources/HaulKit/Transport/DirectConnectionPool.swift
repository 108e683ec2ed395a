import CHaulSystem
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import NIOConcurrencyHelpers

/// The idle keep-alive connections of direct requests (`DirectHTTPRequest`), by host and port, for the next
/// request to the same server.
///
/// Why: a queue of small files from one server is where a download manager spends most of its life, and a new TCP
/// connection per file costs a connect, a thread's worth of set-up in the server, and slow start. A connection goes
/// back here only after a response whose body ended exactly where its framing said and whose server keeps it open
/// (`HTTP1Response.Head.keepsConnectionOpen`); a body read to the close, cut short, or left unread never does.
///
/// A kept connection may have been closed by the server since (its keep-alive timeout, or its limit of requests per
/// connection). `take` drops the ones that became readable while idle (a close, a reset or bytes nobody asked for);
/// one the server closes while the request is on its way is retried once on a new connection by the request itself
/// (a GET is idempotent, RFC 9110 §9.2.2), as curl and AsyncHTTPClient do.
final class DirectConnectionPool: Sendable {
    private struct Idle {
        var socket: Int32
        var since: ContinuousClock.Instant
    }

    /// At most this many idle connections per host and port; more are closed.
    static let idlePerServer = 16
    /// An idle connection older than this is closed rather than reused: servers commonly time theirs out after
    /// 5 to 75 seconds, and a closed one would only cost a failed attempt. 30 seconds unless a test says otherwise.
    let idleLifetime: Duration

    /// Idle connections by `"host:port"`, the most recently used last; `nil` once closed.
    private let idle = NIOLockedValueBox<[String: [Idle]]?>([:])

    init(idleLifetime: Duration = .seconds(30)) {
        self.idleLifetime = idleLifetime
    }

    /// An idle connection to `server` that is still quiet, or `nil`. The caller owns it from now on.
    func take(_ server: String) -> Int32? {
        var stale: [Int32] = []
        defer { for socket in stale { close(socket) } }
        let now = ContinuousClock.now
        return idle.withLockedValue { idle -> Int32? in
            while let last = idle?[server]?.popLast() {
                if now - last.since < idleLifetime, haul_socket_is_quiet(last.socket) == 1 { return last.socket }
                stale.append(last.socket)
            }
            return nil
        }
    }

    /// Keeps `socket`, a connection to `server` between two requests, for the next request to it; closes it when
    /// the pool is full or closed. Connections idle for longer than `idleLifetime`, to any server, are closed on
    /// the way: a long-running process (the daemon) keeps no connection to a server it stopped using.
    func give(_ socket: Int32, to server: String) {
        let now = ContinuousClock.now
        var closing: [Int32] = []
        idle.withLockedValue { idle in
            guard var kept = idle else {
                closing.append(socket)
                return
            }
            for (key, list) in kept where list.contains(where: { now - $0.since >= idleLifetime }) {
                var fresh: [Idle] = []
                for connection in list {
                    if now - connection.since < idleLifetime { fresh.append(connection) } else { closing.append(connection.socket) }
                }
                kept[key] = fresh.isEmpty ? nil : fresh
            }
            if kept[server, default: []].count < Self.idlePerServer {
                kept[server, default: []].append(Idle(socket: socket, since: now))
            } else {
                closing.append(socket)
            }
            idle = kept
        }
        for stale in closing { close(stale) }
    }

    /// Closes every idle connection; later ones given back are closed at once.
    func closeAll() {
        let all = idle.withLockedValue { idle -> [Idle] in
            defer { idle = nil }
            return idle?.values.flatMap { $0 } ?? []
        }
        for connection in all { close(connection.socket) }
    }

    /// How many idle connections are kept for `server` (for tests).
    func idleCount(_ server: String) -> Int {
        idle.withLockedValue { $0?[server]?.count ?? 0 }
    }

    deinit { closeAll() }
}
