import GRDB
import HaulCore

/// One download as stored in the state database.
public struct DownloadRecord: Codable, Sendable, Hashable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "download"

    /// The database identifier (`nil` before insertion).
    public var id: Int64?
    /// The URL the user asked for.
    public var url: String
    /// The URL the last redirect chain ended at.
    public var finalURL: String?
    /// The final path, once known (a `Content-Disposition` name is known only after the first response).
    public var destination: String?
    /// The `.part` file the bytes go to; also the key that finds an unfinished download again.
    public var partPath: String
    /// The `ETag` of the version being downloaded.
    public var etag: String?
    /// The `Last-Modified` of the version being downloaded.
    public var lastModified: String?
    /// Whether `lastModified` may be sent as a strong `If-Range`.
    public var lastModifiedIsStrong: Bool
    /// The complete length, when known.
    public var totalBytes: Int64?
    /// The lifecycle state (a `DownloadState` raw value).
    public var state: String
    /// Why it failed, for `failed`.
    public var errorMessage: String?
    /// Higher runs first.
    public var priority: Int
    /// The per-download options (headers, naming, connections, checksum) as JSON.
    public var optionsJSON: String
    /// Seconds since the epoch.
    public var createdAt: Double
    /// Seconds since the epoch.
    public var updatedAt: Double
    /// Position among equal priorities, lower first (the order added unless moved); 0 before insertion means "last".
    public var queueOrder: Int64 = 0
    /// Bytes held, as last published by the process running it (for listings; the segments are the truth).
    public var bytesDone: Int64 = 0
    /// Bytes per second when last published (0 when not running).
    public var speed: Double = 0

    public mutating func didInsert(_ inserted: InsertionSuccess) {
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
    public var downloadState: DownloadState {
        DownloadState(rawValue: state) ?? .failed
    }
}

/// How far one byte range of a download has durably arrived.
public struct SegmentRecord: Codable, Sendable, Hashable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "segment"

    /// The download it belongs to.
    public var downloadId: Int64
    /// The first byte of the range.
    public var start: Int64
    /// One past the last byte, or `nil` while the length is unknown.
    public var end: Int64?
    /// The first byte not yet durable: `[start, next)` is on stable storage.
    public var next: Int64

    /// Creates a segment record.
    public init(downloadId: Int64, start: Int64, end: Int64?, next: Int64) {
        self.downloadId = downloadId
        self.start = start
        self.end = end
        self.next = next
    }
}
