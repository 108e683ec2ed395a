import Foundation
import HaulArchive
import HaulCore

/// Runs one download's `TransferMachine`: turns what happens on the connections into events, and performs the
/// actions that come back (open, write, checkpoint, wait, restart, finish). It decides nothing itself; one
/// connection or several is the machine's business, and every body goes through the one `ConnectionReceiver` loop.
///
/// Everything runs on one task: connection tasks only open requests and stream bodies, and report back through one
/// `AsyncStream`, so the machine and the stored record have one owner and need no lock.
final class TransferRunner {
    /// What a connection task reports. `serial` names the connection's current request: a dropped connection's
    /// late reports (its task may still flush while it winds down, and a restarted plan reuses connection numbers)
    /// are not confused with those of a newer request.
    enum Signal: Sendable {
        case opened(ConnectionID, serial: Int, OpenedResponse)
        case openFailed(ConnectionID, serial: Int, HaulError)
        case wrote(ConnectionID, serial: Int, Int64)
        case ended(ConnectionID, serial: Int, ConnectionReceiver.End)
        case pieceChecked(index: Int, serial: Int, digest: String)
        case tick
        /// The host's budget gives the run this many connections now (`HostBudgetBook.reserve`'s `adjust`).
        case budget(Int)
    }

    /// Writes a line to standard error when `HAUL_TRACE` is set: what each connection did, for debugging.
    static func trace(_ line: @autoclosure () -> String) {
        Trace.write(line())
    }

    var machine: TransferMachine
    var record: DownloadRecord
    let context: TransferContext
    let file: PartFile
    /// The run's time (`HaulConfiguration.clock`): the ticker's and a backoff's waits, every `now` the machine hears.
    let clock: EngineClock
    let checkpointer: Checkpointer<StoreCheckpoint>
    /// The transfer learned about the file (validators, length, a name) what is not stored yet: it goes with the
    /// next checkpoint or the completion, not alone (`saveResource(of:segments:)` says why that is soon enough).
    var resourceUnsaved = false
    let digest: StreamingDigestBox?
    private let signals: AsyncStream<Signal>
    let sink: AsyncStream<Signal>.Continuation
    /// Each connection's task (opening, then streaming) and its shared bounds.
    var tasks: [ConnectionID: Task<Void, Never>] = [:]
    var bounds: [ConnectionID: ConnectionBounds] = [:]
    /// Each connection's current request (see `Signal`).
    var serials: [ConnectionID: Int] = [:]
    var lastSerial = 0
    /// Connections whose receiver counts progress itself (a single-connection body); others are counted per report.
    var countingReceivers: Set<ConnectionID> = []
    /// Heads judged but not yet streamed.
    var responses: [ConnectionID: OpenedResponse] = [:]
    /// Dropped connections still winding down: awaited before a checkpoint and at the end.
    var windingDown: [Task<Void, Never>] = []
    /// Tasks that wake the machine when a backoff is over (the ticker would too, up to half a second later).
    var timers: [Task<Void, Never>] = []
    /// The last connection error, to end with the original `HaulError` when the machine fails with it.
    private var lastError: HaulError?
    /// The rate limit the machine was last told of (the tighter of the download's own and the global one): at each
    /// tick the limiter's is compared with it, and a change goes to the machine as `.rateLimit` (the tuner re-tunes).
    private lazy var toldRateLimit: Int64? = context.request.maxBytesPerSecond
    var planned = 1
    /// The URL connections open: the request's, until a fresh one replaces a link that expired.
    var url: URL
    /// The mirror each connection was sent to (`.useSource`), when the download has several.
    var sources: [ConnectionID: URL] = [:]
    var outcome: TransferOutcome?
    /// How much of the file is reserved on disk, once its length is announced.
    var reservation: SpaceReservation?
    var id: Int64 { record.id! }

    /// What this run holds of its host's budget (`HostBudgetBook`); nil for a download over several mirrors, whose
    /// connections spread over hosts.
    let budget: HostBudgetBook.Reservation?

    init(record: DownloadRecord, context: TransferContext, file: PartFile) {
        let request = context.request
        let configuration = context.configuration
        (signals, sink) = AsyncStream<Signal>.makeStream()
        var connections = request.connections
        if request.mirrors.isEmpty, let host = HostKey(url: request.url) {
            let (key, now) = (host.description, Double(configuration.clock.wallClock()))
            // A new share of the budget reaches the machine as a signal, like everything else that happens to the run.
            let sink = self.sink
            let reservation = context.hostBudgets.reserve(
                host: key, wanted: request.connections, chosenByHaul: request.autoConnections, now: now,
                adjust: { sink.yield(.budget($0)) }
            )
            connections = reservation.granted
            context.transport.limitConnections(toHost: host, to: context.hostBudgets.hostLimit(host: key, now: now))
            budget = reservation
        } else {
            budget = nil
        }
        self.machine = TransferMachine(settings: Self.machineSettings(
            for: request, configuration: configuration, connections: connections, jitterSeed: .random(in: .min ... .max)))
        self.url = request.url
        self.record = record
        self.context = context
        self.file = file
        self.clock = configuration.clock
        let id = record.id!
        let store = context.store
        self.checkpointer = Checkpointer<StoreCheckpoint>(file: file, interval: configuration.intervals.checkpoint.inSeconds) { checkpoint in
            try store.save(checkpoint, of: id)
        }
        self.digest = request.checksum.map { StreamingDigestBox(StreamingDigest($0.algorithm)) }
    }

    /// What a run of `request` with `connections` allowed may do: the one place the machine's settings are made
    /// from a request, for the run and for the start-up work that asks the machine what a fresh run sends first
    /// (`EarlyStart`).
    ///
    /// A count Haul chooses is planned for the count wanted, its tuner capped at the `connections` granted: the
    /// host's budget may raise that cap while the run goes on (`.connectionBudget`), and a plan cut for fewer
    /// could not use more. A typed count is planned for what was granted.
    static func machineSettings(
        for request: DownloadRequest, configuration: HaulConfiguration, connections: Int, jitterSeed: UInt64
    ) -> TransferMachine.Settings {
        // A rate-limited download is tuned too, whatever its count: it opens the fewest connections that reach its
        // rate (`ConnectionTuner.Settings.rateLimit`), never more than asked.
        let rateLimit = request.maxBytesPerSecond.map(Double.init)
        let tuned = (request.autoConnections || rateLimit != nil) && request.mirrors.isEmpty
        let plan = ConnectionAllowance(count: request.connectionCount).plan(granted: connections, tuned: tuned)
        let policy = SegmentPolicy(
            connections: plan.connections,
            minimumSplitSize: max(1, request.minimumSplitSize),
            stallSeconds: max(2, min(15, configuration.timeouts.stall.inSeconds / 2)),
            lowestSpeed: configuration.lowestSpeed,
            inOrder: request.inOrder
        )
        return TransferMachine.Settings(
            segmentPolicy: policy, retryPolicy: configuration.retryPolicy, jitterSeed: jitterSeed,
            refreshesExpiredSources: configuration.refreshURL != nil,
            mirrors: request.mirrors.isEmpty && request.expectedLength == nil ? [] : ([request.url] + request.mirrors).map(\.absoluteString),
            expectedLength: request.expectedLength, pieceHashes: request.pieceHashes,
            connectionTuning: plan.tunerCeiling.map { ConnectionTuner.Settings(ceiling: $0, rateLimit: rateLimit) }
        )
    }

    /// Runs until the file is complete, the task is cancelled, or the failure is final.
    func run() async -> TransferOutcome {
        let ticker = Task { [sink, clock] in
            while !Task.isCancelled {
                try? await clock.sleep(seconds: 0.5)
                sink.yield(.tick)
            }
        }
        defer {
            ticker.cancel()
            sink.finish()
            context.counters.setConnections([], active: 0)
            if let budget { context.hostBudgets.release(budget, now: Double(clock.wallClock())) }
        }
        do {
            let isNew = context.isNewRow
            let stored = StoredTransfer(
                identity: record.identity,
                segments: isNew ? [] : try context.store.segments(of: id).map { StoredSegment(start: $0.start, end: $0.end, next: $0.next) },
                partFileSize: try file.size(),
                verifiedPieces: context.request.pieceHashes == nil || isNew ? [] : try context.store.verifiedPieces(of: id)
            )
            try await perform(machine.event(.started(stored, now: clock.now())))
            context.counters.startRun(held: machine.progress.done)
            for await signal in signals {
                if case .tick = signal, let change = rateLimitChange() {
                    try await perform(machine.event(.rateLimit(change.map(Double.init))))
                    if outcome != nil { break }
                }
                guard let event = event(for: signal) else { continue }
                try await perform(machine.event(event))
                if outcome != nil { break }
                // A segmented run's progress is the plan's: publish it after every report, as bytes arrive.
                if case .wrote(let k, _, _) = signal {
                    if planned > 1 {
                        publishSegments()
                    } else if !countingReceivers.contains(k) {
                        // A segment's stream kept as the whole download (a server without ranges) counts no bytes itself.
                        context.counters.set(bytesDone: machine.progress.done, totalBytes: machine.progress.total)
                    }
                    try reserveAhead()
                }
            }
            if outcome == nil {
                // Cancelled (pause, cancel, shutdown): let every receiver write out what it has, count it, stop.
                for (k, task) in tasks {
                    task.cancel()
                    await task.value
                    if let flushed = bounds[k]?.flushed, flushed > 0 { _ = machine.event(.wrote(k, upTo: flushed)) }
                }
                tasks = [:]
                try await perform(machine.event(.stop))
            }
        } catch {
            await stopAll()
            // Keep what arrived (a complete file whose rename failed finishes at the next run without a byte
            // fetched). Not when nothing is planned yet (the record stays as it is), nor after a checksum mismatch:
            // that has reset the record, and the bytes it counted are gone.
            let segments = machine.storedSegments
            if !segments.isEmpty, (error as? HaulError)?.kind != .checksumMismatch {
                try? await checkpointer.checkpointNow(checkpoint(segments))
            }
            if Task.isCancelled || error is CancellationError { return .stopped }
            giveBackReservation()
            return .failed(HaulError.wrap(error))
        }
        await stopAll()
        if case .failed? = outcome { giveBackReservation() }
        return outcome ?? .stopped
    }

    /// A run that failed gives back the space reserved past the bytes it holds (a paused or stopped one keeps it
    /// for its resume): over one connection it cuts the file after `[0, held)`, where the next run cuts it anyway
    /// (rule 17); a split run's bytes are spread over the file, so the reserved part of each segment past its
    /// durable bytes is given back instead (`fallocate` punching a hole; the size stays).
    private func giveBackReservation() {
        guard let reserved = reservation?.reserved else { return }
        reservation = nil
        if planned == 1 {
            let held = machine.progress.done
            guard reserved > held, (try? file.size()).map({ $0 > held }) == true else { return }
            try? file.truncate(to: held)
            return
        }
        for segment in machine.storedSegments where segment.next < reserved {
            let end = min(segment.end ?? reserved, reserved)
            file.releaseSpace(offset: segment.next, length: end - segment.next)
        }
    }

    private func event(for signal: Signal) -> TransferEvent? {
        let now = clock.now()
        switch signal {
        case .opened(let k, let serial, _), .openFailed(let k, let serial, _), .wrote(let k, let serial, _),
            .ended(let k, let serial, _):
            // Reports of a connection dropped meanwhile are not wanted any more.
            guard serials[k] == serial else { return nil }
        case .tick, .pieceChecked, .budget:
            break
        }
        switch signal {
        case .opened(let k, _, let opened):
            responses[k] = opened
            record.finalURL = opened.url.absoluteString
            return .responseHead(
                k, opened.head, host: opened.url.host ?? "the server", url: opened.url.absoluteString, now: now,
                wallClock: clock.wallClock()
            )
        case .openFailed(let k, _, let error):
            tasks[k] = nil
            return .failed(k, problem(error), now: now)
        case .wrote(let k, _, let offset):
            return .wrote(k, upTo: offset)
        case .ended(let k, _, .ended):
            tasks[k] = nil
            return .ended(k, now: now)
        case .ended(let k, _, .failed(let error)):
            tasks[k] = nil
            return .failed(k, problem(error), now: now)
        case .ended(_, _, .cancelled):
            return nil
        case .pieceChecked(let index, let serial, let digest):
            return .pieceChecked(index: index, serial: serial, digest: digest)
        case .tick:
            return .timer(now: now, throttled: context.transport.bandwidth.isLimited(download: id))
        case .budget(let connections):
            return .connectionBudget(connections)
        }
    }

    /// The limit holding this download now, when it is not the one the machine was last told of (`.some(nil)`:
    /// lifted). A limit changed by `changeOption`, `changeGlobalOption` or a speed schedule reaches the run at the
    /// next tick (half a second at most).
    private func rateLimitChange() -> Int64?? {
        let now = context.transport.bandwidth.limit(of: id)
        guard now != toldRateLimit else { return nil }
        toldRateLimit = now
        return .some(now)
    }

    private func problem(_ error: HaulError) -> TransferProblem {
        lastError = error
        let kind: TransferProblem.Kind = switch error.kind {
        case .network: error.isUnreachable ? .unreachable : .network
        case .protocolViolation: .protocolViolation
        // An answer no retry changes (a certificate stays untrusted): final for its source (`SourceFailureRule`).
        case .tls: .http
        default: .local
        }
        return TransferProblem(kind, error.message, httpStatus: error.httpStatus)
    }

    func error(for problem: TransferProblem) -> HaulError {
        if let lastError, lastError.message == problem.message { return lastError }
        if let lastError, problem.message.contains(lastError.message) {
            // The last source's failure among every source's reason: its class (exit code) and remedy stay.
            return HaulError(lastError.kind, problem.message, httpStatus: lastError.httpStatus, remedy: lastError.remedy)
        }
        switch problem.kind {
        case .network, .unreachable: return HaulError(.network, problem.message)
        case .server, .http: return HaulError(.http, problem.message, httpStatus: problem.httpStatus)
        case .protocolViolation: return HaulError(.protocolViolation, problem.message)
        case .local: return HaulError(.internalError, problem.message)
        }
    }
}
