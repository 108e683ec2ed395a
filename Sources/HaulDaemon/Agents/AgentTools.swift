import Foundation
import HaulCore
import HaulKit
import MCP

/// What each MCP tool does (`AgentToolCatalog`): the `Aria2Service`'s commands, the same ones `aria2.addUri`,
/// `aria2.pause`, `aria2.tellWaiting`... run, so an agent meets the same allowed directories, URL schemes, option
/// checks and refusals as an RPC client (docs/agents.md).
///
/// Each call answers text an agent reads and structured content a program parses; a refusal (an unknown tool, a bad
/// argument, a directory outside `--allow-dir`, a URL that is not http(s), a name that is taken, an unknown id) is
/// a tool error with one sentence (`isError`), never a thrown error.
package struct AgentTools: Sendable {
    package let service: Aria2Service
    /// How often `wait_for_downloads` looks at the downloads it waits for.
    package var waitInterval: Duration

    package init(service: Aria2Service, waitInterval: Duration = .milliseconds(200)) {
        self.service = service
        self.waitInterval = waitInterval
    }

    /// Runs tool `name` with `arguments`; a long one (`wait_for_downloads`) tells `progress` how far it is, when given.
    package func call(_ name: String, _ arguments: [String: Value]?, progress: AgentProgress? = nil) async -> CallTool.Result {
        guard let tool = AgentToolCatalog.Name(rawValue: name) else {
            let names = AgentToolCatalog.Name.allCases.map(\.rawValue).joined(separator: ", ")
            return Self.refusal(AgentToolError("there is no tool '\(name)' (the tools are: \(names))"))
        }
        do {
            let arguments = try AgentArguments(tool: tool, arguments)
            let (text, structured) = try await run(tool, arguments, progress)
            return CallTool.Result(content: [.text(text: text, annotations: nil, _meta: nil)], structuredContent: Optional(structured), isError: false)
        } catch {
            return Self.refusal(error)
        }
    }

    static func refusal(_ error: AgentToolError) -> CallTool.Result {
        CallTool.Result(content: [.text(text: error.message, annotations: nil, _meta: nil)], isError: true)
    }

    private func run(
        _ tool: AgentToolCatalog.Name, _ arguments: AgentArguments, _ progress: AgentProgress?
    ) async throws(AgentToolError) -> (String, Value) {
        switch tool {
        case .addDownloads: return try await add(arguments)
        case .listDownloads: return try await list(arguments)
        case .getDownload:
            let id = try arguments.requiredString("id")
            let download = try await refusing { () async throws(CommandRefusal) in try await service.download(id) }
            return (AgentDownloadView.line(download), AgentDownloadView.value(download))
        case .pauseDownload:
            let id = try arguments.requiredString("id")
            let gid = try await refusing { () async throws(CommandRefusal) in try await service.pause(id) }
            return try await shown(gid, "paused")
        case .resumeDownload:
            let id = try arguments.requiredString("id")
            let gid = try await refusing { () async throws(CommandRefusal) in try await service.unpause(id) }
            return try await shown(gid, "resumed")
        case .removeDownload: return try await remove(arguments)
        case .waitForDownloads: return try await wait(arguments, progress)
        case .globalStats:
            let stat = await service.globalStat()
            let text = "\(stat.active) active, \(stat.waiting) waiting, \(stat.stopped) stopped; \(stat.downloadSpeed) B/s"
            return (text, [
                "download_speed": .int(Int(stat.downloadSpeed)), "active": .int(stat.active), "waiting": .int(stat.waiting),
                "stopped": .int(stat.stopped),
            ])
        case .hostBudgets:
            let budgets = try await refusing { () async throws(CommandRefusal) in try await service.hostBudgets() }
            let hosts: [Value] = budgets.map { budget in
                [
                    "host": .string(budget.learned.host), "connections": .int(budget.connections),
                    "learned": .int(budget.learned.limit), "lesson": .string(budget.learned.lesson.rawValue),
                    "reason": .string(budget.learned.reason),
                ]
            }
            let text = budgets.isEmpty
                ? "no host budget learned: every host gets the connections asked for"
                : budgets.map { "\($0.learned.host): \($0.connections) connection(s) (\($0.learned.reason))" }.joined(separator: "\n")
            return (text, ["hosts": .array(hosts)])
        }
    }

    // MARK: add, list, remove, wait

    private func add(_ arguments: AgentArguments) async throws(AgentToolError) -> (String, Value) {
        let urls = try arguments.requiredStrings("urls", count: 1...AgentToolCatalog.maxBatch)
        let name = try arguments.string("name")
        if name != nil && urls.count > 1 { throw AgentToolError("'name' names one file: give it with one URL only") }
        // The aria2 option struct `aria2.addUri` reads, read by the same rules (names, checksums, headers).
        var options: [String: JSONValue] = [:]
        if let directory = try arguments.string("directory") { options["dir"] = .string(directory) }
        if let name {
            options["out"] = .string(name)
            // A name the agent chose that a file or another download holds is refused, not numbered.
            options["auto-file-renaming"] = "false"
        }
        let checksum = try arguments.string("checksum")
        let discovers = checksum?.lowercased() == "auto"
        if let checksum, !discovers { options["checksum"] = .string(checksum) }
        if let list = try arguments.string("checksum_file") { options["checksum-file"] = .string(list) }
        if let connections = try arguments.integer("connections", in: ConnectionCount.range) { options["split"] = .string(String(connections)) }
        if let headers = try arguments.strings("headers", count: 0...100) { options["header"] = .array(headers.map { .string($0) }) }
        if try arguments.bool("paused") == true { options["pause"] = "true" }
        let parsed: Aria2AddOptions
        do { parsed = try Aria2Options.parseAdd(options) } catch { throw AgentToolError(error.message) }
        var commands: [AddURIs] = []
        var refused: [Int: String] = [:]
        var notes: [Int: String] = [:]
        for (index, text) in urls.enumerated() {
            guard let url = DownloadURLRule.url(text) else {
                refused[index] = DownloadURLRule.refusal(of: text) ?? text
                continue
            }
            var command = AddURIs(uris: [url], options: parsed)
            if discovers {
                let headers = await service.requestHeaders(parsed, for: url)
                if let found = await service.publishedChecksum(for: url, savedName: parsed.out, headers: headers) {
                    command.options.checksum = found.checksum
                    notes[index] = "checksum \(found.checksum.prefix { $0 != "=" }) from \(found.source)"
                } else {
                    notes[index] = "no published checksum found: not verified"
                }
            }
            commands.append(command)
        }
        var results = (await service.add(batch: commands)).makeIterator()
        var added: [Value] = []
        var lines: [String] = []
        for (index, text) in urls.enumerated() {
            let outcome: Result<GID, CommandRefusal> = refused[index].map { .failure(CommandRefusal($0)) } ?? results.next()!
            switch outcome {
            case .success(let gid):
                var entry: [String: Value] = ["url": .string(text), "id": .string(gid.description)]
                if let note = notes[index] { entry["checksum"] = .string(note) }
                added.append(.object(entry))
                lines.append("added \(gid) \(text)" + (notes[index].map { " (\($0))" } ?? ""))
            case .failure(let refusal):
                added.append(["url": .string(text), "error": .string(refusal.message)])
                lines.append("refused \(text): \(refusal.message)")
            }
        }
        // One URL refused is the call refused; of several, each is reported beside the others.
        if urls.count == 1, let error = added[0].objectValue?["error"]?.stringValue { throw AgentToolError(error) }
        return (lines.joined(separator: "\n"), ["added": .array(added)])
    }

    private func list(_ arguments: AgentArguments) async throws(AgentToolError) -> (String, Value) {
        let state = try arguments.string("state") ?? "active"
        let lists: [String: Aria2List] = ["active": .active, "waiting": .waiting, "stopped": .stopped]
        guard let list = lists[state] else { throw AgentToolError("argument 'state' must be active, waiting or stopped") }
        let offset = try arguments.integer("offset", in: 0...Int(Int32.max)) ?? 0
        let limit = try arguments.integer("limit", in: 1...AgentToolCatalog.maxPage) ?? 100
        let downloads = await service.tell(list, offset: offset, num: limit)
        let stat = await service.globalStat()
        let total = [Aria2List.active: stat.active, .waiting: stat.waiting, .stopped: stat.stopped][list] ?? 0
        var text = "\(state): \(downloads.count) of \(total) from position \(offset)"
        for download in downloads { text += "\n" + AgentDownloadView.line(download) }
        return (text, [
            "downloads": .array(downloads.map(AgentDownloadView.value)), "offset": .int(offset), "total": .int(total),
        ])
    }

    private func remove(_ arguments: AgentArguments) async throws(AgentToolError) -> (String, Value) {
        let id = try arguments.requiredString("id")
        let deleteFile = try arguments.bool("delete_file") ?? false
        let download = try await refusing { () async throws(CommandRefusal) in try await service.download(id) }
        let gid = GID(download.id)
        try await refusing { () async throws(CommandRefusal) in
            switch (download.status, deleteFile) {
            case (.complete, true):
                try await service.removeDownloadAndFile(gid.description)
            case (.complete, false), (.error, _), (.removed, _):
                // A failed one's partial file goes with it either way (nothing of it is a file yet).
                try await service.removeDownloadResult(gid.description)
            case (.active, _), (.waiting, _), (.paused, _):
                _ = try await service.remove(gid.description)
                try await service.removeDownloadResult(gid.description)
            }
        }
        let deleted = download.status == .complete && deleteFile
        let text = "removed \(gid)" + (deleted ? "; deleted \(download.path)" : download.status == .complete ? "; kept \(download.path)" : "")
        return (text, ["id": .string(gid.description), "file_deleted": .bool(deleted)])
    }

    /// Looks at the downloads every `waitInterval` until all finished or the timeout; each look that is not the last
    /// is reported to `progress` by `WaitProgress`'s rule (a wait that finds them finished says nothing).
    private func wait(_ arguments: AgentArguments, _ progress: AgentProgress?) async throws(AgentToolError) -> (String, Value) {
        let ids = try arguments.requiredStrings("ids", count: 1...AgentToolCatalog.maxBatch)
        let timeout = try arguments.number("timeout_seconds", in: 0...Double(AgentToolCatalog.maxWaitSeconds)) ?? 60
        // The client's clock (a test moves it): its monotonic reading for the deadline, its waits between looks.
        let clock = service.manager.client.configuration.clock
        let deadline = clock.now() + timeout
        var downloads: [Aria2Download]
        var reports = WaitProgress()
        while true {
            downloads = []
            for id in ids {
                downloads.append(try await refusing { () async throws(CommandRefusal) in try await service.download(id) })
            }
            let finished = downloads.allSatisfy { [.complete, .error, .removed].contains($0.status) }
            let left = deadline - clock.now()
            if finished || left <= 0 || Task.isCancelled { break }
            if let progress, let report = reports.look(downloads) { progress.report(report) }
            try? await clock.sleep(seconds: min(left, waitInterval.inSeconds))
        }
        let finished = downloads.allSatisfy { [.complete, .error, .removed].contains($0.status) }
        let counts = Dictionary(grouping: downloads, by: \.status.rawValue).map { "\($0.value.count) \($0.key)" }.sorted()
        var text = (finished ? "all finished: " : "not all finished after \(timeout) s: ") + counts.joined(separator: ", ")
        for download in downloads { text += "\n" + AgentDownloadView.line(download) }
        return (text, ["finished": .bool(finished), "downloads": .array(downloads.map(AgentDownloadView.value))])
    }

    // MARK: helpers

    /// A paused or resumed download, shown.
    private func shown(_ gid: GID, _ verb: String) async throws(AgentToolError) -> (String, Value) {
        let download = try await refusing { () async throws(CommandRefusal) in try await service.download(gid.description) }
        return ("\(verb) \(AgentDownloadView.line(download))", AgentDownloadView.value(download))
    }

    /// Runs a service command, its refusal becoming the tool's.
    private func refusing<T>(_ body: () async throws(CommandRefusal) -> T) async throws(AgentToolError) -> T {
        do { return try await body() } catch { throw AgentToolError(error.message) }
    }
}
