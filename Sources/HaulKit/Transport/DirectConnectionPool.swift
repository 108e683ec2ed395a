import CHaulSystem
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import HaulCore
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
    /// At most this many idle connections per host and port; more are closed.
    static let idlePerServer = 16
    /// An idle connection older than this is closed rather than reused (`IdleConnections`). 30 seconds unless a
    /// test says otherwise.
    let idleLifetime: Duration

    /// What is kept, decided by HaulCore's `IdleConnections`; this class only reads the clock, checks that a
    /// connection is still quiet, and closes sockets.
    private let idle: NIOLockedValueBox<IdleConnections<Int32>>
    /// The clock's origin: `IdleConnections` counts seconds from it.
    private let start = ContinuousClock.now

    init(idleLifetime: Duration = .seconds(30)) {
        self.idleLifetime = idleLifetime
        let seconds = Double(idleLifetime.components.seconds) + Double(idleLifetime.components.attoseconds) / 1e18
        idle = NIOLockedValueBox(IdleConnections(perServer: Self.idlePerServer, lifetime: seconds))
    }

    private var now: Double {
        let elapsed = start.duration(to: .now)
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// An idle connection to `server` that is still quiet, or `nil`. The caller owns it from now on.
    func take(_ server: String) -> Int32? {
        var stale: [Int32] = []
        defer { for socket in stale { close(socket) } }
        let now = self.now
        return idle.withLockedValue { idle -> Int32? in
            while true {
                let (socket, expired) = idle.take(server, now: now)
                stale += expired
                guard let socket else { return nil }
                if haul_socket_is_quiet(socket) == 1 { return socket }
                stale.append(socket)
            }
        }
    }

    /// Keeps `socket`, a connection to `server` between two requests, for the next request to it; closes it when
    /// the pool is full or closed, and closes every connection idle for longer than `idleLifetime` on the way.
    func give(_ socket: Int32, to server: String) {
        let now = self.now
        let closing = idle.withLockedValue { $0.keep(socket, for: server, now: now) }
        for stale in closing { close(stale) }
    }

    /// Closes every idle connection; later ones given back are closed at once.
    func closeAll() {
        for socket in idle.withLockedValue({ $0.closeAll() }) { close(socket) }
    }

    /// How many idle connections are kept for `server` (for tests).
    func idleCount(_ server: String) -> Int {
        idle.withLockedValue { $0.count(server) }
    }

    deinit { closeAll() }
}
