import Foundation
import HaulCore

/// A download as the state database holds it: what a listing shows, whichever process runs it.
///
/// A value copied out of the store, so that a listing never holds the database; the store's own records stay
/// internal (their columns are not an API).
public struct StoredDownload: Sendable, Hashable {
    /// The database id (`DownloadManager`'s and `DownloadTask`'s `id`).
    public var id: DownloadID
    /// The URL asked for.
    public var url: URL
    /// The URL the last response came from, after redirects (`nil` before the first response).
    public var finalURL: URL?
    /// The file (complete, or the file it will be once complete), a file URL.
    public var destination: URL
    /// The stored state.
    public var state: DownloadState
    /// Whether a process is downloading it now: stored as `downloading` and its `.part` file is locked. A
    /// `downloading` download that is not running was interrupted (its process stopped) and resumes when restored.
    public var isRunning: Bool
    /// Bytes held: the whole length when completed, the running process's last published count while running (once
    /// it published one), else the durable bytes of its segments.
    public var bytesDone: Int64
    /// The complete length, when known.
    public var totalBytes: Int64?
    /// Bytes per second, as the running process last published it (0 when not running).
    public var speed: Double
    /// Why it failed; `nil` unless `failed`.
    public var errorMessage: String?
    /// Higher runs first.
    public var priority: Int
    /// The strong validators the held bytes were fetched under (rule 5): a resume uses them only while the server
    /// still says the same.
    public var etag: String?
    /// The `Last-Modified` date the held bytes were fetched under, as the server sent it (see `etag`).
    public var lastModified: String?
}

extension HaulClient {
    /// The state database's file (`haul.sqlite` in the state directory; SQLite keeps `-wal` beside it): for the
    /// daemon, which watches it for downloads other processes add.
    package var databasePath: String { store.path }

    /// Every download in the state database, in the order they were added. Read on the client's own queue, off
    /// the caller's executor.
    ///
    /// - Throws: `.io` when the database cannot be read.
    public func storedDownloads() async throws -> [StoredDownload] {
        try await onStoreQueue { try self.storedDownloadsBlocking() }
    }

    /// `storedDownloads()` on the caller's thread (`haul`'s commands).
    package func storedDownloadsBlocking() throws -> [StoredDownload] {
        try store.all().map(stored)
    }

    /// The state of every stored download, by id: a cheap look (one query) for a program that only needs to know
    /// which downloads exist, such as a daemon taking up what other processes added.
    package func storedStates() throws -> [Int64: DownloadState] {
        try store.states()
    }

    /// The ids and states of the downloads stored after id `id`, in id order (ids only grow): what is new since a
    /// look that saw up to `id`, read through the primary key whatever the store's size.
    package func storedStates(after id: Int64) throws -> [(id: Int64, state: DownloadState)] {
        try store.states(after: id)
    }

    /// The largest id stored (0 for none): the watermark of a look at what is new (`storedStates(after:)`).
    package func largestStoredID() throws -> Int64 {
        try store.largestID()
    }

    /// The byte ranges of download `id` that its last checkpoint counts as written, in file order (empty when
    /// none or when the download is complete: a completed download keeps no segments).
    package func heldRanges(id: Int64) throws -> [Range<Int64>] {
        try store.segments(of: id).filter { $0.next > $0.start }.map { $0.start..<$0.next }
    }

    /// The stored download `id`, or `nil` when there is none. Read on the client's own queue.
    ///
    /// - Throws: `.io` when the database cannot be read.
    public func storedDownload(id: DownloadID) async throws -> StoredDownload? {
        try await onStoreQueue { try self.storedDownloadBlocking(id: id.rawValue) }
    }

    /// `storedDownload(id:)` on the caller's thread.
    package func storedDownloadBlocking(id: Int64) throws -> StoredDownload? {
        try store.record(id: id).map(stored)
    }

    /// The unfinished download that writes `destination` (through `destination.part`), or `nil`: what the same
    /// request, made again, will resume.
    ///
    /// Read on the client's own queue.
    ///
    /// - Parameter destination: The file, a file URL.
    /// - Throws: `.io` when the database cannot be read.
    public func unfinishedDownload(writing destination: URL) async throws -> StoredDownload? {
        try await onStoreQueue { try self.unfinishedDownloadBlocking(writing: destination) }
    }

    /// `unfinishedDownload(writing:)` on the caller's thread.
    package func unfinishedDownloadBlocking(writing destination: URL) throws -> StoredDownload? {
        try store.unfinished(partPath: destination.path + ".part").map(stored)
    }

    /// The newest unfinished download of `url` whose `.part` file is in `directory` and exists, or `nil`: for a
    /// `destination` a file holds, the download the same request takes up under the numbered name an earlier run
    /// chose (`DestinationPlanner`).
    ///
    /// - Throws: `.io` when the database cannot be read.
    package func unfinishedDownload(of url: URL, in directory: URL) throws -> StoredDownload? {
        let folder = directory.standardizedFileURL.path
        return try store.unfinished(url: url.absoluteString).first { record in
            URL(fileURLWithPath: record.partPath).deletingLastPathComponent().standardizedFileURL.path == folder
                && FileSystemSteps.isNamePresent(record.partPath)
        }.map(stored)
    }

    /// Changes the options stored with download `id` (connections, rate limit, ...): they apply from its next
    /// run on. Does nothing when the download or its options are gone. For `haul resume -x`.
    package func changeStoredRequest(of id: Int64, _ change: (inout DownloadRequest) -> Void) throws {
        guard let record = try store.record(id: id),
            var request = try? JSONDecoder().decode(DownloadRequest.self, from: Data(record.optionsJSON.utf8))
        else { return }
        change(&request)
        try store.saveOptions(Self.encode(request), of: id)
    }

    func stored(_ record: DownloadRecord) -> StoredDownload {
        let id = record.id!
        let state = record.downloadState
        let destination = record.destination ?? String(record.partPath.dropLast(".part".count))
        let running = state == .downloading && PartFile.isLocked(record.partPath)
        let bytes: Int64
        switch state {
        case .completed:
            bytes = record.totalBytes ?? FileSystemSteps.size(of: destination) ?? 0
        case _ where running && record.bytesDone > 0:
            bytes = record.bytesDone
        default:
            // Also a run that has not published a count yet (it has just started, from what its segments hold).
            bytes = ((try? store.segments(of: id)) ?? []).reduce(0) { $0 + ($1.next - $1.start) }
        }
        return StoredDownload(
            id: DownloadID(id), url: URL(string: record.url) ?? URL(string: "http://invalid/")!, finalURL: record.finalURL.flatMap { URL(string: $0) },
            destination: URL(fileURLWithPath: destination, isDirectory: false), state: state, isRunning: running,
            bytesDone: bytes, totalBytes: record.totalBytes, speed: running ? record.speed : 0,
            errorMessage: state == .failed ? (record.errorMessage ?? "failed") : nil,
            priority: record.priority, etag: record.etag, lastModified: record.lastModified
        )
    }

    /// Forgets every completed download (their files stay). Written on the client's own queue.
    ///
    /// - Returns: how many records were removed.
    /// - Throws: `.io` when the database cannot be written.
    @discardableResult
    public func removeCompletedRecords() async throws -> Int {
        try await onStoreQueue { try self.removeCompletedRecordsBlocking() }
    }

    /// `removeCompletedRecords()` on the caller's thread.
    @discardableResult
    package func removeCompletedRecordsBlocking() throws -> Int {
        try store.deleteCompleted()
    }
}
