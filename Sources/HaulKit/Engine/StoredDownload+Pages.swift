import Foundation
import HaulCore

extension HaulClient {
    /// One page of `storedDownloadsBlocking()`: up to `limit` downloads with an id above `id`, in the order they
    /// were added, only those in `states` when given. For listings that print as they read (`haul list`).
    package func storedDownloadsBlocking(after id: Int64, limit: Int, states: Set<DownloadState>?) throws -> [StoredDownload] {
        try store.records(after: id, limit: limit, states: states.map { Set($0.map(\.rawValue)) }).map(stored)
    }

    /// The file each stored download writes, by id (no other column read).
    package func storedFilePathsBlocking() throws -> [Int64: String] {
        try store.filePaths()
    }
}
