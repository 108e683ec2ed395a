import Foundation
import GRDB

/// Listings that page through the records instead of loading them all (`haul list` at 30,000 downloads starts
/// printing at once and holds one page: issue 62, point 5). Keyset paging on the primary key: each page is an
/// index range scan, whatever page it is.
extension DownloadStore {
    /// Up to `limit` records with an id above `id`, oldest first; only those whose stored state is in `states`
    /// when given.
    func records(after id: Int64, limit: Int, states: Set<String>?) throws -> [DownloadRecord] {
        try read { db in
            var request = DownloadRecord.filter(Column("id") > id)
            if let states { request = request.filter(states.contains(Column("state"))) }
            return try request.order(Column("id")).limit(limit).fetchAll(db)
        }
    }

    /// The file each record writes (its destination, or its `.part` file's path without `.part`), by id: enough to
    /// tell rows with the same file name apart without loading the records.
    func filePaths() throws -> [Int64: String] {
        try read { db in
            var paths: [Int64: String] = [:]
            let rows = try Row.fetchCursor(db.cachedStatement(sql: "SELECT id, destination, partPath FROM download"))
            while let row = try rows.next() {
                let destination: String? = row[1]
                let part: String = row[2]
                paths[row[0]] = destination ?? String(part.dropLast(".part".count))
            }
            return paths
        }
    }
}
