import Foundation
import HaulArchive
import HaulCore
import NIOConcurrencyHelpers

/// The entry point of the library: starts downloads, finds unfinished ones again, and fetches small files.
///
/// ```swift
/// let haul = try HaulClient(configuration: HaulConfiguration())
/// let task = try await haul.download(DownloadRequest(url: url, destination: URL(fileURLWithPath: "/tmp/big.iso")))
/// for try await update in task.updates { print(update) }   // ends when it completes; throws why it did not
/// try await haul.shutdown()
/// ```
public final class HaulClient: Sendable {
    /// The settings in force.
    public let configuration: HaulConfiguration
    /// The state database (internal: its records are not an API; `storedDownloads()` lists them).
    let store: DownloadStore
    let transport: any Transport
    /// The per-host connection budget every download of this client shares.
    let hostBudgets: HostBudgetBook
    /// Set by `shutdown()`: from then on every call that would start a transfer throws.
    private let isShutDown = NIOLockedValueBox(false)
    /// Where the public calls that read or write the state database run (`onStoreQueue`), one after another, off
    /// the caller's executor.
    let storeCalls = DispatchQueue(label: "HaulKit.HaulClient.store")

    /// Opens the state database and a connection pool.
    ///
    /// - Throws: `.usage` for a configuration value that cannot work (`HaulConfiguration.validate()`: a timeout that
    ///   is not positive, `intervals.progress` under 10 ms, a retry policy or lowest speed out of range); `.io` when
    ///   the state database cannot be opened.
    public convenience init(configuration: HaulConfiguration = HaulConfiguration()) throws {
        try configuration.validate()
        try self.init(configuration: configuration, transport: HTTPTransport(configuration: configuration))
    }

    /// Opens the state database (unless `store`, one opened early for it, is given) and sends every request
    /// through `transport` (tests pass a scripted one).
    init(configuration: HaulConfiguration, transport: any Transport, store: DownloadStore? = nil) throws {
        try configuration.validate()
        self.configuration = configuration
        self.store = try store ?? DownloadStore(directory: configuration.stateDirectory.path, memoClock: configuration.clock.monotonic)
        self.transport = transport
        self.hostBudgets = HostBudgetBook(store: self.store, policy: configuration.hostBudgetPolicy)
    }

    /// A client over a run's own store, transport and host budgets (no new ones): what a stream in the queue
    /// fetches its playlist, keys and segments through (`StreamTransfer`).
    init(sharing context: TransferContext) {
        self.configuration = context.configuration
        self.store = context.store
        self.transport = context.transport
        self.hostBudgets = context.hostBudgets
    }

    /// The bandwidth limits: a global one (`setGlobalLimit`) and one per download (`DownloadRequest.maxBytesPerSecond`,
    /// `DownloadTask.setRateLimit`).
    public var bandwidth: BandwidthLimiter { transport.bandwidth }

    /// Closes every connection and puts what the downloads committed to the state database on stable storage (one
    /// `fdatasync` of its write-ahead log, when anything was written). Call it once, after the last download.
    ///
    /// The flush is here, in the caller's order, and not only when the store is released: the last reference to the
    /// store may go on another thread while the process is already exiting.
    ///
    /// - Throws: `.io` naming the log when it cannot be flushed (docs/http-rules.md, rule 19: a failed flush is
    ///   reported, never taken for success). The files of completed downloads are not at stake, each was flushed
    ///   before its record was written (rule 18); what a power cut may then take is this run's newest records
    ///   (a completion, the progress since the last checkpoint). The connections are closed either way.
    ///
    /// After it, `download`, `prepare` and `fetch` throw `.usage` at the call (as AsyncHTTPClient's
    /// `alreadyShutdown`) instead of returning something that fails later. A second call does nothing more than
    /// flush again.
    public func shutdown() async throws {
        isShutDown.withLockedValue { $0 = true }
        await transport.shutdown()
        try await onStoreQueue { try self.store.flushLog() }
    }

    /// Starts a download, or resumes the unfinished one of the same URL that writes to the same `.part` file, or
    /// gives back the same URL's completed download (see `prepare`).
    ///
    /// - Throws: what `prepare` throws.
    public func download(_ request: DownloadRequest) async throws -> DownloadTask {
        try checkOpen()
        let task = try await prepare(request)
        if await task.state == .completed {
            await task.settleAlreadyComplete()
            return task
        }
        try await task.start()
        return task
    }

    /// Creates (or finds) the record for a download without starting it.
    ///
    /// Where it goes follows `request.onConflict` (`DestinationPlanner`): the task's `destination` is the name
    /// chosen. The same URL at the same name gives the same download back, a completed one included (its
    /// `state` is then `.completed` and `start()` does nothing).
    ///
    /// The destination is the file's own path, in a directory that exists: the library creates no directory an
    /// app named (a typo would scatter files), only the one a folder rule chose; both mistakes are refused here,
    /// at the call, rather than when the first byte is written.
    ///
    /// - Throws: `.fileExists` for a file in the way (policy `.fail`), or a destination that is a directory (no
    ///   remedy: no policy replaces a directory); `.io` when the destination's directory does not exist;
    ///   `.destinationInUse` when another unfinished download writes the destination (never touched: policies
    ///   `.fail` and `.overwrite`); `.usage` for a bad request or once `shutdown()` was called; `.io`.
    ///
    /// A request with folder rules is placed first (`DownloadRequest.placedByFolderRules()`), and the rule's
    /// directory created when missing.
    ///
    /// The database work runs on the client's own queue, never on the caller's executor (the main actor stays
    /// free while another process holds the database's write lock).
    public func prepare(_ request: DownloadRequest) async throws -> DownloadTask {
        try await prepare(request, paused: false)
    }

    /// `prepare`; with `paused`, a new record is stored `paused` (a paused add, `DownloadManager.add(paused:)`, is
    /// then one write transaction, not an insert and a state change).
    func prepare(_ request: DownloadRequest, paused: Bool) async throws -> DownloadTask {
        try checkOpen()
        return try await onStoreQueue { try self.prepareBlocking(request, paused: paused) }
    }

    /// `prepare` on the caller's thread: for the manager (an actor of its own) and `haul`'s synchronous paths.
    package func prepareBlocking(_ request: DownloadRequest, paused: Bool = false) throws -> DownloadTask {
        try checkOpen()
        let request = request.placedByFolderRules()
        try Self.checkPreparable(request, bypass: configuration.proxies.bypass)
        try Self.createPlacedDirectory(of: request)
        try Self.checkDestinationDirectory(of: request)
        return try preparedDownloads([request], paused: [paused])[0].get().task(of: self)
    }

    /// `prepare` for each of `requests`, with every record written in one transaction (`DownloadStore.claim`):
    /// the list of a `haul -i` run costs one set of log locks instead of one per download. A request that cannot
    /// be prepared (its destination refused, for one) fails alone; a failure of the store fails every request it
    /// would have stored.
    ///
    /// The tasks are not made here (`PreparedDownload.task`): a paused add held by a queue needs none until it
    /// starts or is asked for (`DownloadManager.add(prepared:)`).
    func prepareAll(_ requests: [DownloadRequest], paused: [Bool] = []) -> [Result<PreparedDownload, any Error>] {
        let requests = requests.map { $0.placedByFolderRules() }
        // The directories found in this batch: a list into one directory looks at it once, not once per file.
        var directories: Set<String> = []
        var results: [Result<PreparedDownload, any Error>?] = requests.map { request in
            do {
                try Self.checkPreparable(request, bypass: configuration.proxies.bypass)
                try Self.createPlacedDirectory(of: request)
                try Self.checkDestinationDirectory(of: request, found: &directories)
                return nil
            } catch {
                return .failure(error)
            }
        }
        let valid = results.indices.filter { results[$0] == nil }
        do {
            let tasks = try preparedDownloads(valid.map { requests[$0] }, paused: valid.map { paused.indices.contains($0) && paused[$0] })
            for (index, task) in zip(valid, tasks) { results[index] = task.mapError { $0 } }
        } catch {
            for index in valid { results[index] = .failure(error) }
        }
        return results.map { $0! }
    }

    /// Throws `.usage` once `shutdown()` has been called.
    func checkOpen() throws {
        if isShutDown.withLockedValue({ $0 }) {
            throw HaulError(.usage, "the HaulClient has been shut down; create a new one to start downloads")
        }
    }

    /// What makes a request unpreparable before the store is touched: a URL that is not http(s), a destination
    /// that is not a file URL, a proxy that cannot be parsed, a destination that exists (without `overwrite`).
    static func checkPreparable(_ request: DownloadRequest, bypass: NoProxyList) throws {
        if let refusal = DownloadURLRule.refusal(of: request.url) { throw HaulError(.usage, refusal) }
        guard request.destination.isFileURL else {
            throw HaulError(.usage, "the destination \(request.destination.absoluteString) is not a file URL")
        }
        // Checked here rather than trapped in `DownloadRequest.init`: these come from users (a text field, a flag).
        if let problem = request.connectionCount.problem(named: "connections") { throw HaulError(.usage, problem) }
        _ = try BandwidthLimiter.checkedLimit(request.maxBytesPerSecond)
        guard request.minimumSplitSize > 0 else {
            throw HaulError(.usage, "the minimum split size must be positive, not \(request.minimumSplitSize)")
        }
        _ = try request.proxyRules(bypass: bypass)
        // A file in the way is `DestinationPlanner`'s to decide (inside the store's transaction); what cannot be
        // decided there is a destination that `overwrite` would rename the finished file over but must not: a
        // device, a pipe or a directory (`-o /dev/stdout`) would lose its name to a file, or fail only after the
        // whole download.
        if request.onConflict == .overwrite, !request.nameFromContentDisposition, FileSystemSteps.exists(request.destinationPath),
            !FileSystemSteps.isRegularFile(request.destinationPath)
        {
            throw HaulError(.fileExists, "\(request.destinationPath) is not a regular file; onConflict .overwrite replaces only regular files")
        }
    }

    /// The destination names the file itself, in a directory that exists: a destination that is a directory is
    /// refused (`.fileExists`, with no remedy: no conflict policy replaces a directory), and so is one whose
    /// directory does not exist (`.io`), at the call rather than when the first byte is written. The library does
    /// not create a directory an app named (a typo would scatter files); it creates only the one a folder rule
    /// chose (`createPlacedDirectory`).
    static func checkDestinationDirectory(of request: DownloadRequest) throws {
        var found: Set<String> = []
        try checkDestinationDirectory(of: request, found: &found)
    }

    /// `checkDestinationDirectory(of:)`, where a directory in `found` was found a moment ago (in the same batch)
    /// and is not looked at again; a directory found now is added to it.
    static func checkDestinationDirectory(of request: DownloadRequest, found: inout Set<String>) throws {
        let path = request.destinationPath
        if !request.nameFromContentDisposition, FileSystemSteps.isDirectory(path) {
            let example = request.url.lastPathComponent.isEmpty || request.url.lastPathComponent == "/" ? "file" : request.url.lastPathComponent
            throw HaulError(.fileExists, "\(path) is not a regular file but a directory: the destination names the file itself, such as \(path)/\(example)")
        }
        let directory = FileSystemSteps.parentDirectory(of: path)
        guard found.contains(directory) || FileSystemSteps.isDirectory(directory) else {
            throw HaulError(.io, "the directory \(directory) of the destination \(path) does not exist; create it first")
        }
        found.insert(directory)
    }

    /// Creates the directory a folder rule placed `request` in, as `-d` creates its own.
    private static func createPlacedDirectory(of request: DownloadRequest) throws {
        guard request.isPlacedElsewhere else { return }
        try FileSystemSteps.createDirectories(FileSystemSteps.parentDirectory(of: request.destinationPath))
    }

    /// The records of `requests`, in one transaction, and their requests, where `DestinationPlanner` sends each: an
    /// unfinished download of the same URL at the chosen name is taken up (with the new options; a failed one
    /// loses its error), a completed one given back; another download's record and `.part` are never touched.
    /// - Parameter paused: per request, whether a new record is stored `paused` rather than `queued`.
    private func preparedDownloads(_ requests: [DownloadRequest], paused: [Bool]) throws -> [Result<PreparedDownload, HaulError>] {
        let now = Date().timeIntervalSince1970
        let encoder = JSONEncoder()
        let claims = requests.indices.map { index -> DownloadStore.Claim in
            let request = requests[index]
            let state: DownloadState = paused.indices.contains(index) && paused[index] ? .paused : .queued
            let destination = request.destinationPath  // decoded from the URL once, not twice (`partPath`)
            return DownloadStore.Claim(
                record: DownloadRecord(
                    id: nil,
                    url: request.url.absoluteString,
                    finalURL: nil,
                    destination: destination,
                    partPath: destination + ".part",
                    etag: nil,
                    lastModified: nil,
                    lastModifiedIsStrong: false,
                    totalBytes: nil,
                    state: state.rawValue,
                    errorMessage: nil,
                    priority: 0,
                    optionsJSON: Self.encode(request, with: encoder),
                    createdAt: now,
                    updatedAt: now
                ),
                policy: request.onConflict,
                takesUpSame: request.takesUpSameDownload,
                options: { destination in
                    var moved = request
                    moved.destinationPath = destination
                    return Self.encode(moved)
                }
            )
        }
        let rows = try store.claim(claims) { existing, new in
            var record = existing
            record.optionsJSON = new.optionsJSON
            record.destination = existing.destination ?? new.destination
            if existing.downloadState == .failed { record.errorMessage = nil }
            return record
        }
        return zip(requests, rows).map { request, row in
            row.map { PreparedDownload(record: $0.record, request: request, destination: $0.destination, isNew: $0.isNew) }
        }
    }

    /// The task for a stored record, with the request its options describe (or a plain one if they are unreadable).
    /// - Parameter heldBytes: what its segments hold, when the caller read it for many downloads at once
    ///   (`DownloadStore.heldBytesByDownload`; `.some(nil)`: no segments); `nil`: the task reads them.
    /// Counts the stored requests decoded in this process (`task(for:)`, `DownloadStore.requests(of:)`): a test
    /// checks that a restored queue decodes none until a download starts or its details are asked for.
    package static let decodedRequests = NIOLockedValueBox(0)

    /// A task for a stored download, its request decoded from the record's options; `keeper`, when given, holds it
    /// from the start (`DownloadManager` making the task of a download it already holds).
    func task(for record: DownloadRecord, heldBytes: Int64?? = nil, keptBy keeper: (any DownloadStateKeeper)? = nil) -> DownloadTask {
        Self.decodedRequests.withLockedValue { $0 += 1 }
        let request = (try? JSONDecoder().decode(DownloadRequest.self, from: Data(record.optionsJSON.utf8)))
            ?? DownloadRequest(
                url: URL(string: record.url) ?? URL(string: "http://invalid/")!,
                destination: URL(fileURLWithPath: record.destination ?? String(record.partPath.dropLast(".part".count)), isDirectory: false)
            )
        return DownloadTask(
            record: record, request: request, store: store, transport: transport, hostBudgets: hostBudgets,
            configuration: configuration, heldBytes: heldBytes, keeper: keeper)
    }

    /// The record's `optionsJSON` of `request`: written directly (`StoredOptionsText`), or by `JSONEncoder` for a
    /// request with cookies, piece hashes or folder rules; a batch passes one `encoder` for all of its requests.
    static func encode(_ request: DownloadRequest, with encoder: JSONEncoder? = nil) -> String {
        if let text = StoredOptionsText.text(of: request) { return text }
        return (try? String(decoding: (encoder ?? JSONEncoder()).encode(request), as: UTF8.self)) ?? "{}"
    }
}
