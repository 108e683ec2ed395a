extension SegmentPlanner {
    /// Restores a download from saved segments (after a crash or a pause): every segment waits for a connection
    /// with its saved `next`; owners in `saved` are ignored; complete segments stay complete.
    ///
    /// While fewer segments are unfinished than `policy.connections`, the unfinished segment with the largest
    /// remaining range is cut at `next + (end - next) / 2`, as long as both halves are at least the minimum split.
    ///
    /// - Throws: `.invalidCheckpoint` unless the segments, sorted by start, cover `[0, length)` exactly with no
    ///   gap or overlap and each has `start <= next <= end` (an empty list is accepted for an empty file).
    public init(length: Int64, policy: SegmentPolicy = SegmentPolicy(), restoring saved: [Segment]) throws(SegmentPlannerError) {
        self.init(length: length, policy: policy)
        var restored = saved.sorted { ($0.start, $0.end) < ($1.start, $1.end) }
        var expectedStart: Int64 = 0
        for i in restored.indices {
            let segment = restored[i]
            guard segment.start == expectedStart else {
                throw .invalidCheckpoint("a segment starts at \(segment.start), expected \(expectedStart)")
            }
            guard segment.start <= segment.next, segment.next <= segment.end else {
                throw .invalidCheckpoint("segment \(segment) needs start <= next <= end")
            }
            expectedStart = segment.end
            restored[i].owner = nil
        }
        guard expectedStart == length else { throw .invalidCheckpoint("the segments end at \(expectedStart), not \(length)") }
        segments = restored.isEmpty ? segments : restored
        while segments.count(where: { !$0.isComplete }) < policy.connections {
            guard let largest = largestRemainingIndex(where: { _ in true }), canSplit(segments[largest]) else { break }
            splitRemaining(ofSegmentAt: largest)
        }
    }
}
