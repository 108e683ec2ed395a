import Foundation
import HaulArchive
import HaulCore

/// The actions `TransferRunner` performs for its machine: open a connection, stream a body, drop, truncate,
/// checkpoint, wait out a backoff on the run's clock, finish.
extension TransferRunner {
    /// The role of `request`'s connection whose body ends at `end` (`ConnectionRole`): one place for the run and
    /// for the request `EarlyStart` sends before it, which must agree to be picked up.
    static func role(of request: DownloadRequest, bodyEnd end: Int64?) -> ConnectionRole {
        ConnectionRole(bodyEnd: end, connections: request.connections, choosesCount: request.autoConnections)
    }

    func perform(_ actions: [TransferAction]) async throws {
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
            let role = Self.role(of: context.request, bodyEnd: end)
            tasks[k] = Task {
                do {
                    sink.yield(.opened(k, serial: serial, try await transport.open(
                        url, plan: plan, role: role, extraHeaders: headers, session: session
                    )))
                } catch {
                    if Task.isCancelled { return }
                    sink.yield(.openFailed(k, serial: serial, HaulError.wrap(error)))
                }
            }
        case .write(let k, let body, let end):
            guard let opened = responses.removeValue(forKey: k), let bounds = bounds[k], let serial = serials[k] else { return }
            if try ResponseNaming.adopt(opened.head, request: context.request, record: &record, emit: context.emit) {
                resourceUnsaved = true
            }
            bounds.end = end
            Self.trace("connection \(k.rawValue) writes from \(body.offset)\(end.map { " to \($0)" } ?? "")")
            let single = end == nil
            if single { counters.setActiveConnections(1) }
            if single { countingReceivers.insert(k) } else { countingReceivers.remove(k) }
            let receiver = ConnectionReceiver(
                connection: k, download: id, url: sources[k] ?? url, file: file, bandwidth: context.transport.bandwidth,
                clock: clock.monotonic, flushInterval: context.configuration.intervals.checkpoint.inSeconds, bounds: bounds,
                counters: single ? counters : nil, wire: counters, digest: single ? digest : nil,
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
            countingReceivers.remove(k)
            guard let task = tasks.removeValue(forKey: k) else { return }
            task.cancel()
            // A single connection's receiver holds the streaming digest: it must be done before the next one starts.
            if planned == 1 { await task.value } else { windingDown.append(task) }
        case .truncate(let length):
            // A dropped connection may still flush its last bytes: never under a truncation.
            await awaitWindingDown()
            try file.truncate(to: length)
            reservation = nil  // what was reserved past `length` is gone
            counters.heldAtStart(atMost: length)
            digest?.digest?.reset()
            try digest?.digest?.catchUp(with: file, to: length)
            counters.set(bytesDone: length, totalBytes: record.identity?.totalLength)
        case .discard(let reason):
            if let reason { context.emit(.restarted(reason: reason)) }
            await awaitWindingDown()
            try file.truncate(to: 0)
            reservation = nil
            digest?.digest?.reset()
            counters.heldAtStart(atMost: 0)
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
            counters.reached(.planned(connections: connections))
            // A run over one connection gives back the rest of what it holds, to the downloads that wanted more.
            if let budget, connections == 1 { context.hostBudgets.planned(budget, connections: 1, now: Double(clock.wallClock())) }
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
            context.emit(.retrying(attempt: attempt, after: .checkedSeconds(delay), reason: reason))
            let (sink, clock) = (self.sink, self.clock)
            timers.removeAll { $0.isCancelled }
            timers.append(Task {
                try? await clock.sleep(seconds: delay)
                sink.yield(.tick)
            })
        case .finish(let length, let identity, let segments):
            await stopAll()
            counters.reached(.finishing)
            if let identity, record.identity != identity { record.setIdentity(identity) }
            let streamedDigest = segments.count == 1 ? digest?.digest?.digest(ofLength: length) : nil
            let wire = counters.wireForCompletion(length: length)
            let (file, request, store, unfinished, checkpointer) = (self.file, context.request, context.store, record, self.checkpointer)
            // The queue is serial: the body runs after the checkpoint in flight, and first reports its failure.
            let (path, finished) = try await checkpointer.run {
                try checkpointer.check()
                var record = unfinished
                let path = try TransferFinisher.finish(
                    file: file, record: &record, request: request, store: store, length: length, streamedDigest: streamedDigest,
                    wire: wire
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
        case .hostLimited(let connections, let reason, let lesson):
            guard let budget else { return }
            Self.trace("\(budget.host) takes \(connections) connection(s): \(reason)")
            let now = Double(clock.wallClock())
            let learned = context.hostBudgets.learn(budget, connections: connections, reason: reason, lesson: lesson, now: now)
            // More were no faster: the run keeps what it settled on and gives the rest to the downloads that want it.
            if lesson == .slower { context.hostBudgets.planned(budget, connections: connections, now: now) }
            if let learned, lesson == .refused {
                if let host = HostKey(url: url) { context.transport.limitConnections(toHost: host, to: learned.limit) }
                context.emit(.notice("\(budget.host) takes \(learned.limit) connection\(learned.limit == 1 ? "" : "s") at once (\(reason)); remembered (haul hosts)"))
            }
        case .wakeUp(let delay):
            let (sink, clock) = (self.sink, self.clock)
            timers.removeAll { $0.isCancelled }
            timers.append(Task {
                try? await clock.sleep(seconds: delay)
                sink.yield(.tick)
            })
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

    /// Asks the configuration's `refreshURL` for a URL to replace the expired or failing one, and says what
    /// happened. The connections are stopped and the progress saved meanwhile (a slow provider holds nothing open).
    /// A source that failed without an HTTP answer (refused, a name that does not resolve) is given as status 0.
    private func freshURL(after problem: TransferProblem) async -> URL? {
        guard let provider = context.configuration.refreshURL else { return nil }
        let host = url.host ?? "the server"
        let status = problem.httpStatus ?? 0
        let what = problem.httpStatus.flatMap { TransferMachine.expiredSourceStatuses.contains($0) ? "the link to \(host) expired (HTTP \($0))" : nil }
            ?? "\(problem.message)"
        do {
            let answer = try await provider(url, status)
            if Task.isCancelled { return nil }
            guard let fresh = answer else {
                context.emit(.notice("\(what) and no fresh link was given"))
                return nil
            }
            if let refusal = DownloadURLRule.refusal(of: fresh) {
                context.emit(.notice("\(what) and the fresh link was refused: \(refusal)"))
                return nil
            }
            context.emit(.notice("\(what); continuing from a fresh link to \(fresh.host ?? "the server")"))
            return fresh
        } catch {
            if Task.isCancelled { return nil }
            context.emit(.notice("\(what) and asking for a fresh link failed: \(error)"))
            return nil
        }
    }

    /// Publishes the bytes done and each connection's range and speed (after every report of a segmented run).
    func publishSegments() {
        let progress = machine.progress
        context.counters.set(bytesDone: progress.done, totalBytes: progress.total)
        let detail = machine.connections.map {
            ConnectionProgress(id: $0.id.rawValue, start: $0.start, next: $0.next, end: $0.end, speed: $0.speed)
        }
        context.counters.setConnections(
            detail, active: detail.count, contiguousBytes: context.request.inOrder ? machine.contiguousBytes : nil)
    }

    /// The checkpoint of `segments`, with the resource when it changed since it was last stored. Called only for
    /// a checkpoint that is taken (`checkpointIfDue` evaluates it only then): the resource is then on its way.
    func checkpoint(_ segments: [StoredSegment]) -> StoreCheckpoint {
        defer { resourceUnsaved = false }
        return StoreCheckpoint(segments: segmentRecords(segments), resource: resourceUnsaved ? record : nil)
    }

    private func segmentRecords(_ segments: [StoredSegment]) -> [SegmentRecord] {
        segments.map { SegmentRecord(downloadId: id, start: $0.start, end: $0.end, next: $0.next) }
    }

    /// Grows the file's reserved space as `reservation` says for the bytes held now.
    func reserveAhead() throws {
        guard let length = reservation?.grow(held: machine.progress.done) else { return }
        try file.reserve(upTo: length)
    }

    private func awaitWindingDown() async {
        let dropped = windingDown
        windingDown = []
        for task in dropped { await task.value }
    }

    func stopAll() async {
        for task in tasks.values { task.cancel() }
        for task in tasks.values { await task.value }
        tasks = [:]
        for timer in timers { timer.cancel() }
        timers = []
        await awaitWindingDown()
    }
}
