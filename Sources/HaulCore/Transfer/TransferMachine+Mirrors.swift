/// Which mirror each connection uses, and what the machine's one-source rules see of several sources.
struct MirrorRouting: Sendable {
    var pool: MirrorPool
    var mirrorOf: [ConnectionID: Int] = [:]
    /// Where each writing connection's last reported byte was, and bytes per mirror since the last timer (speeds).
    var offsets: [ConnectionID: Int64] = [:]
    var bytesSinceTick: [Int: Int64] = [:]
    var lastTick: Double?
    /// With piece hashes: which mirror wrote which bytes (to blame a bad piece), the bad pieces per mirror, and the
    /// ranges to fetch again from another mirror than the one that spoiled them.
    var served: [(range: Range<Int64>, mirror: Int)] = []
    var badPieces: [Int: Int] = [:]
    var avoid: [(range: Range<Int64>, mirrors: Set<Int>)] = []

    /// The validator the machine sees for every mirror's answer that `MirrorPool` found consistent.
    static let sharedEntityTag = "\"haul-mirrors\""

    /// One source held to an expected length (a Metalink's `<size>`): only the length is checked; its requests and
    /// validators are the single source's own, untouched.
    var isSingleSource: Bool { pool.mirrors.count == 1 }
}

/// Several sources for one file (`--mirror`, tab-separated input-file lines): the machine's rules stay those of one
/// source, and this layer in front of them
/// - gives each new connection a mirror (`.useSource` before its `.open`, chosen by `MirrorPool`: untried mirrors
///   first, then the fastest per connection) and asks its range with that mirror's own `If-Range` (mirrors do not
///   share validators; a mirror that has not answered yet gets the range without one and its answer's length is
///   checked instead);
/// - checks every answer with `MirrorPool.check`: another length, or a mirror's validator that changed, drops the
///   mirror; a consistent answer reaches the machine with one shared validator, so bytes from any consistent mirror
///   resume each other (same length; a checksum, when given, verifies the whole at the end);
/// - drops a mirror that answers a final error (404, 410, ...), fails three times in a row, or crawls (the
///   lowest-speed rule), says so (`dropping mirror URL: reason`), and sends the connection's range elsewhere;
/// - fails the download only when every mirror is dropped. The last mirror standing is never dropped for a
///   transient failure: the retry policy decides about it as about a single source.
extension TransferMachine {
    /// Statuses a retry may cure: a mirror answering them is not dropped at once.
    static let transientStatuses: Set<Int> = [408, 429, 500, 502, 503, 504]

    /// The event as the one-source rules should see it (nil: swallowed), and what to say first.
    mutating func routeEvent(_ event: TransferEvent) -> (TransferEvent?, [TransferAction]) {
        guard var routing else { return (event, []) }
        defer { self.routing = routing }
        switch event {
        case .responseHead(let k, let head, let host, let url, let now, let wallClock):
            guard let m = routing.mirrorOf[k] else { return (event, []) }
            if routing.pool.mirrors[m].dropped != nil, !routing.pool.exhausted {
                // A late answer from a mirror another connection already dropped (two connections opened on it
                // before its first answer): whatever it says, `k`'s work goes to a mirror still in use. Its error
                // is not the download's, and the drop was said once already.
                return elsewhere(k, m, now: now, &routing, announce: false)
            }
            if head.status >= 400, head.status != 416, SourceFailureRule.failure(ofStatus: head.status) == .final {
                // The last mirror standing answers as a single source would: the machine fails with its status.
                guard routing.pool.active.count > 1 else { return (event, []) }
                routing.pool.failed(m, "HTTP \(head.status) \(HTTPStatusText.reason(head.status))", final: true)
                return elsewhere(k, m, now: now, &routing)
            }
            if head.status == 416, routing.pool.active.count > 1, let length = routing.pool.length,
                let total = Self.unsatisfiedTotal(of: head), total != length
            {
                // A shorter mirror refuses a range past its end (`bytes */6000000`): that mirror serves another file,
                // and the answer says nothing about the ranges of the others. Before this, the 416 reached the
                // one-source rules and demoted the whole download to one connection.
                _ = routing.pool.check(
                    ResourceIdentity(entityTag: nil, lastModified: nil, totalLength: total, lastModifiedIsStrong: false), from: m)
                return elsewhere(k, m, now: now, &routing)
            }
            guard (200..<300).contains(head.status) else { return (event, []) }
            let identity = ResourceIdentity(response: head, totalLength: Self.totalLength(of: head))
            if case .dropped = routing.pool.check(identity, from: m) {
                if routing.pool.exhausted {
                    self.routing = routing
                    // One source held to a Metalink's size: its failure says it all, no "dropping mirror" first.
                    return (nil, (routing.isSingleSource ? [] : dropNotice(m, routing)) + fail(exhaustedProblem(routing)))
                }
                return elsewhere(k, m, now: now, &routing)
            }
            if routing.isSingleSource { return (event, []) }
            var shared = head
            shared.headers.removeAll { ["etag", "last-modified"].contains($0.name.lowercased()) }
            shared.headers.append(HeaderField(name: "ETag", value: MirrorRouting.sharedEntityTag))
            return (.responseHead(k, shared, host: host, url: url, now: now, wallClock: wallClock), [])
        case .wrote(let k, let offset):
            if let m = routing.mirrorOf[k], let last = routing.offsets[k], offset > last {
                routing.bytesSinceTick[m, default: 0] += offset - last
                routing.offsets[k] = offset
                if pieces != nil { routing.record(last..<offset, from: m) }
            }
            return (event, [])
        case .ended(let k, _):
            close(k, &routing)
            return (event, [])
        case .failed(let k, let problem, let now):
            guard let m = routing.mirrorOf[k] else { return (event, []) }
            close(k, &routing)
            // A connection that was already on its way to a mirror dropped since (several connections open to a
            // dead mirror at once, and the first failure dropped it): its range goes elsewhere, said once, no retry.
            if routing.pool.mirrors[m].dropped != nil, !routing.pool.active.isEmpty {
                return elsewhere(k, m, now: now, &routing, announce: false)
            }
            // `SourceFailureRule`: a mirror that is not there (refused, a name that does not resolve) before it
            // delivered, or that fails for good (TLS, a broken HTTP/1.1 framing), is dropped at once while others
            // remain; a transient failure counts towards its drop. The last one standing is the retry policy's.
            let consequence = SourceFailureRule.consequence(
                of: SourceFailureRule.failure(of: problem.kind), sourceHasDelivered: routing.pool.mirrors[m].hasDelivered,
                otherSourcesLeft: routing.pool.active.count > 1
            )
            guard routing.pool.active.count > 1, consequence != .failDownload,
                routing.pool.failed(m, problem.message, final: consequence == .dropSource) != nil
            else { return (event, []) }
            // Dropped while others remain: a reassignment, not a retry of this source.
            return elsewhere(k, m, now: now, &routing)
        case .timer(let now, _):
            if let last = routing.lastTick, now > last {
                for (m, bytes) in routing.bytesSinceTick { routing.pool.received(bytes, in: now - last, from: m) }
            }
            routing.bytesSinceTick = [:]
            routing.lastTick = now
            return (event, [])
        case .started(let stored, _):
            // A resumed download: the pool is rebuilt from the request's mirrors, each mirror's validator is
            // recorded anew from its first answer, and that answer is held to the stored version's length.
            if let total = stored.identity?.totalLength, !stored.segments.isEmpty { routing.pool.expect(length: total) }
            return (event, [])
        case .stop, .sourceRefreshed, .sourceUnavailable, .pieceChecked, .connectionBudget, .rateLimit:
            return (event, [])
        }
    }

    /// Gives each `.open` its mirror and that mirror's `If-Range`; counts connections closed and mirrors that crawl.
    mutating func routeActions(_ actions: [TransferAction]) -> [TransferAction] {
        guard var routing else { return actions }
        defer { self.routing = routing }
        var routed: [TransferAction] = []
        for action in actions {
            switch action {
            case .open(let k, let plan, let end):
                close(k, &routing)
                // A piece fetched again prefers another mirror than the one that spoiled it.
                var avoiding: Set<Int> = []
                // (A range from byte 0 is asked open-ended, as the whole file: no `range` in the plan.)
                let start = plan.range?.lowerBound ?? 0
                if let i = routing.avoid.firstIndex(where: { $0.range.contains(start) }) {
                    avoiding = routing.avoid.remove(at: i).mirrors
                }
                let m = routing.pool.openConnection(avoiding: avoiding) ?? routing.pool.active.first ?? 0
                routing.mirrorOf[k] = m
                if routing.isSingleSource {
                    routed.append(action)
                    continue
                }
                routed.append(.useSource(k, url: routing.pool.mirrors[m].url))
                routed.append(.open(k, plan.onMirror(validator: routing.pool.mirrors[m].identity?.ifRangeValue), end: end))
            case .write(let k, let body, _):
                routing.offsets[k] = body.offset
                routed.append(action)
            case .fail(let problem) where !routing.isSingleSource && problem.kind != .local
                && routing.pool.mirrors.contains(where: { $0.dropped != nil }) && !routing.pool.exhausted:
                // The last source failed after the others were dropped: the download fails naming each one's reason,
                // with the last failure's class (its exit code).
                routed.append(.fail(TransferProblem(problem.kind, Self.everySourceFailed(problem, routing.pool), httpStatus: problem.httpStatus)))
            case .drop(let k, let reason):
                let m = routing.mirrorOf[k]
                close(k, &routing)
                routed.append(action)
                if let m, reason == .belowLowestSpeed, routing.pool.active.count > 1,
                    routing.pool.failed(m, "below the lowest speed", final: true) != nil
                {
                    routed += dropNotice(m, routing)
                }
            default:
                routed.append(action)
            }
        }
        return routed
    }

    /// `k`'s mirror `m` was just dropped: says so and sends `k`'s work to another mirror at once (`reassign`; the
    /// probe of a fresh run is simply asked again, so the run may still split).
    private mutating func elsewhere(
        _ k: ConnectionID, _ m: Int, now: Double, _ routing: inout MirrorRouting, announce: Bool = true
    ) -> (TransferEvent?, [TransferAction]) {
        let notice = announce ? dropNotice(m, routing) : []
        if case .probing(let probe, let stored) = mode, probe == k {
            close(k, &routing)
            self.routing = routing
            let actions = notice + [.drop(k, .transferEnding)] + self.probe(stored)
            routing = self.routing!
            return (nil, actions)
        }
        return (nil, notice + reassign(k))
    }

    /// `k`'s mirror was dropped while other mirrors remain: `k`'s remaining range goes to a mirror still in use at
    /// once. This is no failure of the download's source (that source is still there), so no backoff, no "retry N
    /// in ..." line and no retry budget spent; retries stay for transient faults of the last remaining source.
    mutating func reassign(_ k: ConnectionID) -> [TransferAction] {
        switch mode {
        case .single(var run):
            guard run.connection == k else { return [] }
            run.connection = nil
            run.retryAt = nil
            let actions: [TransferAction] = [.drop(k, .transferEnding), .checkpoint([run.storedSegment], immediately: true)]
                + openSingle(&run)
            mode = .single(run)
            return actions
        case .segmented(var run):
            guard run.planner.segment(ownedBy: k) != nil else { return [] }
            run.forget(k)
            _ = try? run.planner.connectionFailed(k)
            // While a retry of another range waits, this range waits with it (the planner hands ranges out in order).
            let actions: [TransferAction] = [.drop(k, .transferEnding)] + (run.retryTimes.isEmpty ? launchAvailable(&run) : [])
            mode = .segmented(run)
            return actions
        case .idle, .probing, .awaitingSource, .ended:
            return []
        }
    }

    /// A piece failed its hash: each mirror that wrote bytes of it counts a failure (two bad pieces drop it while
    /// others remain, said), and the range is fetched again preferably elsewhere.
    mutating func blameMirrors(for range: Range<Int64>) -> [TransferAction] {
        guard var routing, !routing.isSingleSource else { return [] }
        let culprits = Set(routing.served.filter { $0.range.overlaps(range) }.map(\.mirror))
        routing.forgetServed(range)
        var said: [TransferAction] = []
        for m in culprits.sorted() {
            routing.badPieces[m, default: 0] += 1
            let count = routing.badPieces[m]!
            let reason = count >= 2 ? "sent \(count) pieces that failed their hash check" : "sent a piece that failed its hash check"
            if routing.pool.active.count > 1, routing.pool.failed(m, reason, final: count >= 2) != nil { said += dropNotice(m, routing) }
        }
        if !culprits.isEmpty { routing.avoid.append((range, culprits)) }
        self.routing = routing
        return said
    }

    /// The lowest-speed rule fired on `k` (one connection): when that drops its mirror and others remain, says so
    /// and returns the notice (the caller reassigns instead of retrying); nil otherwise.
    mutating func dropCrawlingMirror(_ k: ConnectionID) -> [TransferAction]? {
        guard var routing, let m = routing.mirrorOf[k], routing.pool.active.count > 1,
            routing.pool.failed(m, "below the lowest speed", final: true) != nil
        else { return nil }
        self.routing = routing
        return dropNotice(m, routing)
    }

    private func close(_ k: ConnectionID, _ routing: inout MirrorRouting) {
        guard let m = routing.mirrorOf.removeValue(forKey: k) else { return }
        routing.offsets[k] = nil
        routing.pool.closeConnection(on: m)
    }

    private func dropNotice(_ m: Int, _ routing: MirrorRouting) -> [TransferAction] {
        guard let reason = routing.pool.mirrors[m].dropped else { return [] }
        return [.notice("dropping mirror \(routing.pool.mirrors[m].url): \(reason)")]
    }

    /// Every mirror dropped. When each was dropped for serving another length than the one the file must have (a
    /// Metalink's `<size>`, or the first answer's), no source serves this file: a protocol violation (exit 5), as
    /// a server contradicting itself is; otherwise the HTTP class (exit 4).
    private func exhaustedProblem(_ routing: MirrorRouting) -> TransferProblem {
        let lengths = routing.pool.mirrors.allSatisfy { $0.dropped?.hasPrefix(MirrorPool.anotherLengthPrefix) == true }
        if routing.isSingleSource, let reason = routing.pool.mirrors[0].dropped {
            return TransferProblem(lengths ? .protocolViolation : .http, "\(routing.pool.mirrors[0].url) \(reason)")
        }
        return TransferProblem(lengths ? .protocolViolation : .http, "every mirror was dropped:\n" + routing.pool.exhaustedReason)
    }

    /// The message of a download whose last source failed with `problem` after the others were dropped: every
    /// source with its reason, in the sources' order.
    static func everySourceFailed(_ problem: TransferProblem, _ pool: MirrorPool) -> String {
        "every source failed:\n" + pool.mirrors.map { "\($0.url): \($0.dropped ?? problem.message)" }.joined(separator: "\n")
    }

    /// The file's length an answer declares: Content-Range's total for a 206, Content-Length for a 200.
    /// The length a 416's `Content-Range: bytes */N` states (nil without one).
    static func unsatisfiedTotal(of head: ResponseHead) -> Int64? {
        guard let header = head["Content-Range"], case .unsatisfied(let total)? = ContentRange(headerValue: header) else { return nil }
        return total
    }

    static func totalLength(of head: ResponseHead) -> Int64? {
        if head.status == 206 {
            return head["Content-Range"].flatMap { $0.split(separator: "/").last.flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) } }
        }
        return head["Content-Length"].flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) }
    }
}

extension MirrorRouting {
    /// `bytes` came from mirror `m` (merged with the run it continues).
    mutating func record(_ bytes: Range<Int64>, from m: Int) {
        if let last = served.last, last.mirror == m, last.range.upperBound == bytes.lowerBound {
            served[served.count - 1].range = last.range.lowerBound..<bytes.upperBound
        } else {
            served.append((bytes, m))
        }
    }

    /// `bytes` will be written again: whoever wrote them before is no longer answerable for them.
    mutating func forgetServed(_ bytes: Range<Int64>) {
        served = served.flatMap { entry -> [(range: Range<Int64>, mirror: Int)] in
            guard entry.range.overlaps(bytes) else { return [entry] }
            var kept: [(range: Range<Int64>, mirror: Int)] = []
            if entry.range.lowerBound < bytes.lowerBound { kept.append((entry.range.lowerBound..<bytes.lowerBound, entry.mirror)) }
            if bytes.upperBound < entry.range.upperBound { kept.append((bytes.upperBound..<entry.range.upperBound, entry.mirror)) }
            return kept
        }
    }
}
