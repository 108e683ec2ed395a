/// The decisions of one download run, as a pure state machine: events in (`TransferEvent`), actions out
/// (`TransferAction`). No I/O and no clock: time arrives in the events, so every path (drops, 200 instead of 206,
/// validator changes, backoff with `Retry-After`, stealing, slow connections) is a plain sequence in a test.
///
/// One machine for any number of connections. With one connection allowed (or when the file is not worth
/// splitting) it holds the bytes `[0, held)` and resumes with an open range; with several it holds a
/// `SegmentPlanner`. Both read the one verdict table (`ResponseOutcome`), share the retry schedule
/// (`RetryTracker` over `RetryPolicy`) and the limit on restarts for a file that keeps changing.
///
/// A multi-connection run without usable stored segments first asks for the whole file on connection #1 and looks
/// at the head: when the file is worth splitting (`isWorthSplitting`), more connections open with ranged GETs
/// guarded by `If-Range`, and the probe's stream is dropped and its first segment asked for again as a range (with
/// `SegmentPolicy.fetchesEachByteOnce`, `TransferMachine+Asking`; without it, or when the server does not advertise
/// ranges, that response becomes the first segment's body); otherwise the same response continues as a
/// single-connection run, so a small file or a server without ranges costs no extra round trip.
public struct TransferMachine: Sendable {
    /// What the machine is allowed to do.
    public struct Settings: Hashable, Sendable {
        /// Connections allowed (1: a single-connection run) and the planner's thresholds.
        public var segmentPolicy: SegmentPolicy
        /// Backoff and budget for failed attempts.
        public var retryPolicy: RetryPolicy
        /// How many times a file that changed on the server may restart the run before it fails.
        public var maximumVersionRestarts: Int
        /// Seeds the jitter of the backoff (the runner passes a random seed; tests a fixed one).
        public var jitterSeed: UInt64
        /// Ask for a fresh URL (`.refreshSource`) when a source answers 401, 403 or 410 after bytes arrived, instead
        /// of failing. Set only when someone can answer (a URL provider): without one the statuses mean what they
        /// always meant (a 403 to one of several ranges asks for fewer connections).
        public var refreshesExpiredSources: Bool
        /// The sources of the file, the main URL first: with two or more, each connection goes to one of them
        /// (`MirrorPool`, see `TransferMachine+Mirrors`).
        public var mirrors: [String]
        /// The length the file must have (a Metalink's `<size>`): a source answering another length is dropped, and
        /// when every source is, the run fails as a protocol violation. Checked even with a single source.
        public var expectedLength: Int64?
        /// Piece hashes (a Metalink's `<pieces>`, with `expectedLength`): each piece is checked as it lands, a bad
        /// one fetched again (`TransferMachine+Pieces`).
        public var pieceHashes: PieceLedger.Hashes?
        /// `-x auto`: Haul chooses how many of `segmentPolicy.connections` a run over several connections uses
        /// (`ConnectionTuner`, `TransferMachine+Tuning`); nil: all of them, as asked.
        public var connectionTuning: ConnectionTuner.Settings?

        /// Creates settings.
        public init(segmentPolicy: SegmentPolicy, retryPolicy: RetryPolicy, maximumVersionRestarts: Int = 3, jitterSeed: UInt64 = 0,
            refreshesExpiredSources: Bool = false, mirrors: [String] = [], expectedLength: Int64? = nil,
            pieceHashes: PieceLedger.Hashes? = nil, connectionTuning: ConnectionTuner.Settings? = nil
        ) {
            self.connectionTuning = connectionTuning
            self.pieceHashes = pieceHashes
            self.mirrors = mirrors
            self.expectedLength = expectedLength
            self.refreshesExpiredSources = refreshesExpiredSources
            self.segmentPolicy = segmentPolicy
            self.retryPolicy = retryPolicy
            self.maximumVersionRestarts = maximumVersionRestarts
            self.jitterSeed = jitterSeed
        }
    }

    enum Mode: Sendable {
        case idle
        /// Connection #1 asked for the whole file; its head decides between one connection and several.
        case probing(ConnectionID, stored: StoredTransfer)
        case single(SingleRun)
        case segmented(SegmentedRun)
        /// The source expired: waiting for `.sourceRefreshed` or `.sourceUnavailable` (see `SourceExpiry`).
        case awaitingSource(SourceExpiry)
        case ended
    }

    let settings: Settings
    var mode: Mode = .idle
    var retry: RetryTracker
    var versionRestarts = 0
    /// Bytes held when the source was last refreshed: a fresh link that expires again before one more byte
    /// arrived fails the run instead of asking forever.
    var heldAtLastRefresh: Int64?
    /// The segments and progress when the run ended (what the last checkpoint saved).
    var endedWith: (segments: [StoredSegment], done: Int64, total: Int64?) = ([], 0, nil)
    /// The highest connection number used, so a new connection never reuses the number of one still winding down.
    var lastConnection = 0
    /// The connections the host's budget gives a count Haul chooses, when it changed since the run began
    /// (`.connectionBudget`): the tuner's ceiling from then on, also for a run split only later.
    var budgetCeiling: Int?
    /// The rate limit in force, when it changed since the run began (`.rateLimit`; `.some(nil)`: lifted): the
    /// tuner's from then on, also for a run split only later.
    var changedRateLimit: Double??
    private var random: SplitMix64
    /// Which mirror each connection uses, when there are several.
    var routing: MirrorRouting?
    /// Which pieces are verified, when the file has piece hashes.
    var pieces: PieceLedger?

    /// Creates a machine that waits for `.started`.
    public init(settings: Settings) {
        self.settings = settings
        if Set(settings.mirrors).count > 1 || (settings.expectedLength != nil && !settings.mirrors.isEmpty) {
            routing = MirrorRouting(pool: MirrorPool(urls: settings.mirrors, length: settings.expectedLength))
        }
        self.retry = RetryTracker(policy: settings.retryPolicy)
        self.random = SplitMix64(seed: settings.jitterSeed)
        if let hashes = settings.pieceHashes, let size = settings.expectedLength { pieces = PieceLedger(hashes: hashes, size: size) }
    }

    /// Feeds one event; returns what to do, in order.
    public mutating func event(_ event: TransferEvent) -> [TransferAction] {
        let verifiedBefore = pieces?.verified
        if case .started(let stored, _) = event { restorePieces(stored) }
        var actions: [TransferAction]
        if case .pieceChecked(let index, let serial, let digest) = event {
            actions = pieceChecked(index, serial: serial, digest: digest)
        } else if routing != nil {
            let (routed, said) = routeEvent(event)
            actions = said + (routed.map { apply($0) } ?? [])
        } else {
            actions = apply(event)
        }
        if pieces != nil { actions += followPieces(actions, verifiedBefore: verifiedBefore) }
        return routing != nil ? routeActions(actions) : actions
    }

    private mutating func apply(_ event: TransferEvent) -> [TransferAction] {
        if case .connectionBudget(let connections) = event { budgetCeiling = max(1, connections) }
        if case .rateLimit(let rate) = event { changedRateLimit = .some(rate.flatMap { $0 > 0 ? $0 : nil }) }
        switch (event, mode) {
        case (.started(let stored, _), .idle):
            return start(stored)
        case (.started, _):
            preconditionFailure("a transfer machine starts once")
        case (_, .idle), (_, .ended):
            return []
        case (.sourceRefreshed(let size, _), .awaitingSource(let expiry)):
            mode = .idle
            return start(StoredTransfer(identity: expiry.identity, segments: expiry.segments, partFileSize: size))
        case (.sourceUnavailable, .awaitingSource(let expiry)):
            end()
            return [.fail(expiry.problem)]
        case (.stop, _):
            let actions = dropAll() + [.checkpoint(storedSegments, immediately: true), .stopped]
            end()
            return actions
        case (_, .awaitingSource), (.sourceRefreshed, _), (.sourceUnavailable, _), (.pieceChecked, _):
            return []
        case (.responseHead(let k, let head, _, let url, _, _), _) where expires(head, on: k):
            return sourceExpired(status: head.status, url: url)
        case (_, .probing(let probe, let stored)):
            return probing(event, probe: probe, stored: stored)
        case (_, .single(var run)):
            let actions = single(event, &run)
            if case .single = mode { mode = .single(run) }
            return actions
        case (_, .segmented(var run)):
            let actions = segmented(event, &run)
            if case .segmented = mode { mode = .segmented(run) }
            return actions
        }
    }

    /// Whether the run has finished, failed or stopped.
    public var isEnded: Bool {
        if case .ended = mode { return true }
        return false
    }

    /// The segments as the state database stores them (one open segment for a single-connection run).
    public var storedSegments: [StoredSegment] {
        switch mode {
        case .single(let run): return [run.storedSegment]
        case .segmented(let run): return run.planner.segments.map { StoredSegment(start: $0.start, end: $0.end, next: $0.next) }
        case .ended: return endedWith.segments
        case .awaitingSource(let expiry): return expiry.segments
        case .idle, .probing: return []
        }
    }

    /// Bytes held so far and the file's length, when known (for progress).
    public var progress: (done: Int64, total: Int64?) {
        switch mode {
        case .single(let run): return (run.held, run.identity?.totalLength)
        case .segmented(let run): return (run.planner.completedBytes, run.planner.length)
        case .ended: return (endedWith.done, endedWith.total)
        case .awaitingSource(let expiry): return (expiry.done, expiry.identity?.totalLength)
        case .idle, .probing: return (0, nil)
        }
    }

    /// The bytes from the start of the file that have all arrived: what a player can read while the rest downloads
    /// (`--in-order` downloads report it). All bytes held on one connection; the prefix of a segmented plan.
    public var contiguousBytes: Int64 {
        switch mode {
        case .segmented(let run): return run.planner.contiguousBytes
        default: return progress.done
        }
    }

    /// Each running connection's range and speed at the last timer, in file order (for progress).
    public var connections: [(id: ConnectionID, start: Int64, next: Int64, end: Int64, speed: Double)] {
        guard case .segmented(let run) = mode else { return [] }
        return run.planner.segments.compactMap { segment in
            segment.owner.map { ($0, segment.start, segment.next, segment.end, run.speeds[$0] ?? 0) }
        }
    }

    /// A whole-file response is worth splitting over several connections: ranges are honoured (not
    /// `Accept-Ranges: none`), the length is known, a strong validator guards the ranges (docs/http-rules.md rule
    /// 3), the body is not encoded (rule 1), and the file holds at least two minimum splits.
    public static func isWorthSplitting(_ head: ResponseHead, body: BodyPlan, minimumSplitSize: Int64) -> Bool {
        guard let length = body.expectedLength, body.identity.canResume else { return false }
        guard head["Accept-Ranges"]?.lowercased() != "none" else { return false }
        guard head["Content-Encoding"].map({ $0.lowercased() == "identity" }) ?? true else { return false }
        return length / 2 >= minimumSplitSize
    }

    private mutating func start(_ stored: StoredTransfer) -> [TransferAction] {
        if settings.segmentPolicy.connections > 1 {
            if var run = SegmentedRun(restoring: stored, policy: settings.segmentPolicy) {
                let actions = [.plan(connections: settings.segmentPolicy.connections), .adopt(run.identity)]
                    + startTuning(&run) + launchAvailable(&run)
                mode = .segmented(run)
                return actions
            }
            return probe(stored)
        }
        return [.plan(connections: 1)] + startSingle(stored)
    }

    /// Asks for the whole file on connection #1 (see the type's summary).
    mutating func probe(_ stored: StoredTransfer) -> [TransferAction] {
        let probe = ConnectionID(1)
        lastConnection = max(lastConnection, 1)
        mode = .probing(probe, stored: stored)
        return [.open(probe, .wholeFile, end: nil)]
    }

    /// Ends the run, remembering where it got to.
    mutating func end() {
        endedWith = (storedSegments, progress.done, progress.total)
        mode = .ended
    }

    mutating func nextConnection() -> ConnectionID {
        lastConnection += 1
        return ConnectionID(lastConnection)
    }

    mutating func jitter() -> Double {
        Double(random.next() >> 11) / Double(1 << 53)
    }

    /// Drops every running connection.
    func dropAll() -> [TransferAction] {
        switch mode {
        case .probing(let probe, _): return [.drop(probe, .transferEnding)]
        case .single(let run): return run.connection.map { [.drop($0, .transferEnding)] } ?? []
        case .segmented(let run): return run.planner.activeConnections.map { .drop($0, .transferEnding) }
        case .idle, .ended, .awaitingSource: return []
        }
    }

    /// Ends the run with `problem`, keeping what arrived; or, when a fresh URL may cure it (`freshSourceInsteadOf`),
    /// asks for one first.
    mutating func fail(_ problem: TransferProblem, freshSourceMayCure: Bool = true) -> [TransferAction] {
        if freshSourceMayCure, let ask = freshSource(insteadOf: problem) { return ask }
        let actions = dropAll() + [.checkpoint(storedSegments, immediately: true), .fail(problem)]
        end()
        return actions
    }

    /// Counts a restart forced by a changed file; nil while restarts remain, else the failure.
    mutating func countVersionRestart() -> [TransferAction]? {
        versionRestarts += 1
        guard versionRestarts > settings.maximumVersionRestarts else { return nil }
        return fail(
            TransferProblem(.protocolViolation, "the file kept changing on the server while it was downloaded"), freshSourceMayCure: false)
    }
}

/// A small deterministic generator for the backoff's jitter (Steele, Lea, Flood 2014), so that the machine stays a
/// pure value: the runner seeds it at random, a test with a constant.
struct SplitMix64: Sendable {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
