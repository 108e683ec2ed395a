/// What `tick` remembers about one connection since its current assignment began.
struct ConnectionWatch: Hashable, Sendable {
    /// The first tick that saw the assignment.
    var since: Double
    /// The last tick at which `next` had moved (or `since`).
    var lastProgress: Double
    /// `next` at that tick.
    var lastNext: Int64
    /// The lowest-speed rule's watch over `next`, when the policy has one.
    var lowSpeed: LowSpeedWatch?
}

extension SegmentPlanner {
    /// Looks for stalled and slow connections. Call about once a second with a monotonic `now` and each
    /// connection's speed measured by the caller (bytes per second over a few seconds, since its current
    /// assignment began); then open connections with `nextAssignment()`. The speeds of connections already seen
    /// at an earlier tick are kept for the endgame: until the next tick, they decide what a free connection takes.
    ///
    /// A connection is watched from the first tick after it got its assignment. Then:
    ///
    ///     stalled: now - (last tick at which its next moved) >= stallSeconds
    ///     slow:    watched >= measuringSeconds, and
    ///              speed < slowFraction * median(speeds of the other connections watched >= measuringSeconds)
    ///     too slow: below policy.lowestSpeed over its window (`LowSpeedWatch` fed `next` at each tick), alone
    ///              or not; `throttled` (a bandwidth limit of the client's own holds the download back) restarts
    ///              every window, since slowness is then the client's choice
    ///     any -> .replace: the connection is cancelled and its whole remaining range waits for a fresh one
    ///
    /// A slow connection is taken over rather than split: splitting would leave it half of its range, and the
    /// last piece of a range is exactly where one slow connection holds a whole file hostage (a connection 50x
    /// slower than the others needs 50x as long for even the smallest split). The replacement is a new connection,
    /// watched afresh, so it is judged only after `measuringSeconds` of its own: no thrashing. Stall detection has
    /// the resolution of the tick interval.
    public mutating func tick(now: Double, speeds: [ConnectionID: Double], throttled: Bool = false) -> [SlowConnectionAction] {
        lastTick = now
        var belowLowest = Set<ConnectionID>()
        for segment in segments {
            guard let id = segment.owner else { continue }
            var watch = watches[id] ?? ConnectionWatch(
                since: now, lastProgress: now, lastNext: segment.next,
                lowSpeed: policy.lowestSpeed.map { LowSpeedWatch(rule: $0, startingAt: now, bytes: segment.next) }
            )
            if watch.lastNext != segment.next {
                watch.lastProgress = now
                watch.lastNext = segment.next
            }
            if throttled {
                watch.lowSpeed?.restart(at: now, bytes: segment.next)
            } else if case .drop = watch.lowSpeed?.record(bytes: segment.next, at: now) {
                belowLowest.insert(id)
            }
            watches[id] = watch
        }
        // Speeds of connections first seen at an earlier tick: the caller has measured them over a while, and the
        // endgame (`bestSteal`) may act on them between ticks.
        self.speeds = [:]
        for id in activeConnections {
            guard let watch = watches[id], watch.since < now, let speed = speeds[id] else { continue }
            self.speeds[id] = speed
        }
        // Judge against the speeds before any replacement, so one tick's verdicts do not depend on their order.
        var slow = Set<ConnectionID>()
        for id in activeConnections where isSlow(id, now: now, speeds: speeds) { slow.insert(id) }
        rememberReferenceSpeed(speeds)
        var actions: [SlowConnectionAction] = []
        for id in activeConnections {
            guard let watch = watches[id], let i = try? index(of: id), !segments[i].isComplete else { continue }
            if now - watch.lastProgress >= policy.stallSeconds {
                release(i)
                actions.append(.replace(id, .stalled))
            } else if slow.contains(id) {
                release(i)
                actions.append(.replace(id, .slow))
            } else if belowLowest.contains(id) {
                release(i)
                actions.append(.replace(id, .belowLowestSpeed))
            }
        }
        return actions
    }

    /// Whether `id` is slow: watched for `measuringSeconds`, below `slowFraction` of the reference speed (the
    /// median of the other connections' speeds, or, when it runs alone at the end of a download, the median seen
    /// while others still ran), and finishing more than `measuringSeconds` later than a fresh connection at the
    /// reference speed would (a nearly finished range is not worth a new connection).
    private mutating func isSlow(_ id: ConnectionID, now: Double, speeds: [ConnectionID: Double]) -> Bool {
        guard let watch = watches[id], now - watch.since >= policy.measuringSeconds, let speed = speeds[id],
            let segment = segment(ownedBy: id)
        else { return false }
        let others = activeConnections.filter { $0 != id }.compactMap { speeds[$0] }.filter { $0 > 0 }.sorted()
        let reference: Double
        if others.isEmpty {
            guard let remembered = referenceSpeed else { return false }
            reference = remembered
        } else {
            reference = (others[(others.count - 1) / 2] + others[others.count / 2]) / 2
        }
        guard speed < policy.slowFraction * reference else { return false }
        // Worth a new connection only if the slow one would finish clearly later than a fresh one at the reference
        // speed: by more than `measuringSeconds`, the time it takes to judge the newcomer.
        let remaining = Double(segment.remainingBytes)
        return remaining / max(speed, 1) - remaining / reference > policy.measuringSeconds
    }

    /// Remembers the median speed while several connections run.
    mutating func rememberReferenceSpeed(_ speeds: [ConnectionID: Double]) {
        let measured = activeConnections.compactMap { speeds[$0] }.filter { $0 > 0 }.sorted()
        guard measured.count >= 2 else { return }
        referenceSpeed = (measured[(measured.count - 1) / 2] + measured[measured.count / 2]) / 2
    }
}
