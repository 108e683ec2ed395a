extension SegmentPlanner {
    /// The bytes `[from, to)` that have arrived must be fetched again (a piece failed its hash): every segment that
    /// received bytes there is cut so that those bytes become a waiting segment of their own, `next` at its start.
    /// What arrived before and after stays; the owner of a cut segment keeps the part it is writing, after the
    /// range. `nextAssignment()` then hands the range to a connection like any waiting segment.
    ///
    /// Only received bytes are marked: a part of the range not yet received is still to come anyway.
    public mutating func markMissing(_ range: Range<Int64>) {
        var rebuilt: [Segment] = []
        for segment in segments {
            let low = max(segment.start, range.lowerBound)
            let high = min(segment.next, range.upperBound)
            guard low < high else {
                rebuilt.append(segment)
                continue
            }
            if segment.start < low { rebuilt.append(Segment(start: segment.start, end: low, next: low)) }
            rebuilt.append(Segment(start: low, end: high, next: low))
            // The rest, with the owner still writing it (kept even when empty, so its end is still heard of).
            if high < segment.end || segment.owner != nil {
                rebuilt.append(Segment(start: high, end: segment.end, next: segment.next, owner: segment.owner))
            }
        }
        segments = rebuilt
    }

    /// The byte ranges that have arrived, merged where they touch, in file order.
    public var landedRanges: [Range<Int64>] {
        var runs: [Range<Int64>] = []
        for segment in segments where segment.next > segment.start {
            if let last = runs.last, last.upperBound == segment.start {
                runs[runs.count - 1] = last.lowerBound..<segment.next
            } else {
                runs.append(segment.start..<segment.next)
            }
        }
        return runs
    }
}
