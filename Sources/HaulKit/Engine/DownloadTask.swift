import Foundation
import HaulCore

/// How a download's run ended, as `DownloadTask.outcome()` reports it.
public enum DownloadOutcome: Sendable, Equatable {
    /// The file is complete at `path`.
    case completed(path: String)
    /// Paused; the partial file and record are kept for a later resume.
    case paused
    /// Failed; the partial file and record are kept, so it can be resumed.
    case failed(HaulError)
    /// Cancelled; the partial file and record are gone.
    case cancelled
}

/// One download: start, pause, resume and cancel it, and observe its updates.
///
/// Transitions go through `DownloadLifecycle`, so an impossible request (pausing a completed download) throws
/// `IllegalTransition` instead of being ignored. Pausing stops the transfer after making every received byte
/// durable; resuming continues from there.
public actor DownloadTask {
    /// The database id.
    public nonisolated let id: Int64
    /// What was asked.
    public nonisolated let request: DownloadRequest

    private var record: DownloadRecord
    private var lifecycle: DownloadLifecycle
    private var run: Task<Void, Never>?
    private var ticker: Task<Void, Never>?
    private var lastOutcome: DownloadOutcome?
    private var waiters: [CheckedContinuation<DownloadOutcome, Never>] = []
    private let broadcaster = UpdateBroadcaster()
    private let counters = TransferCounters()
    private let store: DownloadStore
    private let transport: any Transport
    private let configuration: HaulConfiguration
    private var currentRateLimit: Int64?
    /// Set while `pause`, `cancel` or `interrupt` waits for the transfer to stop: the run's end is theirs to handle,
    /// except a completion (the file is in place by then), which `transferEnded` keeps here for them.
    private var stopping = false
    private var finishedWhileStopping: String?

    init(record: DownloadRecord, request: DownloadRequest, store: DownloadStore, transport: any Transport, configuration: HaulConfiguration) {
        self.id = record.id!
        self.request = request
        self.record = record
        self.lifecycle = DownloadLifecycle(state: record.downloadState == .downloading ? .queued : record.downloadState)
        self.store = store
        self.transport = transport
        self.configuration = configuration
        self.currentRateLimit = request.maxBytesPerSecond
        // Held bytes are known before the first run: the stored segments say how far it got.
        if let segments = try? store.segments(of: record.id!), !segments.isEmpty {
            counters.set(bytesDone: segments.reduce(0) { $0 + ($1.next - $1.start) }, totalBytes: record.totalBytes)
        } else {
            counters.set(bytesDone: record.downloadState == .completed ? (record.totalBytes ?? 0) : 0, totalBytes: record.totalBytes)
        }
    }

    /// Every update from now on, starting with the current state and progress.
    ///
    /// The stream ends when the download completes, fails or is cancelled, so `for await` over it always returns
    /// and `outcome()` can follow. A failed download can be resumed: take `updates` again after `resume()`.
    public nonisolated var updates: AsyncStream<DownloadUpdate> { broadcaster.subscribe() }

    /// `updates`, with a way to end the stream once the reader has taken everything sent before (the queue's
    /// forwarder, so that a shutdown loses no last state or progress).
    nonisolated func updateSubscription() -> (stream: AsyncStream<DownloadUpdate>, end: @Sendable () -> Void) {
        broadcaster.subscription()
    }

    /// The lifecycle state.
    public var state: DownloadState { lifecycle.state }

    /// Where the file is or will be (it can change once, when a `Content-Disposition` name is adopted).
    public var destination: String { record.destination ?? request.destination }

    /// Starts (or restarts after `resume`) the transfer.
    public func start() throws {
        try start(connections: nil)
    }

    /// Starts the transfer with at most `connections` connections (the queue's grant; `nil` for the request's).
    /// With `onlyIfQueued`, a download paused meanwhile is not started (the queue decided before the pause).
    func start(connections granted: Int?, onlyIfQueued: Bool = false) throws {
        if onlyIfQueued, lifecycle.state != .queued {
            throw HaulError(.usage, "cannot start a download that is \(lifecycle.state.rawValue)")
        }
        if lifecycle.state == .paused || lifecycle.state == .failed { try transition(.resume) }
        try transition(.start)
        lastOutcome = nil
        // The previous run may have learned the file's validators and length: start from what is stored.
        if let stored = try store.record(id: id) { record = stored }
        var runRequest = request
        if let granted { runRequest.connections = max(1, min(granted, request.connections)) }
        transport.bandwidth.setLimit(rateLimit, for: id)
        let transfer = DownloadTransfer(
            record: record,
            context: TransferContext(
                request: runRequest, store: store, transport: transport, configuration: configuration,
                counters: counters, emit: { [broadcaster] update in broadcaster.send(update) },
                cookies: try CookieSession.restoring(download: id, request: runRequest, store: store)
            )
        )
        run = Task { [weak self] in
            let outcome = await transfer.run()
            await self?.transferEnded(outcome)
        }
        startTicker()
    }

    /// Pauses: stops the transfer once its bytes are durable. Pausing a paused download does nothing.
    ///
    /// A pause that arrives after the last byte, while the file is verified and renamed, does not undo that: the
    /// download then ends `completed` (see `DownloadLifecycle`).
    public func pause() async throws {
        if lifecycle.state == .paused { return }
        try transition(.pause)
        if await stopTransfer() == .stopped { settle(.paused) }
    }

    /// Resumes a paused or failed download from its durable bytes.
    public func resume() throws {
        try start()
    }

    /// Puts a paused or failed download back in line (`resume` without starting it: the queue starts it).
    func enqueue() throws {
        try transition(.resume)
    }

    /// This download's own bandwidth limit in bytes per second, or `nil`.
    public var rateLimit: Int64? { currentRateLimit }

    /// Changes this download's own bandwidth limit, at once if it is running, and stores it with the download.
    public func setRateLimit(_ bytesPerSecond: Int64?) throws {
        precondition(bytesPerSecond.map { $0 > 0 } ?? true, "a rate limit must be positive")
        currentRateLimit = bytesPerSecond
        if run != nil { transport.bandwidth.setLimit(bytesPerSecond, for: id) }
        var options = request
        options.maxBytesPerSecond = bytesPerSecond
        try store.saveOptions(HaulClient.encode(options), of: id)
    }

    /// Reports the connection count each run settles on (for the queue's global connection cap).
    nonisolated func observePlannedConnections(_ observer: (@Sendable (Int) -> Void)?) {
        counters.observePlannedConnections(observer)
    }

    /// A snapshot of the byte counters (for listings).
    nonisolated var currentBytes: (done: Int64, total: Int64?) {
        let sample = counters.snapshot()
        return (sample.bytesDone, sample.totalBytes)
    }

    /// Stops for good and deletes the partial file and the record.
    public func cancel() async throws {
        try transition(.cancel)
        await stopTransfer()
        try? FileSystemSteps.remove(record.partPath)
        try store.delete(id: id)
        transport.bandwidth.setLimit(nil, for: id)
        settle(.cancelled)
        broadcaster.finish()
    }

    /// Stops a running transfer keeping its progress and leaves the download queued, so that it resumes by itself
    /// on the next start (used on Ctrl-C and shutdown).
    ///
    /// The transfer is stopped before the state changes: if it completed meanwhile, the download is `completed`,
    /// not put back in line with its file already in place.
    public func interrupt() async {
        guard lifecycle.state == .downloading || lifecycle.state == .queued else { return }
        if await stopTransfer() == .completed { return }
        let state = lifecycle.mustHandle(.interrupt, of: id)
        try? store.setState(state, of: id)
        broadcaster.send(.state(state))
        settle(.paused)
    }

    /// Waits until the current run ends and says how (returns at once when nothing is running).
    public func outcome() async -> DownloadOutcome {
        if run == nil, let lastOutcome { return lastOutcome }
        if run == nil, lifecycle.state == .paused { return .paused }
        return await withCheckedContinuation { waiters.append($0) }
    }

    private func transition(_ event: LifecycleEvent) throws {
        let state = try lifecycle.handle(event)
        if state != .cancelled { try store.setState(state, error: record.errorMessage, of: id) }
        broadcaster.send(.state(state))
    }

    /// How a transfer that was asked to stop ended.
    private enum StopResult { case stopped, completed }

    /// Stops a running transfer (if any) and waits for it.
    ///
    /// - Returns: `.completed` when the transfer completed before it could be stopped: the download is then
    ///   recorded and announced as completed (unless it is being cancelled).
    @discardableResult
    private func stopTransfer() async -> StopResult {
        guard let run else { return .stopped }
        stopping = true
        finishedWhileStopping = nil
        run.cancel()
        await run.value
        stopping = false
        self.run = nil
        stopTicker()
        guard let path = finishedWhileStopping, lifecycle.state != .cancelled else { return .stopped }
        finishedWhileStopping = nil
        // `paused` -> `completed` is legal; a download still `downloading` (an interrupt) completes as usual. The
        // pause stored `paused` after, or before, the finisher stored `completed`: store it again.
        lifecycle.mustHandle(.complete, of: id)
        try? store.setState(.completed, of: id)
        completed(at: path)
        return .completed
    }

    private func completed(at path: String) {
        record.destination = path
        broadcaster.send(.state(.completed))
        settle(.completed(path: path))
        broadcaster.finish()
    }

    private func transferEnded(_ outcome: TransferOutcome) {
        guard run != nil else { return }
        if stopping {
            // `pause`, `cancel` or `interrupt` is waiting for this run: it handles the end, except that a completed
            // file cannot be made partial again.
            if case .completed(let path) = outcome { finishedWhileStopping = path }
            return
        }
        run = nil
        stopTicker()
        switch outcome {
        case .completed(let path):
            lifecycle.mustHandle(.complete, of: id)
            completed(at: path)
        case .failed(let error) where error.kind == .busy:
            // Another process is downloading this file: it is not this run's failure to record. The stored state
            // stays as that process keeps it; here the download goes back to waiting.
            lifecycle.mustHandle(.interrupt, of: id)
            broadcaster.send(.failed(error))
            broadcaster.send(.state(lifecycle.state))
            settle(.failed(error))
        case .failed(let error):
            lifecycle.mustHandle(.fail, of: id)
            removePartFileIfEmpty()
            record.errorMessage = error.message
            try? store.setState(.failed, error: error.message, of: id)
            broadcaster.send(.failed(error))
            broadcaster.send(.state(.failed))
            settle(.failed(error))
            broadcaster.finishRun()
        case .stopped:
            settle(.paused)
        }
    }

    /// A failed run that kept no durable byte (a 404, a refused connection, a disk full at reservation) leaves no
    /// `.part` file: an empty or merely preallocated file holds nothing to resume and only suggests that it does.
    /// A `.part` with recorded bytes stays, for the next run to resume. (Bytes past the record would be cut off on
    /// resume anyway, rule 17.)
    private func removePartFileIfEmpty() {
        guard let segments = try? store.segments(of: id) else { return }
        if segments.reduce(0, { $0 + max(0, $1.next - $1.start) }) == 0 {
            try? FileSystemSteps.remove(record.partPath)
        }
    }

    private func settle(_ outcome: DownloadOutcome) {
        lastOutcome = outcome
        let waiting = waiters
        waiters = []
        for waiter in waiting { waiter.resume(returning: outcome) }
    }

    private func startTicker() {
        let interval = configuration.progressInterval
        ticker = Task { [counters, broadcaster] in
            var meter = TransferRateMeter()
            while !Task.isCancelled {
                let sample = counters.snapshot()
                meter.record(totalBytes: sample.bytesDone, at: MonotonicClock.system.now())
                broadcaster.send(
                    .progress(
                        DownloadProgress(
                            bytesDone: sample.bytesDone,
                            totalBytes: sample.totalBytes,
                            currentSpeed: meter.currentSpeed,
                            averageSpeed: meter.averageSpeed,
                            secondsRemaining: meter.secondsRemaining(totalBytes: sample.totalBytes),
                            activeConnections: sample.activeConnections,
                            connections: sample.connections
                        )
                    )
                )
                try? await Task.sleep(nanoseconds: UInt64(interval * 1_000_000_000))
            }
        }
    }

    private func stopTicker() {
        ticker?.cancel()
        ticker = nil
        let sample = counters.snapshot()
        broadcaster.send(.progress(DownloadProgress(bytesDone: sample.bytesDone, totalBytes: sample.totalBytes)))
    }
}
