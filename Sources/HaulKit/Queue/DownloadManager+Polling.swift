import Foundation
import HaulCore
import NIOConcurrencyHelpers

/// The store as a mailbox between processes: progress published for `haul list`, pauses, cancels and moves
/// made by other processes picked up.
extension DownloadManager {
    // MARK: the store as a mailbox between processes

    func startPolling() {
        let (interval, clock) = (pollInterval, client.configuration.clock)
        poller = Task { [weak self] in
            while !Task.isCancelled {
                try? await clock.sleep(seconds: interval)
                guard let self, !Task.isCancelled else { return }
                await self.poll()
            }
        }
    }

    /// Publishes progress and tells the machine what the store holds for the downloads held here (it decides what
    /// another process's pause, resume, cancel, removal, move or completion changes).
    ///
    /// Which held downloads are read is `StoreLook`'s decision: none but those another process runs while no other
    /// process committed (SQLite's `data_version`; a pause, resume, cancel, removal, move or completion made
    /// elsewhere is a commit there), and after such a commit those the store's change log names
    /// (`DownloadStore+Changes`). So an idle queue of 30,000 reads no row a second (it read every queued one at every
    /// look), and a `haul pause 7` beside it costs a look one row (it read all 30,000: docs/architecture.md, "The
    /// store as a mailbox").
    func poll() async {
        // A batch of adds holds its queue changes back (`+Batch`): the store lags the queue until it ends.
        guard heldChanges == nil else { return }
        await publishProgress()
        let version = try? client.store.dataVersion()
        var look = StoreLook.runElsewhere
        if version == nil || version != storeVersionSeen {
            storeVersionSeen = version
            let log = changeSeen.flatMap { try? client.store.changes(after: $0) }
            look = StoreLook.decide(versionMoved: true, seen: changeSeen, log: log)
            if case .everything = look {
                changeSeen = try? client.store.lastChange()  // before the rows: a later change is named next time
            } else if let log {
                changeSeen = log.last
                if log.last - log.cutUpTo > 2 * DownloadStore.changesKept { try? client.store.cutChanges() }
            }
        }
        // Read from the machine's index of them (`QueueDownloads.idsRunElsewhere`): filtering every queued
        // download's owner here was a pass over the whole queue each second.
        let elsewhere = Array(machine.downloads.idsRunElsewhere)
        let watched: [Int64]
        switch look {
        case .runElsewhere: watched = elsewhere
        case .changed(let ids): watched = Array(Set(elsewhere).union(ids.filter { machine.downloads[$0] != nil }))
        case .everything: watched = Array(machine.downloads.keys)
        }
        lookedAt = watched.count
        guard !watched.isEmpty else { return }
        let stored: [Int64: DownloadStore.QueueFields]
        do {
            stored = try client.store.queueFields(of: watched)
        } catch {
            storeVersionSeen = nil
            changeSeen = nil
            log.warning("could not read the queue from the store: \(error)")  // the next look tries again
            return
        }
        // What the rows were read against: a download changed here while an earlier report was performed (a pause
        // over RPC) is not told a row older than that change (it would undo the pause).
        let seen = machine.downloads
        var notes: [DownloadHolders.Note]?
        for id in watched.sorted() where machine.downloads[id] == seen[id] {
            let row = stored[id].map { fields in
                // Whether the process that runs it still holds its file: asked only of the downloads another
                // process runs (a lock test, one open per download), and of paused or failed ones put back in line.
                // A manager that defers to holders also asks whether a live `haul` process holds it in its queue
                // (that process runs it, or resumes it: `HolderRule`).
                let known = seen[id]
                let backInLine = (known?.state == .paused || known?.state == .failed) && fields.state == .queued
                var elsewhere = false
                if known?.owner == .otherProcess || backInLine {
                    elsewhere = PartFile.isLockedElsewhere(fields.partPath)
                    if !elsewhere, defersToHolders {
                        if notes == nil { notes = holderNotes() }
                        elsewhere = DownloadHolders.holder(of: id, in: notes ?? []) != .none
                    }
                }
                return QueueRow(
                    state: fields.state, priority: fields.priority, queueOrder: fields.queueOrder,
                    errorMessage: fields.errorMessage, path: fields.destination, isHeldElsewhere: elsewhere
                )
            }
            await report(.storeSaw(id, row))
        }
    }

    func publishProgress() async {
        let running = machine.downloads.ids(in: .downloading)
        let progress = latestProgress.withLockedValue { all in
            running.compactMap { id in all[id].map { (id: id, bytesDone: $0.bytesDone, speed: $0.currentSpeed) } }
        }
        do {
            try client.store.saveProgress(progress)
        } catch {
            log.warning("could not store progress: \(error)")
        }
    }
}
