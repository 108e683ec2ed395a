/// Which connection a request gets, when a connection is opened or closed, and how many a host may have: the
/// decisions of Haul's one connection pool as a pure state machine (events in, actions out; no sockets, no clock),
/// in the way of AsyncHTTPClient's `HTTPConnectionPool.HTTP1StateMachine`.
///
/// - Connections are pooled by ``PoolKey`` (scheme, host, port and proxy): only a connection to the same place by
///   the same route can carry a request.
/// - Every download and every segment asks the one pool, so the per-host limit is a limit on the host, whatever
///   is downloading: the count of open and opening connections to a host (through any proxy) never exceeds its
///   limit (``HostBudgetPolicy``'s default, lowered with ``setLimit(_:forHost:)`` when the host refuses more).
/// - Keep-alive: a connection released as reusable goes to the oldest waiter for its key, else stays idle; the
///   most recently used idle connection is leased first (it is the least likely to have been closed by the
///   server), and idle ones are closed after ``Settings/idleSeconds``.
/// - Waiters are served first come, first served per host; a waiter whose key has no idle connection gets a new
///   connection when the host is under its limit, else waits for one to be released or closed.
/// - Over the limit after it was lowered: released connections are closed rather than reused until the count fits.
///
/// Impossible events (a connection the machine never opened, a lease released twice) are programming errors in the
/// layer that performs the actions and stop it loudly (`preconditionFailure`).
public struct ConnectionPoolMachine: Sendable {
    public struct Settings: Hashable, Sendable {
        /// A host's limit until ``setLimit(_:forHost:)`` says otherwise (`ConnectionCount.poolHostLimit`, 64).
        public var defaultLimit: Int
        /// Seconds an idle connection is kept (`ConnectionCount.poolIdleSeconds`, 30).
        public var idleSeconds: Double

        public init(defaultLimit: Int = ConnectionCount.poolHostLimit, idleSeconds: Double = ConnectionCount.poolIdleSeconds) {
            self.defaultLimit = max(1, defaultLimit)
            self.idleSeconds = idleSeconds
        }
    }

    /// What the I/O layer must do.
    public enum Action: Hashable, Sendable {
        /// Open a connection for `key`; report ``connectionOpened(_:)`` or ``connectionFailed(_:)`` with this id.
        case open(PooledConnectionID, PoolKey)
        /// Send `request` on `connection`.
        case lease(PooledConnectionID, to: PoolRequestID)
        /// Close `connection` (idle too long, or over a lowered limit).
        case close(PooledConnectionID)
        /// The request cannot be served: opening its connection failed (the reason as the I/O layer gave it).
        case fail(PoolRequestID, reason: String)
    }

    enum ConnectionState: Hashable, Sendable {
        case opening
        case leased(PoolRequestID)
        case idle(since: Double)
    }

    struct Connection: Hashable, Sendable {
        var key: PoolKey
        var state: ConnectionState
    }

    struct Waiter: Hashable, Sendable {
        var request: PoolRequestID
        var key: PoolKey
    }

    public let settings: Settings
    var connections: [PooledConnectionID: Connection] = [:]
    /// Per host (``PoolKey/host``), oldest first.
    var waiters: [String: [Waiter]] = [:]
    var limits: [String: Int] = [:]
    var nextConnection = 0

    public init(settings: Settings = Settings()) {
        self.settings = settings
    }

    /// The limit in force for `host` (``PoolKey/host`` form).
    public func limit(forHost host: String) -> Int { limits[host] ?? settings.defaultLimit }

    /// Open and opening connections to `host`, through any route.
    public func connectionCount(forHost host: String) -> Int {
        connections.values.count { $0.key.host == host }
    }

    /// Idle connections kept for `key`.
    public func idleCount(for key: PoolKey) -> Int {
        connections.values.count {
            guard $0.key == key, case .idle = $0.state else { return false }
            return true
        }
    }

    /// Requests waiting for a connection to `host`.
    public func waitingCount(forHost host: String) -> Int { waiters[host]?.count ?? 0 }
}

/// Where a pooled connection goes: the origin, and the proxy it goes through (if any). Two requests can share a
/// connection only when their keys are equal.
public struct PoolKey: Hashable, Sendable, CustomStringConvertible {
    public var scheme: String
    public var hostName: String
    public var port: Int
    /// `host:port` of the proxy, or `nil` for a direct connection.
    public var proxy: String?

    public init(scheme: String, host: String, port: Int, proxy: String? = nil) {
        self.scheme = scheme.lowercased()
        self.hostName = host.lowercased()
        self.port = port
        self.proxy = proxy
    }

    /// The host a limit applies to: `name:port`.
    public var host: String { "\(hostName):\(port)" }

    public var description: String { "\(scheme)://\(host)" + (proxy.map { " via \($0)" } ?? "") }
}

/// A connection of the pool, numbered from 1 by the machine.
public struct PooledConnectionID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let rawValue: Int
    public init(_ rawValue: Int) { self.rawValue = rawValue }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { "c\(rawValue)" }
}

/// A request for a connection, numbered by the caller (unique while it waits or holds a lease).
public struct PoolRequestID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let rawValue: Int
    public init(_ rawValue: Int) { self.rawValue = rawValue }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { "r\(rawValue)" }
}
