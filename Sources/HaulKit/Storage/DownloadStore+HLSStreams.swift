import Foundation
import GRDB
import HaulCore

/// How far each unfinished HLS stream is written (docs/hls.md, "Resume"), one row per `.part` file: the pieces
/// at its start that are in the file and flushed, their byte count, the plan's fingerprint they belong to, and the
/// version of each byte-range resource the saved pieces were cut from (column `resourceVersions`, JSON, added by
/// migration v12; a row from before has none, so its byte-range stream starts over: `HLSByteRangeResume`).
extension DownloadStore {
    /// The saved point of the stream writing `partPath`.
    struct HLSStreamPoint: Equatable, Sendable {
        var url: String
        var fingerprint: String
        var piecesWritten: Int
        var bytesWritten: Int64
        /// The version of each `EXT-X-BYTERANGE` resource the saved pieces came from, by URL.
        var resourceVersions: [String: ResourceIdentity] = [:]
    }

    func hlsStreamPoint(partPath: String) throws -> HLSStreamPoint? {
        try read { db in
            try Row.fetchOne(
                db, sql: "SELECT url, fingerprint, piecesWritten, bytesWritten, resourceVersions FROM hlsStream WHERE partPath = ?",
                arguments: [partPath]
            ).map {
                HLSStreamPoint(
                    url: $0["url"], fingerprint: $0["fingerprint"], piecesWritten: $0["piecesWritten"], bytesWritten: $0["bytesWritten"],
                    resourceVersions: StoredResourceVersion.decode($0["resourceVersions"]))
            }
        }
    }

    /// Records a point; called only after the bytes it counts are flushed to the `.part` file.
    func saveHLSStreamPoint(_ point: HLSStreamPoint, partPath: String) throws {
        let versions = try StoredResourceVersion.encode(point.resourceVersions)
        try write { db in
            try db.execute(
                sql: """
                    INSERT INTO hlsStream (partPath, url, fingerprint, piecesWritten, bytesWritten, resourceVersions)
                    VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT(partPath) DO UPDATE SET url = excluded.url, fingerprint = excluded.fingerprint,
                        piecesWritten = excluded.piecesWritten, bytesWritten = excluded.bytesWritten,
                        resourceVersions = excluded.resourceVersions
                    """,
                arguments: [partPath, point.url, point.fingerprint, point.piecesWritten, point.bytesWritten, versions]
            )
        }
    }

    /// Stores the file a stream's run chose (`HLSDownload.finalPath`) as download `id`'s destination.
    func setDestination(_ path: String, of id: Int64) throws {
        try write { db in
            try db.execute(
                sql: "UPDATE download SET destination = ?, updatedAt = ? WHERE id = ?", arguments: [path, Date().timeIntervalSince1970, id])
        }
    }

    /// Forgets the stream writing `partPath` (it finished, or starts over).
    func forgetHLSStream(partPath: String) throws {
        try write { db in try db.execute(sql: "DELETE FROM hlsStream WHERE partPath = ?", arguments: [partPath]) }
    }
}

/// One resource's version as the `resourceVersions` column holds it (a JSON array of these).
private struct StoredResourceVersion: Codable {
    var url: String
    var entityTag: String?
    var lastModified: String?
    var lastModifiedIsStrong: Bool
    var totalLength: Int64?

    static func encode(_ versions: [String: ResourceIdentity]) throws -> String {
        let rows = versions.sorted { $0.key < $1.key }.map { url, identity in
            StoredResourceVersion(
                url: url, entityTag: identity.entityTag?.rawValue, lastModified: identity.lastModified,
                lastModifiedIsStrong: identity.lastModifiedIsStrong, totalLength: identity.totalLength)
        }
        return String(decoding: try JSONEncoder().encode(rows), as: UTF8.self)
    }

    /// The versions in `text`; none when there is no text (a row from before they were kept) or it does not read.
    static func decode(_ text: String?) -> [String: ResourceIdentity] {
        guard let text, let rows = try? JSONDecoder().decode([StoredResourceVersion].self, from: Data(text.utf8)) else { return [:] }
        var versions: [String: ResourceIdentity] = [:]
        for row in rows {
            versions[row.url] = ResourceIdentity(
                entityTag: row.entityTag.map(EntityTag.init), lastModified: row.lastModified, totalLength: row.totalLength,
                lastModifiedIsStrong: row.lastModifiedIsStrong)
        }
        return versions
    }
}
