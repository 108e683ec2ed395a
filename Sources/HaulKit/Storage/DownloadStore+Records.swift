import Foundation
import GRDB
import HaulCore

/// The records of downloads and their segments: insert, read, update, delete (the database itself, its schema and its
/// transactions are in DownloadStore.swift).
extension DownloadStore {
    /// Inserts a new record and returns it with its id. A record without a place in the queue (`queueOrder` 0)
    /// goes last.
    func insert(_ record: DownloadRecord) throws -> DownloadRecord {
        try write { db in
            var inserted = record
            if inserted.queueOrder == 0 {
                let last = try Int64.fetchOne(db, sql: "SELECT MAX(queueOrder) FROM download") ?? 0
                inserted.queueOrder = max(last, 0) + 1
            }
            try inserted.insertRow(in: db)
            return inserted
        }
    }

    /// Replaces a download's stored options (the encoded `DownloadRequest`).
    func saveOptions(_ json: String, of id: Int64) throws {
        try write { db in
            try db.execute(
                sql: "UPDATE download SET optionsJSON = ?, updatedAt = ? WHERE id = ?",
                arguments: [json, Date().timeIntervalSince1970, id]
            )
        }
    }

    /// Sets a download's place in the queue.
    func setQueuePosition(priority: Int, queueOrder: Int64, of id: Int64) throws {
        try write { db in
            try db.execute(
                sql: "UPDATE download SET priority = ?, queueOrder = ?, updatedAt = ? WHERE id = ?",
                arguments: [priority, queueOrder, Date().timeIntervalSince1970, id]
            )
        }
    }

    /// Publishes how far running downloads are, for `haul list` in another process: bytes held and current speed.
    /// One transaction for all of them.
    func saveProgress(_ progress: [(id: Int64, bytesDone: Int64, speed: Double)]) throws {
        guard !progress.isEmpty else { return }
        try write { db in
            let now = Date().timeIntervalSince1970
            for item in progress {
                try db.execute(
                    sql: "UPDATE download SET bytesDone = ?, speed = ?, updatedAt = ? WHERE id = ?",
                    arguments: [item.bytesDone, item.speed, now, item.id]
                )
            }
        }
    }

    /// What another process may change about a download while this one runs it.
    struct QueueFields: Sendable, Hashable {
        /// The stored state.
        var state: DownloadState
        /// The priority.
        var priority: Int
        /// The position among equal priorities.
        var queueOrder: Int64
        /// Where the file is (or will be).
        var destination: String
        /// Its `.part` file.
        var partPath: String
        /// The message of the failure that stopped it, if any.
        var errorMessage: String?
    }

    /// The most ids one query names: SQLite refuses statements with more than 32,766 parameters (older builds:
    /// 999), and a daemon's store can hold more downloads than that.
    static let idsPerQuery = 500

    /// The stored state and queue position of `ids` (a missing id was deleted, e.g. by `haul cancel` elsewhere).
    ///
    /// Read through a cursor by column position (no copied row, no lookup by name per value), full chunks with a
    /// cached statement. Still a read of every download held when another process committed: 0.6 s of CPU a look
    /// at 30,000 in a debug build, half of it here (docs/history/benchmarks-rounds-2026-11-28-to-30.md, "The load
    /// case, round 2").
    func queueFields(of ids: [Int64]) throws -> [Int64: QueueFields] {
        guard !ids.isEmpty else { return [:] }
        return try read { db in
            var fields: [Int64: QueueFields] = [:]
            fields.reserveCapacity(ids.count)
            for start in stride(from: 0, to: ids.count, by: Self.idsPerQuery) {
                let chunk = Array(ids[start..<min(start + Self.idsPerQuery, ids.count)])
                let sql = "SELECT id, state, priority, queueOrder, destination, partPath, errorMessage FROM download WHERE id IN (\(chunk.map { _ in "?" }.joined(separator: ",")))"
                // Full chunks share one cached statement; the last, of any length, is prepared once.
                let statement = chunk.count == Self.idsPerQuery ? try db.cachedStatement(sql: sql) : try db.makeStatement(sql: sql)
                let rows = try Row.fetchCursor(statement, arguments: StatementArguments(chunk))
                while let row = try rows.next() {
                    let id: Int64 = row[0]
                    let state: String = row[1]
                    let partPath: String = row[5]
                    let destination: String? = row[4]
                    fields[id] = QueueFields(
                        state: DownloadState(rawValue: state) ?? .failed, priority: row[2], queueOrder: row[3],
                        destination: destination ?? String(partPath.dropLast(".part".count)), partPath: partPath,
                        errorMessage: row[6]
                    )
                }
            }
            return fields
        }
    }

    /// SQLite's `data_version`: it changes when another connection (another process) commits, never for this
    /// store's own commits, so a look for other processes' changes can be skipped while it stays the same.
    func dataVersion() throws -> Int {
        try read { db in try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0 }
    }

    /// Saves every column of an existing record.
    func update(_ record: DownloadRecord) throws {
        var record = record
        record.updatedAt = Date().timeIntervalSince1970
        let saved = record
        try write { db in try saved.update(db) }
    }

    /// Writes what the transfer learned about the remote file (validators, length, final URL, chosen name) without
    /// touching the lifecycle columns, which belong to the task; always with the segments it vouches for
    /// (`saveResource(of:segments:)`) or the completion (`markCompleted`).
    static func updateResource(_ record: DownloadRecord, in db: Database) throws {
        try db.cachedStatement(sql: "UPDATE download SET \(resourceColumns), updatedAt = ? WHERE id = ?")
            .execute(arguments: resourceArguments(record) + [Date().timeIntervalSince1970, record.id])
    }

    /// The columns `updateResource` stores (what the server said of the file, and where it goes), as `SET`
    /// assignments in the order of ``resourceArguments(_:)``; `markCompleted` stores them too, with the state.
    private static let resourceColumns =
        "etag = ?, lastModified = ?, lastModifiedIsStrong = ?, totalBytes = ?, finalURL = ?, destination = ?"

    /// The values of ``resourceColumns`` for `record`.
    private static func resourceArguments(_ record: DownloadRecord) -> StatementArguments {
        [record.etag, record.lastModified, record.lastModifiedIsStrong, record.totalBytes, record.finalURL, record.destination]
    }

    /// The record with `id`, if any.
    func record(id: Int64) throws -> DownloadRecord? {
        // Cached statements: these run several times per download, and preparing SQL (GRDB's query builder, the
        // authorizer, SQLite's parser) cost more than the query itself with 200 small files.
        try read { db in try DownloadRecord.fetchOne(db.cachedStatement(sql: "SELECT * FROM download WHERE id = ?"), arguments: [id]) }
    }

    /// The unfinished download (not completed, not cancelled) writing to `partPath`, if any.
    func unfinished(partPath: String) throws -> DownloadRecord? {
        try read { db in try Self.unfinished(partPath: partPath, in: db) }
    }

    /// The unfinished downloads of `url`, newest first.
    func unfinished(url: String) throws -> [DownloadRecord] {
        try read { db in
            // The states in the SQL, as in `unfinishedByPartPath`: SQLite then walks the partial index of unfinished
            // rows instead of the whole history.
            try DownloadRecord.fetchAll(
                db.cachedStatement(sql: """
                    SELECT * FROM download INDEXED BY download_unfinished_partPath WHERE url = ?
                    AND state NOT IN ('\(DownloadState.completed.rawValue)', '\(DownloadState.cancelled.rawValue)')
                    ORDER BY id DESC
                    """),
                arguments: [url]
            )
        }
    }

    /// The query of `unfinished(partPath:)`: the id only.
    static let unfinishedByPartPath = """
        SELECT id FROM download WHERE partPath = ?
        AND state NOT IN ('\(DownloadState.completed.rawValue)', '\(DownloadState.cancelled.rawValue)')
        ORDER BY id DESC LIMIT 1
        """

    /// Asks for the id first and reads the record only when there is one: every new download asks, and nearly
    /// always finds none, and fetching a record costs GRDB a row set up by column names (each lowercased) before
    /// the first step, found or not: 2 % of the instructions of 60 small files, where the id costs next to nothing.
    static func unfinished(partPath: String, in db: Database) throws -> DownloadRecord? {
        // The states are in the SQL, not bound: SQLite uses a partial index (`download_unfinished_partPath`) only
        // for a query whose WHERE clause names its condition's literals.
        guard let id = try Int64.fetchOne(db.cachedStatement(sql: unfinishedByPartPath), arguments: [partPath]) else {
            return nil
        }
        return try DownloadRecord.fetchOne(db.cachedStatement(sql: "SELECT * FROM download WHERE id = ?"), arguments: [id])
    }

    /// Every record's state, by id: two columns, not whole records (`haul daemon` looks every second while
    /// anything downloads; decoding every row of a long history each time cost more than the look itself).
    func states() throws -> [Int64: DownloadState] {
        try read { db in
            var states: [Int64: DownloadState] = [:]
            let rows = try Row.fetchCursor(db.cachedStatement(sql: "SELECT id, state FROM download"))
            while let row = try rows.next() {
                let state: String = row[1]
                states[row[0]] = DownloadState(rawValue: state) ?? .failed
            }
            return states
        }
    }

    /// All records, oldest first.
    func all() throws -> [DownloadRecord] {
        try read { db in try DownloadRecord.order(Column("id")).fetchAll(db) }
    }

    /// The bytes each download's segments hold, for every download that has segments: one query for a whole
    /// queue (`DownloadManager.restore`), where a read per download was a read transaction each, most of a
    /// restart's time with thousands waiting.
    func heldBytesByDownload() throws -> [Int64: Int64] {
        try read { db in
            var held: [Int64: Int64] = [:]
            let rows = try Row.fetchCursor(db.cachedStatement(sql: "SELECT downloadId, SUM(next - start) FROM segment GROUP BY downloadId"))
            while let row = try rows.next() { held[row[0]] = row[1] }
            return held
        }
    }

    /// The durable segments of a download, by start offset.
    func segments(of id: Int64) throws -> [SegmentRecord] {
        try read { db in
            try SegmentRecord.fetchAll(
                db.cachedStatement(sql: "SELECT * FROM segment WHERE downloadId = ? ORDER BY start"), arguments: [id]
            )
        }
    }

    /// Replaces a download's segments in one transaction (a checkpoint).
    func saveSegments(_ segments: [SegmentRecord], of id: Int64) throws {
        try write { db in try Self.replaceSegments(segments, of: id, in: db) }
    }

    /// Sets a download's state and error message, and the failure's kind when `cause` is given.
    func setState(_ state: DownloadState, error: String? = nil, cause: FailureCause? = nil, of id: Int64) throws {
        try write { db in try Self.setState(state, error: error, cause: cause, of: id, in: db) }
    }

    static func replaceSegments(_ segments: [SegmentRecord], of id: Int64, in db: Database) throws {
        try db.cachedStatement(sql: "DELETE FROM segment WHERE downloadId = ?").execute(arguments: [id])
        let insert = try db.cachedStatement(sql: "INSERT INTO segment (downloadId, start, \"end\", next) VALUES (?, ?, ?, ?)")
        for segment in segments {
            try insert.execute(arguments: [segment.downloadId, segment.start, segment.end, segment.next])
        }
        try db.cachedStatement(sql: "UPDATE download SET updatedAt = ? WHERE id = ?")
            .execute(arguments: [Date().timeIntervalSince1970, id])
    }

    /// A row that already holds `state` and `error` is left alone: rewriting it would append a page to the log
    /// for nothing (the queue stores `completed` again after the finisher did, for the pause-at-the-end race).
    ///
    /// A row that is `completed` or `cancelled` is never moved back to an unfinished state: another process that
    /// took up the same download ended it (two runs of one list), and this process's queue, which still held it
    /// as waiting, storing `downloading` as it started it would have hidden that end (it then fetched the file
    /// again and finished a second copy). The run that starts reads the row and ends at once
    /// (`DownloadTask.runTransfer`).
    ///
    /// The failure's kind and HTTP status go with its message (`cause`, only with an error; cleared with it).
    static func setState(_ state: DownloadState, error: String?, cause: FailureCause? = nil, of id: Int64, in db: Database) throws {
        let cause = error == nil ? nil : cause
        try db.cachedStatement(
            sql: """
                UPDATE download SET state = ?, errorMessage = ?, errorKind = ?, errorStatus = ?, updatedAt = ? WHERE id = ? \
                AND (state IS NOT ? OR errorMessage IS NOT ? OR errorKind IS NOT ? OR errorStatus IS NOT ?) \
                AND (? IN ('completed', 'cancelled') OR state NOT IN ('completed', 'cancelled'))
                """
        ).execute(arguments: [
            state.rawValue, error, cause?.kind.rawValue, cause?.httpStatus, Date().timeIntervalSince1970, id,
            state.rawValue, error, cause?.kind.rawValue, cause?.httpStatus, state.rawValue,
        ])
    }

    /// Records a finished download in one transaction: what was learned about the file, the `completed` state,
    /// and no segments. A completed download's progress is its length (`totalBytes`); its segments would only be
    /// read to resume it, which never happens, and writing them cost two more pages of log per file (the segment
    /// table and its index) for a small file that never had a checkpoint.
    /// The completing run's wire counts (`wire`) are added to the download's (DownloadStore+WireBytes) in the same
    /// statement.
    ///
    /// Completions that come while another is written share the next transaction (`GroupCommit`); this returns once
    /// the transaction holding this one has committed.
    func markCompleted(_ record: DownloadRecord, wire: WireBytes = WireBytes()) throws {
        try completions.write((record, wire)) { group in try markCompleted(all: group) }
    }

    /// `markCompleted` of several downloads in one transaction.
    func markCompleted(all group: [(record: DownloadRecord, wire: WireBytes)]) throws {
        let now = Date().timeIntervalSince1970
        try write { db in
            for (record, wire) in group {
                // What `updateResource` and `setState(.completed)` store, in one statement (a `completed` is stored
                // over any state, and clears the error): one UPDATE a file fewer.
                try db.cachedStatement(
                    sql: """
                        UPDATE download SET \(Self.resourceColumns), state = '\(DownloadState.completed.rawValue)',
                        errorMessage = NULL, errorKind = NULL, errorStatus = NULL, \(WireBytes.addingColumns), updatedAt = ?
                        WHERE id = ?
                        """
                ).execute(arguments: Self.resourceArguments(record) + [wire.received, wire.kept, now, record.id!])
                try db.cachedStatement(sql: "DELETE FROM segment WHERE downloadId = ?").execute(arguments: [record.id!])
            }
        }
    }

    /// Deletes a download's record and segments.
    func delete(id: Int64) throws {
        _ = try write { db in try DownloadRecord.deleteOne(db, key: id) }
    }

    /// Deletes every completed record; returns how many.
    func deleteCompleted() throws -> Int {
        try write { db in
            try DownloadRecord.filter(Column("state") == DownloadState.completed.rawValue).deleteAll(db)
        }
    }
}
