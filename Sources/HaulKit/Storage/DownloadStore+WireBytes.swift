import Foundation
import GRDB

/// What crossed the wire for a download and what its file kept (issue 56), summed over its runs: columns
/// `bytesReceived` and `bytesKept`, added to as each run ends (a completion in the statement that stores it,
/// `markCompleted`; a pause, stop or failure on its own). `received` above `kept` is waste: bytes fetched twice or
/// thrown away.
package struct WireBytes: Sendable, Hashable {
    /// Body bytes read from the network.
    package var received: Int64 = 0
    /// Of those, the ones the file gained.
    package var kept: Int64 = 0

    package init(received: Int64 = 0, kept: Int64 = 0) {
        self.received = received
        self.kept = kept
    }

    /// The assignments that add a run's counts, `received` then `kept` as arguments.
    static let addingColumns = "bytesReceived = bytesReceived + ?, bytesKept = bytesKept + ?"
}

extension DownloadStore {
    /// Adds a run's counts to download `id`'s (nothing when the run received nothing).
    func addWireBytes(_ wire: WireBytes, of id: Int64) throws {
        guard wire.received > 0 || wire.kept > 0 else { return }
        try write { db in
            try db.cachedStatement(sql: "UPDATE download SET \(WireBytes.addingColumns) WHERE id = ?")
                .execute(arguments: [wire.received, wire.kept, id])
        }
    }

    /// The stored counts of the downloads with ids in `ids` (one query).
    func wireBytes(of ids: [Int64]) throws -> [Int64: WireBytes] {
        guard !ids.isEmpty else { return [:] }
        return try read { db in
            var counts: [Int64: WireBytes] = [:]
            let marks = Array(repeating: "?", count: ids.count).joined(separator: ",")
            let rows = try Row.fetchCursor(
                db, sql: "SELECT id, bytesReceived, bytesKept FROM download WHERE id IN (\(marks))", arguments: StatementArguments(ids)
            )
            while let row = try rows.next() { counts[row[0]] = WireBytes(received: row[1], kept: row[2]) }
            return counts
        }
    }
}
