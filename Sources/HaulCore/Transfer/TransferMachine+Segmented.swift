/// A run over several connections: a `SegmentPlanner` over a file of known length with a strong validator.
struct SegmentedRun: Sendable {
    var planner: SegmentPlanner
    /// The version every connection fetches (`If-Range`).
    let identity: ResourceIdentity
    /// What each connection asked for.
    var requests: [ConnectionID: RequestPlan] = [:]
    /// Bytes each connection has written, and a meter over them (speeds over two seconds: buffers are flushed about
    /// once a MiB or a second, so a per-tick count alone would be too jumpy).
    var received: [ConnectionID: Int64] = [:]
    var meters: [ConnectionID: TransferRateMeter] = [:]
    /// Each connection's speed at the last timer.
    var speeds: [ConnectionID: Double] = [:]
    /// When each waiting retry is due. While one waits, no connection opens: the planner would hand the failed range
    /// straight back to a new connection, ignoring the backoff.
    var retryTimes: [Double] = []
    /// Bytes complete at the last failure, to tell a failure that came after progress.
    var bytesAtLastFailure: Int64
    /// The server's name, for messages.
    var host = "the server"
    /// Choosing the count (`-x auto`); nil when it is fixed or chosen (`TransferMachine+Tuning`).
    var tuner: ConnectionTuner?
    /// A rate limit held the run back while the tuner measured: what it settled on says nothing of the host.
    var tunedUnderRateLimit = false
    /// New connections (`launchAvailable`) whose first request has no response head yet: not yet accepted by the
    /// host. A connection that moves on to another range keeps its socket and is not among them.
    var unanswered: Set<ConnectionID> = []
    /// The body each connection streams, once its head was accepted (a whole-file body from byte 0 is the download
    /// itself when ranges turn out unusable: `continueOnOneConnection` keeps it).
    var bodies: [ConnectionID: BodyPlan] = [:]
    /// The probe, while its server has not shown that it serves ranges: it answered without `Accept-Ranges: bytes`
    /// and no `206` has come yet. Its whole-file stream is not cut at its segment's end (a cut stream cannot be
    /// continued from a server without ranges), so it may write a little past it, the same bytes of the same
    /// version; the first `206` cuts it there (`.shorten`), a whole answer to a range keeps it as the download.
    var uncutProbe: ConnectionID?
    /// How far the uncut probe has written (past its segment's end, where the planner stops counting).
    var uncutProbeOffset: Int64 = 0
    /// How many parts each connection has asked for (`TransferMachine+Asking`: each may be twice the last).
    var partsAsked: [ConnectionID: Int] = [:]

    init(planner: SegmentPlanner, identity: ResourceIdentity) {
        self.planner = planner
        self.identity = identity
        self.bytesAtLastFailure = planner.completedBytes
    }

    /// The stored segments, if they can be trusted (docs/http-rules.md rule 17: the `.part` file backs every
    /// segment's progress) and split work remains.
    init?(restoring stored: StoredTransfer, policy: SegmentPolicy) {
        guard let identity = stored.identity, identity.canResume, let length = identity.totalLength else { return nil }
        let saved = stored.segments
        guard !saved.isEmpty, saved.allSatisfy({ $0.end != nil && $0.next <= stored.partFileSize }),
            saved.contains(where: { $0.next > $0.start })
        else { return nil }
        let segments = saved.map { Segment(start: $0.start, end: $0.end!, next: $0.next, owner: nil) }
        guard let planner = try? SegmentPlanner(length: length, policy: policy, restoring: segments) else { return nil }
        self.init(planner: planner, identity: identity)
    }

    mutating func forget(_ id: ConnectionID) {
        requests[id] = nil
        received[id] = nil
        meters[id] = nil
        speeds[id] = nil
        unanswered.remove(id)
        bodies[id] = nil
        partsAsked[id] = nil
        if uncutProbe == id { uncutProbe = nil }
    }
}

extension TransferMachine {
    /// The head of the whole-file probe decides: split, or continue on this one connection.
    mutating func probing(_ event: TransferEvent, probe: ConnectionID, stored: StoredTransfer) -> [TransferAction] {
        switch event {
        case .responseHead(let k, let head, _, _, _, let wallClock) where k == probe:
            let verdict = ResponseJudge.judge(head, to: .wholeFile, known: nil, heldBytes: 0, now: wallClock)
            guard case .accept(let body) = verdict, let length = body.expectedLength,
                Self.isWorthSplitting(head, body: body, minimumSplitSize: settings.segmentPolicy.minimumSplitSize)
            else {
                // Not worth splitting: the same response continues as a single-connection run.
                var actions: [TransferAction] = [.plan(connections: 1)] + startSingle(stored, answered: probe)
                if case .single(var run) = mode, run.connection == probe {
                    actions += single(event, &run)
                    if case .single = mode { mode = .single(run) }
                }
                return actions
            }
            var run = SegmentedRun(planner: SegmentPlanner(length: length, policy: settings.segmentPolicy), identity: body.identity)
            guard let first = run.planner.nextAssignment(), first.connection == probe else {
                preconditionFailure("a fresh plan gives its first segment to connection #1")
            }
            run.requests[probe] = .wholeFile
            run.bodies[probe] = body
            // Ranges not advertised: the probe's answer may be the only stream the server will give (issue 60 p. 3).
            let advertised = head["Accept-Ranges"]?.lowercased() == "bytes"
            if !advertised { run.uncutProbe = probe }
            var actions: [TransferAction] = [.discard(reason: nil), .adopt(body.identity)]
            actions.append(.checkpoint(run.planner.segments.map { StoredSegment(start: $0.start, end: $0.end, next: $0.next) }, immediately: true))
            actions.append(.plan(connections: settings.segmentPolicy.connections))
            if advertised, let reasked = reaskedProbe(probe, &run) {
                actions += reasked
            } else {
                actions.append(.write(probe, body, end: advertised ? first.end : length))
            }
            actions += startTuning(&run)
            actions += launchAvailable(&run)
            mode = .segmented(run)
            return actions
        case .failed(let k, let problem, let now) where k == probe:
            // The single-connection run retries with backoff; the probe was its first attempt and counts as one.
            guard problem.kind == .network || problem.kind == .unreachable else { return fail(problem) }
            return [.plan(connections: 1)] + startSingle(stored, failedProbe: (problem, now))
        case .started, .responseHead, .wrote, .ended, .failed, .timer, .stop, .sourceRefreshed, .sourceUnavailable, .pieceChecked, .connectionBudget, .rateLimit:
            return []
        }
    }

    mutating func segmented(_ event: TransferEvent, _ run: inout SegmentedRun) -> [TransferAction] {
        var actions: [TransferAction]
        switch event {
        case .started, .stop, .sourceRefreshed, .sourceUnavailable, .pieceChecked:
            return []
        case .connectionBudget(let connections):
            actions = budgetChanged(to: connections, &run)
        case .rateLimit(let rate):
            actions = rateLimitChanged(to: rate, &run)
        case .responseHead(let k, let head, let host, let url, let now, let wallClock):
            guard let plan = run.requests[k], let end = run.planner.segment(ownedBy: k)?.end else { return [] }
            run.host = host
            run.unanswered.remove(k)
            let verdict = ResponseJudge.judge(head, to: plan, known: run.identity, heldBytes: 0, now: wallClock)
            let outcome = ResponseOutcome.of(verdict, plan: plan, known: run.identity, host: host, url: url)
            actions = segmentOutcome(outcome, connection: k, end: end, host: host, now: now, &run)
        case .wrote(let k, let offset):
            guard let segment = run.planner.segment(ownedBy: k) else { return [] }
            // Clipped to the current end: after another connection took the back half of this segment, `k` may
            // have written a little past the new end before it heard of it. Those bytes are the same bytes of the
            // same version the other connection writes: harmless, just not counted twice.
            if k == run.uncutProbe, offset > run.uncutProbeOffset {
                // Its speed counts every byte it streams, also past the segment's end (or it would look stalled).
                run.received[k, default: 0] += offset - run.uncutProbeOffset
                run.uncutProbeOffset = offset
            }
            let clipped = min(offset, segment.end)
            guard clipped > segment.next, (try? run.planner.connectionReceived(k, upTo: clipped)) != nil else { return [] }
            if k != run.uncutProbe { run.received[k, default: 0] += clipped - segment.next }
            return []
        case .ended(let k, let now):
            if let whole = uncutProbeEndedWhole(k, now: now, &run) { return whole }
            guard let segment = run.planner.segment(ownedBy: k) else { return [] }
            if let next = askNextPart(k, &run) {
                actions = next
                break
            }
            guard segment.isComplete else {
                let problem = TransferProblem(.network, "\(run.host) ended a range early")
                actions = connectionFailed(k, problem, retryAfterSeconds: nil, hostRefused: false, now: now, &run)
                break
            }
            run.forget(k)
            guard let next = try? run.planner.connectionFinished(k) else { return [] }
            switch next {
            case .assign(let assignment): actions = assign(assignment, &run)
            case .idle, .complete: actions = []
            }
        case .failed(let k, let problem, let now):
            guard run.planner.segment(ownedBy: k) != nil else { return [] }
            guard problem.isRetryable else { return failSegmented(problem, &run) }
            let refused = isRefusedExtraConnection(k, problem, run)
            actions = connectionFailed(k, problem, retryAfterSeconds: nil, hostRefused: refused, now: now, &run)
        case .timer(let now, let throttled):
            actions = tick(now: now, throttled: throttled, &run)
        }
        guard case .segmented = mode else { return actions }
        return Self.keepingUncut(run.uncutProbe, actions + afterSegmentedEvent(&run))
    }

    /// While the probe is uncut, no plan change cuts it (a split of its segment moves the planner's end only).
    private static func keepingUncut(_ probe: ConnectionID?, _ actions: [TransferAction]) -> [TransferAction] {
        guard let probe else { return actions }
        return actions.filter { if case .shorten(let k, _) = $0 { k != probe } else { true } }
    }

    /// Finishes when every byte is there (and, with piece hashes, every piece verified: until then the run waits
    /// for `.pieceChecked`), else opens what the planner wants and fails a run left with nothing to wait for.
    mutating func afterSegmentedEvent(_ run: inout SegmentedRun) -> [TransferAction] {
        var actions: [TransferAction] = []
        if run.planner.isComplete {
            guard pieces?.isComplete ?? true else { return [] }
            mode = .segmented(run)
            end()
            let segments = run.planner.segments.map { StoredSegment(start: $0.start, end: $0.end, next: $0.next) }
            return run.planner.activeConnections.map { .drop($0, .transferEnding) }
                + [.finish(length: run.planner.length, identity: run.identity, segments: segments)]
        }
        if run.retryTimes.isEmpty { actions += launchAvailable(&run) }
        if run.planner.activeConnections.isEmpty && run.retryTimes.isEmpty {
            // Nothing runs and nothing is scheduled: the planner waits for a connection that will not come.
            return actions + failSegmented(TransferProblem(.local, "segmented download stalled with no connection running"), &run)
        }
        return actions
    }

    /// The verdict table's rows for one of several connections.
    private mutating func segmentOutcome(
        _ outcome: ResponseOutcome, connection k: ConnectionID, end: Int64, host: String, now: Double, _ run: inout SegmentedRun
    ) -> [TransferAction] {
        switch outcome {
        case .write(let body):
            run.bodies[k] = body
            var actions: [TransferAction] = [.write(k, body, end: end)]
            if let probe = run.uncutProbe, k != probe, run.requests[k]?.range != nil,
                let cut = run.planner.segment(ownedBy: probe)?.end
            {
                // A 206: ranges are served, and the probe stops at its segment's end like every other connection.
                run.uncutProbe = nil
                actions.append(.shorten(probe, end: cut))
            }
            return actions
        case .wholeBody(_, versionChanged: true), .versionChanged:
            return restartAfterVersionChange(&run)
        case .wholeBody(_, versionChanged: false):
            return continueOnOneConnection("\(host) answered a range request with the whole file", &run)
        case .complete:
            return continueOnOneConnection("\(host) answered a range with 416", &run)
        case .rangesUnusable(let reason, _):
            return continueOnOneConnection(reason.description, &run)
        case .tooManyConnections(let problem, let retryAfter):
            return connectionFailed(k, problem, retryAfterSeconds: retryAfter, hostRefused: true, now: now, &run)
        case .retry(let problem, let retryAfter):
            return connectionFailed(k, problem, retryAfterSeconds: retryAfter, hostRefused: false, now: now, &run)
        case .fail(let problem):
            return failSegmented(problem, &run)
        }
    }

    /// Gives `k`'s range back to the plan (with fewer connections after a limiting status) and schedules a retry,
    /// or gives up when the retry budget is spent.
    private mutating func connectionFailed(
        _ k: ConnectionID, _ problem: TransferProblem, retryAfterSeconds: Int64?, hostRefused refused: Bool, now: Double,
        _ run: inout SegmentedRun
    ) -> [TransferAction] {
        run.forget(k)
        var recovery = try? run.planner.connectionFailed(k)
        var learned: [TransferAction] = []
        if refused, recovery != nil {
            // The host's "no more": the limit falls to what it accepted, and only then is it known whether another
            // connection is wanted (`.retry`) or the range waits for one that runs (`.wait`).
            let said = problem.httpStatus.map { "HTTP \($0)" } ?? problem.message
            learned = hostRefused(reason: "\(said) to one more connection", &run)
            recovery = run.planner.recovery
        }
        let completed = run.planner.completedBytes
        let decision = retry.recordFailure(
            madeProgress: completed > run.bytesAtLastFailure, retryAfterSeconds: retryAfterSeconds, jitter: jitter(),
            unreachable: problem.kind == .unreachable, now: now
        )
        run.bytesAtLastFailure = completed
        guard case .retry(let delay) = decision else { return [.drop(k, .transferEnding)] + learned + failSegmented(problem, &run) }
        var actions: [TransferAction] = [.drop(k, .transferEnding)] + learned
        // Other connections still run (`.wait`) or the plan is complete: no retry to wait for.
        guard case .retry? = recovery else { return actions }
        run.retryTimes.append(now + delay)
        actions.append(.retry(at: now + delay, afterSeconds: delay, attempt: retry.consecutiveFailures, reason: problem.message))
        return actions
    }

    /// Measures speeds, drops stalled, slow and too slow connections, ends due backoffs, and checkpoints.
    private mutating func tick(now: Double, throttled: Bool, _ run: inout SegmentedRun) -> [TransferAction] {
        var speeds: [ConnectionID: Double] = [:]
        for id in run.planner.activeConnections {
            run.meters[id, default: TransferRateMeter(window: 2)].record(totalBytes: run.received[id] ?? 0, at: now)
            speeds[id] = run.meters[id]?.currentSpeed
        }
        run.speeds = speeds
        var actions: [TransferAction] = []
        for case .replace(let id, let reason) in run.planner.tick(now: now, speeds: speeds, throttled: throttled) {
            run.forget(id)
            switch reason {
            case .stalled: actions.append(.drop(id, .stalled))
            case .slow: actions.append(.drop(id, .slow))
            case .belowLowestSpeed: actions.append(.drop(id, .belowLowestSpeed))
            }
        }
        actions += tune(now: now, throttled: throttled, &run)
        let waiting = run.retryTimes.count
        run.retryTimes.removeAll { $0 <= now }
        if run.retryTimes.count < waiting { actions += launchAvailable(&run) }
        actions.append(.checkpoint(run.planner.segments.map { StoredSegment(start: $0.start, end: $0.end, next: $0.next) }, immediately: false))
        return actions
    }

    /// Opens every connection the planner wants now (new segments, or work stolen from running connections).
    mutating func launchAvailable(_ run: inout SegmentedRun) -> [TransferAction] {
        var actions: [TransferAction] = []
        while let assignment = run.planner.nextAssignment() {
            run.unanswered.insert(assignment.connection)
            actions += assign(assignment, &run)
        }
        return actions
    }

    /// Opens `assignment`'s range on its connection; shortens or drops the connection it takes from.
    private mutating func assign(_ assignment: SegmentAssignment, _ run: inout SegmentedRun) -> [TransferAction] {
        var actions: [TransferAction] = []
        lastConnection = max(lastConnection, assignment.connection.rawValue)
        if let replaced = assignment.replaces {
            run.forget(replaced)
            actions.append(.drop(replaced, .takenOver(by: assignment.connection)))
        }
        if let shrink = assignment.shrink { actions.append(.shorten(shrink.connection, end: shrink.end)) }
        let plan = RequestPlan.fetch(askedRange(assignment, &run), of: run.identity)
        run.requests[assignment.connection] = plan
        actions.append(.open(assignment.connection, plan, end: assignment.end))
        return actions
    }

    /// The server does not honour ranges reliably: keep what arrived and continue on one connection from the first
    /// segment's progress (the only bytes a single open range can extend).
    ///
    /// When the first segment is still being streamed by a whole-file answer (the probe's 200, typically: a server
    /// without ranges answers every range with the whole file), that answer *is* the download: it keeps streaming
    /// to the file's end (`.shorten` to the length lifts its segment's end), the others are dropped, and no byte is
    /// asked for again. Only without such a stream does the run start a fresh single-connection attempt.
    private mutating func continueOnOneConnection(_ reason: String, _ run: inout SegmentedRun) -> [TransferAction] {
        let segments = run.planner.segments.map { StoredSegment(start: $0.start, end: $0.end, next: $0.next) }
        let notice: [TransferAction] = [.notice("continuing on one connection: \(reason)"), .plan(connections: 1)]
        if let stream = wholeFileStream(run) {
            return keepStream(stream.connection, stream.body, &run) + notice + [.shorten(stream.connection, end: run.planner.length)]
        }
        var actions = run.planner.activeConnections.map { TransferAction.drop($0, .transferEnding) }
        actions += [.checkpoint(segments, immediately: true)] + notice
        let stored = StoredTransfer(identity: run.identity, segments: segments, partFileSize: run.planner.length)
        return actions + startSingle(stored)
    }

    /// `k`'s whole-file stream becomes the download, a single-connection run; every other connection is dropped.
    private mutating func keepStream(_ k: ConnectionID, _ body: BodyPlan, _ run: inout SegmentedRun) -> [TransferAction] {
        let next = run.planner.segment(ownedBy: k)?.next ?? 0
        var single = SingleRun()
        single.connection = k
        single.request = .wholeFile
        single.body = body
        single.held = k == run.uncutProbe ? max(next, min(run.uncutProbeOffset, run.planner.length)) : next
        single.identity = run.identity
        single.attempts = 1
        single.host = run.host
        let drops = run.planner.activeConnections.filter { $0 != k }.map { TransferAction.drop($0, .transferEnding) }
        mode = .single(single)
        return drops + [.checkpoint([single.storedSegment], immediately: true)]
    }

    /// The uncut probe streamed the whole file before any range was answered: it is the download, complete.
    private mutating func uncutProbeEndedWhole(_ k: ConnectionID, now: Double, _ run: inout SegmentedRun) -> [TransferAction]? {
        guard k == run.uncutProbe, run.uncutProbeOffset >= run.planner.length, let body = run.bodies[k] else { return nil }
        var actions = keepStream(k, body, &run)
        guard case .single(var kept) = mode else { return actions }
        actions += single(.ended(k, now: now), &kept)
        if case .single = mode { mode = .single(kept) }
        return actions
    }

    /// A connection streaming the whole file from byte 0 whose first segment is not done yet, with its body.
    private func wholeFileStream(_ run: SegmentedRun) -> (connection: ConnectionID, body: BodyPlan)? {
        for (k, body) in run.bodies.sorted(by: { $0.key.rawValue < $1.key.rawValue })
        where body.offset == 0 && body.expectedLength == run.planner.length {
            guard let segment = run.planner.segment(ownedBy: k), segment.start == 0, !segment.isComplete || k == run.uncutProbe
            else { continue }
            return (k, body)
        }
        return nil
    }

    /// The file changed on the server: every partial byte goes, and the run starts again with a fresh probe.
    private mutating func restartAfterVersionChange(_ run: inout SegmentedRun) -> [TransferAction] {
        mode = .segmented(run)
        if let failure = countVersionRestart() { return failure }
        let drops = run.planner.activeConnections.map { TransferAction.drop($0, .transferEnding) }
        return drops + [.discard(reason: RestartReason.versionChanged.description)] + probe(.empty)
    }

    private mutating func failSegmented(_ problem: TransferProblem, _ run: inout SegmentedRun) -> [TransferAction] {
        mode = .segmented(run)
        return fail(problem)
    }
}
