import Foundation

// Download ids as bare `Int64`s: the spelling before `DownloadID` (issue #57), kept for the commands and lookups an
// app uses most, so that an id it stored as a number still compiles, with a warning that names the replacement.
// Each forwards to the `DownloadID` method. Disfavoured, so that a literal (`manager.pause(42)`) means the
// `DownloadID` one. The rest of the API (events, snapshots, `add`'s result) gives `DownloadID`s only.

extension DownloadManager {
    /// `pause(_:)` with the id as a number.
    @available(*, deprecated, message: "pass a DownloadID: DownloadID(rawValue: id)")
    @_disfavoredOverload
    public func pause(_ id: Int64) async throws {
        try await pause(DownloadID(rawValue: id))
    }

    /// `resume(_:)` with the id as a number.
    @available(*, deprecated, message: "pass a DownloadID: DownloadID(rawValue: id)")
    @_disfavoredOverload
    public func resume(_ id: Int64) async throws {
        try await resume(DownloadID(rawValue: id))
    }

    /// `cancel(_:)` with the id as a number.
    @available(*, deprecated, message: "pass a DownloadID: DownloadID(rawValue: id)")
    @_disfavoredOverload
    public func cancel(_ id: Int64) async throws {
        try await cancel(DownloadID(rawValue: id))
    }

    /// `remove(_:deletingFile:)` with the id as a number.
    @available(*, deprecated, message: "pass a DownloadID: DownloadID(rawValue: id)")
    @_disfavoredOverload
    public func remove(_ id: Int64, deletingFile: Bool = false) async throws {
        try await remove(DownloadID(rawValue: id), deletingFile: deletingFile)
    }

    /// `snapshot(_:)` with the id as a number.
    @available(*, deprecated, message: "pass a DownloadID: DownloadID(rawValue: id)")
    @_disfavoredOverload
    public func snapshot(_ id: Int64) -> DownloadSnapshot? {
        snapshot(DownloadID(rawValue: id))
    }

    /// `task(_:)` with the id as a number.
    @available(*, deprecated, message: "pass a DownloadID: DownloadID(rawValue: id)")
    @_disfavoredOverload
    public func task(_ id: Int64) -> DownloadTask? {
        task(DownloadID(rawValue: id))
    }

    /// `events(for:)` with the id as a number.
    @available(*, deprecated, message: "pass a DownloadID: DownloadID(rawValue: id)")
    @_disfavoredOverload
    public func events(for id: Int64) -> ManagerEvents {
        events(for: DownloadID(rawValue: id))
    }
}

extension HaulClient {
    /// `storedDownload(id:)` with the id as a number.
    @available(*, deprecated, message: "pass a DownloadID: DownloadID(rawValue: id)")
    @_disfavoredOverload
    public func storedDownload(id: Int64) async throws -> StoredDownload? {
        try await storedDownload(id: DownloadID(rawValue: id))
    }
}
