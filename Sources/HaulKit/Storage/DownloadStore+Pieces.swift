import Foundation
import GRDB

/// The pieces of a download verified against its piece hashes (`PieceLedger`), in their own column: a resume after
/// a crash trusts them without hashing them again (only where the stored segments still cover them), and hashes
/// every other piece that has landed before trusting it.
extension DownloadStore {
    /// Replaces the verified pieces of download `id`.
    func saveVerifiedPieces(_ pieces: [Int], of id: Int64) throws {
        let text = pieces.map(String.init).joined(separator: ",")
        try write { db in
            try db.execute(sql: "UPDATE download SET verifiedPieces = ? WHERE id = ?", arguments: [text, id])
        }
    }

    /// The verified pieces of download `id` (none when nothing was recorded).
    func verifiedPieces(of id: Int64) throws -> Set<Int> {
        let text = try read { db in
            try String.fetchOne(db, sql: "SELECT verifiedPieces FROM download WHERE id = ?", arguments: [id])
        }
        return Set((text ?? "").split(separator: ",").compactMap { Int($0) })
    }
}
