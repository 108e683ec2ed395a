import GRDB
import HaulCore

/// One download as stored in the state database.
struct DownloadRecord: Codable, Sendable, Hashable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "download"

    /// The database identifier (`nil` before insertion).
    var id: Int64?
    /// The URL the user asked for.
    var url: String
    /// The URL the last redirect chain ended at.
    var finalURL: String?
    /// The final path, once known (a `Content-Disposition` name is known only after the first response).
    var destination: String?
    /// The `.part` file the bytes go to; also the key that finds an unfinished download again.
    var partPath: String
    /// The `ETag` of the version being downloaded.
    var etag: String?
    /// The `Last-Modified` of the version being downloaded.
    var lastModified: String?
    /// Whether `lastModified` may be sent as a strong `If-Range`.
    var lastModifiedIsStrong: Bool
    /// The complete length, when known.
    var totalBytes: Int64?
    /// The lifecycle state (a `DownloadState` raw value).
    var state: String
    /// Why it failed, for `failed`.
    var errorMessage: String?
    /// Higher runs first.
    var priority: Int
    /// The per-download options (headers, naming, connections, checksum) as JSON.
    var optionsJSON: String
    /// Seconds since the epoch.
    var createdAt: Double
    /// Seconds since the epoch.
    var updatedAt: Double
    /// Position among equal priorities, lower first (the order added unless moved); 0 before insertion means "last".
    var queueOrder: Int64 = 0
    /// Bytes held, as last published by the process running it (for listings; the segments are the truth).
    var bytesDone: Int64 = 0
    /// Bytes per second when last published (0 when not running).
    var speed: Double = 0

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    /// The stored file version, or `nil` when nothing is known yet.
    var identity: ResourceIdentity? {
        guard etag != nil || lastModified != nil || totalBytes != nil else { return nil }
        return ResourceIdentity(
            entityTag: etag.map(EntityTag.init),
            lastModified: lastModified,
            totalLength: totalBytes,
            lastModifiedIsStrong: lastModifiedIsStrong
        )
    }

    /// Replaces the stored file version.
    mutating func setIdentity(_ identity: ResourceIdentity?) {
        etag = identity?.entityTag?.rawValue
        lastModified = identity?.lastModified
        lastModifiedIsStrong = identity?.lastModifiedIsStrong ?? false
        totalBytes = identity?.totalLength
    }

    /// The lifecycle state as a value (`.failed` for an unreadable string, so it can be inspected and removed).
    var downloadState: DownloadState {
        DownloadState(rawValue: state) ?? .failed
    }
}

/// How far one byte range of a download has durably arrived.
struct SegmentRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "segment"

    /// The download it belongs to.
    var downloadId: Int64
    /// The first byte of the range.
    var start: Int64
    /// One past the last byte, or `nil` while the length is unknown.
    var end: Int64?
    /// The first byte not yet durable: `[start, next)` is on stable storage.
    var next: Int64

    /// Creates a segment record.
    init(downloadId: Int64, start: Int64, end: Int64?, next: Int64) {
        self.downloadId = downloadId
        self.start = start
        self.end = end
        self.next = next
    }
}

extension DownloadRecord {
    /// The columns `insertRow(in:)` writes, in the order of its arguments: every stored property but `id`, which
    /// SQLite assigns. `DownloadStoreBatchTests.testInsertRowWritesEveryStoredProperty` fails when a property is
    /// added to the record and not here.
    static let insertedColumns = [
        "url", "finalURL", "destination", "partPath", "etag", "lastModified", "lastModifiedIsStrong", "totalBytes",
        "state", "errorMessage", "priority", "optionsJSON", "createdAt", "updatedAt", "queueOrder", "bytesDone", "speed",
    ]

    private static let insertSQL =
        "INSERT INTO download (\(insertedColumns.joined(separator: ", "))) VALUES (\(insertedColumns.map { _ in "?" }.joined(separator: ", ")))"

    /// Inserts the record with one cached statement and takes the id SQLite gave it.
    ///
    /// Why not GRDB's `insert(_:)`: its first use in a process reads the table's schema (the columns, the primary
    /// key: three queries) and encodes the record through `Encodable` into a container, each step a first generic
    /// instantiation; together about a millisecond before a small download's first byte may be written (the record
    /// comes first, so that a download killed at any moment is found again). The values are the ones `Encodable` gives GRDB: a `Bool` as 0 or 1, `nil` as NULL.
    mutating func insertRow(in db: Database) throws {
        try db.cachedStatement(sql: Self.insertSQL).execute(arguments: [
            url, finalURL, destination, partPath, etag, lastModified, lastModifiedIsStrong, totalBytes,
            state, errorMessage, priority, optionsJSON, createdAt, updatedAt, queueOrder, bytesDone, speed,
        ])
        id = db.lastInsertedRowID
    }
}
