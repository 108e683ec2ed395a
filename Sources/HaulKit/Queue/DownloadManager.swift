import Foundation
import HaulCore
import NIOConcurrencyHelpers

/// Owns many downloads: a queue with priorities, limits and observers, kept in the client's SQLite store.
///
/// ```swift
/// let haul = try HaulClient()
/// let manager = DownloadManager(client: haul, limits: QueueLimits(maxConcurrent: 3, maxTotalConnections: 24))
/// try await manager.restore()                       // the queue as the last process left it
/// let id = try await manager.add(DownloadRequest(url: url, destination: "/tmp/a.iso", connections: 8))
/// for await event in await manager.events() { print(event) }
/// ```
///
/// Decisions live in pure `HaulCore` types: which transitions are legal (`DownloadLifecycle`: an illegal one, such
/// as pausing a completed download, throws `IllegalTransition`), which queued downloads start and with how many
/// connections (`QueuePolicy`: priority, then order added; `maxConcurrent` and the global connection cap together),
/// and how progress is coalesced for slow observers (`CoalescingQueue`). This actor performs them.
///
/// Connections: a download is granted up to its requested connections when it starts; once it knows the file (one
/// connection for a small file or a server without ranges) it holds only what it will use, and the rest goes back
/// to the queue.
///
/// Other processes: every process works on the downloads it was given (`add`, `restore`), all in one store. A
/// running manager looks at the store about once a second; a download another process paused, cancelled or
/// removed (`haul pause|cancel|remove ID`) is paused, cancelled or dropped here too, and a queued one it moved
/// (`haul move ID`) takes its new place. A download whose `.part` file
/// another process holds is left to that process (reported as a `.busy` failure, its stored state untouched).
public actor DownloadManager {
    /// The client whose store, connections and bandwidth limits are used.
    public nonisolated let client: HaulClient
    /// The limits in force.
    public private(set) var limits: QueueLimits

    private struct Entry {
        var task: DownloadTask
        var lifecycle: DownloadLifecycle
        var url: URL
        var destination: String
        var priority: Int
        var queueOrder: Int64
        var requestedConnections: Int
        var heldConnections: Int?
        var generation = 0
        var errorMessage: String?
        var forwarder: Task<Void, Never>?
        /// Ends the forwarder's stream after what the task already sent.
        var endUpdates: (@Sendable () -> Void)?
        /// Another process downloads it: not started here again in this run.
        var ownedElsewhere = false
    }

    private var entries: [Int64: Entry] = [:]
    private let channels = NIOLockedValueBox<[EventChannel]>([])
    private let latestProgress = NIOLockedValueBox<[Int64: DownloadProgress]>([:])
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []
    private var poller: Task<Void, Never>?
    private let pollInterval: Double
    private var isShutDown = false

    /// Creates a manager. It runs nothing until downloads are added or restored.
    ///
    /// - Parameters:
    ///   - limits: at most `maxConcurrent` downloads run at once, with at most `maxTotalConnections` connections
    ///     between them.
    ///   - pollInterval: seconds between two looks at the store (progress published for `haul list`; pauses and
    ///     cancels made by other processes picked up).
    public init(
        client: HaulClient,
        limits: QueueLimits = QueueLimits(maxConcurrent: 5, maxTotalConnections: 64),
        pollInterval: Double = 1
    ) {
        self.client = client
        self.limits = limits
        self.pollInterval = pollInterval
    }

    // MARK: adding

    /// Adds a download to the queue (or takes up the unfinished one writing the same `.part` file) and returns its id.
    ///
    /// A paused or failed download added again is queued again: adding says "I want this file". With `paused`,
    /// it waits for `resume` instead.
    ///
    /// - Throws: what `HaulClient.prepare` throws (`.usage`, `.fileExists`, `.io`).
    @discardableResult
    public func add(_ request: DownloadRequest, priority: Int = 0, paused: Bool = false) async throws -> Int64 {
        try checkRunning()
        let task = try client.prepare(request)
        let id = task.id
        if entries[id] == nil {
            guard let record = try client.store.record(id: id) else { throw HaulError(.internalError, "download \(id) vanished") }
            var record0 = record
            if record.priority != priority {
                try client.store.setQueuePosition(priority: priority, queueOrder: record.queueOrder, of: id)
                record0.priority = priority
            }
            adopt(task, record: record0)
            send(.added(snapshot(id)!))
        }
        let state = entries[id]!.lifecycle.state
        if paused {
            if state != .paused { try await pause(id) }
        } else if state == .paused || state == .failed {
            try await resume(id)
        }
        schedule()
        return id
    }

    /// Takes up downloads from the store: every one (`ids == nil`), or those listed. Downloads that were queued or
    /// running when their process stopped are queued and start by themselves; paused and failed ones wait for
    /// `resume`; completed ones are listed only.
    ///
    /// - Returns: the snapshots of the downloads taken up, by id.
    /// - Throws: `.usage` for an id that is not in the store; `.io` when the store cannot be read.
    @discardableResult
    public func restore(_ ids: [Int64]? = nil) async throws -> [DownloadSnapshot] {
        try checkRunning()
        let records: [DownloadRecord]
        if let ids {
            records = try ids.map { id in
                guard let record = try client.store.record(id: id) else {
                    throw HaulError(.usage, "there is no download with id \(id) (see 'haul list')")
                }
                return record
            }
        } else {
            records = try client.store.all()
        }
        for record in records where entries[record.id!] == nil && record.downloadState != .cancelled {
            adopt(client.task(for: record), record: record)
            send(.added(snapshot(record.id!)!))
        }
        schedule()
        return records.compactMap { snapshot($0.id!) }
    }

    private func adopt(_ task: DownloadTask, record: DownloadRecord) {
        let id = task.id
        var entry = Entry(
            task: task,
            lifecycle: DownloadLifecycle(state: record.downloadState == .downloading ? .queued : record.downloadState),
            url: task.request.url,
            destination: record.destination ?? task.request.destination,
            priority: record.priority,
            queueOrder: record.queueOrder,
            requestedConnections: task.request.connections,
            errorMessage: record.errorMessage
        )
        let bytes = task.currentBytes
        latestProgress.withLockedValue { $0[id] = DownloadProgress(bytesDone: bytes.done, totalBytes: bytes.total) }
        let updates = task.updateSubscription()
        entry.endUpdates = updates.end
        entry.forwarder = Task { [weak self, channels, latestProgress] in
            for await update in updates.stream {
                switch update {
                case .state(let state):
                    Self.broadcast(.stateChanged(id: id, state), to: channels)
                case .progress(let progress):
                    latestProgress.withLockedValue { $0[id] = progress }
                    Self.broadcast(.progress(id: id, progress), to: channels)
                case .named(let path):
                    await self?.renamed(id, to: path)
                    Self.broadcast(.note(id: id, update), to: channels)
                case .retrying, .restarted:
                    Self.broadcast(.note(id: id, update), to: channels)
                case .failed:
                    break  // reported by `runEnded` with the outcome
                }
            }
        }
        entries[id] = entry
        if poller == nil { startPolling() }
    }

    private func renamed(_ id: Int64, to path: String) {
        entries[id]?.destination = path
    }

    // MARK: commands

    /// Pauses a queued or running download, keeping its partial file. Pausing a paused one does nothing.
    ///
    /// - Throws: `IllegalTransition` for a completed, failed or cancelled download; `.usage` for an unknown id.
    public func pause(_ id: Int64) async throws {
        var entry = try entry(id)
        if entry.lifecycle.state == .paused { return }
        try entry.lifecycle.handle(.pause)
        entry.generation += 1
        entry.heldConnections = nil
        entries[id] = entry
        try await entry.task.pause()
        schedule()
        wakeIdleWaiters()
    }

    /// Puts a paused or failed download back in the queue; it starts when limits allow.
    ///
    /// - Throws: `IllegalTransition` for a queued, running, completed or cancelled download.
    public func resume(_ id: Int64) async throws {
        var entry = try entry(id)
        try entry.lifecycle.handle(.resume)
        entry.errorMessage = nil
        entry.ownedElsewhere = false
        entries[id] = entry
        try await entry.task.enqueue()
        schedule()
    }

    /// Stops a download for good and deletes its partial file and record.
    ///
    /// When another process is downloading it, the stored state is set to `cancelled` and that process finishes
    /// the job (it looks at the store about once a second).
    ///
    /// - Throws: `IllegalTransition` for a completed download (use `remove`).
    public func cancel(_ id: Int64) async throws {
        var entry = try entry(id)
        try entry.lifecycle.handle(.cancel)
        entry.generation += 1
        entries[id] = entry
        let record = try client.store.record(id: id)
        if entry.heldConnections == nil, let record, PartFile.isLocked(record.partPath) {
            try client.store.setState(.cancelled, of: id)
        } else {
            try await entry.task.cancel()
        }
        drop(id)
    }

    /// Forgets a download: a completed one loses its record (and with `deletingFile`, its file); an unfinished
    /// one is cancelled (its partial file goes too: a `.part` without its record can never be resumed safely).
    public func remove(_ id: Int64, deletingFile: Bool = false) async throws {
        let entry = try entry(id)
        switch entry.lifecycle.state {
        case .completed:
            try client.store.delete(id: id)
            if deletingFile { try FileSystemSteps.remove(entry.destination) }
            drop(id)
        case .cancelled:
            drop(id)
        default:
            try await cancel(id)
        }
    }

    /// Pauses every queued and running download.
    public func pauseAll() async {
        for id in entries.keys.sorted() where [.queued, .downloading].contains(entries[id]?.lifecycle.state) {
            try? await pause(id)
        }
    }

    /// Queues every paused and failed download again.
    public func resumeAll() async {
        for id in entries.keys.sorted() where [.paused, .failed].contains(entries[id]?.lifecycle.state) {
            try? await resume(id)
        }
    }

    /// Puts a download first in line.
    public func moveToTop(_ id: Int64) throws {
        try reorder(id) { QueuePolicy.movingToTop(id, in: $0) }
    }

    /// Puts a download last in line.
    public func moveToBottom(_ id: Int64) throws {
        try reorder(id) { QueuePolicy.movingToBottom(id, in: $0) }
    }

    /// Sets a download's priority (higher runs first).
    public func setPriority(_ priority: Int, of id: Int64) throws {
        try reorder(id) { QueuePolicy.settingPriority(priority, of: id, in: $0) }
    }

    private func reorder(_ id: Int64, _ change: ([QueueEntry]) -> [QueueEntry]) throws {
        _ = try entry(id)
        guard let moved = change(queueEntries()).first(where: { $0.id == id }) else { return }
        try client.store.setQueuePosition(priority: moved.priority, queueOrder: moved.addedOrder, of: id)
        entries[id]?.priority = moved.priority
        entries[id]?.queueOrder = moved.addedOrder
        schedule()
    }

    /// Changes the limits; downloads start at once if the new ones leave room (running ones are never stopped).
    public func setLimits(_ limits: QueueLimits) {
        self.limits = limits
        schedule()
    }

    /// Sets the bandwidth limit shared by all downloads (`nil`: none), effective at once.
    public func setGlobalRateLimit(_ bytesPerSecond: Int64?) {
        client.bandwidth.setGlobalLimit(bytesPerSecond)
    }

    /// Sets one download's own bandwidth limit (`nil`: none), effective at once and stored with it.
    public func setRateLimit(_ bytesPerSecond: Int64?, of id: Int64) async throws {
        try await entry(id).task.setRateLimit(bytesPerSecond)
    }

    // MARK: observing

    /// Every event from now on, starting with a `.current` snapshot of each known download.
    public func events() -> ManagerEvents {
        subscribe(only: nil)
    }

    /// One download's events from now on, starting with its `.current` snapshot.
    public func events(for id: Int64) -> ManagerEvents {
        subscribe(only: id)
    }

    private func subscribe(only: Int64?) -> ManagerEvents {
        let channel = EventChannel(only: only)
        for id in entries.keys.sorted() where only == nil || only == id {
            channel.send(.current(snapshot(id)!))
        }
        if isShutDown {
            channel.finish()
        } else {
            channels.withLockedValue { $0.append(channel) }
        }
        return ManagerEvents(subscription: .init(channel: channel))
    }

    /// The downloads, in queue order (priority, then order added).
    public var snapshots: [DownloadSnapshot] {
        QueuePolicy.ordered(queueEntries()).compactMap { snapshot($0.id) }
    }

    /// One download, if the manager has it.
    public func snapshot(_ id: Int64) -> DownloadSnapshot? {
        guard let entry = entries[id] else { return nil }
        let progress = latestProgress.withLockedValue { $0[id] }
        let running = entry.lifecycle.state == .downloading
        return DownloadSnapshot(
            id: id,
            url: entry.url,
            destination: entry.destination,
            state: entry.lifecycle.state,
            priority: entry.priority,
            queueOrder: entry.queueOrder,
            bytesDone: progress?.bytesDone ?? 0,
            totalBytes: progress?.totalBytes,
            speed: running ? progress?.currentSpeed ?? 0 : 0,
            errorMessage: entry.errorMessage,
            rateLimit: entry.task.request.maxBytesPerSecond
        )
    }

    /// The task behind a download (for its own `updates` stream), if the manager has it.
    public func task(_ id: Int64) -> DownloadTask? {
        entries[id]?.task
    }

    /// Returns when nothing is queued or running (everything completed, failed, paused or cancelled).
    public func waitUntilIdle() async {
        if isIdle { return }
        await withCheckedContinuation { idleWaiters.append($0) }
    }

    /// Stops running downloads keeping their progress (they stay queued in the store, so the next `restore`
    /// resumes them), ends every event stream and stops looking at the store. The client stays open.
    public func shutdown() async {
        guard !isShutDown else { return }
        isShutDown = true
        poller?.cancel()
        for id in entries.keys.sorted() {
            guard let entry = entries[id] else { continue }
            entries[id]?.generation += 1
            // Only what runs here is stopped; a queued entry's stored state may belong to another process.
            if entry.lifecycle.state == .downloading {
                await entry.task.interrupt()
                entries[id]?.lifecycle = DownloadLifecycle(state: .queued)
            }
        }
        await publishProgress()
        // Observers get the last state and byte count each stopped task sent before their streams end.
        for entry in entries.values { entry.endUpdates?() }
        for entry in entries.values { await entry.forwarder?.value }
        for channel in channels.withLockedValue({ $0 }) { channel.finish() }
        channels.withLockedValue { $0 = [] }
        wakeIdleWaiters(force: true)
    }

    // MARK: scheduling

    private var isIdle: Bool {
        !entries.values.contains { ($0.lifecycle.state == .queued && !$0.ownedElsewhere) || $0.lifecycle.state == .downloading }
    }

    private func wakeIdleWaiters(force: Bool = false) {
        guard force || isIdle else { return }
        let waiting = idleWaiters
        idleWaiters = []
        for waiter in waiting { waiter.resume() }
    }

    private func queueEntries() -> [QueueEntry] {
        entries.map { id, entry in
            QueueEntry(
                id: id,
                // A download another process holds is not ours to start: it counts as paused here.
                state: entry.ownedElsewhere && entry.lifecycle.state == .queued ? .paused : entry.lifecycle.state,
                priority: entry.priority,
                addedOrder: entry.queueOrder,
                requestedConnections: entry.requestedConnections,
                grantedConnections: entry.heldConnections
            )
        }
    }

    /// Starts what `QueuePolicy` says may start now.
    private func schedule() {
        guard !isShutDown else { return }
        for decision in QueuePolicy.plan(queueEntries(), limits: limits) {
            start(decision.id, connections: decision.connections)
        }
        wakeIdleWaiters()
    }

    private func start(_ id: Int64, connections: Int) {
        guard var entry = entries[id] else { return }
        do {
            try entry.lifecycle.handle(.start)
        } catch {
            return
        }
        entry.generation += 1
        entry.heldConnections = connections
        entries[id] = entry
        let generation = entry.generation
        let task = entry.task
        task.observePlannedConnections { [weak self] planned in
            Task { await self?.planned(id, connections: planned, generation: generation) }
        }
        // The mirror says `.downloading` before the task is asked: a reentrant `schedule` must count it.
        Task { [weak self] in
            do {
                try await task.start(connections: connections, onlyIfQueued: true)
            } catch {
                await self?.runEnded(id, generation: generation, outcome: .failed(HaulError.wrap(error)))
                return
            }
            let outcome = await task.outcome()
            await self?.runEnded(id, generation: generation, outcome: outcome)
        }
    }

    private func planned(_ id: Int64, connections: Int, generation: Int) {
        guard entries[id]?.generation == generation, entries[id]?.lifecycle.state == .downloading else { return }
        entries[id]?.heldConnections = connections
        schedule()
    }

    private func runEnded(_ id: Int64, generation: Int, outcome: DownloadOutcome) async {
        switch outcome {
        case .completed, .cancelled:
            // The task's update stream has ended: let the forwarder hand on the last `.stateChanged` first, so an
            // observer sees `completed` before `.completed`, and a `remove` right after cannot cut it off.
            await entries[id]?.forwarder?.value
        case .failed, .paused:
            break  // the stream goes on (the download can run again): nothing to wait for
        }
        guard var entry = entries[id], entry.generation == generation else { return }
        entry.heldConnections = nil
        switch outcome {
        case .completed(let path):
            _ = try? entry.lifecycle.handle(.complete)
            entry.destination = path
            entries[id] = entry
            send(.completed(id: id, path: path))
        case .failed(let error) where error.kind == .busy:
            entry.lifecycle = DownloadLifecycle(state: .queued)
            entry.ownedElsewhere = true
            entry.errorMessage = error.message
            entries[id] = entry
            send(.failed(id: id, error))
        case .failed(let error):
            _ = try? entry.lifecycle.handle(.fail)
            entry.errorMessage = error.message
            entries[id] = entry
            send(.failed(id: id, error))
        case .paused:
            // Stopped without being asked here (the task was interrupted): back in line.
            if entry.lifecycle.state == .downloading { _ = try? entry.lifecycle.handle(.interrupt) }
            entries[id] = entry
        case .cancelled:
            entries[id] = entry
            drop(id)
            return
        }
        schedule()
    }

    private func drop(_ id: Int64) {
        entries[id]?.forwarder?.cancel()
        entries[id] = nil
        latestProgress.withLockedValue { _ = $0.removeValue(forKey: id) }
        send(.removed(id: id))
        schedule()
    }

    // MARK: the store as a mailbox between processes

    private func startPolling() {
        let interval = pollInterval
        poller = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(nanoseconds: UInt64(interval * 1_000_000_000))
                guard let self, !Task.isCancelled else { return }
                await self.poll()
            }
        }
    }

    /// Publishes progress and applies pauses and cancels other processes wrote into the store.
    private func poll() async {
        await publishProgress()
        let watched = entries.filter { $0.value.lifecycle.state == .queued || $0.value.lifecycle.state == .downloading }
        guard !watched.isEmpty, let stored = try? client.store.queueFields(of: Array(watched.keys)) else { return }
        var moved = false
        for id in watched.keys.sorted() {
            guard let entry = entries[id], entry.lifecycle.state == .queued || entry.lifecycle.state == .downloading else {
                continue
            }
            if let fields = stored[id], fields.priority != entry.priority || fields.queueOrder != entry.queueOrder {
                // Moved by another process (`haul move`).
                entries[id]?.priority = fields.priority
                entries[id]?.queueOrder = fields.queueOrder
                moved = true
            }
            switch stored[id]?.state {
            case nil, .cancelled?:
                // Cancelled, or removed (the record is gone, so the partial file cannot be resumed either).
                entries[id]?.lifecycle = DownloadLifecycle(state: .cancelled)
                entries[id]?.generation += 1
                try? await entry.task.cancel()
                drop(id)
            case .paused?:
                try? await pause(id)
            default:
                break
            }
        }
        if moved { schedule() }
    }

    private func publishProgress() async {
        let running = entries.filter { $0.value.lifecycle.state == .downloading }.keys
        let progress = latestProgress.withLockedValue { all in
            running.compactMap { id in all[id].map { (id: id, bytesDone: $0.bytesDone, speed: $0.currentSpeed) } }
        }
        try? client.store.saveProgress(progress)
    }

    // MARK: helpers

    private func entry(_ id: Int64) throws -> Entry {
        guard let entry = entries[id] else {
            throw HaulError(.usage, "there is no download with id \(id) here (see 'haul list')")
        }
        return entry
    }

    private func checkRunning() throws {
        if isShutDown { throw HaulError(.usage, "the download manager has been shut down") }
    }

    private func send(_ event: ManagerEvent) {
        Self.broadcast(event, to: channels)
    }

    private static func broadcast(_ event: ManagerEvent, to channels: NIOLockedValueBox<[EventChannel]>) {
        let targets = channels.withLockedValue { channels -> [EventChannel] in
            channels.removeAll { $0.isFinished }
            return channels
        }
        for channel in targets { channel.send(event) }
    }
}
