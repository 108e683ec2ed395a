import Foundation
import HaulCore
import NIOCore

/// Downloads one file over several connections, as `SegmentPlanner` decides, into one preallocated `.part` file.
///
/// The first GET asks for the whole file and starts streaming at once; its headers tell the length and validators.
/// When the file is worth splitting (ranges honoured, length known, a strong validator, at least two minimum
/// splits) that response becomes the first connection's segment and further connections open with ranged GETs
/// guarded by `If-Range`. Otherwise the same response is handed to `SingleConnectionTransfer`, so a small file or a
/// server without ranges costs no extra round trip. Any sign that ranges are not honoured reliably (a 200 or a
/// wrong 206 to a ranged request) also falls back to one connection; a changed validator drops every partial byte
/// and starts again.
final class SegmentedTransfer {
    private var record: DownloadRecord
    private let context: TransferContext
    private let request: DownloadRequest
    private let store: DownloadStore
    private let transport: any Transport
    private let configuration: HaulConfiguration
    private let counters: TransferCounters
    private let file: PartFile
    private let emit: @Sendable (DownloadUpdate) -> Void
    private var id: Int64 { record.id! }

    /// Writes a line to standard error when `HAUL_TRACE` is set: what each connection did, for debugging.
    static func trace(_ line: @autoclosure () -> String) {
        guard traceEnabled else { return }
        FileHandle.standardError.write(Data(("haul-trace: " + line() + "\n").utf8))
    }

    private static let traceEnabled = ProcessInfo.processInfo.environment["HAUL_TRACE"] != nil

    /// How many times a changed file may restart the download before giving up.
    static let maximumVersionRestarts = 3

    init(record: DownloadRecord, context: TransferContext, file: PartFile) {
        self.record = record
        self.context = context
        self.request = context.request
        self.store = context.store
        self.transport = context.transport
        self.configuration = context.configuration
        self.counters = context.counters
        self.file = file
        self.emit = context.emit
    }

    private var policy: SegmentPolicy {
        SegmentPolicy(
            connections: request.connections,
            minimumSplitSize: request.minimumSplitSize,
            stallSeconds: max(2, min(15, configuration.stallTimeout / 2)),
            lowestSpeed: configuration.lowestSpeed
        )
    }

    func run() async -> TransferOutcome {
        var restarts = 0
        while true {
            let outcome: Phase
            do {
                outcome = try await runOnce()
            } catch {
                if Task.isCancelled || error is CancellationError { return .stopped }
                return .failed(HaulError.wrap(error))
            }
            switch outcome {
            case .done(let result):
                return result
            case .singleConnection(let response, let reason):
                counters.planned(connections: 1)
                if let reason { emit(.restarted(reason: "continuing on one connection: \(reason)")) }
                return await single(firstResponse: response).run()
            case .versionChanged:
                restarts += 1
                guard restarts <= Self.maximumVersionRestarts else {
                    return .failed(HaulError(.protocolViolation, "the file kept changing on the server while it was downloaded"))
                }
                emit(.restarted(reason: RestartReason.versionChanged.description))
                do { try discardPartial() } catch { return .failed(HaulError.wrap(error)) }
            }
        }
    }

    private enum Phase {
        case done(TransferOutcome)
        case singleConnection(OpenedResponse?, reason: String?)
        case versionChanged
    }

    private func single(firstResponse: OpenedResponse?) -> SingleConnectionTransfer {
        let fresh = (try? store.record(id: id)).flatMap { $0 } ?? record
        return SingleConnectionTransfer(record: fresh, context: context, file: file, firstResponse: firstResponse)
    }

    private func runOnce() async throws -> Phase {
        if let planner = try restoredPlanner() {
            counters.planned(connections: request.connections)
            return try await runPlanner(planner, identity: record.identity!, firstResponse: nil)
        }
        // Nothing to resume in segments: ask for the whole file and look at the answer.
        let opened: OpenedResponse
        do {
            opened = try await transport.open(request.url, plan: .wholeFile, extraHeaders: request.headerFields, session: context.session)
        } catch let error as HaulError where error.kind == .network {
            return .singleConnection(nil, reason: nil)  // the single-connection runner retries with backoff
        }
        let verdict = ResponseJudge.judge(opened.head, to: .wholeFile, known: nil, heldBytes: 0, now: Int64(Date().timeIntervalSince1970))
        guard case .accept(let body) = verdict, let length = body.expectedLength, body.identity.canResume,
            opened.head["Accept-Ranges"]?.lowercased() != "none",
            length / 2 >= request.minimumSplitSize,
            opened.head["Content-Encoding"].map({ $0.lowercased() == "identity" }) ?? true
        else {
            return .singleConnection(opened, reason: nil)
        }
        try adopt(body.identity, finalURL: opened.url)
        try ContentDispositionNaming.adopt(opened.head, request: request, record: &record, store: store, emit: emit)
        let planner = SegmentPlanner(length: length, policy: policy)
        counters.planned(connections: request.connections)
        try store.saveSegments(planner.segments.map { SegmentRecord(downloadId: id, start: $0.start, end: $0.end, next: $0.next) }, of: id)
        return try await runPlanner(planner, identity: body.identity, firstResponse: opened)
    }

    /// Segments saved by an earlier run, if they can be trusted (docs/http-rules.md rule 17) and split work remains.
    private func restoredPlanner() throws -> SegmentPlanner? {
        guard let identity = record.identity, identity.canResume, let length = identity.totalLength else { return nil }
        let saved = try store.segments(of: id)
        guard !saved.isEmpty, saved.allSatisfy({ $0.end != nil }) else { return nil }
        let size = try file.size()
        guard saved.allSatisfy({ $0.next <= size }), saved.contains(where: { $0.next > $0.start }) else { return nil }
        let segments = saved.map { Segment(start: $0.start, end: $0.end!, next: $0.next, owner: nil) }
        guard let planner = try? SegmentPlanner(length: length, policy: policy, restoring: segments) else { return nil }
        try file.preallocate(length: length)
        return planner
    }

    private func adopt(_ identity: ResourceIdentity, finalURL: URL) throws {
        try file.truncate(to: 0)
        try file.preallocate(length: identity.totalLength ?? 0)
        record.setIdentity(identity)
        record.finalURL = finalURL.absoluteString
        try store.saveResource(of: record)
    }

    private func discardPartial() throws {
        try file.truncate(to: 0)
        record.setIdentity(nil)
        try store.saveResource(of: record)
        try store.saveSegments([], of: id)
        counters.set(bytesDone: 0, totalBytes: nil)
    }

    private enum Event: Sendable {
        case worker(ConnectionID, SegmentWorkerResult)
        /// A connection's whole range was taken over by another: stop it.
        case cancel(ConnectionID)
        case tick
        case retryDue

        var isRetryDue: Bool {
            if case .retryDue = self { return true }
            return false
        }
    }

    /// Runs connections until the planner says the file is complete.
    private func runPlanner(_ planner: SegmentPlanner, identity: ResourceIdentity, firstResponse: OpenedResponse?) async throws -> Phase {
        let coordinator = SegmentCoordinator(planner: planner, counters: counters, now: MonotonicClock.system.now())
        let checkpointer = Checkpointer<[SegmentRecord]>(file: file, interval: configuration.checkpointInterval) {
            [store, id] segments in try store.saveSegments(segments, of: id)
        }
        let (events, sink) = AsyncStream<Event>.makeStream()
        var workers: [ConnectionID: Task<Void, Never>] = [:]
        var pendingRetries = 0
        var retry = RetryTracker(policy: configuration.retryPolicy)
        var bytesAtLastFailure = await coordinator.completedBytes
        let downloadId = id

        func launch(_ assignment: SegmentAssignment, response: OpenedResponse?) {
            Self.trace("connection \(assignment.connection.rawValue) takes [\(assignment.start), \(assignment.end))")
            let worker = SegmentWorker(
                connection: assignment.connection,
                download: downloadId,
                url: request.url,
                headers: request.headerFields,
                session: context.session,
                identity: identity,
                file: file,
                transport: transport,
                coordinator: coordinator,
                flushInterval: configuration.checkpointInterval,
                cancelConnection: { sink.yield(.cancel($0)) }
            )
            workers[assignment.connection] = Task {
                let result = await worker.run(assignment, response: response)
                sink.yield(.worker(assignment.connection, result))
            }
        }
        func launchAvailable() async {
            while let assignment = await coordinator.nextAssignment() {
                if let replaced = assignment.replaces { cancel(replaced, takenOverBy: assignment.connection) }
                launch(assignment, response: nil)
            }
        }
        /// Stops a connection whose range another one took over. It stays in `workers` until its task ends, so
        /// that `stopAll` still waits for its last write.
        func cancel(_ replaced: ConnectionID, takenOverBy taker: ConnectionID) {
            Self.trace("connection \(taker.rawValue) takes over the range of connection \(replaced.rawValue)")
            workers[replaced]?.cancel()
        }
        func stopAll() async {
            for task in workers.values { task.cancel() }
            for task in workers.values { await task.value }
            workers = [:]
        }

        let ticker = Task {
            while !Task.isCancelled {
                try? await Task.sleep(nanoseconds: 500_000_000)
                sink.yield(.tick)
            }
        }
        defer { ticker.cancel() }
        defer { counters.setConnections([], active: 0) }

        if let firstResponse, let first = await coordinator.nextAssignment() {
            launch(first, response: firstResponse)
        }
        await launchAvailable()

        var phase: Phase?
        do {
            loop: for await event in events {
                switch event {
                case .tick:
                    let now = MonotonicClock.system.now()
                    let throttled = transport.bandwidth.isLimited(download: downloadId)
                    for action in await coordinator.tick(now: now, throttled: throttled) {
                        guard case .replace(let replaced, let reason) = action else { continue }
                        Self.trace("connection \(replaced.rawValue) replaced: \(reason)")
                        workers[replaced]?.cancel()
                    }
                    let snapshot = await coordinator.snapshot(downloadId: downloadId)
                    checkpointer.checkpointIfDue(snapshot, now: now)
                    try checkpointer.check()
                case .retryDue:
                    pendingRetries -= 1
                case .cancel(let replaced):
                    Self.trace("connection \(replaced.rawValue) was taken over")
                    workers[replaced]?.cancel()
                case .worker(let connection, let result):
                    workers[connection] = nil
                    Self.trace("connection \(connection.rawValue) ended: \(result)")
                    if let next = try await handle(result, connection: connection, coordinator: coordinator, retry: &retry, bytesAtLastFailure: &bytesAtLastFailure, sink: sink, pendingRetries: &pendingRetries) {
                        phase = next
                        break loop
                    }
                }
                if await coordinator.isComplete {
                    break loop
                }
                // While a failed connection waits out its backoff, open nothing new: the planner would hand its
                // range straight back to a new connection, ignoring the backoff.
                if pendingRetries == 0 || event.isRetryDue { await launchAvailable() }
                if workers.isEmpty && pendingRetries == 0 {
                    // Nothing runs and nothing is scheduled: the planner waits for a connection that will not come.
                    throw HaulError(.internalError, "segmented download stalled with no connection running")
                }
            }
        } catch {
            await stopAll()
            let snapshot = await coordinator.snapshot(downloadId: downloadId)
            try? await checkpointer.checkpointNow(snapshot)
            throw error
        }
        await stopAll()
        let snapshot = await coordinator.snapshot(downloadId: downloadId)
        let complete = await coordinator.isComplete
        if Task.isCancelled && phase == nil && !complete {
            try await checkpointer.checkpointNow(snapshot)
            return .done(.stopped)
        }
        if let phase {
            try await checkpointer.checkpointNow(snapshot)
            return phase
        }
        await checkpointer.waitForInFlight()
        try checkpointer.check()
        let path = try TransferFinisher.finish(
            file: file, record: &record, request: request, store: store, length: planner.length, segments: snapshot
        )
        return .done(.completed(path: path))
    }

    /// Acts on one connection's end; returns a phase change when the whole run must stop.
    private func handle(
        _ result: SegmentWorkerResult,
        connection: ConnectionID,
        coordinator: SegmentCoordinator,
        retry: inout RetryTracker,
        bytesAtLastFailure: inout Int64,
        sink: AsyncStream<Event>.Continuation,
        pendingRetries: inout Int
    ) async throws -> Phase? {
        switch result {
        case .complete, .idle:
            return nil
        case .cancelled:
            // Replaced by the planner (then it no longer knows the connection and this throws, harmlessly) or
            // stopped for another reason: either way its range must go back to the pool.
            _ = try? await coordinator.failed(connection)
            return nil
        case .versionChanged:
            return .versionChanged
        case .rangesUnreliable(let reason):
            return .singleConnection(nil, reason: reason)
        case .fatal(let error):
            throw error
        case .failed(let error, let retryAfter):
            let recovery = (try? await coordinator.failed(connection)) ?? .wait
            try await scheduleRetry(recovery, error: error, retryAfter: retryAfter, coordinator: coordinator, retry: &retry, bytesAtLastFailure: &bytesAtLastFailure, sink: sink, pendingRetries: &pendingRetries)
        case .gaveUp(let status, let error):
            let recovery = (try? await coordinator.gaveUp(connection, status: status)) ?? .wait
            try await scheduleRetry(recovery, error: error, retryAfter: nil, coordinator: coordinator, retry: &retry, bytesAtLastFailure: &bytesAtLastFailure, sink: sink, pendingRetries: &pendingRetries)
        }
        return nil
    }

    private func scheduleRetry(
        _ recovery: SegmentPlanner.RecoveryAction,
        error: HaulError,
        retryAfter: Int64?,
        coordinator: SegmentCoordinator,
        retry: inout RetryTracker,
        bytesAtLastFailure: inout Int64,
        sink: AsyncStream<Event>.Continuation,
        pendingRetries: inout Int
    ) async throws {
        let completed = await coordinator.completedBytes
        let decision = retry.recordFailure(
            madeProgress: completed > bytesAtLastFailure,
            retryAfterSeconds: retryAfter,
            jitter: Double.random(in: 0..<1),
            connectionRefused: error.isConnectionRefused,
            now: MonotonicClock.system.now()
        )
        bytesAtLastFailure = completed
        guard case .retry(let delay) = decision else { throw error }
        guard case .retry = recovery else { return }
        emit(.retrying(attempt: retry.consecutiveFailures, delaySeconds: delay, reason: error.message))
        pendingRetries += 1
        Task {
            try? await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000))
            sink.yield(.retryDue)
        }
    }
}
