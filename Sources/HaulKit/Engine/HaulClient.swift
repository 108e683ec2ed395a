import Foundation
import HaulArchive
import HaulCore

/// The entry point of the library: starts downloads, finds unfinished ones again, and fetches small files.
///
/// ```swift
/// let haul = try HaulClient(configuration: HaulConfiguration())
/// let task = try await haul.download(DownloadRequest(url: url, destination: URL(fileURLWithPath: "/tmp/big.iso")))
/// for try await update in task.updates { print(update) }   // ends when it completes; throws why it did not
/// await haul.shutdown()
/// ```
public final class HaulClient: Sendable {
    /// The settings in force.
    public let configuration: HaulConfiguration
    /// The state database (internal: its records are not an API; `storedDownloads()` lists them).
    let store: DownloadStore
    let transport: any Transport
    /// The per-host connection budget every download of this client shares.
    let hostBudgets: HostBudgetBook

    /// Opens the state database and a connection pool.
    public convenience init(configuration: HaulConfiguration = HaulConfiguration()) throws {
        try self.init(configuration: configuration, transport: HTTPTransport(configuration: configuration))
    }

    /// Opens the state database and a connection pool, and sends the first request of each download in
    /// `headStart` at once, while the database opens: the downloads `haul` is about to start.
    ///
    /// Start-up plumbing for `haul`, not public API: an app gains a few milliseconds once, at launch. A new
    /// download's first request is always the same GET of the whole file, so it need not wait for the store: the
    /// request and the store go on side by side, on the machine's other core (docs/benchmarks.md, "Round 6"). When
    /// the download is added and opens its first connection, it takes this response instead of sending its own;
    /// nothing else changes (the validators are checked, the record written before the first byte is, rule 18's
    /// order kept).
    ///
    /// Only a request that is certain to start that way is sent early: an http(s) URL, without a proxy, cookies
    /// or mirrors of its own, whose `.part` file does not exist (nothing to resume) and whose destination does not
    /// (or may be replaced). A response that no download takes (one that was not added, or whose first request
    /// differed) is dropped at `shutdown()`, closing its connection. Give only the downloads that start right
    /// away: as many as run at once.
    ///
    /// A plain `http` request goes on a connection of its own, sent from a thread of its own (`DirectHTTPRequest`),
    /// which saves making AsyncHTTPClient's connection pool before the request leaves (about 8 ms of a 1 KiB
    /// download's 25, docs/benchmarks.md "Round 7"); its connection is kept afterwards for the next download from
    /// the same server (`DirectConnectionPool`).
    package convenience init(configuration: HaulConfiguration = HaulConfiguration(), headStart: [DownloadRequest]) throws {
        let transport = HTTPTransport(configuration: configuration)
        for request in headStart where Self.startsAsSent(request) {
            transport.sendEarly(request.url, extraHeaders: request.headerFields)
        }
        do {
            try self.init(configuration: configuration, transport: transport)
        } catch {
            Task { await transport.shutdown() }
            throw error
        }
    }

    /// Starts opening the state database in `stateDirectory` now, on a thread of its own, for the next
    /// `HaulClient` made with that directory to take instead of opening it itself (about 3-4 ms that a new client
    /// otherwise spends before anything else). Start-up plumbing for `haul`, which calls it before reading its
    /// command line; not public API. Only a directory that already exists is opened early; one early open at a
    /// time (a newer call replaces it), taken by the next client made, which drops it if its directory differs. A
    /// failed early open is dropped, and the client's own open reports the error as always.
    package static func openStoreEarly(stateDirectory: String) {
        // As the client will name it (`HaulConfiguration.stateDirectory.path`), so that a relative one matches.
        EarlyStoreOpen.start(directory: URL(fileURLWithPath: stateDirectory).path)
    }

    /// Whether the first request `request`'s download sends is the whole file, to its own URL, with its own
    /// headers only, whatever the store holds: see `init(configuration:headStart:)`.
    /// A request that `prepare` would refuse is not sent either. Without a proxy of its own, the bypass list plays
    /// no part in that check.
    static func startsAsSent(_ request: DownloadRequest) -> Bool {
        let request = request.placedByFolderRules()
        guard request.proxy == nil, request.cookies.isEmpty, request.mirrors.isEmpty else { return false }
        guard (try? checkPreparable(request, bypass: NoProxyList(""))) != nil else { return false }
        guard request.onConflict == .overwrite || !FileSystemSteps.exists(request.destinationPath) else { return false }
        return !FileSystemSteps.exists(request.partPath)
    }

    /// Opens the state database and sends every request through `transport` (tests pass a scripted one).
    init(configuration: HaulConfiguration, transport: any Transport) throws {
        self.configuration = configuration
        self.store = try EarlyStoreOpen.take(directory: configuration.stateDirectory.path)
            ?? DownloadStore(directory: configuration.stateDirectory.path)
        self.transport = transport
        self.hostBudgets = HostBudgetBook(store: store, policy: configuration.hostBudgetPolicy)
    }

    /// The bandwidth limits: a global one (`setGlobalLimit`) and one per download (`DownloadRequest.maxBytesPerSecond`,
    /// `DownloadTask.setRateLimit`).
    public var bandwidth: BandwidthLimiter { transport.bandwidth }

    /// Closes every connection. Call it once, after the last download.
    public func shutdown() async {
        await transport.shutdown()
    }

    /// Starts a download, or resumes the unfinished one of the same URL that writes to the same `.part` file, or
    /// gives back the same URL's completed download (see `prepare`).
    ///
    /// - Throws: what `prepare` throws.
    public func download(_ request: DownloadRequest) async throws -> DownloadTask {
        let task = try prepare(request)
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
    /// - Throws: `.fileExists` for a file in the way (policy `.fail`); `.destinationInUse` when another unfinished
    ///   download writes the destination (never touched: policies `.fail` and `.overwrite`); `.usage`, `.io`.
    ///
    /// A request with folder rules is placed first (`DownloadRequest.placedByFolderRules()`), and the rule's
    /// directory created when missing.
    public func prepare(_ request: DownloadRequest) throws -> DownloadTask {
        let request = request.placedByFolderRules()
        try Self.checkPreparable(request, bypass: configuration.proxies.bypass)
        try Self.createPlacedDirectory(of: request)
        return try preparedTasks([request])[0].get()
    }

    /// `prepare` for each of `requests`, with every record written in one transaction (`DownloadStore.claim`):
    /// the list of a `haul -i` run costs one set of log locks instead of one per download. A request that cannot
    /// be prepared (its destination refused, for one) fails alone; a failure of the store fails every request it
    /// would have stored.
    func prepareAll(_ requests: [DownloadRequest]) -> [Result<DownloadTask, any Error>] {
        let requests = requests.map { $0.placedByFolderRules() }
        var results: [Result<DownloadTask, any Error>?] = requests.map { request in
            do {
                try Self.checkPreparable(request, bypass: configuration.proxies.bypass)
                try Self.createPlacedDirectory(of: request)
                return nil
            } catch {
                return .failure(error)
            }
        }
        let valid = results.indices.filter { results[$0] == nil }
        do {
            let tasks = try preparedTasks(valid.map { requests[$0] })
            for (index, task) in zip(valid, tasks) { results[index] = task.mapError { $0 } }
        } catch {
            for index in valid { results[index] = .failure(error) }
        }
        return results.map { $0! }
    }

    /// What makes a request unpreparable before the store is touched: a URL that is not http(s), a destination
    /// that is not a file URL, a proxy that cannot be parsed, a destination that exists (without `overwrite`).
    private static func checkPreparable(_ request: DownloadRequest, bypass: NoProxyList) throws {
        let scheme = request.url.scheme?.lowercased()
        guard scheme == "http" || scheme == "https", request.url.host != nil else {
            throw HaulError(.usage, "\(request.url.absoluteString) is not an http or https URL")
        }
        guard request.destination.isFileURL else {
            throw HaulError(.usage, "the destination \(request.destination.absoluteString) is not a file URL")
        }
        // Checked here rather than trapped in `DownloadRequest.init`: these come from users (a text field, a flag).
        guard (1...SegmentPolicy.connectionLimit).contains(request.connections) else {
            throw HaulError(.usage, "connections must be between 1 and \(SegmentPolicy.connectionLimit), not \(request.connections)")
        }
        if let rate = request.maxBytesPerSecond, rate <= 0 {
            throw HaulError(.usage, "a rate limit must be at least 1 byte per second (nil for none), not \(rate)")
        }
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
            throw HaulError(.fileExists, "\(request.destinationPath) is not a regular file; --overwrite replaces only files")
        }
    }

    /// Creates the directory a folder rule placed `request` in, as `-d` creates its own.
    private static func createPlacedDirectory(of request: DownloadRequest) throws {
        guard request.isPlacedElsewhere else { return }
        try FileSystemSteps.createDirectories(FileSystemSteps.parentDirectory(of: request.destinationPath))
    }

    /// The records of `requests`, in one transaction, and their tasks, where `DestinationPlanner` sends each: an
    /// unfinished download of the same URL at the chosen name is taken up (with the new options; a failed one
    /// loses its error), a completed one given back; another download's record and `.part` are never touched.
    private func preparedTasks(_ requests: [DownloadRequest]) throws -> [Result<DownloadTask, HaulError>] {
        let now = Date().timeIntervalSince1970
        let claims = requests.map { request in
            DownloadStore.Claim(
                record: DownloadRecord(
                    id: nil,
                    url: request.url.absoluteString,
                    finalURL: nil,
                    destination: request.destinationPath,
                    partPath: request.partPath,
                    etag: nil,
                    lastModified: nil,
                    lastModifiedIsStrong: false,
                    totalBytes: nil,
                    state: DownloadState.queued.rawValue,
                    errorMessage: nil,
                    priority: 0,
                    optionsJSON: Self.encode(request),
                    createdAt: now,
                    updatedAt: now
                ),
                policy: request.onConflict,
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
        // A new row holds no segments, cookies or validators yet: its task need not read them back.
        return zip(requests, rows).map { request, row in
            row.map { row in
                var request = request
                request.destinationPath = row.destination
                return DownloadTask(
                    record: row.record, request: request, store: store, transport: transport, hostBudgets: hostBudgets, configuration: configuration,
                    isNew: row.isNew
                )
            }
        }
    }

    /// The task for a stored record, with the request its options describe (or a plain one if they are unreadable).
    func task(for record: DownloadRecord) -> DownloadTask {
        let request = (try? JSONDecoder().decode(DownloadRequest.self, from: Data(record.optionsJSON.utf8)))
            ?? DownloadRequest(
                url: URL(string: record.url) ?? URL(string: "http://invalid/")!,
                destination: URL(fileURLWithPath: record.destination ?? String(record.partPath.dropLast(".part".count)))
            )
        return DownloadTask(record: record, request: request, store: store, transport: transport, hostBudgets: hostBudgets, configuration: configuration)
    }

    static func encode(_ request: DownloadRequest) -> String {
        (try? String(decoding: JSONEncoder().encode(request), as: UTF8.self)) ?? "{}"
    }
}
