import Foundation
import GRDB

/// How far each unfinished HLS stream is written (docs/hls.md, "Resume"), one row per `.part` file: the pieces
/// at its start that are in the file and flushed, their byte count, and the plan's fingerprint they belong to.
extension DownloadStore {
    /// The saved point of the stream writing `partPath`.
    struct HLSStreamPoint: Equatable, Sendable {
        var url: String
        var fingerprint: String
        var piecesWritten: Int
        var bytesWritten: Int64
    }

    func hlsStreamPoint(partPath: String) throws -> HLSStreamPoint? {
        try read { db in
            try Row.fetchOne(
                db, sql: "SELECT url, fingerprint, piecesWritten, bytesWritten FROM hlsStream WHERE partPath = ?", arguments: [partPath]
            ).map { HLSStreamPoint(url: $0["url"], fingerprint: $0["fingerprint"], piecesWritten: $0["piecesWritten"], bytesWritten: $0["bytesWritten"]) }
        }
    }

    /// Records a point; called only after the bytes it counts are flushed to the `.part` file.
    func saveHLSStreamPoint(_ point: HLSStreamPoint, partPath: String) throws {
        try write { db in
            try db.execute(
                sql: """
                    INSERT INTO hlsStream (partPath, url, fingerprint, piecesWritten, bytesWritten) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT(partPath) DO UPDATE SET url = excluded.url, fingerprint = excluded.fingerprint,
                        piecesWritten = excluded.piecesWritten, bytesWritten = excluded.bytesWritten
                    """,
                arguments: [partPath, point.url, point.fingerprint, point.piecesWritten, point.bytesWritten]
            )
        }
    }

    /// Forgets the stream writing `partPath` (it finished, or starts over).
    func forgetHLSStream(partPath: String) throws {
        try write { db in try db.execute(sql: "DELETE FROM hlsStream WHERE partPath = ?", arguments: [partPath]) }
    }
}
