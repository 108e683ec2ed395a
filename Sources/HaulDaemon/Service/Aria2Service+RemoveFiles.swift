import Foundation
import HaulCore
import HaulKit

extension Aria2Service {
    /// `haul.removeDownloadAndFile(token, gid)`: forgets a stopped, paused or failed download and deletes its file
    /// (a completed one's) or its partial file (a paused or failed one's). aria2 has no such method (asked for since
    /// 2016): its `removeDownloadResult` leaves files behind.
    ///
    /// Only inside the allowed directories (`--allow-dir`, symlinks resolved): a download whose file lies elsewhere
    /// (one `haul get` wrote into another directory, kept in the shared state database) is refused, and nothing is
    /// deleted. An active or waiting download is refused: pause it first, so that nothing writes while it goes.
    package func removeDownloadAndFile(_ gid: String) async throws(CommandRefusal) {
        let download = try await download(gid)
        if let status = await refusal(of: .forgetWithFile, download) {
            throw CommandRefusal("GID \(GID(download.id)) is \(status.rawValue): pause it before removing it with its file")
        }
        if download.status == .removed {
            // aria2.remove already deleted its partial file; only the result is left.
            removed[download.id] = nil
            removedOrder.removeAll { $0 == download.id }
            return
        }
        let directory = DirectoryResolver.resolve((download.path as NSString).deletingLastPathComponent)
        guard directories.contains(directory) else {
            throw CommandRefusal("GID \(GID(download.id)): \(download.path) is outside the allowed directories (\(directories.allowed.joined(separator: ", "))): nothing was deleted")
        }
        // A completed download's file goes with `deletingFile`; an unfinished one is cancelled, which deletes its
        // partial file (`DownloadManager.remove`).
        try await perform { try await manager.remove(DownloadID(download.id), deletingFile: download.status == .complete) }
    }
}
