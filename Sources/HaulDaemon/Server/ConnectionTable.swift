/// The open connections, what each is doing and what it has shown of the secret: the decisions of the connection
/// cap, without I/O.
///
/// A cap alone let 256 sockets that send nothing lock every client out (issue 33, point 3), and 256 WebSockets
/// that send nothing did the same (issue 58). The rule, whatever the route a connection asks for:
///
/// 1. At the cap, a new connection is admitted by closing one that has not shown the secret, in this order
///    (`victim`): one that sent a wrong token (the oldest first); one waiting for a request (the longest idle); one
///    sending or being answered a request (the longest so); a WebSocket (the newest first, so that listeners that
///    were there before a flood keep their place). Only when none is left, one that has shown the secret and
///    waits for its next request (an idle keep-alive connection, the longest idle). A WebSocket that has shown the
///    secret, or a request of such a connection in progress, is never closed for another; when every open
///    connection is one of those, the new one is refused.
/// 2. WebSockets that have not shown the secret are at most `listenersWithoutSecret`: when one more becomes a
///    WebSocket, the one closed is one that sent a wrong token, else the newest other than the newcomer (which may
///    still send its first call with the secret).
///
/// A connection has shown the secret once one of its calls carried it (`secret(_:shown:)`); from then on a wrong
/// token does not undo it, and a right one after a wrong one does.
struct ConnectionTable {
    /// A connection, numbered in the order of opening.
    typealias ID = UInt64

    /// What a connection is doing.
    enum Activity: Equatable {
        /// Waiting for a request: just opened, between keep-alive requests, or with a request head not yet whole.
        case waiting
        /// A request is arriving (its head was read) or being answered.
        case busy
        /// Upgraded to a WebSocket.
        case webSocket
    }

    /// What a connection has shown of the secret.
    enum Secret: Equatable {
        case notShown
        /// One of its calls carried the secret.
        case shown
        /// A call carried a wrong token (and none the right one since).
        case wrong
    }

    /// What to do with a new connection.
    enum Admission: Equatable {
        case admit
        /// Admit it after closing this connection.
        case admitClosing(ID)
        case refuse
    }

    private struct Entry {
        var activity: Activity
        /// The tick the connection started its activity at (a sequence, not a clock: only the order counts).
        var since: UInt64
        var secret: Secret = .notShown
    }

    let capacity: Int
    /// The most WebSockets that have not shown the secret (rule 2).
    let listenersWithoutSecret: Int
    private var entries: [ID: Entry] = [:]
    private var tick: UInt64 = 0

    init(capacity: Int, listenersWithoutSecret: Int? = nil) {
        self.capacity = max(capacity, 1)
        self.listenersWithoutSecret = max(listenersWithoutSecret ?? capacity, 0)
    }

    var count: Int { entries.count }

    /// WebSockets open that have not shown the secret.
    var listenersWithoutSecretCount: Int {
        entries.values.filter { $0.activity == .webSocket && $0.secret != .shown }.count
    }

    /// A connection `id` was accepted (rule 1).
    mutating func open(_ id: ID) -> Admission {
        tick += 1
        if entries.count < capacity {
            entries[id] = Entry(activity: .waiting, since: tick)
            return .admit
        }
        guard let victim = victim() else { return .refuse }
        entries[victim] = nil
        entries[id] = Entry(activity: .waiting, since: tick)
        return .admitClosing(victim)
    }

    /// Connection `id` now does `activity` (ignored once it is closed or was closed for another).
    ///
    /// - Returns: a connection to close now, when `id` became one WebSocket without the secret too many (rule 2).
    mutating func update(_ id: ID, to activity: Activity) -> ID? {
        guard let entry = entries[id], entry.activity != activity else { return nil }
        tick += 1
        entries[id] = Entry(activity: activity, since: tick, secret: entry.secret)
        guard activity == .webSocket, entry.secret != .shown, listenersWithoutSecretCount > listenersWithoutSecret else {
            return nil
        }
        let victim = listenerToClose(excluding: id) ?? id
        entries[victim] = nil
        return victim
    }

    /// A call on connection `id` carried the secret (`right`) or a wrong token.
    mutating func secret(_ id: ID, shown right: Bool) {
        guard var entry = entries[id] else { return }
        if right {
            entry.secret = .shown
        } else if entry.secret == .notShown {
            entry.secret = .wrong
        }
        entries[id] = entry
    }

    /// What connection `id` has shown of the secret; `nil` once it is closed.
    func secret(of id: ID) -> Secret? {
        entries[id]?.secret
    }

    /// Connection `id` closed.
    mutating func closed(_ id: ID) {
        entries[id] = nil
    }

    // MARK: Choosing

    /// The connection to close to admit another (rule 1), `nil` when none may be.
    private func victim() -> ID? {
        entries
            .compactMap { id, entry in Self.rank(entry).map { (id: id, rank: $0) } }
            .min { $0.rank < $1.rank }?.id
    }

    /// The WebSocket without the secret to close when they are too many (rule 2), sparing `newcomer`.
    private func listenerToClose(excluding newcomer: ID) -> ID? {
        entries.filter { $0.key != newcomer && $0.value.activity == .webSocket && $0.value.secret != .shown }
            .compactMap { id, entry in Self.rank(entry).map { (id: id, rank: $0) } }
            .min { $0.rank < $1.rank }?.id
    }

    /// Where a connection stands in the order of closing (lower first); `nil` when it is never closed for another.
    private static func rank(_ entry: Entry) -> Rank? {
        switch (entry.secret, entry.activity) {
        case (.wrong, _): return Rank(group: 0, order: entry.since)
        case (.notShown, .waiting): return Rank(group: 1, order: entry.since)
        case (.notShown, .busy): return Rank(group: 2, order: entry.since)
        case (.notShown, .webSocket): return Rank(group: 3, order: UInt64.max - entry.since)  // the newest first
        case (.shown, .waiting): return Rank(group: 4, order: entry.since)
        case (.shown, .busy), (.shown, .webSocket): return nil
        }
    }

    private struct Rank: Comparable {
        var group: Int
        var order: UInt64

        static func < (a: Rank, b: Rank) -> Bool {
            (a.group, a.order) < (b.group, b.order)
        }
    }
}
