/// Something that happens to the queue: a command from the user, a report from a running transfer, what a look
/// at the store found, or the process starting or stopping. `QueueMachine.handle` turns each into `QueueAction`s.
public enum QueueEvent: Hashable, Sendable {
    /// The user adds a download ("I want this file"): a new one is taken up (queued, or paused with `paused`); a
    /// paused or failed one, new or held, is queued again, and with `paused` a queued or running one is paused.
    case add(id: Int64, QueueRow, requestedConnections: Int, paused: Bool)
    /// Take up a download restored from the store at process start (or on request). A row stored as `downloading` was running
    /// when its process stopped: it is queued again. A `cancelled` row and an id already known change nothing.
    case adopt(id: Int64, QueueRow, requestedConnections: Int)
    /// `adopt` for each of many downloads, in order, with the queue planned once after all of them. Restoring a
    /// store of thousands of completed downloads one `adopt` at a time planned the whole queue after each: about 3 s
    /// to start `haul daemon` on 9,588 stored downloads (docs/history/benchmarks-rounds.md, "Round 5").
    case adoptAll([QueueAdoption])
    /// The user pauses a download (queued or running); pausing a paused one does nothing.
    case pause(Int64)
    /// The user puts a paused or failed download back in line.
    case resume(Int64)
    /// The user puts a paused or failed download back in line that another live process holds (`HolderRule`, rule
    /// 2): stored as queued, it is left to that process, which resumes it; it does not start here.
    case resumeInHolder(Int64)
    /// The user cancels a download. `partHeldElsewhere`: its `.part` file is locked by another process (looked at
    /// by the caller, which does the I/O); if it does not run here, that process is told through the store.
    case cancel(Int64, partHeldElsewhere: Bool)
    /// The user forgets a download: a completed one loses its row (and with `deletingFile`, its file); an
    /// unfinished one is cancelled.
    case remove(Int64, deletingFile: Bool, partHeldElsewhere: Bool)
    /// The user moves a download in the queue.
    case move(Int64, QueueMove)
    /// The user changes the limits; running downloads are never stopped.
    case setLimits(QueueLimits)
    /// The queue schedule lets the queue run (`true`) or holds it (`false`). Held, nothing starts and every
    /// running transfer is stopped, its download back in line (`queued`, its bytes kept); open again, the queue
    /// starts what its limits allow. The same word twice changes nothing.
    case setQueueOpen(Bool)
    /// Stop the transfer that runs here (Ctrl-C, shutdown), keeping the download in line for the next start.
    case interrupt(Int64)
    /// A queue of one (a task on its own, `HaulClient.download`): the user starts its download. The queue, held
    /// until this first start, opens; a paused or failed download is put back in line, one left to another process
    /// or to the next one is taken back; the queue then starts it (`QueueMachine+OnItsOwn`). Refused for one that
    /// runs or has completed (`IllegalTransition` with `start`).
    case start(Int64)
    /// A queue of one: stop the transfer that runs here and leave the download to the next process, stored
    /// `queued` and never started again in this one, where it shows as `paused` (a task on its own on Ctrl-C:
    /// nothing in its process restarts it). `interrupt` without the rescheduling; `start` takes it back.
    case leaveToNextProcess(Int64)
    /// The process stops: every running transfer is interrupted and nothing starts any more.
    case shutdown
    /// A running transfer settled on `connections` connections (it knows the file now): the rest go back.
    case transferPlanned(Int64, generation: Int, connections: Int)
    /// A running transfer has every byte and now verifies, flushes and renames the file: it gives back its
    /// connections and its slot (`QueuePolicy`), so the next download starts while the disk works. It stays
    /// `downloading` until its end is reported.
    case transferFinishing(Int64, generation: Int)
    /// A transfer ended. `generation` is the one its `startTransfer` carried: a report from an older run is
    /// ignored, so a stale run's late end can never change a download that has moved on.
    case transferEnded(Int64, generation: Int, TransferEnd)
    /// A look at the store found this row (`nil`: the row is gone) for a download held here: another process may
    /// have paused, resumed, cancelled, removed, moved or completed it (`QueueMachine.storeSaw`).
    case storeSaw(Int64, QueueRow?)
}

/// One download for `QueueEvent.adoptAll`: what `QueueEvent.adopt` carries.
public struct QueueAdoption: Hashable, Sendable {
    /// The download's id.
    public var id: Int64
    /// Its stored state and place in the queue.
    public var row: QueueRow
    /// The connections it asks for.
    public var requestedConnections: Int

    public init(id: Int64, row: QueueRow, requestedConnections: Int) {
        self.id = id
        self.row = row
        self.requestedConnections = requestedConnections
    }
}

/// A download's queue fields as stored (by this or another process).
public struct QueueRow: Hashable, Sendable {
    /// The stored state.
    public var state: DownloadState
    /// Higher runs first.
    public var priority: Int
    /// Position among equal priorities.
    public var queueOrder: Int64
    /// The message of the failure that stopped it, if any.
    public var errorMessage: String?
    /// Where its file is (or will be), as stored: what a completion another process stored announces.
    public var path: String?
    /// Whether another process holds its `.part` file now, or holds the download in its queue (`DownloadHolders`,
    /// for a manager that defers to holders: the daemon). Looked at by the caller for a download another process
    /// runs, and for a paused or failed one whose row was put back in line: once that process lets go without an
    /// end, the download is this process's to run; while it holds it, a row back in line is that process's to run.
    public var isHeldElsewhere: Bool

    /// Creates a row.
    public init(
        state: DownloadState, priority: Int = 0, queueOrder: Int64, errorMessage: String? = nil, path: String? = nil,
        isHeldElsewhere: Bool = false
    ) {
        self.state = state
        self.priority = priority
        self.queueOrder = queueOrder
        self.errorMessage = errorMessage
        self.path = path
        self.isHeldElsewhere = isHeldElsewhere
    }
}

/// A move within the queue (see `QueuePolicy+Reorder`).
public enum QueueMove: Hashable, Sendable {
    /// First in line.
    case toTop
    /// Last in line.
    case toBottom
    /// This priority; among equal priorities it keeps its place.
    case priority(Int)
}

/// What the queue asks its runner to do, in order.
public enum QueueAction: Hashable, Sendable {
    /// Start a transfer for `id` with at most `connections` connections; its reports carry `generation`.
    case startTransfer(Int64, connections: Int, generation: Int)
    /// Stop the transfer running for `id` and wait until its end is reported (which may be a completion: a stop
    /// that comes after the last byte does not undo the rename).
    case stopTransfer(Int64)
    /// Store the download's state (and failure message).
    case persistState(Int64, DownloadState, error: String?)
    /// Store the download's queue position.
    case persistPosition(Int64, priority: Int, queueOrder: Int64)
    /// Delete the partial file and the row (a cancelled download cannot be resumed).
    case discard(Int64)
    /// Delete a completed download's row, and with `deletingFile` its file.
    case deleteCompleted(Int64, deletingFile: Bool)
    /// Tell observers a download was taken up, in the state it was taken up in (the same event may start it, and
    /// observers see that as a change after this).
    case announceAdded(Int64, as: DownloadState)
    /// Tell observers the download's new state.
    case announceState(Int64, DownloadState)
    /// Tell observers the download has all its bytes and is being verified, flushed and renamed: it gave its slot
    /// back (before the start that takes the slot, so an observer counting receiving downloads never sees more
    /// than the limit).
    case announceFinishing(Int64)
    /// Tell observers the download completed at `path` (after its `completed` state).
    case announceCompleted(Int64, path: String)
    /// Tell observers the download's run failed (after its new state).
    case announceFailed(Int64, message: String)
    /// The download is forgotten here: observers hear it is removed.
    case drop(Int64)
}

/// A command named a download the queue does not hold.
public struct UnknownDownload: Error, Hashable, Sendable, CustomStringConvertible {
    /// The id asked for.
    public let id: Int64

    public var description: String { "there is no download with id \(id) here" }
}
