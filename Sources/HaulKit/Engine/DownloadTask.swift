import Foundation
import HaulCore

/// How a download's run ended, as `DownloadTask.outcome()` reports it.
public enum DownloadOutcome: Sendable, Equatable {
    /// The file is complete at `file`.
    case completed(file: URL)
    /// Paused; the partial file and record are kept for a later resume.
    case paused
    /// Failed; the partial file and record are kept, so it can be resumed.
    case failed(HaulError)
    /// Cancelled; the partial file and record are gone.
    case cancelled
}

/// One download: start, pause, resume and cancel it, and observe its updates.
///
/// Transitions go through `DownloadLifecycle`, so an impossible request (pausing a completed download) throws a
/// `HaulError` (`.usage`, its `illegalTransition` saying which) instead of being ignored. Pausing stops the
/// transfer after making every received byte durable; resuming continues from there.
///
/// One owner of state: a task started on its own (`HaulClient.download`) owns its lifecycle (`+OnItsOwn`). A
/// task a `DownloadManager` holds has no state of its own: its commands go to the manager's queue machine, which
/// asks it to run one transfer at a time (`+Run`) and tells it each new state for its `updates`.
public actor DownloadTask {
    /// The download's id (its record's number in the state database).
    public nonisolated let id: DownloadID
    /// `id` as the store and the queue machine count it (the record's rowid).
    nonisolated var rowID: Int64 { id.rawValue }
    /// What was asked.
    public nonisolated let request: DownloadRequest

    var record: DownloadRecord
    /// The state of a task on its own; unused (and never read) once a keeper holds the download.
    var lifecycle: DownloadLifecycle
    /// The queue that owns this download's state, if any.
    weak var keeper: (any DownloadStateKeeper)?
    /// Set for good once a keeper holds the download: the task's own lifecycle is never consulted again, even when
    /// the keeper is gone (its last announced state stands).
    var isKept = false
    var run: Task<Void, Never>?
    /// A transfer runs for the keeper (`runTransfer`).
    var isRunning = false
    /// Where a run of this task put the finished file: a later run (asked for by a pause and a resume while that
    /// one verified and renamed, so its report was already stale) reports it instead of fetching again.
    var completedByARun: String?
    var ticker: Task<Void, Never>?
    var lastOutcome: DownloadOutcome?
    /// The callers of `outcome()` waiting for the run to end (`nil` ends a wait whose task was cancelled).
    var waiters: [Int: CheckedContinuation<DownloadOutcome?, Never>] = [:]
    var nextWaiterKey = 0
    let broadcaster = UpdateBroadcaster()
    let counters = TransferCounters()
    let store: DownloadStore
    let transport: any Transport
    let hostBudgets: HostBudgetBook
    let configuration: HaulConfiguration
    var currentRateLimit: Int64?
    /// Set while `pause`, `cancel` or `interrupt` waits for the transfer to stop: the run's end is theirs to handle,
    /// except a completion (the file is in place by then), which `transferEnded` keeps here for them.
    var stopping = false
    var finishedWhileStopping: String?
    /// The row was inserted by this task's `HaulClient.prepare` and no run has started since: `record` is what is
    /// stored, and the row has no segments and no cookies, so the first run need not read them back.
    var isNew: Bool

    init(
        record: DownloadRecord, request: DownloadRequest, store: DownloadStore, transport: any Transport,
        hostBudgets: HostBudgetBook, configuration: HaulConfiguration, isNew: Bool = false, heldBytes: Int64?? = nil,
        keeper: (any DownloadStateKeeper)? = nil
    ) {
        self.hostBudgets = hostBudgets
        self.keeper = keeper
        self.isKept = keeper != nil
        self.id = DownloadID(record.id!)
        self.request = request
        self.record = record
        self.lifecycle = DownloadLifecycle(state: record.downloadState == .downloading ? .queued : record.downloadState)
        self.store = store
        self.transport = transport
        self.configuration = configuration
        self.currentRateLimit = request.maxBytesPerSecond
        self.isNew = isNew
        // Held bytes are known before the first run: the stored segments say how far it got. A completed download
        // holds all its bytes and no segments, so its read (a read transaction per stored download, most of a
        // long-lived store) is skipped; a restore reads the sums of all of them in one query (`heldBytes`: `.some(nil)`
        // for a download without segments).
        if !isNew, record.downloadState != .completed, let held = heldBytes ?? Self.heldBytes(of: record.id!, in: store) {
            counters.set(bytesDone: held, totalBytes: record.totalBytes)
        } else {
            counters.set(bytesDone: record.downloadState == .completed ? (record.totalBytes ?? 0) : 0, totalBytes: record.totalBytes)
        }
    }

    /// The bytes download `id`'s stored segments hold; `nil` when it has none (or they cannot be read).
    private static func heldBytes(of id: Int64, in store: DownloadStore) -> Int64? {
        guard let segments = try? store.segments(of: id), !segments.isEmpty else { return nil }
        return segments.reduce(0) { $0 + ($1.next - $1.start) }
    }

    /// Every update from now on, starting with the current state and progress (`DownloadUpdates`).
    ///
    /// The sequence ends when the download completes and throws the `HaulError` when it fails or is cancelled,
    /// so `for try await` over it always returns and says why; a pause does not end it. A failed download can be
    /// resumed: take `updates` again after `resume()`.
    public nonisolated var updates: DownloadUpdates { broadcaster.subscribe() }

    /// `updates`, with a way to end the stream once the reader has taken everything sent before (the queue's
    /// forwarder, so that a shutdown loses no last state or progress).
    nonisolated func updateSubscription(replaying: Bool = true) -> (stream: AsyncStream<DownloadUpdate>, end: @Sendable () -> Void) {
        broadcaster.subscription(replaying: replaying)
    }

    /// The lifecycle state (the queue's, when a `DownloadManager` holds the download).
    public var state: DownloadState {
        get async {
            guard isKept else { return lifecycle.state }
            if let keeper, let state = await keeper.state(of: rowID) { return state }
            return broadcaster.lastState ?? .cancelled  // dropped by the queue, or the queue is gone
        }
    }

    /// Where the file is or will be (it can change once, when the response names it: a `Content-Disposition` name
    /// adopted, a folder rule by that name or by the Content-Type).
    public var destination: URL { URL(fileURLWithPath: destinationPath, isDirectory: false) }

    /// `destination`'s path.
    var destinationPath: String { record.destination ?? request.destinationPath }

    /// Starts (or restarts after `resume`) the transfer. A download a `DownloadManager` holds is put back in line
    /// instead (the queue starts it).
    public func start() async throws {
        if let keeper = try heldKeeper() { return try await keeper.resume(id) }
        try startOnItsOwn(connections: nil)
    }

    /// Pauses: stops the transfer once its bytes are durable. Pausing a paused download does nothing.
    ///
    /// A pause that arrives after the last byte, while the file is verified and renamed, does not undo that: the
    /// download then ends `completed` (see `DownloadLifecycle`).
    public func pause() async throws {
        if let keeper = try heldKeeper() { return try await keeper.pause(id) }
        try await pauseOnItsOwn()
    }

    /// Resumes a paused or failed download from its durable bytes.
    public func resume() async throws {
        try await start()
    }

    /// This download's own bandwidth limit in bytes per second, or `nil`.
    public var rateLimit: Int64? { currentRateLimit }

    /// Changes this download's own bandwidth limit, at once if it is running, and stores it with the download.
    ///
    /// - Parameter bytesPerSecond: the limit; `nil` or 0 removes it (0 is "no limit", as in aria2).
    /// - Throws: `.usage` for a negative limit; `.io` when it cannot be stored.
    public func setRateLimit(_ bytesPerSecond: Int64?) throws {
        let bytesPerSecond = try BandwidthLimiter.checkedLimit(bytesPerSecond)
        currentRateLimit = bytesPerSecond
        if run != nil || isRunning { transport.bandwidth.applyLimit(bytesPerSecond, for: rowID) }
        var options = request
        options.maxBytesPerSecond = bytesPerSecond
        try store.saveOptions(HaulClient.encode(options), of: rowID)
    }

    /// Reports the connection count each run settles on (for the queue's global connection cap) and when it
    /// starts finishing (for the queue's slots).
    nonisolated func observeMilestones(_ observer: (@Sendable (RunMilestone) -> Void)?) {
        counters.observeMilestones(observer)
    }

    /// A snapshot of the byte counters (for listings).
    nonisolated var currentBytes: (done: Int64, total: Int64?) {
        let sample = counters.snapshot()
        return (sample.bytesDone, sample.totalBytes)
    }

    /// Stops for good and deletes the partial file and the record.
    public func cancel() async throws {
        if let keeper = try heldKeeper() { return try await keeper.cancel(id) }
        try await cancelOnItsOwn()
    }

    /// Stops a running transfer keeping its progress and leaves the download queued, so that it resumes by itself
    /// on the next start (used on Ctrl-C and shutdown).
    ///
    /// A task a `DownloadManager` holds is put back in its queue. A task on its own is `paused` in this process
    /// (`state` and `outcome()` say so; nothing here restarts it), stored `queued` for the next start, and its
    /// `updates` end by throwing a `HaulError` of kind `.interrupted`.
    ///
    /// The transfer is stopped before the state changes: if it completed meanwhile, the download is `completed`,
    /// not put back in line with its file already in place.
    public func interrupt() async {
        if isKept {
            await keeper?.interrupt(rowID)
            return
        }
        await interruptOnItsOwn()
    }

    /// Waits until the current run ends and says how; returns at once when nothing is running and a run has
    /// ended (or the download is paused).
    ///
    /// - Throws: `CancellationError` when the waiting Swift task is cancelled (the download goes on, as with
    ///   `URLSession`); `HaulError` `.usage` for a task on its own that was prepared and never started
    ///   (`HaulClient.prepare` without `start()`), whose outcome nothing would ever bring.
    public func outcome() async throws -> DownloadOutcome {
        if run == nil, !isRunning, let lastOutcome { return lastOutcome }
        if run == nil, !isRunning, await state == .paused { return .paused }
        if !isKept, run == nil, lifecycle.state == .queued {
            throw HaulError(.usage, "download \(id) has not been started: call start() before waiting for its outcome")
        }
        try Task.checkCancellation()
        let key = nextWaiterKey
        nextWaiterKey += 1
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<DownloadOutcome?, Never>) in
                if Task.isCancelled { return continuation.resume(returning: nil) }
                waiters[key] = continuation
            }
        } onCancel: {
            Task { await self.dropWaiter(key) }
        }
        guard let outcome else { throw CancellationError() }
        return outcome
    }

    /// Ends a cancelled `outcome()` wait (after its continuation was stored, since both run on the actor).
    private func dropWaiter(_ key: Int) {
        waiters.removeValue(forKey: key)?.resume(returning: nil)
    }

    /// The record as `HaulClient.prepare` stored it (and as the last run read it back): what `DownloadManager.add`
    /// needs without reading the row again.
    var storedRecord: DownloadRecord { record }

    /// The keeper to send a command to, `nil` for a task on its own.
    ///
    /// - Throws: `.usage` when the queue that held the download is gone (its state went with it).
    func heldKeeper() throws -> (any DownloadStateKeeper)? {
        guard isKept else { return nil }
        guard let keeper else {
            throw HaulError(.usage, "the download manager that held download \(id) is gone: restore it in a new one")
        }
        return keeper
    }

    func settle(_ outcome: DownloadOutcome) {
        lastOutcome = outcome
        let waiting = waiters
        waiters = [:]
        for waiter in waiting.values { waiter.resume(returning: outcome) }
    }
}
