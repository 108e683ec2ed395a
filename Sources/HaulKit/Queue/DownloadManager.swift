import Foundation
import HaulCore
import Logging
import NIOConcurrencyHelpers

/// Owns many downloads: a queue with priorities, limits and observers, kept in the client's SQLite store.
///
/// ```swift
/// let haul = try HaulClient()
/// let manager = DownloadManager(client: haul, limits: QueueLimits(maxConcurrent: 3, maxTotalConnections: 24))
/// try await manager.restore()                       // the queue as the last process left it
/// let id = try await manager.add(DownloadRequest(url: url, destination: URL(fileURLWithPath: "/tmp/a.iso")))
/// for await event in await manager.events() { print(event) }
/// ```
///
/// Every download's state has one owner: a pure `QueueMachine` (HaulCore) holds each one's lifecycle state,
/// priority, order, connections, run generation and owning process, and decides every change: which transitions
/// are legal (an illegal command, such as pausing a completed download, throws `HaulError` `.usage` with `illegalTransition`), which queued
/// downloads start and with how many connections (`QueuePolicy`), what a stale run's late report or a look at the
/// store changes. This actor only feeds it events (commands, transfer reports, store looks) and runs the actions it
/// returns (`+Actions`): start or stop a `DownloadTask`'s transfer, write the store, tell observers. The tasks
/// keep no state of their own while the manager holds them.
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
/// The actor is split by concern: commands here, `+Actions` (feeding the machine, running its actions),
/// `+Observing` (events, snapshots, shutdown), `+Polling` (the store as a mailbox between processes).
public actor DownloadManager {
    /// The client whose store, connections and bandwidth limits are used.
    public nonisolated let client: HaulClient
    /// The limits in force.
    public var limits: QueueLimits { machine.limits }

    /// What the manager keeps per download besides its state (which is the machine's): the task that runs its
    /// transfers, what observers are shown, and the I/O in flight.
    ///
    /// A download restored from the store is held light: no task (`task == nil`), its request not decoded, until it
    /// starts or someone asks for its task (`heldTask`); the strings a snapshot shows are all it keeps besides the
    /// machine's entry (docs/library.md, "A big queue").
    struct Entry {
        /// `nil` until needed (`heldTask` makes it from the stored record).
        var task: DownloadTask?
        /// The URL given (an add), or its stored text (a restored download): parsed when a snapshot first shows it
        /// (`snapshotURL`). Parsing 100,000 at a restart was about 0.17 s of CPU and 32 MiB (release), for URLs
        /// most of which no one looks at.
        var url: HeldURL
        var destination: String
        /// The download's own rate limit as it was added or restored (what snapshots show).
        var rateLimit: Int64?
        /// The running transfer and its report (stopping it awaits this).
        var run: Task<Void, Never>?
        /// `nil` until the download's first action that may make its task send updates (`startForwarding`): a
        /// download nothing happens to (most of a big queue) has no forwarder task.
        var forwarder: Task<Void, Never>?
        /// Ends the forwarder's stream after what the task already sent.
        var endUpdates: (@Sendable () -> Void)?
        /// Restored quietly (`restoreQueue`) and not announced yet: the state it was taken up in, which its
        /// `.added` tells when something first happens to it (`+Announcing`).
        var unannouncedState: DownloadState?
    }

    var machine: QueueMachine { didSet { listings = [:]; countedStates = nil } }
    /// What `+Listing` answered since the machine (or the entries) last changed.
    var listings: [Set<DownloadState>: [DownloadID]] = [:]
    var countedStates: [DownloadState: Int]?
    var entries: [Int64: Entry] = [:] { didSet { listings = [:] } }
    /// The URLs snapshots showed (`SnapshotURLs`), kept so that a list's window of 1,000 polled each second makes
    /// each once; apart from `entries`, whose every write drops the listings' order.
    var snapshotURLs = SnapshotURLs()
    let channels = NIOLockedValueBox<[EventChannel]>([])
    let latestProgress = NIOLockedValueBox<[Int64: DownloadProgress]>([:])
    var idleWaiters: [Int: CheckedContinuation<Void, Never>] = [:]
    /// `waitUntilActive(atMost:)` callers: each wakes once no more than its count is active.
    var activeWaiters: [(most: Int, continuation: CheckedContinuation<Void, Never>)] = []
    var nextIdleWaiterKey = 0
    /// Downloads the machine has let go of whose `drop` action has not run yet (their transfer is stopping, their
    /// record and `.part` are being deleted), with the adds waiting for that.
    var dropping: [Int64: [CheckedContinuation<Void, Never>]] = [:]
    /// Downloads dropped (cancelled, removed) in this manager's life: their ids are never used again (the store's
    /// ids only grow), so an add that prepared one of them before it went prepares again.
    var dropped: Set<Int64> = []
    var poller: Task<Void, Never>?
    /// The store's `data_version` when the downloads that do not run here were last looked at (`poll()`).
    var storeVersionSeen: Int?
    /// The store's change log entry read up to at the last look that read it (`StoreLook`).
    var changeSeen: Int64?
    /// How many downloads the last `poll()` read from the store (tests: an idle queue's look reads none).
    package var lookedAt = 0
    /// The loop that follows a speed schedule (`setSpeedSchedule`), if one is set.
    var speedScheduleTask: Task<Void, Never>?
    /// The loop that follows a queue schedule (`setQueueSchedule`), if one is set.
    var queueScheduleTask: Task<Void, Never>?
    let pollInterval: Double
    /// Set by `deferToHolders`.
    var defersToHolders = false
    var isShutDown = false
    /// Action lists being performed (they nest: a stop waits for its run's report, which has actions of its own).
    var performing = 0
    /// The queue's store changes held back while a batch of adds runs (`add(batch:)`), written in one transaction
    /// at its end or before the first action that is not a store write or an announcement; `nil` outside a batch.
    var heldChanges: [DownloadStore.QueueChange]?
    /// Downloads a batch of adds has stored and not yet held (`add(batch:)`): a `restore` of new records (the
    /// daemon's look for other processes' adds) leaves them to the batch.
    var beingAdded: Set<Int64> = []
    /// The states new records were inserted with by the add under way (`add(prepared:)`): the machine's change
    /// to that same state is already stored, and is not written again.
    var insertedStates: [Int64: DownloadState] = [:]
    let log = Logger(label: "haul.queue")

    /// Creates a manager. It runs nothing until downloads are added or restored.
    ///
    /// - Parameters:
    ///   - limits: at most `maxConcurrent` downloads run at once, with at most `maxTotalConnections` connections
    ///     between them. By default `QueueLimits.standard`, the same as `haul` and the daemon: 5 at once, and a
    ///     cap that holds back no download (5 x 32).
    ///   - pollInterval: the time between two looks at the store (progress published for `haul list`; pauses and
    ///     cancels made by other processes picked up).
    /// - Throws: `HaulError` `.usage` for a negative limit or a `pollInterval` that is not positive or is over
    ///   `HaulConfiguration.longestTime`.
    public init(
        client: HaulClient,
        limits: QueueLimits = .standard,
        pollInterval: Duration = .seconds(1)
    ) throws {
        try limits.check()
        guard pollInterval > .zero, pollInterval <= HaulConfiguration.longestTime else {
            throw HaulError(.usage, "pollInterval must be positive and at most \(HaulConfiguration.longestTime), not \(pollInterval)")
        }
        self.client = client
        self.machine = QueueMachine(limits: limits)
        self.pollInterval = pollInterval.inSeconds
    }

    // MARK: adding

    /// Adds a download to the queue (or takes up the unfinished one of the same URL writing the same `.part` file)
    /// and returns its id.
    ///
    /// A paused or failed download added again is queued again: adding says "I want this file". With `paused`,
    /// it waits for `resume` instead. Where it goes follows `request.onConflict` (`HaulClient.prepare`): its
    /// snapshot's `destination` is the name chosen, and the same URL already downloaded there comes back
    /// `completed`, fetched again only with `.overwrite`. Another unfinished download's file and record are never
    /// touched.
    ///
    /// - Throws: what `HaulClient.prepare` throws (`.usage`, `.fileExists`, `.destinationInUse`, `.io`);
    ///   `.usage` with `illegalTransition` for a `paused` add of a failed download.
    @discardableResult
    public func add(_ request: DownloadRequest, priority: Int = 0, paused: Bool = false) async throws -> DownloadID {
        try checkRunning()
        for _ in 0..<100 {
            let task = try await client.prepare(request, paused: paused)
            // The record found is that of a download being cancelled or removed right now (its transfer is
            // stopping): wait for it to be gone, then look again, instead of taking up what is being deleted.
            if await waitIfDropping(task.rowID) { continue }
            if let id = try await add(prepared: task, priority: priority, paused: paused) { return DownloadID(id) }
            _ = await waitIfDropping(task.rowID)
        }
        throw HaulError(.internalError, "\(request.destinationPath): its download was removed again and again while being added")
    }

    /// Holds `task` and feeds its add to the machine; `nil` when a cancel or removal of that download began while
    /// this waited (the caller waits for it to end and prepares again: what is being deleted is not taken up).
    func add(prepared task: DownloadTask, priority: Int, paused: Bool) async throws -> Int64? {
        try checkRunning()
        let prepared = PreparedDownload(
            record: await task.storedRecord, request: task.request, destination: task.request.destinationPath, isNew: await task.isNew)
        return try await add(prepared: prepared, priority: priority, paused: paused, task: task)
    }

    /// Waits until download `id` is dropped when a cancel or removal of it is under way; returns whether it
    /// waited.
    func waitIfDropping(_ id: Int64) async -> Bool {
        guard dropping[id] != nil else { return false }
        await withCheckedContinuation { dropping[id, default: []].append($0) }
        return true
    }

    static func row(of record: DownloadRecord) -> QueueRow {
        QueueRow(state: record.downloadState, priority: record.priority, queueOrder: record.queueOrder, errorMessage: record.errorMessage)
    }

    // MARK: commands

    /// Pauses a queued or running download, keeping its partial file. Pausing a paused one does nothing.
    ///
    /// A pause that comes after the last byte, while the file is verified and renamed, does not undo that: the
    /// download ends `completed`, announced as any completion.
    ///
    /// - Throws: `HaulError` `.usage` with `illegalTransition` for a completed, failed or cancelled download; `.usage` for an unknown id.
    public func pause(_ id: DownloadID) async throws {
        try await command(.pause(id.rawValue))
    }

    /// Puts a paused or failed download back in the queue; it starts when limits allow.
    ///
    /// A manager that defers to holders (`deferToHolders`, the daemon's) leaves a paused or failed download that a
    /// live `haul` process holds to that process: stored as queued, that process resumes it (`HolderRule`, rule 2).
    ///
    /// - Throws: `HaulError` `.usage` with `illegalTransition` for a queued, running, completed or cancelled download.
    public func resume(_ id: DownloadID) async throws {
        if defersToHolders, let known = machine.downloads[id.rawValue],
            case .handTo = HolderRule.decide(.resume, state: known.state, holder: DownloadHolders.holder(of: id.rawValue, in: holderNotes()))
        {
            try await command(.resumeInHolder(id.rawValue))
            return
        }
        try await command(.resume(id.rawValue))
    }

    /// Leaves the downloads other live `haul` processes hold (`DownloadHolders`) to them: a resume here puts one
    /// back in line for its holder, and a look at the store does not take up one its holder is about to resume. For
    /// a process that runs a queue beside `haul` processes without being one (the daemon); a `haul` process's own
    /// manager follows the `.part` locks alone (two `haul` processes holding one download would each wait for the
    /// other).
    package func deferToHolders() {
        defersToHolders = true
    }

    /// The notes of the live `haul` processes on this client's state directory, other than this one.
    func holderNotes() -> [DownloadHolders.Note] {
        DownloadHolders.others(stateDirectory: client.configuration.stateDirectory.path)
    }

    /// Stops a download for good and deletes its partial file and record.
    ///
    /// When another process is downloading it, the stored state is set to `cancelled` and that process finishes
    /// the job (it looks at the store about once a second).
    ///
    /// Cancelling again a download this manager cancelled (or is cancelling) does nothing, as
    /// `URLSessionTask.cancel()` may be called twice: it returns once the first cancel has deleted the files.
    ///
    /// - Throws: `HaulError` `.usage` with `illegalTransition` for a completed download (use `remove`); `.usage` for an id this manager never
    ///   held.
    public func cancel(_ id: DownloadID) async throws {
        let id = id.rawValue
        if dropping[id] != nil || dropped.contains(id) || machine.downloads[id]?.state == .cancelled {
            _ = await waitIfDropping(id)
            return
        }
        try await command(.cancel(id, partHeldElsewhere: partHeldElsewhere(id)))
    }

    /// Forgets a download: a completed one loses its record (and with `deletingFile`, its file); an unfinished
    /// one is cancelled (its partial file goes too: a `.part` without its record can never be resumed safely).
    public func remove(_ id: DownloadID, deletingFile: Bool = false) async throws {
        try await command(.remove(id.rawValue, deletingFile: deletingFile, partHeldElsewhere: partHeldElsewhere(id.rawValue)))
    }

    /// Whether another process holds the download's `.part` file while it does not run here (the I/O the
    /// machine's cancel needs to know).
    func partHeldElsewhere(_ id: Int64) throws -> Bool {
        guard let held = machine.downloads[id], held.state != .downloading else { return false }
        guard let record = try client.store.record(id: id) else { return false }
        return PartFile.isLockedElsewhere(record.partPath)
    }

    /// Pauses every queued and running download, and starts none: the queued ones are paused first, since
    /// pausing a running one frees its slot and the queue would start the next queued one in it.
    public func pauseAll() async {
        let ids = machine.downloads.keys.sorted()
        for running in [false, true] {
            for id in ids where machine.downloads[id].map({ ($0.state == .downloading) == running && Self.allows(.pause, $0) }) == true {
                await quietly("pause", id) { try await self.pause(DownloadID(id)) }
            }
        }
    }

    /// Queues every paused and failed download again.
    public func resumeAll() async {
        for id in machine.downloads.keys.sorted() where machine.downloads[id].map({ Self.allows(.resume, $0) }) == true {
            await quietly("resume", id) { try await self.resume(DownloadID(id)) }
        }
    }

    /// Runs a command of `pauseAll`/`resumeAll`, whose downloads may have changed while an earlier one ran:
    /// a refusal then is expected and only logged.
    func quietly(_ name: String, _ id: Int64, _ command: () async throws -> Void) async {
        do {
            try await command()
        } catch {
            log.debug("\(name) \(id): \(error)")
        }
    }

    /// Puts a download first in line.
    public func moveToTop(_ id: DownloadID) async throws {
        try await command(.move(id.rawValue, .toTop))
    }

    /// Puts a download last in line.
    public func moveToBottom(_ id: DownloadID) async throws {
        try await command(.move(id.rawValue, .toBottom))
    }

    /// Sets a download's priority (higher runs first).
    public func setPriority(_ priority: Int, of id: DownloadID) async throws {
        try await command(.move(id.rawValue, .priority(priority)))
    }

    /// Changes the limits; downloads start at once if the new ones leave room (running ones are never stopped).
    ///
    /// - Throws: `HaulError` `.usage` for a negative limit (nothing changes then).
    public func setLimits(_ limits: QueueLimits) async throws {
        try limits.check()
        await report(.setLimits(limits))
    }

    /// Sets the bandwidth limit shared by all downloads, in bytes per second (`nil` or 0: none), effective at once.
    ///
    /// - Throws: `HaulError` `.usage` for a negative limit.
    public func setGlobalRateLimit(_ bytesPerSecond: Int64?) throws {
        try client.bandwidth.setGlobalLimit(bytesPerSecond)
    }

    /// Sets one download's own bandwidth limit, in bytes per second (`nil` or 0: none), effective at once and
    /// stored with it.
    ///
    /// - Throws: `.usage` for a negative limit or an unknown id; `.io` when it cannot be stored.
    public func setRateLimit(_ bytesPerSecond: Int64?, of id: DownloadID) async throws {
        _ = try entry(id.rawValue)
        startForwarding(id.rawValue)
        guard let task = heldTask(id.rawValue) else {
            throw HaulError(.usage, "there is no download with id \(id) in the state database", remedy: .useAKnownDownloadID)
        }
        try await task.setRateLimit(bytesPerSecond)
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

    /// Sends `event` to every subscriber; while a batch of adds runs, without waking them: the batch wakes them
    /// once when it stores what it held back (`wakeSubscribers`, `+Batch`), not twice an add.
    func send(_ event: ManagerEvent) {
        Self.broadcast(event, to: channels, wake: heldChanges == nil)
    }

    static func broadcast(_ event: ManagerEvent, to channels: NIOLockedValueBox<[EventChannel]>, wake: Bool = true) {
        let targets = channels.withLockedValue { channels -> [EventChannel] in
            channels.removeAll { $0.isFinished }
            return channels
        }
        for channel in targets { channel.send(event, wake: wake) }
    }
}
