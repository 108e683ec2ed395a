import GRDB

/// What only the state database knows of a download, for listing many at once: the daemon's `tellActive`,
/// `tellWaiting` and `tellStopped` give every key `tellStatus` gives (aria2 front-ends draw their piece bars from
/// the lists' `bitfield`), and reading them one download at a time cost two queries each.
package struct StoredDetail: Sendable, Equatable {
    /// The URL the redirects ended at.
    package var finalURL: String?
    /// The validators the held bytes were fetched under.
    package var etag: String?
    package var lastModified: String?
    /// The byte ranges the last checkpoint counts as written, in file order (empty once complete).
    package var held: [Range<Int64>]
}

extension DownloadStore {
    /// The details of the downloads `ids` that exist, in one read: one query for the records' columns and one for
    /// their segments, however many ids (SQLite's limit on bound values is far above a list's window of 1,000;
    /// longer lists are read in chunks of that size).
    func details(of ids: [Int64]) throws -> [Int64: StoredDetail] {
        guard !ids.isEmpty else { return [:] }
        // Outside a transaction: the two queries may see different commits of another process, which a display
        // shows a moment later anyway; the transaction's four statements were most of this read's cost.
        return try readWithoutTransaction { db in
            var details: [Int64: StoredDetail] = [:]
            for start in stride(from: 0, to: ids.count, by: 1000) {
                let chunk = Array(ids[start..<min(ids.count, start + 1000)])
                let marks = chunk.map { _ in "?" }.joined(separator: ",")
                let arguments = StatementArguments(chunk)
                // Cached statements (one per window length): preparing them on every call was a third of this read
                // under a page's polling load (GRDB's authorizer, SQLite's parser; docs/benchmarks.md).
                let records = try Row.fetchCursor(
                    db.cachedStatement(sql: "SELECT id, finalURL, etag, lastModified FROM download WHERE id IN (\(marks))"),
                    arguments: arguments
                )
                while let row = try records.next() {
                    details[row[0]] = StoredDetail(finalURL: row[1], etag: row[2], lastModified: row[3], held: [])
                }
                let segments = try Row.fetchCursor(
                    db.cachedStatement(sql: "SELECT downloadId, start, next FROM segment WHERE downloadId IN (\(marks)) AND next > start ORDER BY downloadId, start"),
                    arguments: arguments
                )
                while let row = try segments.next() {
                    let id: Int64 = row[0]
                    let start: Int64 = row[1]
                    let next: Int64 = row[2]
                    details[id]?.held.append(start..<next)
                }
            }
            return details
        }
    }
}

extension HaulClient {
    /// The stored details of the downloads `ids` (those the database has), read in one go: see `StoredDetail`.
    package func storedDetails(ids: [Int64]) throws -> [Int64: StoredDetail] {
        try store.details(of: ids)
    }
}
