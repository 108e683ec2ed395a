import Foundation
import GRDB
import HaulCore

/// The store's log of changed downloads: which rows another process changed since a look, so that a look after
/// another process's commit reads those rows, not all of them (issue 62: 30,000 rows at every `haul pause` beside a
/// daemon; docs/architecture.md, "The store as a mailbox").
///
/// Triggers on `download` write a row's id, in a sequence, whenever a column the queue follows changes (state,
/// place, destination, error) or the row is deleted; in whatever process, by whatever statement. Progress
/// (`bytesDone`) is not logged. The log is cut to its newest `changesKept` entries; the point it was cut at is kept, so
/// a reader whose last look is older than the cut knows the log cannot tell it everything (`StoreLook`).
extension DownloadStore {
    /// The log's entries kept after a cut: room for the changes between two looks of a slow reader.
    static let changesKept: Int64 = 4096

    static let changeLogSchema = """
        CREATE TABLE downloadChange (seq INTEGER PRIMARY KEY AUTOINCREMENT, downloadId INTEGER NOT NULL);
        CREATE TABLE downloadChangeCut (one INTEGER PRIMARY KEY CHECK (one = 1), upTo INTEGER NOT NULL);
        CREATE TRIGGER downloadChanged AFTER UPDATE OF state, priority, queueOrder, destination, partPath, errorMessage
            ON download BEGIN INSERT INTO downloadChange (downloadId) VALUES (NEW.id); END;
        CREATE TRIGGER downloadDeleted AFTER DELETE ON download
            BEGIN INSERT INTO downloadChange (downloadId) VALUES (OLD.id); END;
        """

    /// The newest entry's number (0 for an empty log): a look that reads every row takes this first.
    func lastChange() throws -> Int64 {
        try read { db in try Int64.fetchOne(db, sql: "SELECT COALESCE(MAX(seq), 0) FROM downloadChange") ?? 0 }
    }

    /// What the log says since entry `seen`, in one read.
    func changes(after seen: Int64) throws -> ChangeLogRead {
        try read { db in
            let cut = try Int64.fetchOne(db, sql: "SELECT upTo FROM downloadChangeCut") ?? 0
            var ids: [Int64] = []
            var last = seen
            let rows = try Row.fetchCursor(db.cachedStatement(sql: "SELECT seq, downloadId FROM downloadChange WHERE seq > ? ORDER BY seq"), arguments: [seen])
            while let row = try rows.next() {
                last = row[0]
                ids.append(row[1])
            }
            return ChangeLogRead(cutUpTo: cut, last: last, ids: ids)
        }
    }

    /// Cuts the log to its newest `changesKept` entries when it holds more, recording where it was cut.
    func cutChanges() throws {
        try write { db in
            let last = try Int64.fetchOne(db, sql: "SELECT COALESCE(MAX(seq), 0) FROM downloadChange") ?? 0
            let upTo = last - Self.changesKept
            guard upTo > 0, try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM downloadChange WHERE seq <= ?)", arguments: [upTo]) == true else { return }
            try db.execute(sql: "DELETE FROM downloadChange WHERE seq <= ?", arguments: [upTo])
            try db.execute(sql: "INSERT OR REPLACE INTO downloadChangeCut (one, upTo) VALUES (1, ?)", arguments: [upTo])
        }
    }
}
