/// What running transfers report and what a look at the store finds.
extension QueueMachine {
    /// A current run ended: `RunEnding` decides what that is for the download (the same decision as for a download
    /// run on its own); here it becomes the queue's actions. Running: completed, failed, left to another process, or
    /// (stopped without a pause here) back in line. Paused: a completion wins the race with the pause; anything
    /// else stays paused. In a state with no run a completion or failure is refused (a bug in the runner), except a
    /// completion already heard of from the store; a stop changes nothing.
    mutating func transferEnded(_ id: Int64, known: Download, _ end: TransferEnd) throws -> [QueueAction] {
        let ending = try RunEnding.decide(end, in: known.state)
        var ended = known
        ended.heldConnections = nil
        ended.isFinishing = false
        guard let state = ending.state else {
            if known.state == .paused { downloads[id] = ended }  // the paused download's run is over: it holds nothing
            return []
        }
        ended.state = state
        let actions: [QueueAction]
        switch end {
        case .completed(let path):
            actions = [.persistState(id, state, error: nil), .announceState(id, state), .announceCompleted(id, path: path)]
        case .failed(let message), .busy(let message):
            // A busy end is not this run's failure to store: the row stays as the other process keeps it.
            if ending.isLeftElsewhere { ended.owner = .otherProcess }
            ended.errorMessage = message
            let stored: [QueueAction] = ending.isStored ? [.persistState(id, state, error: message)] : []
            actions = stored + [.announceState(id, state), .announceFailed(id, message: message)]
        case .stopped:
            // Stopped to be left to the next process (`leaveToNextProcess`): stored `queued`, announced as it shows.
            actions = [.persistState(id, state, error: known.errorMessage), .announceState(id, ended.shownState)]
        }
        downloads[id] = ended
        return actions
    }

    /// Another process wrote into the store (`haul pause`, `haul resume`, `haul remove` beside a daemon, or a
    /// `haul` that ran the download itself):
    /// - a missing or cancelled row cancels here (the row is gone, so the partial file could never be resumed); a
    ///   completed download held here is only forgotten (its file is the other process's business);
    /// - a completed row completes a download that does not run here (another process finished it: starting it
    ///   again would download the file a second time, find its name taken and fail). One running here completes
    ///   by its own run's report: the row may be this run's own, read before its report came;
    /// - a paused or failed download whose row is queued was put back in line: it is resumed here, unless another
    ///   process holds it (`isHeldElsewhere`: that process resumes it, `HolderRule`); one whose row says another
    ///   process runs it is left to that process (as a run that found its `.part` locked is);
    /// - a download another process runs fails here when that process stored its failure, and is taken back to
    ///   run here once that process lets go of its `.part` without an end (`isHeldElsewhere` false);
    /// - for a download queued or running here, a paused row pauses it and a new position is taken over.
    mutating func storeSaw(_ id: Int64, known: Download, _ row: QueueRow?) throws -> [QueueAction] {
        switch known.state {
        case .completed:
            guard row == nil || row?.state == .cancelled else { return [] }
            downloads[id] = nil
            return [.drop(id)]
        case .cancelled:
            return []
        case .paused, .failed:
            return try storeSawStopped(id, known: known, row)
        case .queued, .downloading:
            if row?.state == .completed, known.state == .queued || known.owner == .otherProcess {
                return try completedElsewhere(id, known: known, path: row?.path)
            }
            if known.state == .queued, known.owner == .otherProcess, let row {
                if let taken = try heldElsewhere(id, known: known, row) { return taken }
            }
        }
        switch row?.state {
        case nil, .cancelled?:
            return try cancel(id, known: known, partHeldElsewhere: false)
        case .paused?:
            return try pause(id, known: known)
        default:
            guard let row, row.priority != known.priority || row.queueOrder != known.queueOrder else { return [] }
            var moved = known
            moved.priority = row.priority
            moved.queueOrder = row.queueOrder
            downloads[id] = moved
            return []
        }
    }

    /// `storeSaw` for a paused or failed download (nothing runs here).
    private mutating func storeSawStopped(_ id: Int64, known: Download, _ row: QueueRow?) throws -> [QueueAction] {
        switch row?.state {
        case nil, .cancelled?:
            return try cancel(id, known: known, partHeldElsewhere: false)
        case .completed?:
            return try completedElsewhere(id, known: known, path: row?.path)
        case .queued? where row?.isHeldElsewhere != true:
            return try resume(id, known: known)
        case .queued?, .downloading?:
            // Another process took it up and runs it, or holds it and was asked to resume it (`HolderRule`, rule
            // 2): in line here, but its owner is that process (the row stays as that process keeps it; its end is
            // heard of by the next look).
            var elsewhere = known
            elsewhere.state = try Self.next(known, on: .resume)
            elsewhere.owner = .otherProcess
            elsewhere.errorMessage = nil
            downloads[id] = elsewhere
            return [.announceState(id, elsewhere.state)]
        case .paused?, .failed?:
            return []
        }
    }

    /// A download another process runs (queued here, owned there): its failure is its end here too; once that
    /// process lets go of the `.part` without an end (stopped, killed), the download is this process's to run.
    /// `nil`: nothing of that kind (a pause, a cancel or a move is decided as for any queued download).
    private mutating func heldElsewhere(_ id: Int64, known: Download, _ row: QueueRow) throws -> [QueueAction]? {
        switch row.state {
        case .failed:
            var failed = known
            failed.state = try Self.next(known, on: .fail)
            failed.errorMessage = row.errorMessage
            downloads[id] = failed
            let message = row.errorMessage ?? "failed in another haul process"
            return [.announceState(id, .failed), .announceFailed(id, message: message)]
        case .queued, .downloading:
            guard !row.isHeldElsewhere else { return nil }
            var taken = known
            taken.owner = .thisProcess
            downloads[id] = taken
            return []
        case .paused, .completed, .cancelled:
            return nil
        }
    }

    /// Another process completed a download held here and not running here: completed here too, announced with
    /// the file's place as stored (nothing to store: the row says so already).
    private mutating func completedElsewhere(_ id: Int64, known: Download, path: String?) throws -> [QueueAction] {
        var done = known
        // A failed download goes back in line on its way (the lifecycle has no failed -> completed step).
        if known.state == .failed { done.state = try Self.next(known, on: .resume) }
        done.state = try Self.next(done, on: .complete)
        done.heldConnections = nil
        done.isFinishing = false
        done.errorMessage = nil
        downloads[id] = done
        let announced: [QueueAction] = path.map { [.announceCompleted(id, path: $0)] } ?? []
        return [.announceState(id, .completed)] + announced
    }
}
