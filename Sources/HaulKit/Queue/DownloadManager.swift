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
///
/// The actor is split by concern: commands here, `+Scheduling` (starts and run ends), `+Observing` (events,
/// snapshots, shutdown), `+Polling` (the store as a mailbox between processes). The state they share is internal
/// to HaulKit, never public.
public actor DownloadManager {
    /// The client whose store, connections and bandwidth limits are used.
    public nonisolated let client: HaulClient
    /// The limits in force.
    public private(set) var limits: QueueLimits

    struct Entry {
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

    var entries: [Int64: Entry] = [:]
    let channels = NIOLockedValueBox<[EventChannel]>([])
    let latestProgress = NIOLockedValueBox<[Int64: DownloadProgress]>([:])
    var idleWaiters: [CheckedContinuation<Void, Never>] = []
    var poller: Task<Void, Never>?
    let pollInterval: Double
    var isShutDown = false

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
                    throw HaulError(.usage, "there is no download with id \(id)", remedy: .useAKnownDownloadID)
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

    func adopt(_ task: DownloadTask, record: DownloadRecord) {
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

    func renamed(_ id: Int64, to path: String) {
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
        if await entry.task.state == .completed { await completedWhilePausing(id, at: entry.task.destination) }
        schedule()
        wakeIdleWaiters()
    }

    /// The pause came after the last byte, while the file was verified and renamed: the task completed anyway
    /// (`DownloadLifecycle` allows `paused` -> `completed`), and so does the entry, announced as any completion.
    func completedWhilePausing(_ id: Int64, at path: String) async {
        await entries[id]?.forwarder?.value  // the task's stream has ended: hand on its last `.stateChanged` first
        guard var entry = entries[id], entry.lifecycle.state == .paused else { return }
        entry.lifecycle.mustHandle(.complete, of: id)
        entry.destination = path
        entries[id] = entry
        send(.completed(id: id, path: path))
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

    func reorder(_ id: Int64, _ change: ([QueueEntry]) -> [QueueEntry]) throws {
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

    // MARK: helpers

    func entry(_ id: Int64) throws -> Entry {
        guard let entry = entries[id] else {
            throw HaulError(.usage, "there is no download with id \(id) here", remedy: .useAKnownDownloadID)
        }
        return entry
    }

    func checkRunning() throws {
        if isShutDown { throw HaulError(.usage, "the download manager has been shut down") }
    }

    func send(_ event: ManagerEvent) {
        Self.broadcast(event, to: channels)
    }

    static func broadcast(_ event: ManagerEvent, to channels: NIOLockedValueBox<[EventChannel]>) {
        let targets = channels.withLockedValue { channels -> [EventChannel] in
            channels.removeAll { $0.isFinished }
            return channels
        }
        for channel in targets { channel.send(event) }
    }
}

