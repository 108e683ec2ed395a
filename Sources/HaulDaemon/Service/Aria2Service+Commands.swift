import Foundation
import HaulCore
import HaulKit
import NIOConcurrencyHelpers

extension Aria2Service {
    /// `aria2.addUri(uris, options, position)`: queues one download and returns its GID.
    ///
    /// Several URIs are mirrors of one file for aria2; Haul fetches from the first and spreads connections over the
    /// others as `haul --mirror` does (each range checked against the same ETag and length). The file goes into `dir` (checked against the allowed directories, symlinks resolved) under `out`
    /// or the URL's name. A name that a file or another unfinished download holds gets a numbered one (`same.1.bin`,
    /// aria2's `auto-file-renaming`, on by default); with `auto-file-renaming=false` the call fails with aria2's
    /// code 11 (another download) or 13 (a file); `allow-overwrite=true` replaces a file, never a download.
    package func add(_ command: AddURIs) async throws(CommandRefusal) -> GID {
        var directories: [String?: String] = [:]
        let request = try await request(for: command, directories: &directories)
        let id = try await perform { [request] in try await manager.add(request, paused: command.options.paused) }
        if let position = command.position { try await place(id.rawValue, at: position) }
        return GID(id)
    }

    /// Several `aria2.addUri`s at once (the adds of one `system.multicall`): each as `add` would, in order, each
    /// refused alone, but with the records of all of them written in one transaction and their queue states in one
    /// more (`DownloadManager.add(batch:)`), not two per download.
    package func add(batch commands: [AddURIs]) async -> [Result<GID, CommandRefusal>] {
        var results: [Result<GID, CommandRefusal>?] = Array(repeating: nil, count: commands.count)
        var adds: [DownloadManager.BatchAdd] = []
        var batched: [Int] = []
        // Each `dir` asked for is checked, resolved and created once for the batch (a batch of 100 adds into one
        // directory walked its path, `realpath`, and `mkdir -p` 100 times).
        var directories: [String?: String] = [:]
        adds.reserveCapacity(commands.count)
        for (index, command) in commands.enumerated() {
            do {
                let request = try await request(for: command, directories: &directories)
                adds.append(DownloadManager.BatchAdd(request, paused: command.options.paused))
                batched.append(index)
            } catch {
                results[index] = .failure(error)
            }
        }
        let added = await manager.add(batch: adds)
        for (index, result) in zip(batched, added) {
            do {
                let id = try await perform { try result.get() }
                if let position = commands[index].position { try await place(id.rawValue, at: position) }
                results[index] = .success(GID(id))
            } catch {
                results[index] = .failure(error)
            }
        }
        return results.map { $0! }
    }

    /// The download `command` asks for, its options checked (`add`).
    ///
    /// - Parameter directories: the directories checked so far in this call or batch, by the `dir` asked for.
    func request(for command: AddURIs, directories: inout [String?: String]) async throws(CommandRefusal) -> DownloadRequest {
        let url = command.uris[0]
        let parsed = command.options
        try checkAddOptions(parsed)
        let directory: String
        if let checked = directories[parsed.directory] {
            directory = checked
        } else {
            directory = try checkedDirectory(parsed.directory)
            directories[parsed.directory] = directory
        }
        let name = parsed.out ?? FileName.fromURL(url)  // the name a checksum list is searched for
        let headers = requestHeaders(parsed, for: url)
        var checksum = parsed.checksum
        if let list = parsed.checksumFile {
            checksum = try await self.checksum(from: list, fileName: name, downloadURL: url, headers: headers)
        }
        let expected: Checksum?
        do { expected = try checksum.map(Checksum.init(parsing:)) } catch { throw CommandRefusal("\(error)") }
        var request = addedRequest(url, destination: DownloadPlan.destination(of: url, in: directory, name: parsed.out), parsed, headers: headers)
        request.nameFromContentDisposition = parsed.out == nil
        request.checksum = expected
        request.inOrder = parsed.inOrder
        request.folderRules = try folderRules(for: parsed, directory: directory)
        // The other URIs are mirrors of the same file (as in a Metalink): HaulKit spreads connections over them.
        // Which are kept, and the HLS choice, `DownloadPlan` decides, as for `haul get` and `haul add`.
        let extras = DownloadPlan.Extras(
            mirrors: command.uris.dropFirst().map(\.absoluteString),
            hls: DownloadPlan.HLSChoice(variant: parsed.hlsVariant, audioLanguage: parsed.hlsAudioLanguage))
        extras.apply(to: &request, now: 0)  // no cookies over RPC (a `Cookie` header stays one): no expiry to read
        return request
    }

    /// The request of an add call (`addUri`, each file of an `addMetalink`) for `url` with `parsed`'s options that
    /// both take: `headers` (`requestHeaders`), `all-proxy`, the rate, `min-split-size`, the connection count (the
    /// daemon's own when not given), the conflict policy, and a download of its own: as in aria2, the same URL added
    /// again gets a new GID and a numbered name.
    func addedRequest(_ url: URL, destination: String, _ parsed: Aria2AddOptions, headers: [DownloadRequest.Header]) -> DownloadRequest {
        let rate = parsed.rateLimit ?? globals.maxDownloadLimit
        var request = DownloadPlan.request(
            url, destination: destination, headers: headers, onConflict: parsed.conflictPolicy, rate: rate > 0 ? rate : nil,
            connections: parsed.connectionCount ?? globals.connectionCount, minimumSplitSize: parsed.minimumSplitSize,
            proxy: parsed.proxy
        )
        request.takesUpSameDownload = false
        return request
    }

    /// The options of an add call (`addUri`, `addMetalink`) once read: the ignored ones are noted once and the
    /// proxy checked.
    func checkAddOptions(_ parsed: Aria2AddOptions) throws(CommandRefusal) {
        noteIgnored(parsed.ignored)
        try checkProxy(parsed.proxy)
    }

    /// The request headers of `parsed` for a download of `url`: `header` entries, then `referer` (`*`: `url`).
    func requestHeaders(_ parsed: Aria2AddOptions, for url: URL) -> [DownloadRequest.Header] {
        var headers = parsed.headers.map { header in
            let colon = header.firstIndex(of: ":")!
            return DownloadRequest.Header(
                name: header[..<colon].trimmingCharacters(in: .whitespaces),
                value: header[header.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            )
        }
        if let referer = Referer.value(option: parsed.referer, downloadURL: url.absoluteString) {
            headers.removeAll { $0.name.lowercased() == "referer" }
            headers.append(DownloadRequest.Header(name: "Referer", value: referer))
        }
        return headers
    }

    /// The directory a download may go to: the default one, or `dir` if it resolves inside an allowed directory
    /// (created when missing).
    func checkedDirectory(_ requested: String?) throws(CommandRefusal) -> String {
        let path: String
        do {
            path = try DirectoryPolicy.normalised(requested ?? globals.directory, base: globals.directory)
        } catch {
            throw CommandRefusal(error.message)
        }
        let resolved = DirectoryResolver.resolve(path)
        guard directories.contains(resolved) else {
            let allowed = directories.allowed.joined(separator: ", ")
            throw CommandRefusal("dir \(requested ?? path) is outside the allowed directories (\(allowed)); start haul daemon with --allow-dir to allow more")
        }
        do { try DownloadPlan.createDirectory(atPath: resolved) } catch { throw CommandRefusal(error.message) }
        return resolved
    }

    /// `aria2.remove`: stops a download for good (its partial file is deleted); the result stays listed as
    /// `removed` until `removeDownloadResult`.
    package func remove(_ gid: String) async throws(CommandRefusal) -> GID {
        var download = try await download(gid)
        if let status = await refusal(of: .cancelInLine, download) {
            throw CommandRefusal("GID \(GID(download.id)) is \(status.rawValue): only active, waiting or paused downloads can be removed (use removeDownloadResult)")
        }
        try await perform { try await manager.cancel(DownloadID(download.id)) }
        download.status = .removed
        download.speed = 0
        removed[download.id] = download
        removedOrder.append(download.id)
        return GID(download.id)
    }

    /// `aria2.pause`: keeps the partial file; the download waits for `unpause`.
    package func pause(_ gid: String) async throws(CommandRefusal) -> GID {
        let download = try await download(gid)
        if let status = await refusal(of: .pause, download) {
            throw CommandRefusal("GID \(GID(download.id)) is \(status.rawValue) and cannot be paused")
        }
        try await perform { try await manager.pause(DownloadID(download.id)) }
        return GID(download.id)
    }

    package func pauseAll() async {
        await manager.pauseAll()
    }

    /// `aria2.unpause`: back in the queue. A failed download may be unpaused too (Haul keeps it resumable).
    package func unpause(_ gid: String) async throws(CommandRefusal) -> GID {
        let download = try await download(gid)
        if let status = await refusal(of: .resume, download) {
            throw CommandRefusal("GID \(GID(download.id)) is \(status.rawValue): only paused downloads can be unpaused")
        }
        try await perform { try await manager.resume(DownloadID(download.id)) }
        return GID(download.id)
    }

    /// `aria2.unpauseAll`: every paused download (failed ones stay failed, as in aria2).
    package func unpauseAll() async {
        await manager.resumePaused()
    }

    /// `aria2.changePosition`: the resulting index in the waiting list.
    package func changePosition(_ gid: String, pos: Int, how: Aria2Queue.Origin) async throws(CommandRefusal) -> Int {
        let id = try await resolve(gid)
        let waiting = await manager.orderedIDs(in: Self.states(in: .waiting))
        guard let current = waiting.firstIndex(of: DownloadID(id)) else {
            throw CommandRefusal("GID \(GID(id)) is not waiting: only waiting or paused downloads have a position")
        }
        let index = Aria2Queue.newPosition(current: current, count: waiting.count, pos: pos, how: how)
        if index != current { try await place(id, at: index) }
        return index
    }

    /// Moves `id` to `index` in the waiting list: to the top, or to the bottom followed by those that must come
    /// after it (the manager moves downloads only to either end).
    func place(_ id: Int64, at index: Int) async throws(CommandRefusal) {
        let waiting = await manager.orderedIDs(in: Self.states(in: .waiting)).map(\.rawValue)
        guard waiting.contains(id) else { return }
        let order = Aria2Queue.moving(id, to: index, in: waiting)
        let target = order.firstIndex(of: id)!
        try await perform {
            if target == 0 {
                try await manager.moveToTop(DownloadID(id))
            } else {
                for moved in order[target...] { try await manager.moveToBottom(DownloadID(moved)) }
            }
        }
    }

    /// `aria2.changeOption`: `max-download-limit` takes effect at once; the other per-download options are fixed
    /// once a download exists (Haul does not restart a download to change them; the RPC layer refuses them).
    package func changeOptions(_ command: ChangeDownloadOptions) async throws(CommandRefusal) {
        let download = try await download(command.gid)
        do {
            let current = Aria2GlobalOptions.options(of: download, fixed: globals.fixed).objectValue ?? [:]
            try Aria2FixedOptions.checkChange(command.others, current: current)
        } catch {
            throw CommandRefusal(error.message)
        }
        if let rate = command.rateLimit {
            try await perform { try await manager.setRateLimit(rate > 0 ? rate : nil, of: DownloadID(download.id)) }
        }
    }

    /// `aria2.changeGlobalOption`: `max-concurrent-downloads`, `max-overall-download-limit`, `max-download-limit`
    /// (for new downloads), `split`/`max-connection-per-server` (for new downloads), `dir` (within the allowed
    /// directories, so that changing it never widens where clients save), `speed-schedule`, `folder-rule` (its
    /// directories within the allowed ones too).
    ///
    /// - Parameters:
    ///   - directory: the new default directory (`dir`), or `nil` to keep it.
    ///   - change: the new options from the current ones (`Aria2GlobalOptions.changed(by:)` with the client's
    ///     struct, read by the RPC layer), or why they cannot change.
    package func changeGlobalOptions(
        directory requested: String? = nil,
        _ change: @Sendable (Aria2GlobalOptions) throws(Aria2OptionError) -> Aria2GlobalOptions
    ) async throws(CommandRefusal) {
        var updated: Aria2GlobalOptions
        let directory = try requested.map { path throws(CommandRefusal) in try checkedDirectory(path) }
        do {
            updated = try change(globals)
        } catch {
            throw CommandRefusal(error.message)
        }
        updated.directory = directory ?? updated.directory
        let previous = globals
        if updated.folderRules != previous.folderRules || updated.directory != previous.directory {
            do { _ = try Self.folderRules(updated.folderRules, base: updated.directory, allowed: directories) } catch {
                throw CommandRefusal(error.message)
            }
        }
        globals = updated
        if updated != previous { for observer in globalsChanged { observer(updated) } }
        if updated.maxConcurrent != previous.maxConcurrent {
            let limits = await manager.limits
            // A cap that was chosen (`--max-connections`) or that is already larger stays; else the queue's rule
            // for the new count of downloads (`QueueLimits(maxConcurrent:connectionsEach:)`), as at the start.
            let fitting = QueueLimits(maxConcurrent: updated.maxConcurrent, connectionsEach: ConnectionCount.range.upperBound)
            let total = max(limits.maxTotalConnections, fitting.maxTotalConnections)
            try await perform { try await manager.setLimits(QueueLimits(maxConcurrent: updated.maxConcurrent, maxTotalConnections: total)) }
        }
        if updated.maxOverallLimit != previous.maxOverallLimit || updated.speedSchedule != previous.speedSchedule {
            await manager.setSpeedSchedule(updated.schedule, otherwise: updated.maxOverallLimit > 0 ? updated.maxOverallLimit : nil)
        }
        if updated.queueSchedule != previous.queueSchedule { await manager.setQueueSchedule(updated.queueWindows) }
    }

    /// `aria2.purgeDownloadResult`: forgets completed and removed downloads. Failed ones stay: unlike aria2,
    /// Haul keeps their partial files resumable, and forgetting one deletes its partial file
    /// (`removeDownloadResult` does that for one download on request).
    package func purgeDownloadResults() async {
        for snapshot in await manager.snapshots where snapshot.state == .completed {
            if (try? await manager.remove(snapshot.id)) != nil { forgottenResults += 1 }
        }
        forgottenResults += removedOrder.count
        removed = [:]
        removedOrder = []
    }

    /// `aria2.removeDownloadResult`: forgets one stopped download (a completed one's file stays; a failed one's
    /// partial file goes).
    package func removeDownloadResult(_ gid: String) async throws(CommandRefusal) {
        let download = try await download(gid)
        if let status = await refusal(of: .forgetResult, download) {
            throw CommandRefusal("GID \(GID(download.id)) is \(status.rawValue): only stopped downloads have a result to remove")
        }
        if download.status == .removed {
            // Only the daemon remembers a removed download (the manager dropped it): forgotten here.
            removed[download.id] = nil
            removedOrder.removeAll { $0 == download.id }
        } else {
            try await perform { try await manager.remove(DownloadID(download.id)) }
        }
        forgottenResults += 1
    }

    /// Whether the queue refuses `command` on `download` now (`DownloadManager.verdict`): the daemon does not rule
    /// on its own copy of the state, it only words a refusal in aria2's terms, and takes `unchanged` (pausing a
    /// paused download) as refused, as aria2 does.
    ///
    /// - Returns: `nil` when allowed, else the status to word the refusal with: the one the queue ruled on.
    func refusal(of command: DownloadCommand, _ download: Aria2Download) async -> Aria2Status? {
        guard let ruling = await manager.verdict(command, of: DownloadID(download.id)) else { return download.status }
        return ruling.verdict == .allowed ? nil : Aria2Status(ruling.state)
    }
}

/// Resolves symlinks in a path whose tail may not exist yet: the longest existing prefix is resolved with
/// `realpath`, the rest appended (it will be created as plain directories).
enum DirectoryResolver {
    /// How many paths were resolved in this process (tests count the work of a batch by it).
    static let resolutions = NIOLockedValueBox(0)

    static func resolve(_ path: String) -> String {
        resolutions.withLockedValue { $0 += 1 }
        var existing = path
        var rest: [String] = []
        while existing != "/" && !FileManager.default.fileExists(atPath: existing) {
            rest.insert((existing as NSString).lastPathComponent, at: 0)
            existing = (existing as NSString).deletingLastPathComponent
        }
        guard let real = realpath(existing, nil) else { return path }
        defer { free(real) }
        let base = String(cString: real)
        return rest.isEmpty ? base : (base == "/" ? "" : base) + "/" + rest.joined(separator: "/")
    }
}
