import Foundation
import HaulArchive
import HaulCore
import NIOCore

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
    private enum Signal: Sendable {
        case opened(ConnectionID, serial: Int, OpenedResponse)
        case openFailed(ConnectionID, serial: Int, HaulError)
        case wrote(ConnectionID, serial: Int, Int64)
        case ended(ConnectionID, serial: Int, ConnectionReceiver.End)
        case pieceChecked(index: Int, serial: Int, digest: String)
        case tick
    }

    /// Writes a line to standard error when `HAUL_TRACE` is set: what each connection did, for debugging.
    static func trace(_ line: @autoclosure () -> String) {
        Trace.write(line())
    }

    private var machine: TransferMachine
    private var record: DownloadRecord
    private let context: TransferContext
    private let file: PartFile
    private let clock = MonotonicClock.system
    private let checkpointer: Checkpointer<StoreCheckpoint>
    /// The transfer learned about the file (validators, length, a name) what is not stored yet: it goes with the
    /// next checkpoint or the completion, not alone (`saveResource(of:segments:)` says why that is soon enough).
    private var resourceUnsaved = false
    private let digest: StreamingDigestBox?
    private let signals: AsyncStream<Signal>
    private let sink: AsyncStream<Signal>.Continuation
    /// Each connection's task (opening, then streaming) and its shared bounds.
    private var tasks: [ConnectionID: Task<Void, Never>] = [:]
    private var bounds: [ConnectionID: ConnectionBounds] = [:]
    /// Each connection's current request (see `Signal`).
    private var serials: [ConnectionID: Int] = [:]
    private var lastSerial = 0
    /// Heads judged but not yet streamed.
    private var responses: [ConnectionID: OpenedResponse] = [:]
    /// Dropped connections still winding down: awaited before a checkpoint and at the end.
    private var windingDown: [Task<Void, Never>] = []
    /// Tasks that wake the machine when a backoff is over (the ticker would too, up to half a second later).
    private var timers: [Task<Void, Never>] = []
    /// The last connection error, to end with the original `HaulError` when the machine fails with it.
    private var lastError: HaulError?
    private var planned = 1
    /// The URL connections open: the request's, until a fresh one replaces a link that expired.
    private var url: URL
    /// The mirror each connection was sent to (`.useSource`), when the download has several.
    private var sources: [ConnectionID: URL] = [:]
    private var outcome: TransferOutcome?
    /// How much of the file is reserved on disk, once its length is announced.
    private var reservation: SpaceReservation?
    private var id: Int64 { record.id! }

    init(record: DownloadRecord, context: TransferContext, file: PartFile) {
        let request = context.request
        let configuration = context.configuration
        let policy = SegmentPolicy(
            connections: request.connections,
            minimumSplitSize: request.minimumSplitSize,
            stallSeconds: max(2, min(15, configuration.stallTimeout / 2)),
            lowestSpeed: configuration.lowestSpeed
        )
        self.machine = TransferMachine(settings: .init(
            segmentPolicy: policy, retryPolicy: configuration.retryPolicy, jitterSeed: UInt64.random(in: .min ... .max),
            refreshesExpiredSources: configuration.refreshURL != nil,
            mirrors: request.mirrors.isEmpty && request.expectedLength == nil ? [] : ([request.url] + request.mirrors).map(\.absoluteString),
            expectedLength: request.expectedLength, pieceHashes: request.pieceHashes
        ))
        self.url = request.url
        self.record = record
        self.context = context
        self.file = file
        let id = record.id!
        let store = context.store
        self.checkpointer = Checkpointer<StoreCheckpoint>(file: file, interval: configuration.checkpointInterval) { checkpoint in
            try store.save(checkpoint, of: id)
        }
        self.digest = request.checksum.map { StreamingDigestBox(StreamingDigest($0.algorithm)) }
        (signals, sink) = AsyncStream<Signal>.makeStream()
    }

    /// Runs until the file is complete, the task is cancelled, or the failure is final.
    func run() async -> TransferOutcome {
        let ticker = Task { [sink] in
            while !Task.isCancelled {
                try? await Task.sleep(nanoseconds: 500_000_000)
                sink.yield(.tick)
            }
        }
        defer {
            ticker.cancel()
            sink.finish()
            context.counters.setConnections([], active: 0)
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
            for await signal in signals {
                guard let event = event(for: signal) else { continue }
                try await perform(machine.event(event))
                if outcome != nil { break }
                // A segmented run's progress is the plan's: publish it after every report, as bytes arrive.
                if case .wrote = signal {
                    if planned > 1 { publishSegments() }
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
        case .tick, .pieceChecked:
            break
        }
        switch signal {
        case .opened(let k, _, let opened):
            responses[k] = opened
            record.finalURL = opened.url.absoluteString
            return .responseHead(
                k, opened.head, host: opened.url.host ?? "the server", url: opened.url.absoluteString, now: now,
                wallClock: Int64(Date().timeIntervalSince1970)
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
        }
    }

    private func problem(_ error: HaulError) -> TransferProblem {
        lastError = error
        let kind: TransferProblem.Kind = switch error.kind {
        case .network: error.isConnectionRefused ? .connectionRefused : .network
        case .protocolViolation: .protocolViolation
        default: .local
        }
        return TransferProblem(kind, error.message, httpStatus: error.httpStatus)
    }

    private func error(for problem: TransferProblem) -> HaulError {
        if let lastError, lastError.message == problem.message { return lastError }
        switch problem.kind {
        case .network, .connectionRefused: return HaulError(.network, problem.message)
        case .server, .http: return HaulError(.http, problem.message, httpStatus: problem.httpStatus)
        case .protocolViolation: return HaulError(.protocolViolation, problem.message)
        case .local: return HaulError(.internalError, problem.message)
        }
    }

    private func perform(_ actions: [TransferAction]) async throws {
        for action in actions { try await perform(action) }
    }

    private func perform(_ action: TransferAction) async throws {
        let counters = context.counters
        switch action {
        case .open(let k, let plan, let end):
            Self.trace("connection \(k.rawValue) asks \(plan.range.map { "\($0)" } ?? "the whole file")")
            bounds[k] = ConnectionBounds(end: end)
            lastSerial += 1
            let serial = lastSerial
            serials[k] = serial
            let (transport, url, headers, session, sink) =
                (context.transport, sources[k] ?? self.url, context.request.headerFields, context.session, self.sink)
            tasks[k] = Task {
                do {
                    sink.yield(.opened(k, serial: serial, try await transport.open(
                        url, plan: plan, role: ConnectionRole(bodyEnd: end), extraHeaders: headers, session: session
                    )))
                } catch {
                    if Task.isCancelled { return }
                    sink.yield(.openFailed(k, serial: serial, HaulError.wrap(error)))
                }
            }
        case .write(let k, let body, let end):
            guard let opened = responses.removeValue(forKey: k), let bounds = bounds[k], let serial = serials[k] else { return }
            if try ContentDispositionNaming.adopt(opened.head, request: context.request, record: &record, emit: context.emit) {
                resourceUnsaved = true
            }
            bounds.end = end
            let single = end == nil
            if single { counters.setActiveConnections(1) }
            let receiver = ConnectionReceiver(
                connection: k, download: id, url: sources[k] ?? url, file: file, bandwidth: context.transport.bandwidth,
                clock: clock, flushInterval: context.configuration.checkpointInterval, bounds: bounds,
                counters: single ? counters : nil, digest: single ? digest : nil,
                report: { [sink] offset in sink.yield(.wrote(k, serial: serial, offset)) }
            )
            let sink = self.sink
            tasks[k] = Task {
                let end = await receiver.receive(opened.body, plan: body)
                if single { counters.setActiveConnections(0) }
                sink.yield(.ended(k, serial: serial, end))
            }
        case .shorten(let k, let end):
            Self.trace("connection \(k.rawValue) now ends at \(end)")
            bounds[k]?.end = end
        case .drop(let k, let reason):
            Self.trace("connection \(k.rawValue) dropped: \(reason)")
            responses[k] = nil
            bounds[k] = nil
            serials[k] = nil
            guard let task = tasks.removeValue(forKey: k) else { return }
            task.cancel()
            // A single connection's receiver holds the streaming digest: it must be done before the next one starts.
            if planned == 1 { await task.value } else { windingDown.append(task) }
        case .truncate(let length):
            // A dropped connection may still flush its last bytes: never under a truncation.
            await awaitWindingDown()
            try file.truncate(to: length)
            reservation = nil  // what was reserved past `length` is gone
            digest?.digest?.reset()
            try digest?.digest?.catchUp(with: file, to: length)
            counters.set(bytesDone: length, totalBytes: record.identity?.totalLength)
        case .discard(let reason):
            if let reason { context.emit(.restarted(reason: reason)) }
            await awaitWindingDown()
            try file.truncate(to: 0)
            reservation = nil
            digest?.digest?.reset()
            record.setIdentity(nil)
            try context.store.saveResource(of: record, segments: [])
            resourceUnsaved = false
            counters.set(bytesDone: 0, totalBytes: nil)
        case .adopt(let identity):
            if record.identity != identity {
                record.setIdentity(identity)
                resourceUnsaved = true
            }
            // Reserve space ahead of the bytes: a full disk shows up before the bytes come, and the file system
            // allocates in large steps instead of on every extending write (measured here on ext4: 1 GiB in 1.2 s
            // instead of 1.8-3.2 s, with a third of the system time). Not the whole announced length at once: a
            // server may announce 4 GiB and send 10 bytes (`SpaceReservation`; issue 33, point 10).
            if let total = identity.totalLength {
                if let impossible = SpaceReservation.impossible(total: total, capacity: file.fileSystemCapacity()) {
                    throw HaulError(.io, "\(impossible) for \(file.path)")
                }
                if reservation?.total != total { reservation = SpaceReservation(total: total) }  // (a new length: anew)
                try reserveAhead()
            } else {
                reservation = nil
            }
            counters.set(bytesDone: machine.progress.done, totalBytes: identity.totalLength)
        case .notice(let text):
            context.emit(.notice(text))
        case .plan(let connections):
            planned = connections
            counters.planned(connections: connections)
        case .checkpoint(let segments, let immediately):
            if planned > 1 { publishSegments() }  // speeds change at every timer
            if immediately {
                await awaitWindingDown()
                try await checkpointer.checkpointNow(checkpoint(segments))
            } else {
                checkpointer.checkpointIfDue(self.checkpoint(segments), now: clock.now())
                try checkpointer.check()
            }
        case .retry(_, let delay, let attempt, let reason):
            context.emit(.retrying(attempt: attempt, delaySeconds: delay, reason: reason))
            let sink = self.sink
            timers.removeAll { $0.isCancelled }
            timers.append(Task {
                try? await Task.sleep(nanoseconds: UInt64(delay * 1e9))
                sink.yield(.tick)
            })
        case .finish(let length, let identity, let segments):
            await stopAll()
            if let identity, record.identity != identity { record.setIdentity(identity) }
            let streamedDigest = segments.count == 1 ? digest?.digest?.digest(ofLength: length) : nil
            let (file, request, store, unfinished, checkpointer) = (self.file, context.request, context.store, record, self.checkpointer)
            // The queue is serial: the body runs after the checkpoint in flight, and first reports its failure.
            let (path, finished) = try await checkpointer.run {
                try checkpointer.check()
                var record = unfinished
                let path = try TransferFinisher.finish(
                    file: file, record: &record, request: request, store: store, length: length, streamedDigest: streamedDigest
                )
                return (path, record)
            }
            record = finished
            counters.set(bytesDone: length, totalBytes: length)
            outcome = .completed(path: path)
        case .stopped:
            outcome = .stopped
        case .fail(let problem):
            outcome = .failed(error(for: problem))
        case .useSource(let k, let source):
            // The main URL is the one a fresh link replaced (`url`), not the expired original the mirrors list.
            sources[k] = source == context.request.url.absoluteString ? url : URL(string: source)
        case .checkPiece(let index, let serial, let range, let algorithm):
            Self.trace("piece \(index) is hashed")
            let (file, sink) = (self.file, self.sink)
            Task.detached {
                let digest = PieceReader.digest(of: range, in: file, algorithm: algorithm)
                sink.yield(.pieceChecked(index: index, serial: serial, digest: digest))
            }
        case .recordVerifiedPieces(let pieces):
            try context.store.saveVerifiedPieces(pieces, of: id)
        case .refreshSource(let problem):
            await awaitWindingDown()
            let fresh = await freshURL(after: problem)
            // Paused or cancelled meanwhile: the run's end stops the machine, which keeps the progress.
            if Task.isCancelled { return }
            guard let fresh else {
                try await perform(machine.event(.sourceUnavailable(now: clock.now())))
                return
            }
            url = fresh
            try await perform(machine.event(.sourceRefreshed(partFileSize: try file.size(), now: clock.now())))
        }
    }

    /// Asks the configuration's `refreshURL` for a URL to replace the expired one, and says what happened. The
    /// connections are stopped and the progress saved meanwhile (a slow provider holds nothing open).
    private func freshURL(after problem: TransferProblem) async -> URL? {
        guard let provider = context.configuration.refreshURL, let status = problem.httpStatus else { return nil }
        let host = url.host ?? "the server"
        do {
            let answer = try await provider(url, status)
            if Task.isCancelled { return nil }
            guard let fresh = answer else {
                context.emit(.notice("the link to \(host) expired (HTTP \(status)) and no fresh link was given"))
                return nil
            }
            guard ["http", "https"].contains(fresh.scheme?.lowercased() ?? ""), fresh.host?.isEmpty == false else {
                context.emit(.notice("the link to \(host) expired (HTTP \(status)) and the fresh link is not an http or https URL"))
                return nil
            }
            context.emit(.notice("the link to \(host) expired (HTTP \(status)); continuing from a fresh link to \(fresh.host ?? "the server")"))
            return fresh
        } catch {
            if Task.isCancelled { return nil }
            context.emit(.notice("the link to \(host) expired (HTTP \(status)) and asking for a fresh link failed: \(error)"))
            return nil
        }
    }

    /// Publishes the bytes done and each connection's range and speed (after every report of a segmented run).
    private func publishSegments() {
        let progress = machine.progress
        context.counters.set(bytesDone: progress.done, totalBytes: progress.total)
        let detail = machine.connections.map {
            ConnectionProgress(id: $0.id.rawValue, start: $0.start, next: $0.next, end: $0.end, speed: $0.speed)
        }
        context.counters.setConnections(detail, active: detail.count)
    }

    /// The checkpoint of `segments`, with the resource when it changed since it was last stored. Called only for
    /// a checkpoint that is taken (`checkpointIfDue` evaluates it only then): the resource is then on its way.
    private func checkpoint(_ segments: [StoredSegment]) -> StoreCheckpoint {
        defer { resourceUnsaved = false }
        return StoreCheckpoint(segments: segmentRecords(segments), resource: resourceUnsaved ? record : nil)
    }

    private func segmentRecords(_ segments: [StoredSegment]) -> [SegmentRecord] {
        segments.map { SegmentRecord(downloadId: id, start: $0.start, end: $0.end, next: $0.next) }
    }

    /// Grows the file's reserved space as `reservation` says for the bytes held now.
    private func reserveAhead() throws {
        guard let length = reservation?.grow(held: machine.progress.done) else { return }
        try file.reserve(upTo: length)
    }

    private func awaitWindingDown() async {
        let dropped = windingDown
        windingDown = []
        for task in dropped { await task.value }
    }

    private func stopAll() async {
        for task in tasks.values { task.cancel() }
        for task in tasks.values { await task.value }
        tasks = [:]
        for timer in timers { timer.cancel() }
        timers = []
        await awaitWindingDown()
    }
}
