extension SegmentPlanner {
    /// Opens a connection: gives a new `ConnectionID` the first waiting segment, or else work stolen from a running
    /// connection (see the type's summary); `nil` at the cap or when nothing is worth a connection. When the
    /// assignment `replaces` a connection, cancel that one.
    public mutating func nextAssignment() -> SegmentAssignment? {
        let id = ConnectionID(lastConnectionNumber + 1)
        guard let assignment = assignWork(to: id, floor: policy.minimumSplitSize) else { return nil }
        lastConnectionNumber += 1
        return assignment
    }

    /// Records that connection `id` has received its segment up to `offset` (exclusive, an absolute file offset).
    ///
    /// - Throws: `.unknownConnection`, `.progressBackwards` (offset < next) or `.progressPastEnd` (offset > end).
    @discardableResult
    public mutating func connectionReceived(_ id: ConnectionID, upTo offset: Int64) throws(SegmentPlannerError) -> ReceiveAction {
        let i = try index(of: id)
        let segment = segments[i]
        guard offset >= segment.next else { throw .progressBackwards(id, offset: offset, next: segment.next) }
        guard offset <= segment.end else { throw .progressPastEnd(id, offset: offset, end: segment.end) }
        segments[i].next = offset
        return offset == segment.end ? .reachedEnd : .keepReceiving
    }

    /// Connection `id` has received its whole segment; says what it does next. When the new assignment `replaces`
    /// a connection, cancel that one.
    ///
    /// - Throws: `.unknownConnection`, or `.segmentUnfinished` when `next < end`.
    public mutating func connectionFinished(_ id: ConnectionID) throws(SegmentPlannerError) -> FinishAction {
        let i = try index(of: id)
        guard segments[i].isComplete else { throw .segmentUnfinished(id, next: segments[i].next, end: segments[i].end) }
        finishedSpeeds[id] = speeds[id]
        release(i)
        if isComplete { return .complete }
        return assignWork(to: id, floor: policy.stealingSplitSize).map(FinishAction.assign) ?? .idle
    }

    /// Connection `id` failed (reset, timeout, short body): its segment waits again from its `next`.
    ///
    /// - Throws: `.unknownConnection`.
    public mutating func connectionFailed(_ id: ConnectionID) throws(SegmentPlannerError) -> RecoveryAction {
        release(try index(of: id))
        finishedSpeeds[id] = nil
        return recovery
    }

    /// The server refused connection `id`'s ranged request with `status` (200, 416, 403, 429, 503, ...): its
    /// segment waits again from its `next`. After a status in `connectionLimitStatuses` the cap becomes
    ///
    ///     maximumConnections = min(maximumConnections, max(1, active connections without `id`))
    ///
    /// - Throws: `.unknownConnection`.
    public mutating func connectionGaveUp(_ id: ConnectionID, status: Int) throws(SegmentPlannerError) -> RecoveryAction {
        release(try index(of: id))
        finishedSpeeds[id] = nil
        if Self.connectionLimitStatuses.contains(status) {
            maximumConnections = min(maximumConnections, max(1, stayingConnections.count))
        }
        return recovery
    }

    /// What a failure leaves to do, as the plan stands now.
    var recovery: RecoveryAction {
        if isComplete { return .complete }
        return wantsNewConnection ? .retry : .wait
    }

    /// Drops segment `i`'s owner (its progress stays) and forgets how the connection was doing.
    mutating func release(_ i: Int) {
        if let owner = segments[i].owner {
            watches[owner] = nil
            speeds[owner] = nil
            askedEnds[owner] = nil
            retiring.remove(owner)
        }
        segments[i].owner = nil
    }

    /// Gives `id` the first waiting segment, or steals for it, cutting nothing below `floor`; `nil` at the cap or
    /// when there is nothing to take. A new connection cuts no smaller than the first plan (`minimumSplitSize`);
    /// a connection that has finished its segment, already open and otherwise idle, down to `stealingSplitSize`.
    private mutating func assignWork(to id: ConnectionID, floor: Int64) -> SegmentAssignment? {
        guard stayingConnections.count < maximumConnections else { return nil }
        if let i = firstWaitingIndex {
            segments[i].owner = id
            return SegmentAssignment(connection: id, start: segments[i].next, end: segments[i].end)
        }
        guard let (victim, plan) = bestSteal(sparing: id, floor: floor) else { return nil }
        return steal(for: id, from: victim, plan)
    }
}
