/// What running transfers report and what a look at the store finds.
extension QueueMachine {
    /// A current run ended. Running: completed, failed, left to another process, or (stopped without a pause
    /// here) back in line. Paused: a completion wins the race with the pause; anything else stays paused.
    /// In a state with no run (queued, failed, completed) a completion or failure contradicts the state and is
    /// refused (a bug in the runner); a stop changes nothing.
    mutating func transferEnded(_ id: Int64, known: Download, _ end: TransferEnd) throws -> [QueueAction] {
        var ended = known
        ended.heldConnections = nil
        ended.isFinishing = false
        let actions: [QueueAction]
        switch (known.state, end) {
        case (.downloading, .completed(let path)), (.paused, .completed(let path)), (.queued, .completed(let path)):
            // `queued`: paused and resumed while the run verified and renamed; the file is in place all the same.
            ended.state = try Self.next(known, on: .complete)
            actions = [.persistState(id, .completed, error: nil), .announceState(id, .completed), .announceCompleted(id, path: path)]
        case (.downloading, .failed(let message)):
            ended.state = try Self.next(known, on: .fail)
            ended.errorMessage = message
            actions = [.persistState(id, .failed, error: message), .announceState(id, .failed), .announceFailed(id, message: message)]
        case (.downloading, .busy(let message)):
            // Not this run's failure to store: the row stays as the other process keeps it.
            ended.state = try Self.next(known, on: .interrupt)
            ended.owner = .otherProcess
            ended.errorMessage = message
            actions = [.announceState(id, ended.state), .announceFailed(id, message: message)]
        case (.downloading, .stopped):
            ended.state = try Self.next(known, on: .interrupt)
            actions = [.persistState(id, ended.state, error: known.errorMessage), .announceState(id, ended.state)]
        case (.paused, _):
            actions = []
        case (.queued, .failed), (.queued, .busy):
            // The stopped run of a download paused and queued again meanwhile: it runs again when its turn comes.
            return []
        case (_, .completed):
            throw IllegalTransition(state: known.state, event: .complete)
        case (_, .failed), (_, .busy):
            throw IllegalTransition(state: known.state, event: .fail)
        case (_, .stopped):
            return []  // nothing runs in this state: a stop changes nothing
        }
        downloads[id] = ended
        return actions
    }

    /// Another process wrote into the store: a missing or cancelled row cancels here (the row is gone, so the
    /// partial file could never be resumed), a paused one pauses here, a new position is taken over.
    mutating func storeSaw(_ id: Int64, known: Download, _ row: QueueRow?) throws -> [QueueAction] {
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
}
