/// Decides how one file of known length is split across up to N connections, as a pure state machine: events go
/// in (`connectionReceived`, `connectionFinished`, `connectionFailed`, `connectionGaveUp`, `tick`), actions come
/// out, and the runner performs them. No I/O, no clock: time arrives as `Double` seconds in `tick`.
///
/// Initial plan, for `length` bytes, `c` connections and minimum split `m`:
///
///     count = 1                       when length < 2 * m   (one segment [0, length), even for 0 bytes)
///     count = min(c, length / m)      otherwise
///     size(i) = length / count + (i < length % count ? 1 : 0)     (sizes differ by at most one byte)
///
/// so no segment is below `m` unless the file is. Segment 0 is fetched open-ended from byte 0; the others by
/// ranged GETs (asked for in parts when the runner says where each request ends, `SegmentPlanner+Asked`). A connection that finishes takes an unassigned segment, or else steals from a running one. Before
/// any speed is measured, the running segment with the largest remaining range `[next, end)` is cut at
/// `mid = next + (end - next) / 2`: the free connection takes `[mid, end)` and the victim is told its new end, but
/// only when both halves are at least `m`. Once `tick` has measured speeds, the segment whose owner would finish
/// last gives the most: its range is cut so that both connections end together, or, when the owner is so slow
/// that even `m` bytes would take it longer than the free connection needs for the whole rest, the free connection
/// takes over the whole remaining range and the owner is dropped (the endgame, see `bestSteal(sparing:)`).
///
/// The runner's loop: open connections while `nextAssignment()` returns one; report bytes; on the end of a
/// segment call `connectionFinished` and do what it says; on errors call `connectionFailed`/`connectionGaveUp`;
/// about once a second call `tick` and then `nextAssignment()` again. Events for a connection the planner no
/// longer knows (a replaced one whose last bytes were in flight) throw `.unknownConnection` and can be dropped.
public struct SegmentPlanner: Sendable {
    /// Statuses to a ranged request that mean "too many connections": the connection cap is lowered.
    public static let connectionLimitStatuses: Set<Int> = [403, 429, 503]

    /// The file's length in bytes.
    public let length: Int64
    /// The policy in force.
    public let policy: SegmentPolicy
    /// The cap in force: starts at `policy.connections`, lowered after "too many connections"; set within
    /// `1...policy.connections` by `setConnectionLimit(_:)` (a count Haul chooses).
    public internal(set) var maximumConnections: Int
    /// Every segment, in file order: contiguous, non-overlapping, covering `[0, length)` exactly.
    public internal(set) var segments: [Segment]

    var watches: [ConnectionID: ConnectionWatch] = [:]
    /// The speeds `tick` was given for connections it had already seen at an earlier tick (their current
    /// assignment's speed, bytes per second); dropped with the assignment.
    var speeds: [ConnectionID: Double] = [:]
    /// The median speed of the connections at the last tick that had more than one measured: what a lone
    /// connection at the end of a download is compared with.
    var referenceSpeed: Double?
    var lastConnectionNumber = 0
    /// Where each connection's current request ends, when the runner asks in parts (`connectionAsked`).
    var askedEnds: [ConnectionID: Int64] = [:]
    /// Connections over a lowered limit that finish the request they asked for and then close
    /// (`retireAfterAsked(above:)`): they keep their segment, cut at where the request ends, and take no more work.
    public internal(set) var retiring: Set<ConnectionID> = []
    /// The `now` of the last `tick`: how long an owner has been watched, for the steals that judge its speed.
    var lastTick: Double?
    /// The speed each connection had when it finished its last range (the last `tick`'s): a connection that was fast
    /// there is not judged slow on its next range before `measuringSeconds` (`SegmentPlanner+Stealing`, `isJudged`).
    var finishedSpeeds: [ConnectionID: Double] = [:]

    /// Plans a fresh download of `length` bytes; nothing is received and no segment is assigned yet.
    public init(length: Int64, policy: SegmentPolicy = SegmentPolicy()) {
        precondition(length >= 0, "a length is never negative")
        self.length = length
        self.policy = policy
        self.maximumConnections = policy.connections
        self.segments = Self.evenSplit(length: length, policy: policy)
    }

    static func evenSplit(length: Int64, policy: SegmentPolicy) -> [Segment] {
        // `length / 2 >= m` is `length >= 2 * m` without the overflow.
        let count: Int64
        if length / 2 < policy.minimumSplitSize {
            count = 1
        } else if policy.inOrder {
            let piece = policy.inOrderPieceSize(length: length)
            count = max(1, length / piece)
        } else {
            count = min(Int64(policy.connections), length / policy.minimumSplitSize)
        }
        let base = length / count, extra = length % count
        return (0..<count).map { i in
            let start = i * base + min(i, extra)
            let end = start + base + (i < extra ? 1 : 0)
            return Segment(start: start, end: end, next: start)
        }
    }

    /// Bytes received so far: the sum of `next - start` over all segments. Never decreases.
    public var completedBytes: Int64 { segments.reduce(0) { $0 + $1.receivedBytes } }

    /// The bytes from the start of the file that have all arrived: what a player can read while the rest downloads
    /// (the progress an in-order download reports). Never decreases.
    public var contiguousBytes: Int64 {
        var prefix: Int64 = 0
        for segment in segments {
            prefix = segment.next
            if !segment.isComplete { break }
        }
        return prefix
    }

    /// Whether every byte has arrived.
    public var isComplete: Bool { segments.allSatisfy(\.isComplete) }

    /// The connections that own a segment, in file order.
    public var activeConnections: [ConnectionID] { segments.compactMap(\.owner) }

    /// The active connections that are not retiring: what the limit counts.
    public var stayingConnections: [ConnectionID] { activeConnections.filter { !retiring.contains($0) } }

    /// The segment `id` is fetching, if it has one; the runner clips what it writes to its `end`.
    public func segment(ownedBy id: ConnectionID) -> Segment? {
        segments.first { $0.owner == id }
    }

    /// Whether `nextAssignment()` would open a connection: below the cap, and a segment is waiting or a running
    /// one is worth splitting or taking over.
    public var wantsNewConnection: Bool {
        stayingConnections.count < maximumConnections
            && (firstWaitingIndex != nil || bestSteal(sparing: nil, floor: policy.minimumSplitSize) != nil)
    }

    var firstWaitingIndex: Int? {
        segments.firstIndex { $0.owner == nil && !$0.isComplete }
    }

    /// The index of the segment with the largest `end - next` among those `included` (ties: the earliest).
    func largestRemainingIndex(where included: (Segment) -> Bool) -> Int? {
        var best: Int?
        for (i, segment) in segments.enumerated() where included(segment) {
            if best.map({ segment.remainingBytes > segments[$0].remainingBytes }) ?? true { best = i }
        }
        return best
    }

    /// `(end - next) / 2 >= m`: both halves of the remaining range would be at least the minimum split.
    func canSplit(_ segment: Segment) -> Bool {
        segment.remainingBytes / 2 >= policy.minimumSplitSize
    }

    /// Cuts the remaining range of segment `i` at `mid = next + (end - next) / 2`: the segment keeps
    /// `[start, mid)` and owner; `[mid, end)` is inserted after it, unassigned. Returns `mid`.
    @discardableResult
    mutating func splitRemaining(ofSegmentAt i: Int) -> Int64 {
        let old = segments[i]
        let mid = old.next + old.remainingBytes / 2
        segments[i].end = mid
        segments.insert(Segment(start: mid, end: old.end, next: mid), at: i + 1)
        return mid
    }

    func index(of id: ConnectionID) throws(SegmentPlannerError) -> Int {
        guard let i = segments.firstIndex(where: { $0.owner == id }) else { throw .unknownConnection(id) }
        return i
    }
}
