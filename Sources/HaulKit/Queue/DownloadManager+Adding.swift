import Foundation
import HaulCore

/// Holding a prepared download and feeding its add to the machine: `add(_:priority:paused:)` with the task it
/// prepared, a batch (`add(batch:)`) with the records alone.
///
/// A download a paused add inserted gets no task (`holdWithoutTask`): nothing runs it, so the task it would get was
/// let go of right after the add anyway (see the end of `add(prepared:priority:paused:task:)`), and the queue makes
/// it from the stored record when the download starts or someone asks for it (`heldTask`), as for a restored one.
extension DownloadManager {
    /// `add(prepared:priority:paused:)` for a download of a batch, whose task is made only if it is held with one.
    func add(prepared download: PreparedDownload, priority: Int, paused: Bool) async throws -> Int64? {
        try checkRunning()
        return try await add(prepared: download, priority: priority, paused: paused, task: nil)
    }

    /// Holds `prepared` with `task` (or, without one, a task made now, unless the add inserted it paused: none) and
    /// feeds its add to the machine; `nil` when a cancel or removal of that download began while this waited.
    func add(prepared: PreparedDownload, priority: Int, paused: Bool, task: DownloadTask?) async throws -> Int64? {
        let request = prepared.request
        let id = prepared.rowID
        let record = prepared.record
        var row = Self.row(of: record)
        // Inserted `paused` by this add's prepare (one transaction): the machine is fed the row as a queued one
        // paused, so that observers hear what they always heard (added, then paused), and the `paused` it asks to
        // store is not written again (`insertedStates`).
        let insertedPaused = paused && prepared.isNew && record.downloadState == .paused && entries[id] == nil
        if insertedPaused {
            row.state = .queued
            insertedStates[id] = .paused
        }
        defer { if insertedPaused { insertedStates[id] = nil } }
        if entries[id] == nil {
            if record.priority != priority {
                try client.store.setQueuePosition(priority: priority, queueOrder: record.queueOrder, of: id)
                row.priority = priority
            }
            if let task {
                await hold(task, record: record)
            } else if insertedPaused {
                holdWithoutTask(prepared)
            } else {
                await hold(prepared.task(of: client), record: record)
            }
        }
        // No suspension from this check to the machine's step below: a download let go of while this waited (its
        // record and file deleted, or being deleted) is not taken up again.
        if dropping[id] != nil || dropped.contains(id) { return nil }
        do {
            // A completed download given back (`alreadyComplete`) is complete, not paused.
            let paused = paused && record.downloadState != .completed
            try await command(.add(id: id, row, requestedConnections: request.connections, paused: paused))
            // Nothing runs it and nothing forwards its updates (a paused add, one waiting in line): held light, as a
            // restored one is; its task is made again when it starts or is asked for (`heldTask`).
            if let entry = entries[id], entry.forwarder == nil, entry.run == nil, machine.downloads[id]?.state != .downloading {
                entries[id]?.task = nil
            }
        } catch {
            if machine.downloads[id] == nil, let refused = entries.removeValue(forKey: id) { refused.forwarder?.cancel() }
            throw error
        }
        return id
    }

    /// `hold(_:record:)` of a new download without its task: what the entry and the progress would have taken
    /// from its task (the request's URL and rate limit, the name chosen, no byte held yet).
    func holdWithoutTask(_ prepared: PreparedDownload) {
        let id = prepared.rowID
        entries[id] = Entry(
            task: nil, url: .parsed(prepared.request.url), destination: prepared.record.destination ?? prepared.destination,
            rateLimit: prepared.request.maxBytesPerSecond)
        latestProgress.withLockedValue { $0[id] = Self.heldProgress(bytesDone: 0, totalBytes: prepared.record.totalBytes) }
        if poller == nil { startPolling() }
    }
}
