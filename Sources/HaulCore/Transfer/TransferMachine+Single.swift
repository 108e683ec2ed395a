/// A run over one connection: bytes `[0, held)` are in the file, and each attempt asks for the rest with an open
/// range (or the whole file when the held bytes cannot be proven current).
struct SingleRun: Sendable {
    /// The connection asked or writing, if any.
    var connection: ConnectionID?
    /// What it asked for.
    var request: RequestPlan = .wholeFile
    /// The body it writes, once its head was accepted.
    var body: BodyPlan?
    /// Bytes `[0, held)` are written (durable once checkpointed).
    var held: Int64 = 0
    /// The version the held bytes belong to.
    var identity: ResourceIdentity?
    /// False after a server mangled a range (wrong Content-Range, encoding, multipart): ask for whole files only.
    var rangesTrusted = true
    /// `held` when the current attempt began, to tell a failure that made progress.
    var heldAtAttemptStart: Int64 = 0
    /// Attempts in this run (for observers).
    var attempts = 0
    /// When the pending retry is due.
    var retryAt: Double?
    /// The server's name, for messages.
    var host = "the server"
    /// The lowest-speed rule's watch over the current body, from the first timer after it began.
    var lowSpeed: LowSpeedWatch?

    var storedSegment: StoredSegment { StoredSegment(start: 0, end: identity?.totalLength, next: held) }
}

extension TransferMachine {
    /// Trusts the stored progress only as far as the `.part` file backs it (docs/http-rules.md rule 17), drops the
    /// bytes past it, and opens the first attempt.
    ///
    /// - Parameters:
    ///   - probe: the whole-file probe whose answer becomes this run's first response.
    ///   - failedProbe: the probe's failure, when it failed: it was this run's first attempt, so it counts against
    ///     the retry budget and the next attempt waits for the backoff (`--retries 0` sends one request).
    mutating func startSingle(
        _ stored: StoredTransfer, answered probe: ConnectionID? = nil, failedProbe: (problem: TransferProblem, now: Double)? = nil
    ) -> [TransferAction] {
        var run = SingleRun()
        var actions: [TransferAction] = []
        let recorded = stored.segments.first.map { $0.start == 0 ? $0.next : 0 } ?? 0
        if recorded > 0, recorded <= stored.partFileSize, stored.identity?.canResume == true {
            run.held = recorded
            run.identity = stored.identity
            // Bytes past the durable offset were never checkpointed: they may be stale.
            actions.append(.truncate(to: recorded))
        } else if recorded > 0 || stored.partFileSize > 0 {
            let reason = recorded > stored.partFileSize
                ? "the partial file is shorter than its record"
                : (recorded == 0 ? "the partial file has no record of its progress" : "the partial file has no strong validator")
            actions.append(.discard(reason: reason))
        } else {
            actions.append(.truncate(to: 0))
        }
        if let probe, run.held == 0 {
            // The probe's whole-file answer is this run's first response.
            run.connection = probe
            run.attempts = 1
            mode = .single(run)
            return actions
        }
        if let probe { actions.append(.drop(probe, .transferEnding)) }
        if let failedProbe {
            run.attempts = 1
            run.heldAtAttemptStart = run.held
            let waiting = singleRetry(failedProbe.problem, retryAfterSeconds: nil, now: failedProbe.now, &run)
            // Given up: `fail` ended the machine or asked for a fresh source. Else the run waits for its backoff.
            switch mode {
            case .ended, .awaitingSource: break
            case .idle, .probing, .single, .segmented: mode = .single(run)
            }
            return actions + waiting
        }
        actions += openSingle(&run)
        mode = .single(run)
        return actions
    }

    /// Opens the next attempt: the rest from `held` when the held bytes are proven current, else the whole file.
    mutating func openSingle(_ run: inout SingleRun) -> [TransferAction] {
        run.attempts += 1
        run.heldAtAttemptStart = run.held
        run.body = nil
        run.lowSpeed = nil
        run.request = run.held > 0 && run.rangesTrusted ? .fetch(ByteRange(run.held, nil), of: run.identity) : .wholeFile
        let connection = nextConnection()
        run.connection = connection
        return [.open(connection, run.request, end: nil)]
    }

    mutating func single(_ event: TransferEvent, _ run: inout SingleRun) -> [TransferAction] {
        switch event {
        case .started, .stop, .sourceRefreshed, .sourceUnavailable, .pieceChecked, .connectionBudget, .rateLimit:
            return []
        case .responseHead(let k, let head, let host, let url, let now, let wallClock):
            guard k == run.connection, run.body == nil else { return [] }
            run.host = host
            let verdict = ResponseJudge.judge(head, to: run.request, known: run.identity, heldBytes: run.held, now: wallClock)
            let outcome = ResponseOutcome.of(verdict, plan: run.request, known: run.held > 0 ? run.identity : nil, host: host, url: url)
            return singleOutcome(outcome, connection: k, now: now, &run)
        case .wrote(let k, let offset):
            guard k == run.connection else { return [] }
            run.held = max(run.held, offset)
            // Durable about once a checkpoint interval from the first bytes on, as they arrive.
            return [.checkpoint([run.storedSegment], immediately: false)]
        case .ended(let k, let now):
            guard k == run.connection, let body = run.body else { return [] }
            run.connection = nil
            if let expected = body.expectedLength, run.held < body.offset + expected {
                let problem = TransferProblem(.network, "\(run.host) ended the response after \(run.held - body.offset) of \(expected) bytes")
                return singleRetry(problem, retryAfterSeconds: nil, now: now, &run)
            }
            if let total = run.identity?.totalLength, run.held < total { return openSingle(&run) }
            return finishSingle(&run)
        case .failed(let k, let problem, let now):
            guard k == run.connection else { return [] }
            run.connection = nil
            guard problem.isRetryable else { return failSingle(problem, &run) }
            return singleRetry(problem, retryAfterSeconds: nil, now: now, &run)
        case .timer(let now, let throttled):
            if let due = run.retryAt {
                guard now >= due else { return [] }
                run.retryAt = nil
                return openSingle(&run)
            }
            return [.checkpoint([run.storedSegment], immediately: false)] + watchLowestSpeed(now: now, throttled: throttled, &run)
        }
    }

    /// The verdict table's rows for one connection.
    private mutating func singleOutcome(_ outcome: ResponseOutcome, connection k: ConnectionID, now: Double, _ run: inout SingleRun) -> [TransferAction] {
        switch outcome {
        case .write(let body):
            run.identity = body.identity
            run.body = body
            return [.adopt(body.identity), .write(k, body, end: nil)]
        case .wholeBody(let body, let changed):
            var reason: String?
            if run.held > 0 {
                // A 200 to a ranged request with `If-Range` is how a server says the file changed: say that, not
                // that it ignored the range, when its validator differs from the one the bytes belong to.
                reason = run.request.range == nil
                    ? "the partial file cannot be proven current (no strong validator)"
                    : changed ? RestartReason.versionChanged.description
                    : "the server sent the whole file instead of the requested range"
            }
            run.held = 0
            run.identity = body.identity
            run.body = body
            return [.discard(reason: reason), .adopt(body.identity), .write(k, body, end: nil)]
        case .complete(let identity):
            run.identity = identity
            run.connection = nil
            return [.drop(k, .transferEnding)] + finishSingle(&run)
        case .versionChanged:
            if let failure = countVersionRestartSingle(&run) { return failure }
            return restartSingle(RestartReason.versionChanged, connection: k, &run)
        case .rangesUnusable(let reason, let keepsRanges):
            if !keepsRanges { run.rangesTrusted = false }
            return restartSingle(reason, connection: k, &run)
        case .tooManyConnections(let problem, let retryAfter), .retry(let problem, let retryAfter):
            // With one connection there is no fewer: the status's own class decides.
            run.connection = nil
            guard problem.isRetryable else { return [.drop(k, .transferEnding)] + failSingle(problem, &run) }
            return [.drop(k, .transferEnding)] + singleRetry(problem, retryAfterSeconds: retryAfter, now: now, &run)
        case .fail(let problem):
            return failSingle(problem, &run)
        }
    }

    /// Drops every held byte and asks again from 0 at once (not a failure: the server answered).
    private mutating func restartSingle(_ reason: RestartReason, connection k: ConnectionID, _ run: inout SingleRun) -> [TransferAction] {
        if run.held > run.heldAtAttemptStart { retry.recordProgress() }
        run.held = 0
        run.identity = nil
        run.connection = nil
        return [.drop(k, .transferEnding), .discard(reason: reason.description)] + openSingle(&run)
    }

    private mutating func countVersionRestartSingle(_ run: inout SingleRun) -> [TransferAction]? {
        mode = .single(run)
        return countVersionRestart()
    }

    /// Makes what arrived durable, then waits out the backoff, or gives up when the budget is spent.
    private mutating func singleRetry(_ problem: TransferProblem, retryAfterSeconds: Int64?, now: Double, _ run: inout SingleRun) -> [TransferAction] {
        let decision = retry.recordFailure(
            madeProgress: run.held > run.heldAtAttemptStart, retryAfterSeconds: retryAfterSeconds, jitter: jitter(),
            unreachable: problem.kind == .unreachable, now: now
        )
        // Durable before waiting: a crash during the backoff then loses nothing.
        let checkpoint = TransferAction.checkpoint([run.storedSegment], immediately: true)
        guard case .retry(let delay) = decision else { return failSingle(problem, &run) }
        run.body = nil
        run.retryAt = now + delay
        return [checkpoint, .retry(at: run.retryAt!, afterSeconds: delay, attempt: run.attempts, reason: problem.message)]
    }

    /// Applies the lowest-speed rule to the body being written (the transport's read timeout sees only silence).
    private mutating func watchLowestSpeed(now: Double, throttled: Bool, _ run: inout SingleRun) -> [TransferAction] {
        guard let k = run.connection, run.body != nil, let rule = settings.segmentPolicy.lowestSpeed else { return [] }
        guard var watch = run.lowSpeed else {
            run.lowSpeed = LowSpeedWatch(rule: rule, startingAt: now, bytes: run.held)
            return []
        }
        defer { run.lowSpeed = watch }
        if throttled {
            // Slowness under the client's own bandwidth limit is chosen, not the server's.
            watch.restart(at: now, bytes: run.held)
            return []
        }
        guard case .drop(let average) = watch.record(bytes: run.held, at: now) else { return [] }
        run.connection = nil
        if let notice = dropCrawlingMirror(k) {
            // Its mirror is dropped and others remain: the rest goes to one of them at once (no retry).
            return [.drop(k, .belowLowestSpeed)] + notice + [.checkpoint([run.storedSegment], immediately: true)] + openSingle(&run)
        }
        let problem = TransferProblem(
            .network,
            "\(run.host) sent \(ByteCount.formatRate(average)) for \(DurationText.format(rule.spanSeconds)), below the lowest speed of \(ByteCount.formatRate(Double(rule.bytesPerSecond)))"
        )
        return [.drop(k, .belowLowestSpeed)] + singleRetry(problem, retryAfterSeconds: nil, now: now, &run)
    }

    mutating func finishSingle(_ run: inout SingleRun) -> [TransferAction] {
        // With piece hashes, every piece is verified first: `.pieceChecked` finishes (or fetches a piece again).
        guard pieces?.isComplete ?? true else { return [] }
        if run.identity?.totalLength == nil {
            // Unknown length: the message ended cleanly, so the body is whole.
            var known = run.identity ?? ResourceIdentity(entityTag: nil, lastModified: nil, totalLength: nil, lastModifiedIsStrong: false)
            known.totalLength = run.held
            run.identity = known
        }
        mode = .single(run)
        end()
        return [.finish(length: run.held, identity: run.identity, segments: [run.storedSegment])]
    }

    private mutating func failSingle(_ problem: TransferProblem, _ run: inout SingleRun) -> [TransferAction] {
        mode = .single(run)
        return fail(problem)
    }
}
