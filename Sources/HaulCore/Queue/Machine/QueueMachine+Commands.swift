/// The user's commands: adopt, pause, resume, cancel, move.
extension QueueMachine {
    mutating func adopt(_ id: Int64, _ row: QueueRow, connections: Int) -> [QueueAction] {
        guard downloads[id] == nil, row.state != .cancelled else { return [] }
        // It was running when its process stopped: back in line.
        let state = row.state == .downloading ? DownloadState.queued : row.state
        downloads[id] = Download(
            state: state,
            priority: row.priority,
            queueOrder: row.queueOrder,
            requestedConnections: connections,
            heldConnections: nil,
            generation: 0,
            owner: .thisProcess,
            errorMessage: row.errorMessage
        )
        return [.announceAdded(id, as: state)]
    }

    /// `add`: adopting, then the pause or resume the wish implies. A refused pause (of a failed or completed
    /// download) is refused before anything is taken up.
    mutating func add(_ id: Int64, _ row: QueueRow, connections: Int, paused: Bool) throws -> [QueueAction] {
        var actions: [QueueAction] = []
        if downloads[id] == nil {
            let first = Download(
                state: row.state == .downloading ? .queued : row.state, priority: row.priority, queueOrder: row.queueOrder,
                requestedConnections: connections, heldConnections: nil, generation: 0, owner: .thisProcess,
                errorMessage: row.errorMessage)
            if paused { _ = try DownloadCommandRule.check(event: .pause, in: first.state) }
            actions = adopt(id, row, connections: connections)
        }
        guard let known = downloads[id] else { return actions }
        if paused { return try actions + pause(id, known: known) }
        if DownloadCommandRule.verdict(.resume, in: known.state) == .allowed { return try actions + resume(id, known: known) }
        return actions
    }

    mutating func pause(_ id: Int64, known: Download) throws -> [QueueAction] {
        guard try DownloadCommandRule.check(event: .pause, in: known.state) else { return [] }  // paused already
        // Left to the next process, it is paused here (`shownState`): pausing it changes nothing, as for a paused one.
        if known.owner == .nextProcess, known.state == .queued { return [] }
        let state = try Self.next(known, on: .pause)
        var paused = known
        paused.state = state
        paused.heldConnections = nil
        downloads[id] = paused
        // The run's generation stays current: its end report decides whether a completion won the race.
        let stop: [QueueAction] = known.state == .downloading ? [.stopTransfer(id)] : []
        return [.persistState(id, state, error: known.errorMessage), .announceState(id, state)] + stop
    }

    mutating func resume(_ id: Int64, known: Download) throws -> [QueueAction] {
        _ = try DownloadCommandRule.check(event: .resume, in: known.state)
        let state = try Self.next(known, on: .resume)
        var resumed = known
        resumed.state = state
        resumed.owner = .thisProcess
        resumed.errorMessage = nil
        downloads[id] = resumed
        return [.persistState(id, state, error: nil), .announceState(id, state)]
    }

    /// `resume` for a download another live process holds (`HolderRule`, rule 2): back in line in the store, but
    /// that process's to run (it follows the store and resumes it); here it waits as one run elsewhere does.
    mutating func resumeInHolder(_ id: Int64, known: Download) throws -> [QueueAction] {
        _ = try DownloadCommandRule.check(event: .resume, in: known.state)
        var resumed = known
        resumed.state = try Self.next(known, on: .resume)
        resumed.owner = .otherProcess
        resumed.errorMessage = nil
        downloads[id] = resumed
        return [.persistState(id, resumed.state, error: nil), .announceState(id, resumed.state)]
    }

    mutating func cancel(_ id: Int64, known: Download, partHeldElsewhere: Bool) throws -> [QueueAction] {
        _ = try DownloadCommandRule.check(event: .cancel, in: known.state)
        downloads[id] = nil
        if known.state != .downloading && partHeldElsewhere {
            // Another process downloads it: the store tells it to stop and clean up.
            return [.persistState(id, .cancelled, error: nil), .drop(id)]
        }
        let stop: [QueueAction] = known.state == .downloading ? [.stopTransfer(id)] : []
        return [.announceState(id, .cancelled)] + stop + [.discard(id), .drop(id)]
    }

    mutating func move(_ id: Int64, known: Download, _ move: QueueMove) -> [QueueAction] {
        let entries = queueEntries
        let changed: [QueueEntry]
        switch move {
        case .toTop: changed = QueuePolicy.movingToTop(id, in: entries)
        case .toBottom: changed = QueuePolicy.movingToBottom(id, in: entries)
        case .priority(let priority): changed = QueuePolicy.settingPriority(priority, of: id, in: entries)
        }
        guard let moved = changed.first(where: { $0.id == id }) else { return [] }
        var updated = known
        updated.priority = moved.priority
        updated.queueOrder = moved.addedOrder
        downloads[id] = updated
        return [.persistPosition(id, priority: moved.priority, queueOrder: moved.addedOrder)]
    }
}
