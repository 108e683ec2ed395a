/// Work for one connection: fetch `[start, end)` of the file and stop at `end` (which may shrink later, see
/// `SegmentShrink`).
///
/// Work taken from a running connection comes in one of two shapes: the back part of its range (`shrink`: it
/// keeps running up to the cut) or its whole remaining range (`replaces`: it must be cancelled).
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
    /// When this assignment takes over the whole remaining range of a running connection that is too slow: that
    /// connection. The planner has already forgotten it; cancel it now. Until it stops it may still write a few
    /// bytes of the range (the same bytes of the same version) but its reports are refused (`.unknownConnection`),
    /// so nothing is counted twice.
    public let replaces: ConnectionID?

    /// Creates an assignment.
    public init(connection: ConnectionID, start: Int64, end: Int64, shrink: SegmentShrink? = nil, replaces: ConnectionID? = nil) {
        precondition(0 <= start && start < end, "an assignment covers at least one byte")
        precondition(shrink == nil || replaces == nil, "work is either cut from a connection or taken from it whole")
        self.connection = connection
        self.start = start
        self.end = end
        self.shrink = shrink
        self.replaces = replaces
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
