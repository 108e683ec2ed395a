import Foundation
import HaulCore

/// Taking up what the store holds, light: a restored download is a `QueueRecord`'s strings and the machine's
/// entry; its `DownloadTask` (and the request it decodes) is made when it starts or someone asks for it.
extension DownloadManager {
    /// Takes up downloads from the store: every one (`ids == nil`), or those listed. Downloads that were queued or
    /// running when their process stopped are queued and start by themselves; paused and failed ones wait for
    /// `resume`; completed ones are listed only.
    ///
    /// - Returns: the snapshots of the downloads taken up, by id.
    /// - Throws: `.usage` for an id that is not in the store; `.io` when the store cannot be read.
    @discardableResult
    public func restore(_ ids: [DownloadID]? = nil) async throws -> [DownloadSnapshot] {
        let restored = try await restoreRecords(ids?.map(\.rawValue))
        return restored.compactMap { snapshot(DownloadID($0)) }
    }

    /// `restore` of every stored download without the snapshots (a daemon taking up a queue of 30,000 throws them
    /// away; building them was a peak of several MiB it then kept, as the allocator keeps freed memory), and
    /// quietly: no `.added` per download now, but one just before the first other event about it, with the state
    /// it was restored in (`+Announcing`). A download nothing happens to is never announced: a restart with
    /// 100,000 waiting sent 100,000 events, a snapshot each, to observers that kept a copy of each.
    package func restoreQueue() async throws {
        _ = try await restoreRecords(nil, quietly: true)
    }

    /// Takes up `ids` (`nil`: every stored download) as `restore` does; returns the ids read.
    ///
    /// Light: each download is read as a `QueueRecord` (no `DownloadRecord`, no request decoded) and held without a
    /// task (`Entry`), so that a restart with 100,000 waiting costs one query and a small entry each.
    /// - Parameter quietly: announce each download when something first happens to it, not now.
    func restoreRecords(_ ids: [Int64]?, quietly: Bool = false) async throws -> [Int64] {
        try checkRunning()
        // What the restore reads is what the store holds at this version: the manager's first look at the store
        // (`poll`) reads the downloads that are not running only if another process committed since (it read every
        // one, 100,000 rows at a restart, a second after it).
        let version = ids == nil ? try? client.store.dataVersion() : nil
        let changePoint = ids == nil ? try? client.store.lastChange() : nil  // after the version, before the rows
        let records: [QueueRecord]
        if let ids {
            let found = try client.store.queueRecords(ids: ids)
            if found.count < Set(ids).count {
                let present = Set(found.map(\.id))
                let missing = ids.first { !present.contains($0) }!
                throw HaulError(.usage, "there is no download with id \(missing)", remedy: .useAKnownDownloadID)
            }
            let byID = Dictionary(found.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            records = ids.compactMap { byID[$0] }
        } else {
            records = try client.store.queueRecords()
        }
        // The bytes each one holds, in one query when there are many (a read per download was a read transaction
        // each: most of a restart's time with thousands waiting).
        let held = records.count > 1 ? try client.store.heldBytesByDownload() : nil
        var adoptions: [QueueAdoption] = []
        var progress: [(Int64, DownloadProgress)] = []
        // Room made once: 100,000 taken up grew each table a step at a time, a copy each step.
        adoptions.reserveCapacity(records.count)
        progress.reserveCapacity(records.count)
        entries.reserveCapacity(entries.count + records.count)
        for record in records where entries[record.id] == nil && !beingAdded.contains(record.id) && record.state != .cancelled {
            let bytes: Int64
            if record.state == .completed {
                bytes = record.totalBytes ?? 0
            } else if let held {
                bytes = held[record.id] ?? 0
            } else {
                bytes = ((try? client.store.segments(of: record.id)) ?? []).reduce(0) { $0 + ($1.next - $1.start) }
            }
            if let held = Self.heldProgress(bytesDone: bytes, totalBytes: record.totalBytes) { progress.append((record.id, held)) }
            entries[record.id] = Entry(task: nil, url: .text(record.url), destination: record.destination, rateLimit: record.rateLimit,
                unannouncedState: quietly ? record.state : nil)  // the adoption's own state replaces it
            adoptions.append(QueueAdoption(id: record.id, row: Self.row(of: record), requestedConnections: record.requestedConnections))
        }
        latestProgress.withLockedValue { latest in
            latest.reserveCapacity(latest.count + progress.count)
            for (id, value) in progress { latest[id] = value }
        }
        if let version, storeVersionSeen == nil { (storeVersionSeen, changeSeen) = (version, changePoint) }
        if !adoptions.isEmpty, poller == nil { startPolling() }
        // One event for all of them: the queue is planned once, not once per stored download.
        if !adoptions.isEmpty { try await command(.adoptAll(adoptions)) }
        return records.map(\.id)
    }

    /// What the manager keeps of a download's progress before its task reports any: nothing for one that holds no
    /// byte and whose length is unknown (most of a big waiting queue), since a snapshot without an entry shows
    /// exactly that (0 bytes, no total, no speed). A restart with 100,000 waiting kept 100,000 zeroed entries
    /// (about 150 bytes each with the table) and hashed each one in (issue 62, point 3).
    static func heldProgress(bytesDone: Int64, totalBytes: Int64?) -> DownloadProgress? {
        bytesDone == 0 && totalBytes == nil ? nil : DownloadProgress(bytesDone: bytesDone, totalBytes: totalBytes)
    }

    static func row(of record: QueueRecord) -> QueueRow {
        QueueRow(state: record.state, priority: record.priority, queueOrder: record.queueOrder, errorMessage: record.errorMessage)
    }

    /// The task of download `id`: the one held, or, for a download held light (restored, never started here), one
    /// made now from its stored record and held from then on. `nil` when the manager does not hold the download or
    /// its record is gone from the store.
    ///
    /// - Parameter toStart: the task is made for the run about to start. That run reads the download's segments
    ///   as it begins (`TransferRunner.run`), so the bytes shown until then are the ones the queue shows already (a
    ///   restore read them in one query, an add holds none), not read from the store once more (a read transaction
    ///   per download of a list, issue 62 point 2).
    func heldTask(_ id: Int64, toStart: Bool = false) -> DownloadTask? {
        guard let entry = entries[id] else { return nil }
        if let task = entry.task { return task }
        guard let record = try? client.store.record(id: id) else { return nil }
        let held: Int64?? = toStart ? .some(latestProgress.withLockedValue { $0[id]?.bytesDone }) : nil
        let task = client.task(for: record, heldBytes: held, keptBy: self)
        // Its `updates` start with the state the queue holds, as a task held from its restore would (it was told
        // each state since).
        if let state = machine.downloads[id]?.state { task.broadcaster.send(.state(state)) }
        entries[id]?.task = task
        return task
    }
}
