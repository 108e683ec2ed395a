import Foundation
import HaulCore
import Logging

let engineLog = Logger(label: "haul.task")

/// Running one transfer and reporting it: what a task does for its keeper's queue and for its own queue of one
/// (`+OnItsOwn`) alike.
extension DownloadTask {
    /// Makes this download keep its state in `keeper` from now on: the task's own queue of one is never made.
    func keep(by keeper: any DownloadStateKeeper) {
        self.keeper = keeper
        isKept = true
    }

    /// Runs one transfer with at most `connections` connections and returns how it ended; the keeper decides
    /// what that means for the download. Cancelling the calling task stops the transfer once its bytes are durable.
    ///
    /// What belongs to the run itself happens here: a failed run that kept no byte leaves no `.part` file, and
    /// `updates` hears the failure before the keeper announces the new state.
    ///
    /// - Parameter recordIsCurrent: `record` was read from the store for this run, with nothing written to the
    ///   download's row since (the queue made the task to start it): it is not read again.
    func runTransfer(connections: Int, recordIsCurrent: Bool = false) async -> TransferOutcome {
        lastOutcome = nil
        isRunning = true
        defer { isRunning = false }
        // The previous run completed after this one was asked for (paused and resumed while it verified and
        // renamed, so its report came from an older generation, and the queue's states stored since covered the
        // completion): the file is in place, nothing is fetched again.
        if let path = completedByARun { return .completed(path: path) }
        // Another process that took up the same download completed it while this one waited for its turn (two
        // runs of one list): nothing to fetch (before: fetched again, and finished as a second copy). A row this
        // process made is read back only when something is at its destination already: one `lstat` for the
        // others, not a read of the store per new download.
        var current: DownloadRecord?
        if !isNew || FileSystemSteps.isNamePresent(destinationPath) {
            current = recordIsCurrent ? record : try? store.record(id: rowID)
            if let stored = current, stored.downloadState == .completed, let path = stored.destination, FileSystemSteps.isRegularFile(path) {
                record = stored
                completedByARun = path
                return .completed(path: path)
            }
        }
        let transfer: DownloadTransfer
        do {
            // The record just looked at is the one the run starts from: no suspension since, so nothing of this
            // process's wrote the row in between, and a second read (a read transaction per download of a list,
            // issue 62 point 2) would return the same row.
            transfer = try makeTransfer(connections: connections, current: current)
        } catch {
            return .failed(HaulError.wrap(error))
        }
        startTicker()
        let outcome = await transfer.run()
        stopTicker()
        switch outcome {
        case .completed(let path):
            record.destination = path
            completedByARun = path
        case .failed(let error):
            if error.kind != .busy { keepFailure(error) }
            broadcaster.send(.failed(error))
        case .stopped:
            break
        }
        return outcome
    }

    /// The keeper's new state for this download, for `updates`: a completion or cancellation ends the streams, a
    /// failure ends the `updates` streams with the run's error (the queue's forwarder goes on).
    func announce(_ state: DownloadState) {
        broadcaster.send(.state(state))
        switch state {
        case .completed: broadcaster.finish()
        case .cancelled: broadcaster.finish(cancelled: true)
        case .failed: broadcaster.finishRun()
        case .queued, .downloading, .paused: break
        }
    }

    /// Deletes the partial file and the record (the keeper cancelled the download, after stopping its transfer).
    func discard() throws {
        try discardFiles()
        settle(.cancelled)
    }

    func discardFiles() throws {
        try? FileSystemSteps.removeRegularFile(record.partPath)
        discardStreamFiles()
        try store.delete(id: rowID)
        transport.bandwidth.applyLimit(nil, for: rowID)
    }

    /// The transfer for the next run, from what is stored (the previous run may have learned the file's validators
    /// and length), with at most `granted` connections (`nil`: the request's); `current` is the stored record when
    /// the caller has just read it.
    func makeTransfer(connections granted: Int?, current: DownloadRecord? = nil) throws -> DownloadTransfer {
        let isNewRow = isNew
        isNew = false
        if !isNewRow, let stored = try current ?? store.record(id: rowID) { record = stored }
        var runRequest = request
        if granted != nil { runRequest.connectionCount = ConnectionAllowance(count: request.connectionCount, queueGrant: granted).runCount }
        transport.bandwidth.applyLimit(rateLimit, for: rowID)
        return DownloadTransfer(
            record: record,
            context: TransferContext(
                request: runRequest, store: store, transport: transport, hostBudgets: hostBudgets, configuration: configuration,
                counters: counters, emit: { [broadcaster] update in broadcaster.send(update) },
                session: try RequestSession.restoring(
                    download: rowID, request: runRequest, store: isNewRow ? nil : store, saving: store, configuration: configuration
                ),
                isNewRow: isNewRow
            )
        )
    }

    /// What a run's failure that is the download's own leaves behind (a busy `.part` is another process's, not
    /// this download's failure): no `.part` file without a durable byte, and the failure's message on the record.
    /// The one step for a run of a queue and one on its own (`runTransfer` runs both).
    func keepFailure(_ error: HaulError) {
        removePartFileIfEmpty()
        record.errorMessage = error.message
    }

    /// A failed run that kept no durable byte (a 404, a refused connection, a disk full at reservation) leaves no
    /// `.part` file: an empty or merely preallocated file holds nothing to resume and only suggests that it does.
    /// A `.part` with recorded bytes stays, for the next run to resume. (Bytes past the record would be cut off on
    /// resume anyway, rule 17.)
    func removePartFileIfEmpty() {
        guard let segments = try? store.segments(of: rowID) else { return }
        if segments.reduce(0, { $0 + max(0, $1.next - $1.start) }) == 0 {
            try? FileSystemSteps.removeRegularFile(record.partPath)
        }
    }

    func startTicker() {
        let (interval, clock) = (configuration.intervals.progress.inSeconds, configuration.clock)
        ticker = Task { [counters, broadcaster] in
            var meter = TransferRateMeter()
            while !Task.isCancelled {
                let sample = counters.snapshot()
                let wire = counters.wire()
                meter.record(totalBytes: sample.bytesDone, at: clock.now())
                broadcaster.send(
                    .progress(
                        DownloadProgress(
                            bytesDone: sample.bytesDone,
                            totalBytes: sample.totalBytes,
                            currentSpeed: meter.currentSpeed,
                            averageSpeed: meter.averageSpeed,
                            secondsRemaining: meter.secondsRemaining(totalBytes: sample.totalBytes),
                            activeConnections: sample.activeConnections,
                            connections: sample.connections,
                            contiguousBytes: sample.contiguousBytes,
                            bytesReceived: wire.received,
                            bytesKept: wire.kept
                        ).withSegments(counters.segments())
                    )
                )
                try? await clock.sleep(seconds: interval)
            }
        }
    }

    func stopTicker() {
        ticker?.cancel()
        ticker = nil
        let sample = counters.snapshot()
        let wire = counters.wire()
        // A run that did not complete adds what it received and kept to the stored counts (issue 56).
        if let unstored = counters.unstoredWire() {
            do {
                try store.addWireBytes(unstored, of: rowID)
            } catch {
                engineLog.error("download \(id): could not store its wire counts: \(error)")
            }
        }
        broadcaster.send(.progress(DownloadProgress(
            bytesDone: sample.bytesDone, totalBytes: sample.totalBytes, bytesReceived: wire.received, bytesKept: wire.kept
        ).withSegments(counters.segments())))
    }
}
