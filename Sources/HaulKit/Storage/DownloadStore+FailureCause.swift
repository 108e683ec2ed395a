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
    /// The stored cause of download `id`'s failure, or `nil` when it is not failed or failed before causes were
    /// stored (an unknown kind reads as none).
    func failureCause(of id: Int64) throws -> FailureCause? {
        try read { db in
            guard let row = try Row.fetchOne(
                db, sql: "SELECT errorKind, errorStatus FROM download WHERE id = ? AND state = ?",
                arguments: [id, DownloadState.failed.rawValue]
            ), let kind = (row["errorKind"] as String?).flatMap(HaulError.Kind.init(rawValue:)) else { return nil }
            return FailureCause(kind: kind, httpStatus: row["errorStatus"])
        }
    }
}

extension HaulClient {
    /// Why the stored download `id` failed, as an error of its kind with its message and HTTP status; `nil` when
    /// it is not failed. A failure stored before kinds were kept is `.internalError` with its message.
    package func storedFailure(id: Int64) throws -> HaulError? {
        guard let record = try store.record(id: id), record.downloadState == .failed else { return nil }
        let cause = try store.failureCause(of: id)
        return HaulError(cause?.kind ?? .internalError, record.errorMessage ?? "failed", httpStatus: cause?.httpStatus)
    }
}
