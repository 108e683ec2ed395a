import Foundation
import GRDB
import HaulCore

/// Writes that used to be separate transactions, merged into one.
///
/// Every write transaction takes SQLite's write-ahead-log locks (about a dozen `fcntl` calls on the `-shm` file)
/// and appends at least one page to the log, whatever it changes: with 60 small files at 8 at a time, five
/// transactions per download were 1.3 ms of CPU per file (docs/benchmarks.md, "Database writes per file"). Each
/// method here writes what happens at one moment in one transaction, so a power cut or a `kill -9` finds either
/// all of it or none of it, never a half (a record's validators without the segments they vouch for).
extension DownloadStore {
    /// A change the queue stores (`QueueAction.persistState` / `.persistPosition`).
    enum QueueChange: Sendable, Hashable {
        /// The lifecycle state and error message of a download.
        case state(Int64, DownloadState, error: String?)
        /// The place of a download in the queue.
        case position(Int64, priority: Int, queueOrder: Int64)
    }

    /// Stores `changes` in order, in one transaction (nothing when empty). A state a row already holds is not
    /// written again (`setState`).
    func saveQueueChanges(_ changes: [QueueChange]) throws {
        guard !changes.isEmpty else { return }
        try write { db in
            for change in changes {
                switch change {
                case .state(let id, let state, let error):
                    try Self.setState(state, error: error, of: id, in: db)
                case .position(let id, let priority, let queueOrder):
                    try db.cachedStatement(sql: "UPDATE download SET priority = ?, queueOrder = ?, updatedAt = ? WHERE id = ?")
                        .execute(arguments: [priority, queueOrder, Date().timeIntervalSince1970, id])
                }
            }
        }
    }

    /// Stores what the transfer learned about the remote file (as `saveResource`) and replaces the download's
    /// segments, in one transaction: a checkpoint that carries validators learned since the last one, or a
    /// restart from byte 0 (no validators, no segments).
    ///
    /// Why the validators may wait for a checkpoint: they only vouch for bytes that segments count. A resume
    /// trusts stored validators only together with stored progress (`TransferMachine.startSingle`,
    /// `SegmentedRun(restoring:)`), so a record whose validators were never stored, and that counts no byte, is
    /// resumed exactly like one that has them.
    func saveResource(of record: DownloadRecord, segments: [SegmentRecord]) throws {
        let id = record.id!
        try write { db in
            try Self.updateResource(record, in: db)
            try Self.replaceSegments(segments, of: id, in: db)
        }
    }
}

/// What one checkpoint stores: the segments, and the resource when it changed since it was last stored.
struct StoreCheckpoint: Sendable {
    var segments: [SegmentRecord]
    var resource: DownloadRecord?
}

extension DownloadStore {
    /// Stores a checkpoint of download `id` in one transaction.
    func save(_ checkpoint: StoreCheckpoint, of id: Int64) throws {
        if let resource = checkpoint.resource {
            try saveResource(of: resource, segments: checkpoint.segments)
        } else {
            try saveSegments(checkpoint.segments, of: id)
        }
    }

    /// A row `takeUpOrInsert` stored: the unfinished one taken up, or a new one.
    struct PreparedRow: Sendable {
        var record: DownloadRecord
        /// Inserted now: it holds no segments, cookies or validators yet.
        var isNew: Bool
    }

    /// For each of `records` in order, in one transaction: the unfinished download writing the same `.part`
    /// file is taken up when it fetches the same URL (`takeUp` gives the row to save from the stored one and the
    /// new one); otherwise that download is deleted (its partial file cannot be part of this URL) and `record`
    /// is inserted, last in the queue.
    ///
    /// Why one transaction for many: `haul -i list` adds every download of the list before the first byte of any
    /// of them is written, and a transaction per download was one more set of log locks and three pages of log
    /// each (the row, the `partPath` index, the id sequence); in one transaction each page is written once.
    func takeUpOrInsert(
        _ records: [DownloadRecord], takeUp: @escaping @Sendable (_ stored: DownloadRecord, _ new: DownloadRecord) -> DownloadRecord
    ) throws -> [PreparedRow] {
        guard !records.isEmpty else { return [] }
        return try write { db in
            let now = Date().timeIntervalSince1970
            var rows: [PreparedRow] = []
            // The end of the queue, read once for the batch (an index makes it one lookup, not a scan).
            var lastQueueOrder: Int64?
            for record in records {
                let unfinished = try Self.unfinished(partPath: record.partPath, in: db)
                if let existing = unfinished, existing.url == record.url {
                    var updated = takeUp(existing, record)
                    updated.updatedAt = now
                    try updated.update(db)
                    if let known = lastQueueOrder { lastQueueOrder = max(known, updated.queueOrder) }
                    rows.append(PreparedRow(record: updated, isNew: false))
                    continue
                }
                if let stale = unfinished { _ = try DownloadRecord.deleteOne(db, key: stale.id) }
                var inserted = record
                if inserted.queueOrder == 0 {
                    let last = try lastQueueOrder ?? Int64.fetchOne(db, sql: "SELECT MAX(queueOrder) FROM download") ?? 0
                    inserted.queueOrder = max(last, 0) + 1
                    lastQueueOrder = inserted.queueOrder
                } else if let known = lastQueueOrder {
                    lastQueueOrder = max(known, inserted.queueOrder)
                }
                try inserted.insertRow(in: db)
                rows.append(PreparedRow(record: inserted, isNew: true))
            }
            return rows
        }
    }
}
