/// A count Haul chooses (`-x auto`) and what a host teaches about its connection budget, for a run over several
/// connections.
///
/// The run starts with the tuner's first level (`ConnectionTuner.Settings.initial`) under a plan cut for its
/// ceiling, so raising the count only hands waiting segments to new connections; at every timer the tuner hears
/// the bytes received and how many connections receive, and the planner's limit follows its target. While it
/// measures, the machine asks for timers every `tuningTimerSeconds` (`.wakeUp`) instead of the runner's half
/// second: each level is measured over a fraction of a second, and a level measured late is time spent on too few
/// connections.
///
/// What the host teaches goes out as `.hostLimited`: a 429/503/403 to an extra ranged request, or a new connection
/// refused or reset while others of the run receive ("the host takes this many and no more", `.refused`), and a
/// tuner that settled below its ceiling without a rate limit in force ("more were no faster", `.slower`).
extension TransferMachine {
    /// Seconds between the timers asked for while the tuner measures.
    static let tuningTimerSeconds = 0.1

    /// Starts tuning `run` when the run's count is Haul's to choose: its limit becomes the tuner's first level.
    func startTuning(_ run: inout SegmentedRun) -> [TransferAction] {
        var tuning: ConnectionTuner.Settings
        if let asked = settings.connectionTuning {
            tuning = asked
        } else if case .some(.some(let rate)) = changedRateLimit {
            // A typed count with a rate limit set since the run began: tuned under it, as if it had been there.
            tuning = ConnectionTuner.Settings(ceiling: settings.segmentPolicy.connections, rateLimit: rate)
        } else {
            return []
        }
        tuning.ceiling = min(budgetCeiling ?? tuning.ceiling, settings.segmentPolicy.connections)
        tuning.initial = min(tuning.initial, tuning.ceiling)
        var tuner = ConnectionTuner(settings: tuning)
        if let rate = changedRateLimit { tuner.changeRateLimit(to: rate) }
        run.tuner = tuner
        _ = run.planner.setConnectionLimit(tuner.target)
        return tuner.phase == .probing ? [.wakeUp(afterSeconds: Self.tuningTimerSeconds)] : []
    }

    /// Feeds the tuner at a timer; follows its target with the planner's limit and says what a settled count below
    /// the ceiling taught. The connections a lower target retires finish the part they asked for first
    /// (`SegmentPlanner.retireAfterAsked(above:)`, docs/segments.md rule 4); while any of them still receives, the
    /// tuner is not fed: its bytes would be counted as the lower level's speed.
    func tune(now: Double, throttled: Bool, _ run: inout SegmentedRun) -> [TransferAction] {
        guard var tuner = run.tuner, tuner.phase == .probing else { return [] }
        if throttled { run.tunedUnderRateLimit = true }
        guard run.planner.retiring.isEmpty else { return [.wakeUp(afterSeconds: Self.tuningTimerSeconds)] }
        if run.planner.stayingConnections.count < tuner.target, !run.planner.wantsNewConnection, run.retryTimes.isEmpty {
            // The file holds no work for more connections (a small file, the last megabytes): nothing to choose,
            // and nothing learned about the host.
            run.tuner = nil
            return []
        }
        let receiving = run.planner.activeConnections.filter { (run.received[$0] ?? 0) > 0 }.count
        let before = tuner.target
        let target = tuner.observe(bytes: run.planner.completedBytes, at: now, connectionsReceiving: receiving)
        run.tuner = tuner
        var actions: [TransferAction] = []
        if target != before {
            let retirement = run.planner.retireAfterAsked(above: target)
            for retired in retirement.cancelled {
                run.forget(retired)
                actions.append(.drop(retired, .fewerConnections))
            }
            for (retiring, end) in retirement.finishing { actions.append(.shorten(retiring, end: end)) }
        }
        guard tuner.phase == .settled else { return actions + [.wakeUp(afterSeconds: Self.tuningTimerSeconds)] }
        let ceiling = tuner.measured.map(\.connections).max() ?? target
        if target < ceiling && !run.tunedUnderRateLimit {
            actions.append(.hostLimited(
                connections: target, reason: "\(ceiling) connections were no faster than \(target)", lesson: .slower))
        }
        return actions
    }

    /// The host's budget gives the run `connections` now (`.connectionBudget`): fewer drops the connections above
    /// them (their segments wait again and are taken over); more raises the tuner's ceiling, which measures again
    /// when the old ceiling held it (`ConnectionTuner.raiseCeiling`). No lesson about the host: it is this client's
    /// own sharing.
    func budgetChanged(to connections: Int, _ run: inout SegmentedRun) -> [TransferAction] {
        let limit = max(1, min(connections, settings.segmentPolicy.connections))
        guard var tuner = run.tuner else {
            // The tuner stopped (no work for more connections): a lower budget still binds; a higher one has
            // nothing to give.
            guard limit < run.planner.maximumConnections else { return [] }
            return run.planner.setConnectionLimit(limit).map { retired in
                run.forget(retired)
                return .drop(retired, .fewerConnections)
            }
        }
        var actions: [TransferAction] = []
        if limit < tuner.currentCeiling {
            tuner.lowerCeiling(to: limit)
            for retired in run.planner.setConnectionLimit(min(tuner.target, limit)) {
                run.forget(retired)
                actions.append(.drop(retired, .fewerConnections))
            }
        } else if limit > tuner.currentCeiling {
            let wasSettled = tuner.phase == .settled
            tuner.raiseCeiling(to: limit)
            if wasSettled && tuner.phase == .probing { actions.append(.wakeUp(afterSeconds: Self.tuningTimerSeconds)) }
        }
        run.tuner = tuner
        return actions
    }

    /// The rate limit in force changed (`.rateLimit`): the count is tuned again under the new one
    /// (`ConnectionTuner.changeRateLimit`): a lower limit drops the connections it does not need, a higher one or
    /// none lets the tuner add them back while they pay. A typed count that had no tuner gets one under a new limit
    /// (its typed count the ceiling), as a run started with that limit would have.
    mutating func rateLimitChanged(to rate: Double?, _ run: inout SegmentedRun) -> [TransferAction] {
        var tuner: ConnectionTuner
        if let current = run.tuner {
            tuner = current
            guard tuner.changeRateLimit(to: rate) else { return [] }
        } else {
            guard let rate, rate > 0, settings.segmentPolicy.connections > 1 else { return [] }
            let ceiling = min(budgetCeiling ?? settings.segmentPolicy.connections, settings.segmentPolicy.connections)
            tuner = ConnectionTuner(settings: ConnectionTuner.Settings(ceiling: ceiling, rateLimit: rate))
        }
        run.tuner = tuner
        if tuner.settings.rateLimit != nil { run.tunedUnderRateLimit = true }
        var actions: [TransferAction] = []
        for retired in run.planner.setConnectionLimit(tuner.target) {
            run.forget(retired)
            actions.append(.drop(retired, .fewerConnections))
        }
        if run.retryTimes.isEmpty { actions += launchAvailable(&run) }
        return actions + [.wakeUp(afterSeconds: Self.tuningTimerSeconds)]
    }

    /// The host refused one more connection: the limit becomes the connections it has accepted (those still
    /// waiting for their first answer are retired: they would be refused too, each a failure against the retry
    /// budget), and the tuner never goes above it again.
    func hostRefused(reason: String, _ run: inout SegmentedRun) -> [TransferAction] {
        let accepted = run.planner.stayingConnections.filter { !run.unanswered.contains($0) }.count
        let limit = max(1, min(run.planner.maximumConnections, accepted))
        var actions: [TransferAction] = []
        for retired in run.planner.setConnectionLimit(limit) {
            run.forget(retired)
            actions.append(.drop(retired, .fewerConnections))
        }
        run.tuner?.lowerCeiling(to: limit)
        return actions + [.hostLimited(connections: limit, reason: reason, lesson: .refused)]
    }

    /// A failure of connection `k` is the host saying "no more": `k` never had an answer, and another connection of
    /// the run receives (a refused or reset connect while others flow, not a host that is down).
    func isRefusedExtraConnection(_ k: ConnectionID, _ problem: TransferProblem, _ run: SegmentedRun) -> Bool {
        guard problem.kind == .unreachable || problem.kind == .network, run.unanswered.contains(k) else { return false }
        return run.planner.activeConnections.contains { $0 != k && (run.received[$0] ?? 0) > 0 }
    }
}
