/// What `tick` remembers about one connection since its current assignment began.
struct ConnectionWatch: Hashable, Sendable {
    /// The first tick that saw the assignment.
    var since: Double
    /// The last tick at which `next` had moved (or `since`).
    var lastProgress: Double
    /// `next` at that tick.
    var lastNext: Int64
}

extension SegmentPlanner {
    /// Looks for stalled and slow connections. Call about once a second with a monotonic `now` and each
    /// connection's speed measured by the caller (bytes per second over a few seconds); then open connections
    /// with `nextAssignment()`.
    ///
    /// A connection is watched from the first tick after it got its assignment. Then:
    ///
    ///     stalled: now - (last tick at which its next moved) >= stallSeconds
    ///     slow:    watched >= measuringSeconds, and
    ///              speed < slowFraction * median(speeds of the other connections watched >= measuringSeconds)
    ///     either -> .replace: the connection is cancelled and its whole remaining range waits for a fresh one
    ///
    /// A slow connection is taken over rather than split: splitting would leave it half of its range, and the
    /// last piece of a range is exactly where one slow connection holds a whole file hostage (a connection 50x
    /// slower than the others needs 50x as long for even the smallest split). The replacement is a new connection,
    /// watched afresh, so it is judged only after `measuringSeconds` of its own: no thrashing. Stall detection has
    /// the resolution of the tick interval.
    public mutating func tick(now: Double, speeds: [ConnectionID: Double]) -> [SlowConnectionAction] {
        for segment in segments {
            guard let id = segment.owner else { continue }
            var watch = watches[id] ?? ConnectionWatch(since: now, lastProgress: now, lastNext: segment.next)
            if watch.lastNext != segment.next {
                watch.lastProgress = now
                watch.lastNext = segment.next
            }
            watches[id] = watch
        }
        // Judge against the speeds before any replacement, so one tick's verdicts do not depend on their order.
        let slow = Set(activeConnections.filter { isSlow($0, now: now, speeds: speeds) })
        var actions: [SlowConnectionAction] = []
        for id in activeConnections {
            guard let watch = watches[id], let i = try? index(of: id), !segments[i].isComplete else { continue }
            if now - watch.lastProgress >= policy.stallSeconds {
                release(i)
                actions.append(.replace(id, .stalled))
            } else if slow.contains(id) {
                release(i)
                actions.append(.replace(id, .slow))
            }
        }
        return actions
    }

    private func isSlow(_ id: ConnectionID, now: Double, speeds: [ConnectionID: Double]) -> Bool {
        func measured(_ other: ConnectionID) -> Double? {
            guard let watch = watches[other], now - watch.since >= policy.measuringSeconds else { return nil }
            return speeds[other]
        }
        guard let speed = measured(id) else { return false }
        let others = activeConnections.filter { $0 != id }.compactMap(measured).sorted()
        guard !others.isEmpty else { return false }
        let median = (others[(others.count - 1) / 2] + others[others.count / 2]) / 2
        return speed < policy.slowFraction * median
    }
}
