/// One contiguous part of a file, `[start, end)`, of which `[start, next)` has arrived and `[next, end)` has not.
///
/// `end` shrinks when the rest of the segment is split off to another connection; `start` never moves and `next`
/// only grows. A checkpoint is the list of `(start, end, next)`; the owner is not saved.
public struct Segment: Hashable, Sendable, CustomStringConvertible {
    /// The first byte of the segment.
    public var start: Int64
    /// One past the last byte of the segment.
    public var end: Int64
    /// The first byte not yet received.
    public var next: Int64
    /// The connection fetching `[next, end)`, or `nil` while the segment waits for one (or is complete).
    public var owner: ConnectionID?

    /// Creates a segment. Nothing is checked here (a saved record may be corrupt); the planner checks
    /// `0 <= start <= next <= end` when it restores segments.
    public init(start: Int64, end: Int64, next: Int64, owner: ConnectionID? = nil) {
        self.start = start
        self.end = end
        self.next = next
        self.owner = owner
    }

    /// Bytes received: `next - start`.
    public var receivedBytes: Int64 { next - start }
    /// Bytes still to fetch: `end - next`.
    public var remainingBytes: Int64 { end - next }
    /// Whether every byte of the segment has arrived (`next == end`).
    public var isComplete: Bool { next == end }

    public var description: String {
        "[\(start), \(end)) next \(next)" + (owner.map { " owner \($0)" } ?? "")
    }
}
