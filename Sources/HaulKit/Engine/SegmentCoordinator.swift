import HaulCore

/// Owns the `SegmentPlanner` of one segmented download and serialises the connections' reports to it.
///
/// Connections call in about once per 256 KiB written, never per network chunk, so the actor is far off
/// the hot path. It also measures each connection's speed for slow-connection detection and keeps the shared
/// progress counters current.
actor SegmentCoordinator {
    private var planner: SegmentPlanner
    private let counters: TransferCounters
    /// Bytes each connection has reported, and a meter per connection over them (speeds over two seconds:
    /// buffers are flushed about once a MiB or a second, so a per-tick count alone would be too jumpy).
    private var received: [ConnectionID: Int64] = [:]
    private var meters: [ConnectionID: TransferRateMeter] = [:]
    /// Each connection's speed at the last tick, for progress reports.
    private var speeds: [ConnectionID: Double] = [:]

    init(planner: SegmentPlanner, counters: TransferCounters, now: Double) {
        self.planner = planner
        self.counters = counters
        counters.set(bytesDone: planner.completedBytes, totalBytes: planner.length)
    }

    /// The next connection to open, if the planner wants one. When it `replaces` a connection, the caller cancels
    /// that one.
    func nextAssignment() -> SegmentAssignment? {
        let assignment = planner.nextAssignment()
        if let replaced = assignment?.replaces { forget(replaced) }
        publish()
        return assignment
    }

    /// Records that `id` has written every byte before `offset`; returns what to do and the segment's current end.
    ///
    /// The offset is clipped to the segment's current end: after another connection took the back half of this
    /// segment, the worker may have written a little past the new end before it heard of it. Those bytes are the
    /// same bytes of the same version that the other connection writes, so they do no harm; they are just not
    /// counted twice.
    func received(_ id: ConnectionID, upTo offset: Int64) throws(SegmentPlannerError) -> (SegmentPlanner.ReceiveAction, end: Int64) {
        guard let segment = planner.segment(ownedBy: id) else { throw .unknownConnection(id) }
        let clipped = min(offset, segment.end)
        let before = segment.next
        guard clipped > before else { return (clipped >= segment.end ? .reachedEnd : .keepReceiving, segment.end) }
        let action = try planner.connectionReceived(id, upTo: clipped)
        received[id, default: 0] += clipped - before
        publish()
        return (action, planner.segment(ownedBy: id)?.end ?? clipped)
    }

    /// The current end of `id`'s segment (it shrinks when another connection takes its back half).
    func end(of id: ConnectionID) -> Int64? {
        planner.segment(ownedBy: id)?.end
    }

    /// `id` has written its whole segment; says what it does next. When the new assignment `replaces` a
    /// connection, the caller cancels that one.
    func finished(_ id: ConnectionID) throws(SegmentPlannerError) -> SegmentPlanner.FinishAction {
        defer { publish() }
        forget(id)
        let action = try planner.connectionFinished(id)
        if case .assign(let assignment) = action, let replaced = assignment.replaces { forget(replaced) }
        return action
    }

    func failed(_ id: ConnectionID) throws(SegmentPlannerError) -> SegmentPlanner.RecoveryAction {
        defer { publish() }
        forget(id)
        return try planner.connectionFailed(id)
    }

    func gaveUp(_ id: ConnectionID, status: Int) throws(SegmentPlannerError) -> SegmentPlanner.RecoveryAction {
        defer { publish() }
        forget(id)
        return try planner.connectionGaveUp(id, status: status)
    }

    /// Measures speeds and asks the planner about slow and stalled connections.
    func tick(now: Double, throttled: Bool = false) -> [SegmentPlanner.SlowConnectionAction] {
        var speeds: [ConnectionID: Double] = [:]
        for id in planner.activeConnections {
            meters[id, default: TransferRateMeter(window: 2)].record(totalBytes: received[id] ?? 0, at: now)
            speeds[id] = meters[id]?.currentSpeed
        }
        self.speeds = speeds
        let actions = planner.tick(now: now, speeds: speeds, throttled: throttled)
        for case .replace(let id, _) in actions { forget(id) }
        publish()
        return actions
    }

    private func forget(_ id: ConnectionID) {
        received[id] = nil
        meters[id] = nil
        speeds[id] = nil
    }

    var isComplete: Bool { planner.isComplete }
    var completedBytes: Int64 { planner.completedBytes }
    var activeCount: Int { planner.activeConnections.count }
    var wantsNewConnection: Bool { planner.wantsNewConnection }

    /// The segments as the state database stores them.
    func snapshot(downloadId: Int64) -> [SegmentRecord] {
        planner.segments.map { SegmentRecord(downloadId: downloadId, start: $0.start, end: $0.end, next: $0.next) }
    }

    /// Per-connection detail for progress reports, in file order.
    func connectionDetail() -> [ConnectionProgress] {
        planner.segments.compactMap { segment in
            segment.owner.map {
                ConnectionProgress(id: $0.rawValue, start: segment.start, next: segment.next, end: segment.end, speed: speeds[$0] ?? 0)
            }
        }
    }

    private func publish() {
        counters.set(bytesDone: planner.completedBytes, totalBytes: planner.length)
        let detail = connectionDetail()
        counters.setConnections(detail, active: detail.count)
    }
}
