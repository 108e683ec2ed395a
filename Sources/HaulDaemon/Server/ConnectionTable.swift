/// The open connections and what each is doing: the decisions of the connection cap, without I/O.
///
/// A cap alone let 256 sockets that send nothing lock every client out (issue 33, point 3). At the cap, the
/// connection that has waited longest for a request (never sent one, or idle between keep-alive requests, or
/// still sending its head) is closed to admit the new one. Connections answering a request and WebSockets
/// (which wait for notifications by design) are never closed for another; when every open connection is one of
/// those, the new one is refused.
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

    /// What to do with a new connection.
    enum Admission: Equatable {
        case admit
        /// Admit it after closing this idle connection.
        case admitClosing(ID)
        case refuse
    }

    let capacity: Int
    /// Each connection's activity and the tick it started it at (a sequence, not a clock: only the order counts).
    private var entries: [ID: (activity: Activity, since: UInt64)] = [:]
    private var tick: UInt64 = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
    }

    var count: Int { entries.count }

    /// A connection `id` was accepted.
    mutating func open(_ id: ID) -> Admission {
        tick += 1
        if entries.count < capacity {
            entries[id] = (.waiting, tick)
            return .admit
        }
        let idle = entries.filter { $0.value.activity == .waiting }.min { $0.value.since < $1.value.since }
        guard let victim = idle?.key else { return .refuse }
        entries[victim] = nil
        entries[id] = (.waiting, tick)
        return .admitClosing(victim)
    }

    /// Connection `id` now does `activity` (ignored once it is closed or was closed for another).
    mutating func update(_ id: ID, to activity: Activity) {
        guard let entry = entries[id], entry.activity != activity else { return }
        tick += 1
        entries[id] = (activity, tick)
    }

    /// Connection `id` closed.
    mutating func closed(_ id: ID) {
        entries[id] = nil
    }
}
