/// The one owner of every download's state in a queue, as a pure state machine: events in, actions out, no I/O.
///
/// It holds, per download, the lifecycle state, priority, order, requested and held connections, the generation
/// of its current run and who runs it (this process or another one). `handle` applies one `QueueEvent` and returns
/// the `QueueAction`s a runner (`DownloadManager`) performs in order: start or stop a transfer, store a change,
/// tell observers. After every event it also starts what `QueuePolicy` says may start, so the runner never
/// decides anything.
///
/// Decisions:
/// - State changes go through `DownloadLifecycle`'s table, the only one. A command that table refuses (pausing a
///   completed download) throws `IllegalTransition` and changes nothing; so does a transfer report that
///   contradicts the state (a completion for a download that is not running): the runner treats that as a bug.
/// - Generations: every start gets a new one; a transfer's reports carry it. A report from an older run is stale
///   and ignored, so a late "finished" from a stopped run can never complete, fail or re-queue a download that has
///   moved on. The current run's report after a pause still counts: a completion then wins (`paused` ->
///   `completed`: the file is in place and verified), anything else leaves it paused.
/// - Owner: a run that finds the `.part` locked by another process (`busy`) leaves the download to that process:
///   it stays `queued` in the store and here, but is not started again until the user resumes it.
/// - A queue of one (a task on its own, `+OnItsOwn`): held until the user's first `start`, which also resumes or
///   takes back its download; `leaveToNextProcess` is an interrupt without rescheduling (owner `nextProcess`).
/// - Cancelled downloads are dropped at once, so no download is ever held in `cancelled`; events for it then meet
///   `UnknownDownload` (commands) or are ignored (reports, store looks).
/// - Queue schedule (`setQueueOpen`): while the schedule holds the queue nothing starts, and the downloads running
///   when it closes are stopped and go back in line (`queued`, stored, their bytes kept): a schedule makes the
///   queue wait, it does not pause anything, so `paused` stays the user's own word. A `resume` or an `add` while
///   the queue is held puts the download in line, where it waits for the window like the others: Haul has no
///   "start now whatever the queue says" (aria2 has none either; `unpause` only puts a download back in the
///   queue). What is waiting keeps the queue from being idle, so a run waits for the window to open.
/// - Finishing: a run that reports `transferFinishing` (all bytes in; verifying, flushing, renaming) gives back its
///   connections and, within `QueuePolicy`'s bound, its slot, so the next download starts while the disk works.
///   It stays `downloading` until its end comes; a stop meanwhile still ends in `completed` if the rename happened.
/// - Stopping: after `shutdown` nothing starts; running transfers are stopped and their reports put them back in
///   line (`queued`, stored) unless they completed meanwhile.
public struct QueueMachine: Hashable, Sendable {
    /// One download as the queue holds it.
    public struct Download: Hashable, Sendable {
        /// Where it is in its life (never `cancelled`: a cancelled download is dropped).
        public internal(set) var state: DownloadState
        /// Higher runs first.
        public internal(set) var priority: Int
        /// Position among equal priorities.
        public internal(set) var queueOrder: Int64
        /// Connections it asks for.
        public internal(set) var requestedConnections: Int
        /// Connections its running transfer holds (`nil` when not running).
        public internal(set) var heldConnections: Int?
        /// Its current run has all the bytes and is verifying, flushing and renaming the file (`transferFinishing`):
        /// it holds no connection and, within `QueuePolicy`'s bound, no slot.
        public internal(set) var isFinishing = false
        /// The generation of its latest run (0 before the first).
        public internal(set) var generation: Int
        /// Who runs it.
        public internal(set) var owner: Owner
        /// The last failure's message, cleared by `resume`.
        public internal(set) var errorMessage: String?
    }

    /// Who runs a download.
    public enum Owner: Hashable, Sendable {
        /// This process.
        case thisProcess
        /// Another process holds its `.part` file: left to it until the user resumes it here.
        case otherProcess
        /// Nobody in this process: it was interrupted and left to the next process (`leaveToNextProcess`, a queue of
        /// one), stored `queued`, shown `paused` here (`Download.shownState`) until the user starts it again.
        case nextProcess
    }

    /// Every download held, by id.
    public internal(set) var downloads = QueueDownloads()
    /// The limits in force.
    public internal(set) var limits: QueueLimits
    /// Set by `shutdown`: nothing starts any more.
    public internal(set) var isStopping = false
    /// Whether the queue schedule lets downloads run now (`setQueueOpen`); always without a schedule.
    public internal(set) var isOpen = true

    /// An empty queue under `limits`.
    public init(limits: QueueLimits) {
        self.limits = limits
    }

    /// Whether nothing runs and nothing this process may start is waiting.
    ///
    /// With nothing downloading, every download run elsewhere is a queued one (`QueueDownloads.idsRunElsewhere`), so
    /// a queued one of this process exists exactly when there are more queued than those: two counts, not a walk.
    public var isIdle: Bool {
        downloads.ids(in: .downloading).isEmpty && downloads.ids(in: .queued).count == downloads.idsRunElsewhere.count
    }

    /// The downloads as the scheduler sees them; one another process owns counts as paused here.
    public var queueEntries: [QueueEntry] {
        downloads.map(Self.entry)
    }

    /// The entries `QueuePolicy.plan` looks at: the running ones and those this process may start. Completed,
    /// failed and paused downloads (most of a long-lived store) never change a plan, so they are not copied for it.
    ///
    /// A plain loop: it runs after every event, and the lazy filter-and-map it replaces copied each download through
    /// its value witnesses (the unspecialized generic path), 3.5 % of the CPU of 60 small files at `-j 8`.
    ///
    /// Read through the state index (`QueueDownloads`): the running ones always, the queued ones only when the
    /// running ones leave room (`QueuePolicy.hasRoom`), so an event of a queue whose slots are full, or that holds
    /// thousands of paused downloads, does not walk them.
    var schedulableEntries: [QueueEntry] {
        var entries: [QueueEntry] = []
        for id in downloads.ids(in: .downloading) {
            if let download = downloads[id] { entries.append(Self.entry(id, download)) }
        }
        guard QueuePolicy.hasRoom(running: entries, limits: limits) else { return entries }
        for id in downloads.ids(in: .queued) {
            if let download = downloads[id], download.owner == .thisProcess { entries.append(Self.entry(id, download)) }
        }
        return entries
    }

    private static func entry(_ id: Int64, _ download: Download) -> QueueEntry {
        QueueEntry(
            id: id,
            state: download.owner != .thisProcess && download.state == .queued ? .paused : download.state,
            priority: download.priority,
            addedOrder: download.queueOrder,
            requestedConnections: download.requestedConnections,
            grantedConnections: download.heldConnections,
            isFinishing: download.isFinishing
        )
    }

    /// Applies `event` and returns what to do, in order.
    ///
    /// - Throws: `IllegalTransition` when `DownloadLifecycle` refuses the change (nothing changes);
    ///   `UnknownDownload` when a command names a download the queue does not hold.
    public mutating func handle(_ event: QueueEvent) throws -> [QueueAction] {
        var actions: [QueueAction]
        switch event {
        case .adopt(let id, let row, let connections):
            actions = adopt(id, row, connections: connections)
        case .adoptAll(let adoptions):
            // Room for them all at once (a hint: a download that was running comes back queued).
            downloads.reserveCapacity(adding: adoptions.lazy.map(\.row.state))
            actions = []
            actions.reserveCapacity(adoptions.count)
            for adoption in adoptions { actions += adopt(adoption.id, adoption.row, connections: adoption.requestedConnections) }
            downloads.dropEmptyStateSets()
        case .add(let id, let row, let connections, let paused):
            actions = try add(id, row, connections: connections, paused: paused)
        case .pause(let id):
            actions = try pause(id, known: download(id))
        case .resume(let id):
            actions = try resume(id, known: download(id))
        case .resumeInHolder(let id):
            actions = try resumeInHolder(id, known: download(id))
        case .cancel(let id, let heldElsewhere):
            actions = try cancel(id, known: download(id), partHeldElsewhere: heldElsewhere)
        case .remove(let id, let deletingFile, let heldElsewhere):
            let known = try download(id)
            if known.state == .completed {
                downloads[id] = nil
                actions = [.deleteCompleted(id, deletingFile: deletingFile), .drop(id)]
            } else {
                actions = try cancel(id, known: known, partHeldElsewhere: heldElsewhere)
            }
        case .move(let id, let move):
            actions = try self.move(id, known: download(id), move)
        case .setLimits(let limits):
            self.limits = limits
            actions = []
        case .setQueueOpen(let open):
            guard open != isOpen else { return [] }
            isOpen = open
            actions = open ? [] : downloads.ids(in: .downloading).sorted().map { .stopTransfer($0) }
        case .interrupt(let id):
            actions = try download(id).state == .downloading ? [.stopTransfer(id)] : []
        case .start(let id):
            actions = try start(id, known: download(id))
        case .leaveToNextProcess(let id):
            actions = leaveToNextProcess(id, known: try download(id))
        case .shutdown:
            isStopping = true
            actions = downloads.ids(in: .downloading).sorted().map { .stopTransfer($0) }
        case .transferPlanned(let id, let generation, let connections):
            guard changeRunningDownload(id, generation, { $0.heldConnections = connections }) else { return [] }
            actions = []
        case .transferFinishing(let id, let generation):
            guard downloads[id]?.isFinishing == false else { return [] }  // announced once
            let changed = changeRunningDownload(id, generation) {
                $0.isFinishing = true
                $0.heldConnections = 0
            }
            guard changed else { return [] }
            actions = [.announceFinishing(id)]
        case .transferEnded(let id, let generation, let end):
            guard let known = downloads[id], known.generation == generation else { return [] }
            actions = try transferEnded(id, known: known, end)
        case .storeSaw(let id, let row):
            guard let known = downloads[id] else { return [] }
            actions = try storeSaw(id, known: known, row)
        }
        return actions + scheduled()
    }

    func download(_ id: Int64) throws(UnknownDownload) -> Download {
        guard let download = downloads[id] else { throw UnknownDownload(id: id) }
        return download
    }

    /// Applies a running transfer's report to its download, when the report is the current run's and the download
    /// still runs; a stale run's report, or one for a download paused meanwhile (it holds nothing), is harmless.
    ///
    /// - Returns: whether it was applied.
    private mutating func changeRunningDownload(_ id: Int64, _ generation: Int, _ change: (inout Download) -> Void) -> Bool {
        guard var known = downloads[id], known.generation == generation, known.state == .downloading else { return false }
        change(&known)
        downloads[id] = known
        return true
    }

    /// The state `event` leads to, through the lifecycle table.
    static func next(_ download: Download, on event: LifecycleEvent) throws(IllegalTransition) -> DownloadState {
        var lifecycle = DownloadLifecycle(state: download.state)
        return try lifecycle.handle(event)
    }

    /// Starts what `QueuePolicy` says may start now (nothing once stopping, nothing while the schedule holds the
    /// queue).
    private mutating func scheduled() -> [QueueAction] {
        guard !isStopping, isOpen else { return [] }
        var actions: [QueueAction] = []
        for decision in QueuePolicy.plan(schedulableEntries, limits: limits) {
            guard var started = downloads[decision.id] else { continue }
            // `plan` only picks `.queued` downloads, and `queued` + `start` is in the table.
            started.state = .downloading
            started.generation += 1
            started.heldConnections = decision.connections
            started.isFinishing = false
            downloads[decision.id] = started
            actions += [
                .persistState(decision.id, .downloading, error: started.errorMessage),
                .announceState(decision.id, .downloading),
                .startTransfer(decision.id, connections: decision.connections, generation: started.generation),
            ]
        }
        return actions
    }
}
