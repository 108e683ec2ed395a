import CHaulSystem
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import HaulCore
import NIOConcurrencyHelpers

/// Haul's one connection pool: every request of every download and every segment leases its connection here,
/// whichever client carries it, keyed by ``PoolKey`` (scheme, origin and proxy). The decisions (who gets which
/// connection, when one is opened, reused or closed, how many a host may have, who waits) are HaulCore's
/// `ConnectionPoolMachine`, a pure state machine tested without sockets; this class only takes a lock, holds the idle
/// sockets, resumes the requests that waited and closes what the machine says.
///
/// - Per-host limit: the connections leased, opening and idle to one host (`name:port`, through any route) never
///   exceed its limit; a request beyond it waits, first come first served, until one is given back. The limit is
///   `defaultLimit` (`ConnectionCount.poolHostLimit`, 64: twice the largest count one download may type) until
///   the host teaches less: `HostBudgetBook`'s lesson in force, set by the engine at each download's start
///   (`setLimit`). How many connections one download uses is decided above, by its `TransferMachine` within
///   the budget `HostBudgetBook` grants; the pool is where all downloads meet.
/// - Keep-alive: a direct connection (`DirectHTTPRequest`) read to the end of a response the server keeps open is
///   given back with its socket (and, over https, its TLS session: `KeptConnection`) and leased to the next request
///   for the same key (the most recently used first); one idle for `idleLifetime` is closed. A connection
///   AsyncHTTPClient carries (HTTP/2 offered, SOCKS) holds its lease while its request and body are in flight and is
///   given back as not reusable: its socket, TLS session and keep-alive stay in AsyncHTTPClient's own pool, which
///   this one admits requests to (docs/architecture.md, "One pool, two carriers"); a kept connection such a lease
///   was given is closed (`PoolLease.droppingKept`).
/// - Opening: the machine's `open` is reported opened at once, and the request it is leased to connects on its own
///   thread or event loop, under its own connect timeout and cancel; a connect that fails gives the lease back as
///   not reusable (the engine's retry rules then decide about the request), so the pool never holds a request
///   hostage to another request's connect.
final class ConnectionPool: Sendable {
    /// A host's limit until it teaches less (`ConnectionCount.poolHostLimit`).
    static let defaultLimit = ConnectionCount.poolHostLimit
    /// What a request is told once the pool is closed (its transport shut down): nothing more is sent.
    static let shutDown = HaulError(.cancelled, "cancelled")

    private struct State {
        var machine: ConnectionPoolMachine
        /// Idle keep-alive connections (a socket, with its TLS session for https), by the machine's connection.
        var sockets: [PooledConnectionID: KeptConnection] = [:]
        /// Requests waiting for a lease.
        var waiting: [PoolRequestID: CheckedContinuation<PoolLease, any Error>] = [:]
        var nextRequest = 0
        var closed = false
    }

    private let state: NIOLockedValueBox<State>
    /// The clock the machine counts idle seconds on: the client's (`HaulConfiguration.clock`), so a test moves it.
    private let clock: MonotonicClock

    init(
        defaultLimit: Int = ConnectionPool.defaultLimit, idleLifetime: Duration = .seconds(ConnectionCount.poolIdleSeconds),
        clock: MonotonicClock = .system
    ) {
        self.clock = clock
        let seconds = Double(idleLifetime.components.seconds) + Double(idleLifetime.components.attoseconds) / 1e18
        state = NIOLockedValueBox(State(machine: ConnectionPoolMachine(
            settings: .init(defaultLimit: defaultLimit, idleSeconds: seconds)
        )))
    }

    private var now: Double { clock.now() }

    /// A lease for `key` now, or `nil` when the host is at its limit (the caller sends later, through `lease`).
    func leaseNow(_ key: PoolKey) -> PoolLease? {
        let now = self.now
        var effects = Effects()
        let lease = state.withLockedValue { state -> PoolLease? in
            guard !state.closed else { return nil }
            state.nextRequest += 1
            let request = PoolRequestID(state.nextRequest)
            perform(state.machine.closeIdle(at: now), in: &state, effects: &effects)
            perform(state.machine.request(request, for: key), in: &state, effects: &effects)
            if let granted = effects.granted.removeValue(forKey: request) { return granted }
            perform(state.machine.cancel(request, for: key), in: &state, effects: &effects)
            return nil
        }
        effects.run()
        return lease
    }

    /// A lease for `key`, once the host has room: at once when it has, else after the requests that came first.
    ///
    /// - Throws: `CancellationError` when the task is cancelled while it waits; `shutDown` once the pool is closed.
    func lease(_ key: PoolKey) async throws -> PoolLease {
        let request = state.withLockedValue { state -> PoolRequestID in
            state.nextRequest += 1
            return PoolRequestID(state.nextRequest)
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let now = self.now
                var effects = Effects()
                state.withLockedValue { state in
                    guard !state.closed, !Task.isCancelled else {
                        effects.failed.append((continuation, state.closed ? Self.shutDown : CancellationError()))
                        return
                    }
                    state.waiting[request] = continuation
                    perform(state.machine.closeIdle(at: now), in: &state, effects: &effects)
                    perform(state.machine.request(request, for: key), in: &state, effects: &effects)
                }
                effects.run()
            }
        } onCancel: {
            var effects = Effects()
            state.withLockedValue { state in
                guard let continuation = state.waiting.removeValue(forKey: request) else { return }
                perform(state.machine.cancel(request, for: key), in: &state, effects: &effects)
                effects.failed.append((continuation, CancellationError()))
            }
            effects.run()
        }
    }

    /// Gives `lease`'s connection back: with its `socket` to keep (a response read to its end on a connection the
    /// server keeps open), or `nil` when there is nothing to keep (closed, cut, or carried by AsyncHTTPClient).
    fileprivate func giveBack(_ lease: PoolLease, keeping socket: KeptConnection?) {
        let now = self.now
        var effects = Effects()
        state.withLockedValue { state in
            let reusable = socket != nil && !state.closed
            if let socket {
                if reusable { state.sockets[lease.connection] = socket } else { effects.closing.append(socket) }
            }
            perform(state.machine.released(lease.connection, reusable: reusable, at: now), in: &state, effects: &effects)
        }
        effects.run()
    }

    /// Sets `host`'s limit (`PoolKey.host` form): a lesson `HostBudgetBook` holds, or back to the default.
    func setLimit(_ limit: Int?, forHost host: String) {
        var effects = Effects()
        state.withLockedValue { state in
            let limit = limit ?? state.machine.settings.defaultLimit
            guard state.machine.limit(forHost: host) != limit else { return }
            perform(state.machine.setLimit(limit, forHost: host), in: &state, effects: &effects)
        }
        effects.run()
    }

    /// Closes every idle connection and fails every waiting request; connections given back later are closed.
    func closeAll() {
        var effects = Effects()
        state.withLockedValue { state in
            state.closed = true
            perform(state.machine.closeIdle(at: .infinity), in: &state, effects: &effects)
            effects.closing += state.sockets.values
            state.sockets = [:]
            for (_, continuation) in state.waiting { effects.failed.append((continuation, Self.shutDown)) }
            state.waiting = [:]
        }
        effects.run()
    }

    /// Idle connections kept for `key` (for tests).
    func idleCount(_ key: PoolKey) -> Int {
        state.withLockedValue { $0.machine.idleCount(for: key) }
    }

    /// Requests waiting for a lease now (for tests: a test waits for a waiter to be in line, not for time).
    var waitingCount: Int {
        state.withLockedValue { $0.waiting.count }
    }

    /// The limit in force for `host` (`PoolKey.host` form).
    func limit(forHost host: String) -> Int {
        state.withLockedValue { $0.machine.limit(forHost: host) }
    }

    /// Connections leased, opening or idle to `host` (for tests).
    func connectionCount(forHost host: String) -> Int {
        state.withLockedValue { $0.machine.connectionCount(forHost: host) }
    }

    deinit { closeAll() }

    // MARK: - Performing the machine's actions

    /// What to do once the lock is released: resume requests, close sockets.
    private struct Effects {
        var granted: [PoolRequestID: PoolLease] = [:]
        var resumed: [(CheckedContinuation<PoolLease, any Error>, PoolLease)] = []
        var failed: [(CheckedContinuation<PoolLease, any Error>, any Error)] = []
        var closing: [KeptConnection] = []

        func run() {
            for kept in closing { kept.close() }
            for (continuation, lease) in resumed { continuation.resume(returning: lease) }
            for (continuation, error) in failed { continuation.resume(throwing: error) }
        }
    }

    private func perform(_ actions: [ConnectionPoolMachine.Action], in state: inout State, effects: inout Effects) {
        var queue = actions[...]
        while let action = queue.popFirst() {
            switch action {
            case .open(let connection, _):
                // Opened at once: the request it goes to connects (see the type's summary).
                queue.append(contentsOf: state.machine.connectionOpened(connection, at: now))
            case .lease(let connection, let request):
                let lease = PoolLease(
                    pool: self, connection: connection, kept: state.sockets.removeValue(forKey: connection)
                )
                if let continuation = state.waiting.removeValue(forKey: request) {
                    effects.resumed.append((continuation, lease))
                } else {
                    effects.granted[request] = lease
                }
            case .close(let connection):
                if let socket = state.sockets.removeValue(forKey: connection) { effects.closing.append(socket) }
            case .fail(let request, let reason):
                if let continuation = state.waiting.removeValue(forKey: request) {
                    effects.failed.append((continuation, HaulError(.network, reason)))
                }
            }
        }
    }
}

/// One request's hold on a connection of the `ConnectionPool`, from the lease until `finish`: the connection counts
/// against its host's limit all that time. Given back once; a lease dropped without `finish` (a body nobody read to
/// its end, a request that failed) gives its connection back as not reusable.
final class PoolLease: Sendable {
    private let pool: ConnectionPool
    /// The machine's connection.
    let connection: PooledConnectionID
    /// A kept-alive connection to send on (its socket, and its TLS session for https), now the lease holder's, who
    /// uses it or closes it (`KeptConnection.close`); `nil`: the holder connects.
    let kept: KeptConnection?
    /// The kept connection's socket.
    var socket: Int32? { kept?.socket }
    private let finished = NIOLockedValueBox(false)

    fileprivate init(pool: ConnectionPool, connection: PooledConnectionID, kept: KeptConnection?) {
        self.pool = pool
        self.connection = connection
        self.kept = kept
    }

    /// Gives the connection back, with `socket` (and its `tls` session) to keep for the next request (the holder no
    /// longer uses or closes them), or `nil` when the holder closed it or never had one. Later calls do nothing.
    func finish(keeping socket: Int32? = nil, tls: TLSConnection? = nil) {
        let first = finished.withLockedValue { done in
            defer { done = true }
            return !done
        }
        let kept = socket.map { KeptConnection(socket: $0, tls: tls) }
        if first {
            pool.giveBack(self, keeping: kept)
        } else {
            kept?.close()
        }
    }

    /// The lease for a request AsyncHTTPClient carries: it cannot send on a kept socket (nor its TLS session), so a
    /// kept connection is closed here rather than leaked, and the lease counts as a fresh connection.
    func droppingKept() -> PoolLease {
        kept?.close()
        return self
    }

    deinit { finish() }
}

/// A connection the pool keeps between requests: the socket, and for https the TLS session on it
/// (`TLSConnection`), which only the request holding the lease uses. Handed from thread to thread through the
/// pool's lock, never used by two at once.
struct KeptConnection: @unchecked Sendable {
    let socket: Int32
    let tls: TLSConnection?

    /// Frees the TLS session, then closes the socket.
    func close() {
        tls?.close()
        closeDescriptor(socket)
    }
}

/// `close(2)`, under a name a type's own `close()` does not hide.
private func closeDescriptor(_ descriptor: Int32) {
    close(descriptor)
}
