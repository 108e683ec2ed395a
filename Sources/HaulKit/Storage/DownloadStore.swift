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
    /// Write transactions committed since the store was opened (`write`): what tests count to check that a batch
    /// of adds costs one transaction, not one per download.
    private let committedWrites = NIOLockedValueBox(0)
    /// Read transactions begun through `read`: what tests count to check that a restore reads a queue in a few
    /// queries, not one per download.
    private let startedReads = NIOLockedValueBox(0)
    /// The lists' last `details(of:)` answers, kept while nothing was written (`DetailMemo`).
    let detailMemo = NIOLockedValueBox(DetailMemo())
    /// Starts and completions stored with the next write (`note`).
    let notedStates = NIOLockedValueBox(NotedStates())
    /// The completions of downloads finishing at the same moment, written in one transaction (`markCompleted`).
    let completions = GroupCommit<(record: DownloadRecord, wire: WireBytes)>()
    /// How long a noted start or completion may wait for another write before it is written on its own, in
    /// seconds (`note`).
    let noteDeferral: Double
    /// The time `DetailMemo` measures its `data_version` window on (the client's monotonic clock).
    let memoClock: MonotonicClock

    /// Opens (creating if needed) `haul.sqlite` in `directory`.
    ///
    /// - Throws: `.io` when the directory cannot be made or the database cannot be opened (a corrupt file is
    ///   reported, not silently replaced).
    ///
    /// The database holds secrets (cookies, `Authorization` and `Cookie` headers), so a directory it creates is
    /// the owner's only (0700), and the database, its `-wal` and `-shm` files (SQLite gives them the database's
    /// mode) and the lock are made, or narrowed to, 0600. An existing directory keeps its mode: it may be shared
    /// with other files on purpose.
    init(directory: String, noteDeferral: Double = 0.1, memoClock: MonotonicClock = .system) throws {
        self.noteDeferral = noteDeferral
        self.memoClock = memoClock
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
        // Foreign keys (a download's segments go with it) are turned on below through SQLite's C interface, not by
        // GRDB's `PRAGMA foreign_keys = ON`: GRDB runs that statement before any other, through generic code whose
        // types the runtime first makes by a scan of every conformance record of the binary, on the thread every
        // `haul URL` waits for (a 1 KiB download 0.985x the wall, docs/history/benchmarks-rounds.md, "Round 16").
        // GRDB's migrator reads the connection's setting itself, so nothing else changes.
        configuration.foreignKeysEnabled = false
        configuration.prepareDatabase { db in
            // The write-ahead log outlives the process (see `flushLog()`): checkpointing it at every close cost a
            // flush of the log and of the database, and deleting it made the next process create it again (a flush
            // of its header and of the directory, and GRDB's write to make it non-empty): four syncs per run
            // instead of one. SQLite still checkpoints it once it holds `walCheckpointPages` pages (below).
            _ = haul_sqlite_keep_wal_on_close(UnsafeMutableRawPointer(db.sqliteConnection))
            // A log kept across runs is read whole by the next process to open the database (SQLite's recovery
            // rebuilds its index from every frame since the log last restarted): with the default 1000 pages, up
            // to 4 MiB and about 7 ms of CPU at every start (docs/history/benchmarks-rounds.md, "Round 5"). A lower
            // bound makes that read shorter and checkpoints (two flushes, in the commit that crosses the bound) more
            // frequent. One small download writes about 7 pages and a list of 60 about 150: at 256 pages, a start
            // reads 128 pages on average (about 1 ms) and a checkpoint comes every 37 small downloads or every second
            // list. Write-ahead logging, set here rather than by GRDB (see `queue`): the mode is stored in the file, so
            // for an existing store this only reads it back. `synchronous = NORMAL` is what `flushLog()` relies on.
            // The three are set through SQLite's C interface (`haul_sqlite_use_wal`), not GRDB's statements: the
            // first statements a process runs through GRDB instantiate its generic machinery, which every `haul URL`
            // waited for here (a 1 KiB download 0.95x the wall with this and the schema check below,
            // docs/history/benchmarks-rounds.md, "Round 15").
            let code = haul_sqlite_use_wal(UnsafeMutableRawPointer(db.sqliteConnection), CInt(Self.walCheckpointPages))
            guard code == 0 else {
                if code > 0 { throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "could not turn on write-ahead logging") }
                throw DatabaseError(message: "could not turn on write-ahead logging (the journal mode is another)")
            }
            // Foreign keys, through the same C interface (see `foreignKeysEnabled` above).
            guard haul_sqlite_enable_foreign_keys(UnsafeMutableRawPointer(db.sqliteConnection)) == 0 else {
                throw DatabaseError(message: "could not turn on foreign keys")
            }
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
                try Self.migrateIfNeeded(queue)
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
        directory.isEmpty ? name : directory.hasSuffix("/") ? directory + name : directory + "/" + name
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

    /// The schema this version writes, in `user_version` once applied: the count of `migrator`'s migrations, a
    /// constant so that a start never builds the migrator for it (StoreSchemaTests checks that the two agree).
    static let schemaVersion: CInt = 13

    /// Applies the migrations a store lacks, unless its `user_version` says it has exactly this version's schema.
    ///
    /// GRDB's migrator finds out what is applied by reading its own table, which costs every start a query through
    /// GRDB's generic machinery for nothing; the number in the file's header answers the same question with one
    /// `PRAGMA`. A store from before the number (0), an older schema, or an unreadable number goes through the
    /// migrator as before and is then marked; a newer Haul's store (a larger number) goes through it and keeps its
    /// number. Runs under the lock on `haul.sqlite.lock`, as the migrator always did.
    static func migrateIfNeeded(_ queue: DatabaseQueue) throws {
        let version = queue.inDatabase { haul_sqlite_user_version(UnsafeMutableRawPointer($0.sqliteConnection)) }
        guard version != schemaVersion else { return }
        try migrator.migrate(queue)
        if version < schemaVersion {
            try queue.writeWithoutTransaction { try $0.execute(sql: "PRAGMA user_version = \(schemaVersion)") }
        }
    }

    deinit {
        storeNotedStates()
        try? flushLog()
    }

    /// Runs `body` in a write transaction, after the starts noted since the last write (`noteStarted`).
    func write<T: Sendable>(_ body: @Sendable (Database) throws -> T) throws -> T {
        let starts = takeNotedStates()
        do {
            let result = try Self.retryingWhileBusy {
                try queue.write { db in
                    try Self.storeNoted(starts, in: db)
                    return try body(db)
                }
            }
            unflushed.withLockedValue { $0 = true }
            committedWrites.withLockedValue { $0 += 1 }
            return result
        } catch {
            giveBack(starts)
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
    /// Write transactions committed through `write` since the store was opened.
    package var writeTransactions: Int { committedWrites.withLockedValue { $0 } }
    /// Read transactions begun through `read` since the store was opened.
    package var readTransactions: Int { startedReads.withLockedValue { $0 } }

    var hasUnflushedCommits: Bool { unflushed.withLockedValue { $0 } }

    func flushLog() throws {
        storeNotedStates()  // the starts and completions noted, then their commit flushed with the rest
        let due = unflushed.withLockedValue { state -> Bool in
            defer { state = false }
            return state
        }
        guard due else { return }
        do {
            try Self.flushFile(path + "-wal")
        } catch {
            // Still due: the commits are no more durable than before, and a later call tries again.
            unflushed.withLockedValue { $0 = true }
            throw error
        }
    }

    /// `fdatasync`s the file at `log`; nothing when there is none (SQLite checkpointed and removed it: another
    /// process, or a database not in WAL mode).
    private static func flushFile(_ log: String) throws {
        let fd = open(log, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { return }
            throw HaulError.io("cannot flush the state database's log: cannot open", path: log, errno: errno)
        }
        defer { close(fd) }
        guard fdatasync(fd) == 0 else {
            throw HaulError.io("cannot flush the state database's log", path: log, errno: errno)
        }
    }

    /// Runs `body` in one read transaction (`BEGIN DEFERRED` ... `COMMIT`, both statements cached), so that its
    /// statements see one commit.
    ///
    /// Not GRDB's `read`: that wraps the transaction in `PRAGMA query_only = 1` and `= 0`, and SQLite expires every
    /// prepared statement of the connection on each such flag pragma (pragma.c adds `OP_Expire`), so each cached
    /// statement was compiled again at its next step, whoever ran it. In a list of 1,000 small files that
    /// recompiling (`sqlite3Reprepare`, with the authorizer's calls) was 18 % of all the process's samples
    /// (issue 62 point 2). The guard it bought, a write refused inside a read, is this file's to keep: every
    /// `read` body here only selects.
    func read<T: Sendable>(_ body: @Sendable (Database) throws -> T) throws -> T {
        startedReads.withLockedValue { $0 += 1 }
        do { return try Self.retryingWhileBusy { try queue.unsafeRead { db in try Self.inReadTransaction(db, body) } } } catch {
            throw Self.worded(error, path: path)
        }
    }

    /// `body` between a `BEGIN DEFERRED` and its `COMMIT` (a `ROLLBACK` when it throws).
    static func inReadTransaction<T>(_ db: Database, _ body: (Database) throws -> T) throws -> T {
        try db.cachedStatement(sql: "BEGIN DEFERRED TRANSACTION").execute()
        do {
            let result = try body(db)
            try db.cachedStatement(sql: "COMMIT TRANSACTION").execute()
            return result
        } catch {
            if db.isInsideTransaction { try? db.execute(sql: "ROLLBACK TRANSACTION") }
            throw error
        }
    }

    /// Runs `body` outside a transaction, for reads whose statements may see different commits of another process
    /// (a transaction's `BEGIN`, `COMMIT` and read-only pragmas are prepared again on every read:
    /// docs/history/benchmarks-rounds-2026-11-28-to-30.md, "The load case, round 2").
    func readWithoutTransaction<T: Sendable>(_ body: @Sendable (Database) throws -> T) throws -> T {
        startedReads.withLockedValue { $0 += 1 }
        do { return try Self.retryingWhileBusy { try queue.unsafeRead(body) } } catch {
            throw Self.worded(error, path: path)
        }
    }
}
