/// Which kept-alive connections a pool holds between requests, and which it closes: the decisions of a keep-alive
/// pool without a socket (HaulKit's `DirectConnectionPool` performs them), so they are tested with plain values.
///
/// Rules, as curl and AsyncHTTPClient keep connections:
/// - A request takes the connection to its server that was kept last (the most recently used is the least likely
///   to have been closed by the server's keep-alive timeout).
/// - A connection idle for `lifetime` or longer is never handed out: servers commonly time theirs out after 5 to 75
///   seconds, and a closed one would only cost a failed attempt. Keeping a connection sweeps such old ones of every
///   server, so a long-running process keeps nothing for a server it stopped using.
/// - At most `perServer` idle connections per server; one more is closed.
/// - Once closed, the pool keeps nothing: a connection given back then is closed at once.
///
/// Whether a connection is still quiet (not closed or written to by the server while idle) is the caller's check,
/// an I/O one: it closes a connection that is not, and asks for the next.
public struct IdleConnections<Connection: Sendable>: Sendable {
    private struct Idle: Sendable {
        var connection: Connection
        /// When it was kept, in the caller's monotonic seconds.
        var since: Double
    }

    /// At most this many idle connections per server.
    public let perServer: Int
    /// Seconds after which an idle connection is closed rather than reused.
    public let lifetime: Double
    /// Idle connections by server, the most recently kept last; `nil` once closed.
    private var idle: [String: [Idle]]? = [:]

    /// An empty pool.
    public init(perServer: Int, lifetime: Double) {
        precondition(perServer >= 0 && lifetime >= 0)
        self.perServer = perServer
        self.lifetime = lifetime
    }

    /// Whether `closeAll()` has run.
    public var isClosed: Bool { idle == nil }

    /// The connection to `server` kept last that is younger than `lifetime`, removed from the pool (the caller owns
    /// it now), and the older ones met on the way, also removed, for the caller to close.
    public mutating func take(_ server: String, now: Double) -> (connection: Connection?, expired: [Connection]) {
        var expired: [Connection] = []
        while let last = idle?[server]?.popLast() {
            if idle?[server]?.isEmpty == true { idle?[server] = nil }
            if now - last.since < lifetime { return (last.connection, expired) }
            expired.append(last.connection)
        }
        return (nil, expired)
    }

    /// Keeps `connection`, a connection to `server` between two requests, for the next request to it. Returns the
    /// connections the caller must close: those of any server idle for `lifetime` or longer, and `connection`
    /// itself when the server already has `perServer` idle ones or the pool is closed.
    public mutating func keep(_ connection: Connection, for server: String, now: Double) -> [Connection] {
        guard var kept = idle else { return [connection] }
        var closing: [Connection] = []
        for (key, list) in kept where list.contains(where: { now - $0.since >= lifetime }) {
            let fresh = list.filter { now - $0.since < lifetime }
            closing += list.filter { now - $0.since >= lifetime }.map(\.connection)
            kept[key] = fresh.isEmpty ? nil : fresh
        }
        if kept[server, default: []].count < perServer {
            kept[server, default: []].append(Idle(connection: connection, since: now))
        } else {
            closing.append(connection)
        }
        idle = kept
        return closing
    }

    /// Closes the pool: returns every idle connection for the caller to close; later ones given back are refused.
    public mutating func closeAll() -> [Connection] {
        defer { idle = nil }
        return idle?.values.flatMap { $0.map(\.connection) } ?? []
    }

    /// How many idle connections are kept for `server`.
    public func count(_ server: String) -> Int {
        idle?[server]?.count ?? 0
    }
}
