import Foundation
import GRDB

/// What kind of failure a failed download had, stored beside its message (columns `errorKind`, `errorStatus`):
/// the message is for people, the kind for programs (the daemon's aria2 `errorCode`, which a restart must not turn
/// into "unknown").
package struct FailureCause: Sendable, Hashable {
    package var kind: HaulError.Kind
    /// The HTTP status behind an `.http` failure.
    package var httpStatus: Int?

    package init(kind: HaulError.Kind, httpStatus: Int? = nil) {
        self.kind = kind
        self.httpStatus = httpStatus
    }

    init(_ error: HaulError) {
        self.init(kind: error.kind, httpStatus: error.httpStatus)
    }
}

extension DownloadStore {
    /// Download `id`'s stored failure in one query: its message and its cause (`nil` when it failed before causes
    /// were stored, or with a kind this version does not know); `nil` when it is not failed.
    func failure(of id: Int64) throws -> (message: String?, cause: FailureCause?)? {
        try read { db in
            guard let row = try Row.fetchOne(
                db.cachedStatement(sql: "SELECT errorMessage, errorKind, errorStatus FROM download WHERE id = ? AND state = ?"),
                arguments: [id, DownloadState.failed.rawValue]
            ) else { return nil }
            let kind = (row["errorKind"] as String?).flatMap(HaulError.Kind.init(rawValue:))
            return (row["errorMessage"], kind.map { FailureCause(kind: $0, httpStatus: row["errorStatus"]) })
        }
    }
}
