import Foundation
import GRDB
import HaulCore

/// The schema's steps, in order: each a migration that GRDB's migrator applies once (`migrateIfNeeded`); their
/// count is `schemaVersion` (StoreSchemaTests checks that the two agree).
extension DownloadStore {
    static var migrator: DatabaseMigrator {
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
        migrator.registerMigration("v6-host-budgets") { db in
            // What hosts taught about how many connections they accept (DownloadStore+HostBudgets).
            try db.create(table: "hostBudget") { t in
                t.column("host", .text).primaryKey()
                t.column("connectionLimit", .integer).notNull()
                t.column("learnedAt", .double).notNull()
                t.column("reason", .text).notNull()
                t.column("lesson", .text).notNull()
            }
        }
        migrator.registerMigration("v7-failure-cause") { db in
            // What kind of failure a failed download had (`HaulError.Kind`) and the HTTP status behind it, beside
            // its message: a daemon's `errorCode` after a restart (DownloadStore+FailureCause). Not in
            // `DownloadRecord`: only a failure writes them, and only a failed download's status reads them.
            try db.alter(table: "download") { t in
                t.add(column: "errorKind", .text)
                t.add(column: "errorStatus", .integer)
            }
        }
        migrator.registerMigration("v8-completed-destination") { db in
            // Every new download whose name a file holds asks which completed download put it there
            // (`occupant(of:)`): without an index that read every row of the history, once per add.
            try db.execute(sql: """
                CREATE INDEX download_completed_destination ON download(destination)
                WHERE state = '\(DownloadState.completed.rawValue)'
                """)
        }
        migrator.registerMigration("v9-bytes-received") { db in
            // Issue 56: the bytes a download received over the wire and the ones its file kept, over all its runs
            // (DownloadStore+WireBytes; `haul list --json`). Not in `DownloadRecord`: a run's end adds to them, and
            // a whole record written back must not put an older count over that.
            try db.alter(table: "download") { t in
                t.add(column: "bytesReceived", .integer).notNull().defaults(to: 0)
                t.add(column: "bytesKept", .integer).notNull().defaults(to: 0)
            }
        }
        migrator.registerMigration("v10-state-order") { db in
            // Issue 62, point 5: a page of the daemon's list (`DownloadStore.page(_:)`) filters by state and counts
            // what matches; without an index both read every row of a 30,000-row table at each refresh. With it, a
            // state's rows are an index range, in queue order, and counting them reads the index only.
            try db.create(index: "download_state_queueOrder", on: "download", columns: ["state", "queueOrder"])
            // The name order walks this index instead of sorting every row by an expression at each refresh.
            try db.execute(sql: "CREATE INDEX download_name ON download(\(DownloadQueryPlan.nameOrder))")
        }
        migrator.registerMigration("v11-hls-streams") { db in
            // Issue 53: how far an HLS stream's `.part` file is written (DownloadStore+HLSStreams): a later run of
            // the same command fetches only the segments after it.
            try db.create(table: "hlsStream") { t in
                t.column("partPath", .text).primaryKey()
                t.column("url", .text).notNull()
                t.column("fingerprint", .text).notNull()
                t.column("piecesWritten", .integer).notNull()
                t.column("bytesWritten", .integer).notNull()
            }
        }
        migrator.registerMigration("v12-hls-stream-versions") { db in  // issue 53: see DownloadStore+HLSStreams
            try db.alter(table: "hlsStream") { $0.add(column: "resourceVersions", .text) }
        }
        migrator.registerMigration("v13-download-changes") { db in
            // Issue 62: a look at the store after another process's commit reads what changed, not every row
            // (DownloadStore+Changes).
            try db.execute(sql: DownloadStore.changeLogSchema)
        }
        return migrator
    }
}
