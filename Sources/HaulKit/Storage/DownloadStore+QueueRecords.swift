import Foundation
import GRDB
import HaulCore

/// What a queue keeps in memory of a stored download that is not running: its place in the queue and what a
/// listing shows, without its options (`DownloadRequest`, decoded from `optionsJSON` only when the download starts
/// or someone asks for its details) and without the rest of its record.
struct QueueRecord: Sendable, Hashable {
    var id: Int64
    var url: String
    /// The final path, or the `.part` file's without its extension before one is known.
    var destination: String
    var state: DownloadState
    var priority: Int
    var queueOrder: Int64
    var errorMessage: String?
    var totalBytes: Int64?
    /// The connections its request asks for (1 when its options predate them, `ConnectionCount.default.most` when
    /// they cannot be read: what decoding the request gives, `HaulClient.task(for:)`).
    var requestedConnections: Int
    /// Its own rate limit as stored with its options.
    var rateLimit: Int64?
}

extension DownloadStore {
    /// The columns of a `QueueRecord`: its options document last, whose two values it needs are read from its bytes
    /// (`StoredOptionsPeek`), so that no request is decoded (a `JSONDecoder` pass and a `DownloadRequest` of about
    /// 1 KiB each, most of a restart's time and memory with 100,000 waiting) and no JSON tree is built (SQLite's
    /// `json_valid` and `json_extract`, which were the read's largest cost after that).
    private static let queueRecordColumns = """
        id, url, COALESCE(destination, SUBSTR(partPath, 1, LENGTH(partPath) - 5)), state, priority, queueOrder,
        errorMessage, totalBytes, optionsJSON
        """

    /// Every download's `QueueRecord`, oldest first: one query, no record or request decoded.
    func queueRecords() throws -> [QueueRecord] {
        try read { db in
            try Self.queueRecords(db.cachedStatement(sql: "SELECT \(Self.queueRecordColumns) FROM download ORDER BY id"), arguments: [])
        }
    }

    /// The `QueueRecord`s of `ids` that exist (in id order), read in chunks of 1,000 ids.
    func queueRecords(ids: [Int64]) throws -> [QueueRecord] {
        guard !ids.isEmpty else { return [] }
        return try read { db in
            var found: [QueueRecord] = []
            for start in stride(from: 0, to: ids.count, by: 1000) {
                let chunk = Array(ids[start..<min(ids.count, start + 1000)])
                let marks = chunk.map { _ in "?" }.joined(separator: ",")
                let sql = "SELECT \(Self.queueRecordColumns) FROM download WHERE id IN (\(marks)) ORDER BY id"
                found += try Self.queueRecords(db.makeStatement(sql: sql), arguments: StatementArguments(chunk))
            }
            return found.sorted { $0.id < $1.id }
        }
    }

    /// The ids and states of the downloads stored after `id` (by rowid, which only grows): what is new since a
    /// look that saw up to `id` (`StoreWatcher`), read through the primary key whatever the store's size.
    func states(after id: Int64) throws -> [(id: Int64, state: DownloadState)] {
        try read { db in
            var found: [(id: Int64, state: DownloadState)] = []
            let rows = try Row.fetchCursor(db.cachedStatement(sql: "SELECT id, state FROM download WHERE id > ? ORDER BY id"), arguments: [id])
            while let row = try rows.next() {
                let state: String = row[1]
                found.append((row[0], DownloadState(rawValue: state) ?? .failed))
            }
            return found
        }
    }

    /// The largest id stored, 0 for none.
    func largestID() throws -> Int64 {
        try read { db in try Int64.fetchOne(db, sql: "SELECT COALESCE(MAX(id), 0) FROM download") ?? 0 }
    }

    /// What a listing shows of the stored options of the downloads `ids` that have readable ones (`RequestDetail`),
    /// in one query, read by SQLite's JSON functions: no request decoded (a page of 1,000 waiting downloads decoded
    /// 1,000 requests, URLs and all, for six values each). Only headers, when a download has some, are decoded.
    ///
    /// Kept while the database is unchanged, and read outside a transaction, as `details(of:)` (`DetailMemo`): a
    /// transaction's own statements, then the JSON functions, were most of a `tellStatus`'s database time at
    /// 30,000 queued (docs/history/benchmarks-rounds-2026-11-28-to-30.md, "The load case, round 2").
    func requestDetails(of ids: [Int64]) throws -> [Int64: RequestDetail] {
        guard !ids.isEmpty else { return [:] }
        return try remembered(ids, \.requestAnswers) { db in
            var details: [Int64: RequestDetail] = [:]
            let decoder = JSONDecoder()
            for start in stride(from: 0, to: ids.count, by: 1000) {
                let chunk = Array(ids[start..<min(ids.count, start + 1000)])
                let marks = chunk.map { _ in "?" }.joined(separator: ",")
                let sql = """
                    SELECT id, COALESCE(json_extract(optionsJSON, '$.connections'), 1), json_extract(optionsJSON, '$.checksum'),
                    json_extract(optionsJSON, '$.headers'), COALESCE(json_extract(optionsJSON, '$.inOrder'), 0),
                    COALESCE(json_extract(optionsJSON, '$.minimumSplitSize'), \(4 << 20)), json_extract(optionsJSON, '$.maxBytesPerSecond')
                    FROM download WHERE id IN (\(marks)) AND json_valid(optionsJSON)
                    AND json_type(optionsJSON, '$.url') = 'text' AND json_type(optionsJSON, '$.destination') = 'text'
                    """
                let rows = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: StatementArguments(chunk))
                while let row = try rows.next() {
                    let headersJSON: String? = row[3]
                    var headers: [DownloadRequest.Header] = []
                    if let headersJSON, headersJSON != "[]" {
                        headers = (try? decoder.decode([DownloadRequest.Header].self, from: Data(headersJSON.utf8))) ?? []
                    }
                    let inOrder: Int = row[4]
                    details[row[0]] = RequestDetail(
                        connections: row[1], checksum: row[2], headers: headers, inOrder: inOrder != 0, minimumSplitSize: row[5],
                        rateLimit: row[6])
                }
            }
            return details
        }
    }

    private static func queueRecords(_ statement: Statement, arguments: StatementArguments) throws -> [QueueRecord] {
        var found: [QueueRecord] = []
        let rows = try Row.fetchCursor(statement, arguments: arguments)
        while let row = try rows.next() {
            let state: String = row[3]
            let options = try row.withUnsafeData(atIndex: 8) { data in data?.withUnsafeBytes(StoredOptionsPeek.read) }
            found.append(QueueRecord(
                id: row[0], url: row[1], destination: row[2], state: DownloadState(rawValue: state) ?? .failed,
                priority: row[4], queueOrder: row[5], errorMessage: row[6], totalBytes: row[7],
                requestedConnections: Self.requestedConnections(options), rateLimit: options?.maxBytesPerSecond
            ))
        }
        return found
    }

    /// The connections a stored request asks for: its own count; 1 when its options predate the count; the default
    /// when its options cannot be read or the count is not an integer (what decoding the request gives,
    /// `HaulClient.task(for:)`).
    static func requestedConnections(_ options: StoredOptionsPeek?) -> Int {
        guard let options else { return ConnectionCount.default.most }
        guard let count = options.connections else { return options.hasConnectionsKey ? ConnectionCount.default.most : 1 }
        return Int(clamping: count)
    }
}
