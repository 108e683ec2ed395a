import CHaulSQLite
import Foundation
import GRDB
import HaulCore
import NIOConcurrencyHelpers
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The SQLite database (WAL mode, through GRDB) that keeps every download and its durable progress.
///
/// Several processes may open the same store: SQLite's locking serialises writers, and each download's `.part`
/// file is locked by the process that writes it, so two processes never download the same file at once.
final class DownloadStore: Sendable {
    /// The database file's path.
    let path: String
    /// The write-ahead log's length, in pages, past which a commit checkpoints it (SQLite's default is 1000).
    static let walCheckpointPages = 256
    /// One connection, for reads and writes alike.
    ///
    /// Why a `DatabaseQueue` in WAL mode and not GRDB's `DatabasePool`: the pool's set-up makes sure the log file
    /// is not empty by asking Foundation for its size through `URL.resourceValues`, which on Linux costs about
    /// 1.9 ms of CPU at every open (CoreFoundation's URL machinery, set up for that one call), a tenth of a small
    /// download's whole run; the store's few reads (`haul list`, restoring a queue) gain nothing from readers of
    /// their own. Other processes still read and write beside this one: that is SQLite's locking, not GRDB's.
    private let queue: DatabaseQueue
    /// Whether a transaction was committed since the write-ahead log was last flushed (see `flushLog()`).
    private let unflushed = NIOLockedValueBox(false)

    /// Opens (creating if needed) `haul.sqlite` in `directory`.
    ///
    /// - Throws: `.io` when the directory cannot be made or the database cannot be opened (a corrupt file is
    ///   reported, not silently replaced).
    ///
    /// The database holds secrets (cookies, `Authorization` and `Cookie` headers), so a directory it creates is
    /// the owner's only (0700), and the database, its `-wal` and `-shm` files (SQLite gives them the database's
    /// mode) and the lock are made, or narrowed to, 0600. An existing directory keeps its mode: it may be shared
    /// with other files on purpose.
    init(directory: String) throws {
        // An existing directory is seen with one `stat`: `FileManager` (its set-up, an attributes dictionary) is
        // only needed to create one.
        if !Self.isDirectory(directory) {
            do {
                try FileManager.default.createDirectory(
                    atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700]
                )
            } catch {
                throw HaulError(.io, "cannot create the state directory \(directory): \(error.localizedDescription)")
            }
        }
        let path = Self.file("haul.sqlite", in: directory)
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.label = "haul"
        configuration.prepareDatabase { db in
            // The write-ahead log outlives the process (see `flushLog()`): checkpointing it at every close cost a
            // flush of the log and of the database, and deleting it made the next process create it again (a flush
            // of its header and of the directory, and GRDB's write to make it non-empty): four syncs per run
            // instead of one. SQLite still checkpoints it once it holds `walCheckpointPages` pages (below).
            _ = haul_sqlite_keep_wal_on_close(UnsafeMutableRawPointer(db.sqliteConnection))
            // A log kept across runs is read whole by the next process to open the database (SQLite's recovery
            // rebuilds its index from every frame since the log last restarted): with the default 1000 pages, up
            // to 4 MiB and about 7 ms of CPU at every start (docs/benchmarks.md, "Round 5"). A lower bound makes
            // that read shorter and checkpoints (two flushes, in the commit that crosses the bound) more frequent.
            // One small download writes about 7 pages and a list of 60 about 150: at 256 pages, a start reads 128
            // pages on average (about 1 ms) and a checkpoint comes every 37 small downloads or every second list.
            try db.execute(sql: "PRAGMA wal_autocheckpoint = \(Self.walCheckpointPages)")
            // Write-ahead logging, set here rather than by GRDB (see `queue`): the mode is stored in the file, so
            // for an existing store this only reads it back. `synchronous = NORMAL` is what `flushLog()` relies on.
            let mode = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
            guard mode == "wal" else { throw DatabaseError(message: "could not turn on write-ahead logging (journal mode \(mode ?? "none"))") }
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        // Two processes opening a new store at once would both create its tables (the migrator reads what is
        // applied, then applies): opening and migrating happen under an exclusive lock on a file beside it.
        let lock = open(Self.file("haul.sqlite.lock", in: directory), O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        if lock >= 0 { _ = flock(lock, LOCK_EX) }
        defer { if lock >= 0 { close(lock) } }
        Self.restrictToOwner(lock: lock, database: path)
        do {
            queue = try Self.retryingWhileBusy {
                let queue = try DatabaseQueue(path: path, configuration: configuration)
                try Self.migrator.migrate(queue)
                return queue
            }
        } catch {
            throw HaulError(
                .io,
                "cannot open the state database \(path): \(error). Move it away to start with an empty queue."
            )
        }
        self.path = path
    }

    /// Whether `path` names a directory (following a symbolic link).
    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// `name` in `directory`: `NSString.appendingPathComponent`'s result for a plain file name, without its trip
    /// through UTF-16 on Linux.
    static func file(_ name: String, in directory: String) -> String {
        if directory.isEmpty { return name }
        return directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// Creates the database file 0600 before SQLite does (SQLite would use the umask, often 0644) and narrows an
    /// older store's files to 0600.
    private static func restrictToOwner(lock: CInt, database path: String) {
        if lock >= 0 { _ = fchmod(lock, 0o600) }
        let file = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        if file >= 0 {
            _ = fchmod(file, 0o600)
            close(file)
        }
        for suffix in ["-wal", "-shm"] { _ = chmod(path + suffix, 0o600) }
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.create(table: "download") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("url", .text).notNull()
                t.column("finalURL", .text)
                t.column("destination", .text)
                t.column("partPath", .text).notNull()
                t.column("etag", .text)
                t.column("lastModified", .text)
                t.column("lastModifiedIsStrong", .boolean).notNull().defaults(to: false)
                t.column("totalBytes", .integer)
                t.column("state", .text).notNull()
                t.column("errorMessage", .text)
                t.column("priority", .integer).notNull().defaults(to: 0)
                t.column("optionsJSON", .text).notNull().defaults(to: "{}")
                t.column("createdAt", .double).notNull()
                t.column("updatedAt", .double).notNull()
            }
            try db.create(index: "download_partPath", on: "download", columns: ["partPath"])
            try db.create(table: "segment") { t in
                t.column("downloadId", .integer).notNull().references("download", onDelete: .cascade)
                t.column("start", .integer).notNull()
                t.column("end", .integer)
                t.column("next", .integer).notNull()
                t.primaryKey(["downloadId", "start"])
            }
        }
        migrator.registerMigration("v2-queue") { db in
            try db.alter(table: "download") { t in
                t.add(column: "queueOrder", .integer).notNull().defaults(to: 0)
                t.add(column: "bytesDone", .integer).notNull().defaults(to: 0)
                t.add(column: "speed", .double).notNull().defaults(to: 0)
            }
            try db.execute(sql: "UPDATE download SET queueOrder = id")
        }
        migrator.registerMigration("v3-cookies") { db in
            // Apart from `optionsJSON`: the cookies servers set while a download runs (DownloadStore+Cookies).
            try db.alter(table: "download") { t in t.add(column: "cookieJar", .text) }
        }
        migrator.registerMigration("v4-pieces") { db in
            // The pieces verified against a Metalink's piece hashes (DownloadStore+Pieces).
            try db.alter(table: "download") { t in t.add(column: "verifiedPieces", .text) }
        }
        migrator.registerMigration("v5-history-indexes") { db in
            // Completed downloads stay in the table (`haul list`, `haul clean`), so it grows with every run. Two
            // lookups that each new download makes read every row without these: the end of the queue
            // (`MAX(queueOrder)`), and the unfinished download of a `.part` path (`unfinished(partPath:)`), which
            // went through every completed row of the same path: one per earlier download of the same file name.
            // The partial index holds unfinished rows only, so that lookup no longer depends on the history at all.
            try db.create(index: "download_queueOrder", on: "download", columns: ["queueOrder"])
            try db.execute(sql: """
                CREATE INDEX download_unfinished_partPath ON download(partPath)
                WHERE state NOT IN ('\(DownloadState.completed.rawValue)', '\(DownloadState.cancelled.rawValue)')
                """)
            try db.drop(index: "download_partPath")
        }
        return migrator
    }

    deinit {
        try? flushLog()
    }

    func write<T: Sendable>(_ body: @Sendable (Database) throws -> T) throws -> T {
        do {
            let result = try Self.retryingWhileBusy { try queue.write(body) }
            unflushed.withLockedValue { $0 = true }
            return result
        } catch {
            throw Self.worded(error, path: path)
        }
    }

    /// A store failure as a sentence: a `HaulError` thrown inside the transaction as it is, SQLite's result
    /// codes as what they mean for the person (never "SQLite error 19: FOREIGN KEY constraint failed").
    static func worded(_ error: any Error, path: String) -> HaulError {
        if let error = error as? HaulError { return error }
        guard let database = error as? DatabaseError else { return HaulError(.io, "state database \(path): \(error)") }
        switch database.resultCode {
        case .SQLITE_CONSTRAINT:
            return HaulError(.io, "the download's record changed under it (removed or replaced by another command or process)")
        case .SQLITE_FULL:
            return HaulError(.io, "the disk holding the state database \(path) is full; make room and run the same command again")
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return HaulError(.io, "the state database \(path) stayed locked by another process")
        case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_CANTOPEN:
            return HaulError(.io, "the state database \(path) cannot be written (permissions or a read-only disk)")
        default:
            return HaulError(.io, "the state database \(path) failed: \(database.message ?? "\(database.resultCode)")")
        }
    }

    /// Puts every committed transaction on stable storage with one `fdatasync` of the write-ahead log, when there
    /// is one to flush. Runs when the store is released (the end of a `haul` run).
    ///
    /// Why one flush and not one per commit: the store opens with `synchronous = NORMAL`, so a commit orders
    /// its frames after the earlier ones but does not wait for the disk; the records stay consistent after a power
    /// cut (SQLite checksums every frame and drops a torn tail) and a lost tail only forgets the newest changes,
    /// never counts a byte the part file's own flush did not cover (rules 16 and 19: the data is flushed before its
    /// record is written). What the run changed is made durable here, once, before the process exits; before this,
    /// the checkpoint SQLite ran at close gave the same guarantee at the price of two flushes, plus two more when
    /// the next run recreated the log. `kill -9` loses nothing either way: committed frames are in the page cache.
    ///
    /// The log is flushed through a descriptor of its own: `fdatasync` writes back the file's dirty pages whichever
    /// descriptor wrote them.
    /// Whether a commit waits for `flushLog()`.
    var hasUnflushedCommits: Bool { unflushed.withLockedValue { $0 } }

    func flushLog() throws {
        let due = unflushed.withLockedValue { state -> Bool in
            defer { state = false }
            return state
        }
        guard due else { return }
        let log = path + "-wal"
        let fd = open(log, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else {
            // No log: SQLite checkpointed and removed it (another process, or a database not in WAL mode).
            if errno == ENOENT { return }
            throw HaulError.io("cannot open", path: log, errno: errno)
        }
        defer { close(fd) }
        guard fdatasync(fd) == 0 else { throw HaulError.io("cannot flush", path: log, errno: errno) }
    }

    func read<T: Sendable>(_ body: @Sendable (Database) throws -> T) throws -> T {
        do { return try Self.retryingWhileBusy { try queue.read(body) } } catch {
            throw Self.worded(error, path: path)
        }
    }

    /// Runs `body` again while SQLite says the database is busy or locked, for up to 15 seconds.
    ///
    /// The busy timeout covers ordinary lock waits, but SQLite returns `SQLITE_BUSY` without waiting in a few
    /// cases that several `haul` processes on one state directory do meet: opening a database whose WAL file the
    /// last connection just removed (`PRAGMA journal_mode = WAL` then writes to recreate it), and WAL
    /// recovery. Such an error is about timing, not about the data, so it is retried with a growing pause.
    static func retryingWhileBusy<T>(_ body: () throws -> T) throws -> T {
        let deadline = Date().addingTimeInterval(15)
        var pause = 0.005
        while true {
            do {
                return try body()
            } catch let error as DatabaseError
                where (error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED) && Date() < deadline
            {
                Thread.sleep(forTimeInterval: pause)
                pause = min(pause * 2, 0.1)
            }
        }
    }

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
    }

    /// The stored state and queue position of `ids` (a missing id was deleted, e.g. by `haul cancel` elsewhere).
    func queueFields(of ids: [Int64]) throws -> [Int64: QueueFields] {
        guard !ids.isEmpty else { return [:] }
        return try read { db in
            let rows = try Row.fetchAll(
                db,
                sql: "SELECT id, state, priority, queueOrder FROM download WHERE id IN (\(ids.map { _ in "?" }.joined(separator: ",")))",
                arguments: StatementArguments(ids)
            )
            var fields: [Int64: QueueFields] = [:]
            for row in rows {
                let id: Int64 = row["id"]
                let state: String = row["state"]
                fields[id] = QueueFields(state: DownloadState(rawValue: state) ?? .failed, priority: row["priority"], queueOrder: row["queueOrder"])
            }
            return fields
        }
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
        try db.cachedStatement(
            sql: """
                UPDATE download SET etag = ?, lastModified = ?, lastModifiedIsStrong = ?, totalBytes = ?,
                finalURL = ?, destination = ?, updatedAt = ? WHERE id = ?
                """
        ).execute(arguments: [
            record.etag, record.lastModified, record.lastModifiedIsStrong, record.totalBytes, record.finalURL,
            record.destination, Date().timeIntervalSince1970, record.id,
        ])
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

    /// The query of `unfinished(partPath:)`.
    static let unfinishedByPartPath = """
        SELECT * FROM download WHERE partPath = ?
        AND state NOT IN ('\(DownloadState.completed.rawValue)', '\(DownloadState.cancelled.rawValue)')
        ORDER BY id DESC LIMIT 1
        """

    static func unfinished(partPath: String, in db: Database) throws -> DownloadRecord? {
        // The states are in the SQL, not bound: SQLite uses a partial index (`download_unfinished_partPath`) only
        // for a query whose WHERE clause names its condition's literals.
        try DownloadRecord.fetchOne(db.cachedStatement(sql: unfinishedByPartPath), arguments: [partPath])
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

    /// Sets a download's state and error message.
    func setState(_ state: DownloadState, error: String? = nil, of id: Int64) throws {
        try write { db in try Self.setState(state, error: error, of: id, in: db) }
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
    static func setState(_ state: DownloadState, error: String?, of id: Int64, in db: Database) throws {
        try db.cachedStatement(
            sql: "UPDATE download SET state = ?, errorMessage = ?, updatedAt = ? WHERE id = ? AND (state IS NOT ? OR errorMessage IS NOT ?)"
        ).execute(arguments: [state.rawValue, error, Date().timeIntervalSince1970, id, state.rawValue, error])
    }

    /// Records a finished download in one transaction: what was learned about the file, the `completed` state,
    /// and no segments. A completed download's progress is its length (`totalBytes`); its segments would only be
    /// read to resume it, which never happens, and writing them cost two more pages of log per file (the segment
    /// table and its index) for a small file that never had a checkpoint.
    func markCompleted(_ record: DownloadRecord) throws {
        let id = record.id!
        try write { db in
            try Self.updateResource(record, in: db)
            try db.cachedStatement(sql: "DELETE FROM segment WHERE downloadId = ?").execute(arguments: [id])
            try Self.setState(.completed, error: nil, of: id, in: db)
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
