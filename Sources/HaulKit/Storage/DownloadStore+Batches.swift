import Foundation
import GRDB
import HaulCore

/// Writes that used to be separate transactions, merged into one.
///
/// Every write transaction takes SQLite's write-ahead-log locks (about a dozen `fcntl` calls on the `-shm` file)
/// and appends at least one page to the log, whatever it changes: with 60 small files at 8 at a time, five
/// transactions per download were 1.3 ms of CPU per file (docs/history/benchmarks-rounds.md, "Database writes per
/// file"). Each method here writes what happens at one moment in one transaction, so a power cut or a `kill -9` finds
/// either all of it or none of it, never a half (a record's validators without the segments they vouch for).
extension DownloadStore {
    /// A change the queue stores (`QueueAction.persistState` / `.persistPosition`).
    enum QueueChange: Sendable, Hashable {
        /// The lifecycle state and error message of a download, and what kind of failure the message tells of.
        case state(Int64, DownloadState, error: String?, cause: FailureCause? = nil)
        /// The place of a download in the queue.
        case position(Int64, priority: Int, queueOrder: Int64)

        /// The change for `action` (`nil` for an action that stores nothing); a failure's kind goes with the
        /// message it gave (`failure`: the machine carries only the message). For a queue's actions and a task's
        /// own alike.
        static func of(_ action: QueueAction, failure: HaulError? = nil) -> QueueChange? {
            switch action {
            case .persistState(let id, let state, let error):
                let cause = state == .failed && error != nil && error == failure?.message ? failure.map(FailureCause.init) : nil
                return .state(id, state, error: error, cause: cause)
            case .persistPosition(let id, let priority, let queueOrder): return .position(id, priority: priority, queueOrder: queueOrder)
            default: return nil
            }
        }
    }

    /// Stores `changes` in order, in one transaction (nothing when empty). A state a row already holds is not
    /// written again (`setState`).
    func saveQueueChanges(_ changes: [QueueChange]) throws {
        guard !changes.isEmpty else { return }
        try write { db in
            for change in changes {
                switch change {
                case .state(let id, let state, let error, let cause):
                    try Self.setState(state, error: error, cause: cause, of: id, in: db)
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

    /// A row `claim` stored: the unfinished one taken up, a completed one of the same URL, or a new one.
    struct PreparedRow: Sendable {
        var record: DownloadRecord
        /// Inserted now: it holds no segments, cookies or validators yet.
        var isNew: Bool
        /// Where the download goes: the request's destination, or the numbered name `rename` chose.
        var destination: String
        /// A file at `destination` is replaced when the download completes (policy `overwrite`).
        var replacesFile: Bool
        /// The same URL was downloaded completely to `destination` already: `record` is that download.
        var alreadyComplete: Bool
    }

    /// A new download's wish: its record (with the destination asked for) and what to do if that is taken.
    struct Claim: Sendable {
        var record: DownloadRecord
        var policy: ConflictPolicy
        /// `DownloadRequest.takesUpSameDownload`.
        var takesUpSame = true
        /// The record's `optionsJSON` for the destination chosen (a numbered name is the request's new one).
        var options: @Sendable (_ destination: String) -> String
    }

    /// For each of `claims` in order, in one transaction: where it goes, decided by `DestinationPlanner` from what
    /// holds each name (`occupant`): the unfinished download of the same URL is taken up (`takeUp` gives the row
    /// to save from the stored one and the new one), a completed one of the same URL is given back, a new record
    /// is inserted last in the queue, or the claim is refused. Another download's record and `.part` are never
    /// touched: that download may be running here or in another process ("one destination, one download").
    ///
    /// The transaction is what makes a name taken once: SQLite lets one writer at a time in, across processes,
    /// so two adds of one name (two RPC calls, two `haul` commands, two lines of one list) see each other's row.
    ///
    /// Why one transaction for many: `haul -i list` adds every download of the list before the first byte of any
    /// of them is written, and a transaction per download was one more set of log locks and three pages of log
    /// each (the row, the `partPath` index, the id sequence); in one transaction each page is written once.
    func claim(
        _ claims: [Claim], takeUp: @escaping @Sendable (_ stored: DownloadRecord, _ new: DownloadRecord) -> DownloadRecord
    ) throws -> [Result<PreparedRow, HaulError>] {
        guard !claims.isEmpty else { return [] }
        return try write { db in
            let now = Date().timeIntervalSince1970
            var rows: [Result<PreparedRow, HaulError>] = []
            // The end of the queue, read once for the batch (an index makes it one lookup, not a scan).
            var lastQueueOrder: Int64?
            for claim in claims {
                var record = claim.record
                let asked = record.destination ?? String(record.partPath.dropLast(".part".count))
                // Failed downloads of other URLs that left no byte, by the name they no longer hold (`NameHold`).
                var abandoned: [String: Int64] = [:]
                let decision = try DestinationPlanner.decide(
                    path: asked, url: record.url, policy: claim.policy, takesUpSame: claim.takesUpSame
                ) { path in
                    try Self.occupant(of: path, for: record.url, in: db, abandoned: &abandoned)
                }
                switch decision {
                case .takeUp(let id, let path), .alreadyComplete(let id, let path):
                    record.optionsJSON = claim.options(path)
                    guard let existing = try DownloadRecord.fetchOne(db, key: id) else {
                        throw HaulError(.internalError, "download \(id) vanished while being taken up")
                    }
                    if case .alreadyComplete = decision {
                        var existing = existing
                        if existing.downloadState != .completed {
                            // Completed before the process ended, its completion not yet written (`isRenamedPart`).
                            existing.state = DownloadState.completed.rawValue
                            existing.updatedAt = now
                            try existing.update(db)
                        }
                        rows.append(.success(PreparedRow(
                            record: existing, isNew: false, destination: path, replacesFile: false, alreadyComplete: true)))
                        continue
                    }
                    var updated = takeUp(existing, record)
                    updated.updatedAt = now
                    try updated.update(db)
                    if let known = lastQueueOrder { lastQueueOrder = max(known, updated.queueOrder) }
                    rows.append(.success(PreparedRow(
                        record: updated, isNew: false, destination: path, replacesFile: false, alreadyComplete: false)))
                case .create(let path, let replacesFile):
                    // The failed download that held no byte here gives way: one destination, one record.
                    if let id = abandoned[path] { _ = try DownloadRecord.deleteOne(db, key: id) }
                    var inserted = record
                    if path != asked { inserted.optionsJSON = claim.options(path) }
                    inserted.destination = path
                    inserted.partPath = path + ".part"
                    if inserted.queueOrder == 0 {
                        let last = try lastQueueOrder ?? Int64.fetchOne(db, sql: "SELECT MAX(queueOrder) FROM download") ?? 0
                        inserted.queueOrder = max(last, 0) + 1
                        lastQueueOrder = inserted.queueOrder
                    } else if let known = lastQueueOrder {
                        lastQueueOrder = max(known, inserted.queueOrder)
                    }
                    try inserted.insertRow(in: db)
                    rows.append(.success(PreparedRow(
                        record: inserted, isNew: true, destination: path, replacesFile: replacesFile, alreadyComplete: false)))
                case .refuse(let conflict):
                    rows.append(.failure(HaulError(conflict)))
                }
            }
            return rows
        }
    }

    /// What holds `path` for a new download of `url`: an unfinished record writing its `.part`, a process of
    /// another state directory holding that `.part`, a completed record whose file is there, a file, or nothing.
    ///
    /// A `.part` that no record names and no process holds is left over (its state directory is gone, or was
    /// another one): nothing can resume it safely, so it does not hold the name, as before.
    ///
    /// A failed download of another URL whose `.part` holds no byte holds no name either (`NameHold`): it goes into
    /// `abandoned`, and the name is looked at as if it were not there (the caller drops it if it takes the name).
    static func occupant(
        of path: String, for url: String, in db: Database, abandoned: inout [String: Int64]
    ) throws -> DestinationOccupant {
        let partPath = path + ".part"
        // Each name is looked at once, when first asked about (`NameLook`): for a fresh name, two `lstat`s.
        var looks: (name: NameLook?, part: NameLook?)
        func name() -> NameLook {
            if let look = looks.name { return look }
            looks.name = NameLook.at(path)
            return looks.name!
        }
        func part() -> NameLook {
            if let look = looks.part { return look }
            looks.part = NameLook.at(partPath)
            return looks.part!
        }
        // A `.part` that is not there is locked by no one: it is not opened to be asked (`PartFile.isLocked`).
        func isPartLockedElsewhere() -> Bool {
            part().isPresent && PartFile.isLockedElsewhere(partPath)
        }
        if let unfinished = try unfinished(partPath: partPath, in: db) {
            // The bytes its `.part` backs are those its segments count (a preallocated `.part` has its full
            // length from the start); only a failed download is asked.
            func heldBytes() throws -> Int64? {
                guard part().isPresent else { return nil }
                return try Int64.fetchOne(
                    db.cachedStatement(sql: "SELECT COALESCE(SUM(next - start), 0) FROM segment WHERE downloadId = ?"),
                    arguments: [unfinished.id!])
            }
            // Its `.part` was renamed to the name, and the process ended before the completion it noted was written
            // (`DownloadStore.note`, kill -9): the file there is its own and whole (made durable before its rename).
            if unfinished.url == url, isRenamedPart(of: unfinished, name: name(), part: part()) {
                return .completedDownload(id: unfinished.id!, url: unfinished.url)
            }
            let state = unfinished.downloadState
            let holds = try unfinished.url == url
                || NameHold.holds(state: state, partBytes: state == .failed ? heldBytes() : nil)
                || isPartLockedElsewhere()
            if holds { return .unfinishedDownload(id: unfinished.id!, url: unfinished.url) }
            abandoned[path] = unfinished.id!
        } else if isPartLockedElsewhere() {
            return .otherProcess
        }
        guard let file = name().target else {
            // A dangling symbolic link, a name that cannot be looked at: taken all the same.
            return name().isPresent ? .file : .free
        }
        // The newest completed download to this name; its file counts as its own only if it still has its length.
        let completed = try DownloadRecord.fetchOne(db.cachedStatement(sql: completedAtDestination), arguments: [path])
        if let completed, completed.totalBytes == nil || completed.totalBytes == file.size, file.isRegularFile {
            return .completedDownload(id: completed.id!, url: completed.url)
        }
        return .file
    }

    /// The query of `occupant(of:)` for the newest completed download to a name. The state is in the SQL, not
    /// bound: SQLite uses the partial index `download_completed_destination` only for a query that names its
    /// condition's literal, and then the lookup costs the same however long the history.
    static let completedAtDestination = """
        SELECT * FROM download WHERE destination = ? AND state = '\(DownloadState.completed.rawValue)'
        ORDER BY id DESC LIMIT 1
        """

    /// Whether the file at a name (as `name` found it, its `.part` as `part` did) is the renamed `.part` of the
    /// unfinished download `record`, a decision of the looks alone: no `.part` is left,
    /// a regular file holds the name, with the length the download expected (when it knew it), last written after
    /// the download was recorded (a rename keeps the time of the last write). A file put there by someone else
    /// after the download was recorded and before it started would pass too; it is then taken as the download's
    /// (nothing is lost: the next `--overwrite` fetches it again), where fetching again would leave a second copy
    /// of every file completed in the moment before a kill. Only a download that was running (stored as
    /// `downloading`, or `queued` after a stop) qualifies: a paused, failed or cancelled one renames nothing. Its
    /// length is checked when the record knew it; a small file completes before its first checkpoint stores it.
    static func isRenamedPart(of record: DownloadRecord, name: @autoclosure () -> NameLook, part: @autoclosure () -> NameLook) -> Bool {
        guard record.downloadState == .downloading || record.downloadState == .queued, !part().isPresent,
            let file = name().target, file.isRegularFile, record.totalBytes == nil || record.totalBytes == file.size
        else { return false }
        return Double(file.modified) + 1 >= record.createdAt
    }

    /// `isRenamedPart(of:name:part:)` of the names `path` and `partPath` as they are now.
    static func isRenamedPart(of record: DownloadRecord, path: String, partPath: String) -> Bool {
        isRenamedPart(of: record, name: NameLook.at(path), part: NameLook.at(partPath))
    }
}
