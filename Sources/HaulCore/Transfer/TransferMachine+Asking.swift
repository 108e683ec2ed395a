/// What each connection of a segmented run asks the server for (`SegmentPolicy.fetchesEachByteOnce`; the reasons
/// and figures are in docs/segments.md):
///
/// 1. A segment is asked for in parts (`SegmentPlanner.askedEnd(from:to:floor:atMost:)`): each request covers at
///    most half of what the segment has left, and at most `floor * 2^n` for the connection's n-th part; the
///    planner hears where it ends (`connectionAsked`), and a steal cuts only behind it. A request is then never cut short by a steal, so no byte it had in flight is dropped and fetched
///    again. When a part has arrived and the segment has more, the same connection asks for the next part.
/// 2. The whole-file probe is dropped as soon as its head shows a length and advertised ranges: its first segment
///    is asked for again as a range, on the same connection number. What it had in flight then is the first round
///    trip's worth, where a probe cut at its segment's end drops what a grown receive window holds (megabytes on
///    a fast link). A probe whose server does not advertise ranges stays uncut (`SegmentedRun.uncutProbe`).
extension TransferMachine {
    /// The range `assignment`'s connection asks for; records where it ends in the planner.
    func askedRange(_ assignment: SegmentAssignment, _ run: inout SegmentedRun) -> ByteRange {
        let policy = settings.segmentPolicy
        guard policy.fetchesEachByteOnce else {
            if pieces != nil, assignment.isOpenEnded, run.planner.completedBytes > 0 {
                // A bad first piece fetched again: a closed range, not the whole file cut short at the piece's end
                // (a server pushes megabytes into the socket's buffers before the cut is felt).
                return ByteRange(0, assignment.end)
            }
            return assignment.range
        }
        // The n-th part a connection asks for is at most floor * 2^n (n from 0): a slow one holds little.
        let parts = run.partsAsked[assignment.connection, default: 0]
        run.partsAsked[assignment.connection] = parts + 1
        let floor = policy.stealingSplitSize
        let atMost = floor.multipliedReportingOverflow(by: Int64(1) << min(parts, 40))
        let end = SegmentPlanner.askedEnd(
            from: assignment.start, to: assignment.end, floor: floor, atMost: atMost.overflow ? .max : atMost.partialValue)
        run.planner.connectionAsked(assignment.connection, upTo: end)
        return ByteRange(assignment.start, end)
    }

    /// Connection `k`'s request has delivered all it asked for and its segment has more: it asks for the next part
    /// (rule 1). Nil when the request was not a part, or ended before its end.
    mutating func askNextPart(_ k: ConnectionID, _ run: inout SegmentedRun) -> [TransferAction]? {
        guard settings.segmentPolicy.fetchesEachByteOnce, let segment = run.planner.segment(ownedBy: k), !segment.isComplete,
            let asked = run.planner.askedEnd(of: k), segment.next >= asked
        else { return nil }
        let part = SegmentAssignment(connection: k, start: segment.next, end: segment.end)
        let plan = RequestPlan.fetch(askedRange(part, &run), of: run.identity)
        run.requests[k] = plan
        run.bodies[k] = nil
        return [.open(k, plan, end: segment.end)]
    }

    /// The probe's head showed a length and advertised ranges: drop its stream and ask for its first part as a
    /// range (rule 2). Nil when the policy keeps the probe's stream.
    func reaskedProbe(_ probe: ConnectionID, _ run: inout SegmentedRun) -> [TransferAction]? {
        guard settings.segmentPolicy.fetchesEachByteOnce, let segment = run.planner.segment(ownedBy: probe) else { return nil }
        let part = SegmentAssignment(connection: probe, start: segment.next, end: segment.end)
        let plan = RequestPlan.fetch(askedRange(part, &run), of: run.identity)
        run.requests[probe] = plan
        run.bodies[probe] = nil
        return [.drop(probe, .transferEnding), .open(probe, plan, end: segment.end)]
    }
}
