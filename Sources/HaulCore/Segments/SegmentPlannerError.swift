/// An event the planner refuses because it cannot happen in a correct runner. The planner's state is unchanged.
public enum SegmentPlannerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The connection owns no segment: it was never assigned, or it already finished, failed or was replaced.
    case unknownConnection(ConnectionID)
    /// Progress past the segment's end: the runner must clip to the end it was last told.
    case progressPastEnd(ConnectionID, offset: Int64, end: Int64)
    /// Progress below what was already reported.
    case progressBackwards(ConnectionID, offset: Int64, next: Int64)
    /// `connectionFinished` while bytes of the segment are still missing.
    case segmentUnfinished(ConnectionID, next: Int64, end: Int64)
    /// Saved segments that do not describe the file: gaps, overlaps, a wrong length or `next` out of range.
    case invalidCheckpoint(String)

    public var description: String {
        switch self {
        case .unknownConnection(let id): "connection \(id) owns no segment"
        case .progressPastEnd(let id, let offset, let end): "connection \(id) reported \(offset), past its end \(end)"
        case .progressBackwards(let id, let offset, let next): "connection \(id) reported \(offset), below \(next)"
        case .segmentUnfinished(let id, let next, let end): "connection \(id) finished at \(next), before its end \(end)"
        case .invalidCheckpoint(let reason): "saved segments are invalid: \(reason)"
        }
    }
}
