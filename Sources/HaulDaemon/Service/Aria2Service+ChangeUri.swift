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
    func changeUri(_ gid: JSONValue, fileIndex: Int, delete: JSONValue, add: JSONValue, position: JSONValue?) async throws(RPCError) -> JSONValue {
        let download = try await download(gid)
        guard fileIndex == 1 else {
            throw .aria2("fileIndex \(fileIndex) is not found: a Haul download has one file (index 1)")
        }
        guard let deleteList = delete.arrayValue, deleteList.allSatisfy({ $0.stringValue != nil }),
            let addList = add.arrayValue, addList.allSatisfy({ $0.stringValue != nil })
        else {
            throw .invalidParams("aria2.changeUri: delUris and addUris must be arrays of strings")
        }
        if let position, position != .null, position.intValue == nil {
            throw .invalidParams("aria2.changeUri: position must be an integer")
        }
        let deleted = deleteList.filter { $0.stringValue == download.url }.count
        let newURL = addList.lazy.compactMap(\.stringValue).compactMap(Self.httpURL).first
        if !addList.isEmpty && newURL == nil {
            throw .aria2("aria2.changeUri: only http and https URIs are supported")
        }
        guard let newURL else {
            if deleted > 0 {
                throw .aria2("GID \(GID(download.id)) has one URL; give the new one in addUris to replace it")
            }
            return [0, 0]
        }
        guard [.active, .waiting, .paused, .error].contains(download.status) else {
            throw .aria2("GID \(GID(download.id)) is \(download.status.rawValue): only waiting, paused, active or failed downloads can change their URL")
        }
        let restart = [.active, .waiting].contains(download.status)
        try await perform {
            if restart { try await manager.pause(download.id) }
            if await manager.snapshot(download.id)?.state == .completed { return }  // finished while pausing
            try await manager.changeSource(of: download.id, to: newURL)
            if restart { try await manager.resume(download.id) }
        }
        return [.int(Int64(deleted)), 1]
    }

    static func httpURL(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            url.host?.isEmpty == false
        else { return nil }
        return url
    }
}
