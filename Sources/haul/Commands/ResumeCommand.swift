import ArgumentParser
import Foundation
import HaulCore
import HaulDaemon
import HaulKit

/// `haul resume`: run stored downloads in this process.
struct ResumeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resume",
        abstract: "Run stored downloads again: the given ids (paused and failed ones included), or with no id the ones a stopped haul left queued or running, or --all of them.",
        discussion: "-x/--connections and --limit-rate replace what the downloads were stored with. Beside a 'haul daemon' on the same state directory, the daemon runs them: paused and failed ones are put back in its line and the command returns."
    )

    @Argument(help: "Download ids (see 'haul list').")
    var ids: [Int64] = []

    @Flag(name: .customLong("all"), help: "Also resume paused and failed downloads.")
    var all = false

    @OptionGroup var state: StateOptions

    @OptionGroup var queueArguments: QueueArguments

    @OptionGroup var progressArguments: ProgressArguments

    @OptionGroup(title: "Transfer options (as for 'haul get')") var transferArguments: TransferArguments

    @OptionGroup(title: "Hooks (as for 'haul get')") var hookArguments: HookArguments

    private var queueOptions: QueueOptions { queueArguments.options }

    /// A stored download keeps its own connection count (at most `ConnectionCount.range`'s): no cap beyond that
    /// unless asked (`QueueLimits(maxConcurrent:connectionsEach:)`), as the library's and the daemon's.
    var queueLimits: QueueLimits { queueOptions.limits(connectionsPerDownload: ConnectionCount.range.upperBound) }
    private var progressOptions: ProgressOptions { progressArguments.options }
    private var transfer: TransferOptions { transferArguments.options }
    private var hookOptions: HookOptions { hookArguments.options }

    func validate() throws {
        if all && !ids.isEmpty { throw ValidationError("give ids or --all, not both") }
    }

    func run() async throws {
        let client = try HaulClient(configuration: transfer.configuration(stateDirectory: state.directory))
        // Which stored downloads to run: the ids given, else every unfinished one that should run by itself.
        let stored = try client.storedDownloadsBlocking()
        let records = stored.filter { !$0.state.isFinal }
        var chosen: [Int64]
        if !ids.isEmpty {
            let known = Set(stored.map(\.id.rawValue))
            for id in ids where !known.contains(id) {
                let error = HaulError(.usage, "there is no download with id \(id)", remedy: .useAKnownDownloadID)
                await client.shutdownAfterFailure()
                throw error
            }
            chosen = ids
        } else if all {
            chosen = records.map(\.id.rawValue)
        } else {
            chosen = records.filter { $0.state == .queued || $0.state == .downloading }.map(\.id.rawValue)
        }
        if chosen.isEmpty {
            try await client.shutdown()
            Terminal.writeError("haul: nothing to resume\(all ? "" : " (paused and failed downloads need an id or --all)")\n")
            return
        }
        do {
            try applyOverrides(to: chosen, in: client)
        } catch {
            await client.shutdownAfterFailure()
            throw error
        }
        do {
            let left = try await leaveToHolders(chosen, stored: stored, client: client)
            chosen.removeAll { left.contains($0) }
        } catch {
            await client.shutdownAfterFailure()
            throw error
        }
        if chosen.isEmpty {
            try await client.shutdown()
            return
        }
        if let daemon = DaemonAnnouncement.running(stateDirectory: state.directory) {
            // Beside a daemon, the daemon runs the queue (two processes would each run it): the paused and failed
            // ones are put back in line for it, as `haul add` queues for it, and it starts them within about a
            // second (before: this process ran them while the daemon still showed them paused, and its own later
            // start downloaded them again and failed on the finished file's name).
            let stopped = Set(stored.filter { $0.state == .paused || $0.state == .failed }.map(\.id.rawValue))
            try await client.shutdown()
            let handed = chosen.filter { stopped.contains($0) }
            if !handed.isEmpty { try await forEach(handed, state, "resumed") { manager, id in try await manager.resume(DownloadID(id)) } }
            Terminal.writeError("haul: the daemon on \(state.directory) (pid \(daemon.pid), port \(daemon.port)) runs them\n")
            return
        }
        let session = DownloadSession(
            client: client, mode: progressOptions.mode, limits: queueLimits,
            globalRate: queueOptions.globalRate, hooks: hookOptions.runner(), speedSchedule: queueOptions.schedule,
            queueSchedule: queueOptions.queueWindows
        )
        var code = await session.run(requests: [], restoring: chosen, resumeStopped: true)
        code = await client.shutdown(endingWith: code)
        KeyReader.current?.stop()
        if code != ExitCodes.success { throw ExitCode(code) }
    }
}

extension ResumeCommand {
    /// `-x` and `--limit-rate` replace what the downloads were stored with, for this run and the next ones (the
    /// store is where a download's options live; a later plain `haul resume` keeps the new values).
    func applyOverrides(to ids: [Int64], in client: HaulClient) throws {
        guard transfer.connections != nil || transfer.rate != nil else { return }
        for id in ids {
            try client.changeStoredRequest(of: id) { request in
                transfer.connections?.apply(to: &request)
                if let rate = transfer.rate { request.maxBytesPerSecond = rate }
            }
        }
    }

    /// Leaves each download another live `haul` process holds to that process (`HolderRule`): a paused or failed
    /// one is stored as queued, and that process, which waits for **space** and follows the store, resumes it
    /// within about a second, on its own bar and with its own exit code; a running or queued one goes on there.
    /// Says so for each; returns the ids left.
    func leaveToHolders(_ chosen: [Int64], stored: [StoredDownload], client: HaulClient) async throws -> Set<Int64> {
        let notes = DownloadHolders.others(stateDirectory: state.directory)
        guard !notes.isEmpty else { return [] }
        let states = Dictionary(stored.map { ($0.id, $0.state) }, uniquingKeysWith: { first, _ in first })
        var left: Set<Int64> = []
        var handed: [(id: Int64, pid: Int32)] = []
        for id in chosen {
            guard let stateNow = states[DownloadID(id)] else { continue }
            switch HolderRule.decide(.resume, state: stateNow, holder: DownloadHolders.holder(of: id, in: notes)) {
            case .here:
                continue
            case .handTo(let pid, _):
                handed.append((id, pid))
            case .alreadyIn(let pid, let heldState):
                let doing = heldState == .queued ? "is in line" : "is downloading"
                Terminal.writeOutput("\(id) \(doing) in haul process \(pid), which holds it; left there\n")
            }
            left.insert(id)
        }
        guard !handed.isEmpty else { return left }
        // Stored as queued by a manager that starts nothing; the holder sees the row and resumes it.
        let manager = try DownloadManager(client: client, limits: QueueLimits(maxConcurrent: 0, maxTotalConnections: 0))
        do {
            try await manager.restore(handed.map { DownloadID($0.id) })
            for (id, pid) in handed {
                try await manager.resume(DownloadID(id))
                Terminal.writeOutput("resumed \(id) in haul process \(pid), which holds it\n")
            }
        } catch let error as IllegalTransition {
            await manager.shutdown()
            throw HaulError(.usage, error.description)
        } catch {
            await manager.shutdown()
            throw error
        }
        await manager.shutdown()
        return left
    }
}
