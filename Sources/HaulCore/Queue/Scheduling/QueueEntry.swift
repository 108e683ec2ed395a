/// One download as the scheduler sees it.
public struct QueueEntry: Hashable, Sendable {
    /// The download's id in the store; unique within a queue.
    public var id: Int64
    /// Where the download is in its life; only `.queued` ones are started.
    public var state: DownloadState
    /// Higher runs first.
    public var priority: Int
    /// Position among equal priorities, lower first: the order added, rewritten by `QueuePolicy.movingToTop` and
    /// `movingToBottom`.
    public var addedOrder: Int64
    /// Connections the download asks for; values below 1 count as 1.
    public var requestedConnections: Int
    /// Connections a running download holds; `nil` counts it as holding `requestedConnections`. Ignored unless
    /// the state is `.downloading`.
    public var grantedConnections: Int?
    /// A running download whose bytes are all in, being verified, flushed and renamed: it holds no connection, and
    /// no slot while there are no more such downloads than `maxConcurrent` (see `QueuePolicy`). Ignored unless the
    /// state is `.downloading`.
    public var isFinishing: Bool

    /// Creates an entry.
    public init(
        id: Int64,
        state: DownloadState,
        priority: Int = 0,
        addedOrder: Int64,
        requestedConnections: Int = 1,
        grantedConnections: Int? = nil,
        isFinishing: Bool = false
    ) {
        self.id = id
        self.state = state
        self.priority = priority
        self.addedOrder = addedOrder
        self.requestedConnections = requestedConnections
        self.grantedConnections = grantedConnections
        self.isFinishing = isFinishing
    }

    /// Whether it is downloading and still receiving (not finishing).
    var isTransferring: Bool { state == .downloading && !isFinishing }

    /// The connections this entry counts against the global cap: at least 1 while receiving, else 0.
    var heldConnections: Int {
        isTransferring ? max(1, grantedConnections ?? requestedConnections) : 0
    }
}

/// How much may run at once.
public struct QueueLimits: Hashable, Sendable {
    /// The most downloads receiving at once; 0 holds the queue. Downloads that are finishing (verified, flushed,
    /// renamed) count beyond it, up to as many again (see `QueuePolicy`).
    public var maxConcurrent: Int
    /// The most connections across all running downloads (the global connection cap).
    public var maxTotalConnections: Int

    /// Creates limits; both must be at least 0. Nothing is checked here, so a value a person typed never stops the
    /// program: `DownloadManager` refuses negative limits with an error where they are given.
    public init(maxConcurrent: Int, maxTotalConnections: Int) {
        self.maxConcurrent = maxConcurrent
        self.maxTotalConnections = maxTotalConnections
    }

    /// Limits whose connection cap is what `maxConcurrent` downloads could open anyway, each at most
    /// `connectionsEach`: the one rule of every front-end for a cap nobody chose (`--max-connections` chooses one).
    /// `connectionsEach` is the count's most where every download has the same count (`haul URL... -x N`), else
    /// ``ConnectionCount/range``'s upper bound, since each download may carry a count of its own (the library,
    /// `haul resume`, the daemon). So the cap never holds back a download the host budget would let run; it only
    /// bounds the whole when someone asks for less.
    public init(maxConcurrent: Int, connectionsEach: Int) {
        let (product, overflow) = max(maxConcurrent, 0).multipliedReportingOverflow(by: max(connectionsEach, 0))
        self.init(maxConcurrent: maxConcurrent, maxTotalConnections: overflow ? Int.max : product)
    }

    /// The limits of a queue nobody gave any: 5 downloads at once (aria2's `max-concurrent-downloads`; the
    /// library, `haul` and the daemon alike), each with whatever count it carries (160 connections in all).
    public static let standard = QueueLimits(maxConcurrent: 5, connectionsEach: ConnectionCount.range.upperBound)
}

/// Start this queued download now with this many connections.
public struct StartDecision: Hashable, Sendable, CustomStringConvertible {
    /// The download to start.
    public var id: Int64
    /// Connections granted: at least 1, at most what it requested.
    public var connections: Int

    /// Creates a decision.
    public init(id: Int64, connections: Int) {
        self.id = id
        self.connections = connections
    }

    public var description: String { "start \(id) with \(connections) connection\(connections == 1 ? "" : "s")" }
}
