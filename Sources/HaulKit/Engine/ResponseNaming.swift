import Foundation
import HaulCore

/// Where a response head says the file goes: its name (`Content-Disposition`, when the request asks for it) and its
/// directory (folder rules, by that name and the Content-Type).
enum ResponseNaming {
    /// Adopts both into `record.destination` and says so once (`.named`). A name taken is looked at only in the
    /// directory the file ends in: the folder rules' when they move it, else the one it was placed in.
    ///
    /// - Returns: whether the destination changed; the caller stores it with the next checkpoint.
    /// - Throws: what `FolderRuleMove.adopt` and `ContentDispositionNaming.adopt` throw.
    static func adopt(
        _ head: ResponseHead, request: DownloadRequest, record: inout DownloadRecord, emit: (DownloadUpdate) -> Void
    ) throws -> Bool {
        let serverName = ContentDispositionNaming.proposedName(head, request: request, record: record)
        let changed = try FolderRuleMove.adopt(head, request: request, record: &record, serverName: serverName)
            || ContentDispositionNaming.adopt(head, request: request, record: &record)
        guard changed, let path = record.destination else { return false }
        emit(.named(file: URL(fileURLWithPath: path, isDirectory: false)))
        return true
    }
}
