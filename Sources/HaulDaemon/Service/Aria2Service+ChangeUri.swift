import Foundation
import HaulCore
import HaulKit

extension Aria2Service {
    /// `aria2.changeUri(gid, fileIndex, delUris, addUris[, position])`: a refreshed link for a waiting, paused,
    /// active or failed download; answers `[deleted, added]`.
    ///
    /// A Haul download has one URL (aria2's several URIs are mirrors; Haul never mixes two servers' bytes). So the
    /// URIs in `delUris` equal to it count as deleted, and the first usable URI of `addUris` becomes the source
    /// (added: 1). Deleting the only URL without giving another is refused: the download would have no source.
    /// An active or waiting download is paused, pointed at the new URL (`DownloadManager.changeSource`), and queued
    /// again; a paused or failed one stays as it was. The bytes held are kept when the new URL serves the same
    /// version and dropped when it does not: the engine's validator check on resume decides, as for any resume.
    package func changeURIs(_ command: ChangeURIs) async throws(CommandRefusal) -> (deleted: Int, added: Int) {
        let download = try await download(command.gid)
        guard command.fileIndex == 1 else {
            throw CommandRefusal("fileIndex \(command.fileIndex) is not found: a Haul download has one file (index 1)")
        }
        let deleted = command.delete.filter { $0 == download.url }.count
        let newURL = command.add.lazy.compactMap(DownloadURLRule.url).first
        if let first = command.add.first, newURL == nil {
            throw CommandRefusal(DownloadURLRule.refusal(of: first) ?? first)
        }
        guard let newURL else {
            if deleted > 0 {
                throw CommandRefusal("GID \(GID(download.id)) has one URL; give the new one in addUris to replace it")
            }
            return (0, 0)
        }
        // A queued or running download is paused first, changed, and queued again.
        let restart = await refusal(of: .pause, download) == nil
        if !restart, let status = await refusal(of: .changeSource, download) {
            throw CommandRefusal("GID \(GID(download.id)) is \(status.rawValue): only waiting, paused, active or failed downloads can change their URL")
        }
        try await perform {
            if restart { try await manager.pause(DownloadID(download.id)) }
            if await manager.snapshot(DownloadID(download.id))?.state == .completed { return }  // finished while pausing
            try await manager.changeSource(of: DownloadID(download.id), to: newURL)
            if restart { try await manager.resume(DownloadID(download.id)) }
        }
        return (deleted, 1)
    }
}
