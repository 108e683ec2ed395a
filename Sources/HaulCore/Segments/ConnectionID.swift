/// Names one connection of a multi-connection download. The `SegmentPlanner` hands them out, counting from 1; a
/// connection that finishes its segment and is given another keeps its id.
public struct ConnectionID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The number, unique within one planner.
    public let rawValue: Int

    /// Wraps a number.
    public init(_ rawValue: Int) {
        self.rawValue = rawValue
    }

    public static func < (lhs: ConnectionID, rhs: ConnectionID) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "#\(rawValue)" }
}
