/// Work for one connection: fetch `[start, end)` of the file and stop at `end` (which may shrink later, see
/// `SegmentShrink`).
public struct SegmentAssignment: Hashable, Sendable {
    /// The connection that does the work (new from `nextAssignment()`, the same one after `connectionFinished`).
    public let connection: ConnectionID
    /// The first byte to fetch: the segment's `next`.
    public let start: Int64
    /// Where to stop, exclusive: the segment's `end` at the time of the assignment.
    public let end: Int64
    /// When the range was cut from a running connection's segment: that connection, which must now stop at
    /// `shrink.end` (== `start`). Tell it before (or while) this connection starts.
    public let shrink: SegmentShrink?

    /// Creates an assignment.
    public init(connection: ConnectionID, start: Int64, end: Int64, shrink: SegmentShrink? = nil) {
        precondition(0 <= start && start < end, "an assignment covers at least one byte")
        self.connection = connection
        self.start = start
        self.end = end
        self.shrink = shrink
    }

    /// Whether the request is open-ended: a fetch from byte 0 asks for the whole file (`bytes=0-`, or no `Range`
    /// at all, so a 200 is the expected answer) and the connection stops by itself at `end`. Every other
    /// assignment is a closed ranged GET.
    public var isOpenEnded: Bool { start == 0 }

    /// The range to request: `[start, nil)` when open-ended, else `[start, end)`.
    public var range: ByteRange { ByteRange(start, isOpenEnded ? nil : end) }
}

/// A running connection's segment was cut short: the connection must stop at `end` instead of its old end. Bytes
/// past `end` belong to another segment and must be neither written nor reported.
public struct SegmentShrink: Hashable, Sendable {
    /// The connection whose segment shrank.
    public let connection: ConnectionID
    /// Its new end, exclusive.
    public let end: Int64

    /// Creates a notice.
    public init(connection: ConnectionID, end: Int64) {
        self.connection = connection
        self.end = end
    }
}
