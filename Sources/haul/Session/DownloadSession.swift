import Dispatch
import Foundation
import HaulArchive
import HaulCore
import HaulKit

/// Runs the downloads of one `haul` invocation through a `DownloadManager`, wiring keys, signals and progress
/// rendering to it, and turns the outcome into an exit code and a summary.
actor DownloadSession {
    let client: HaulClient
    private let mode: ProgressMode
    let limits: QueueLimits
    private let globalRate: Int64?
    private let speedSchedule: SpeedSchedule?
    private let queueSchedule: QueueSchedule?
    private var manager: DownloadManager?
    var quitRequested = false
    var pausedByUser = false
    private var resumeWaiters: [CheckedContinuation<Void, Never>] = []
    /// Set once every download has settled (the end of a run, or a pause waiting for a key): only then does a
    /// download's change of state concern the session (`downloadsMoved`). Read by the rendering task without
    /// hopping onto the session for each of the three or four state events of every download of a list.
    private nonisolated let settled = SettledFlag()
    private var signalSources: [DispatchSourceSignal] = []
    private var view: SessionView?
    /// The note that this process holds its downloads, while they run or wait here.
    var holding: DownloadHolders?
    /// The downloads of the run and how those that ended went (`+Admit`).
    var tally = SessionTally()

    /// What to unpack after a download completes.
    struct Extraction: Sendable {
        var directory: String?
        var limits: ExtractionLimits
        var overwrite: Bool
    }
    let extraction: Extraction?
    private let hooks: HookRunner?
    /// `--on-conflict skip`: a download refused because its destination is taken is skipped, not failed.
    let skipsTakenDestinations: Bool

    init(
        client: HaulClient, mode: ProgressMode, limits: QueueLimits, globalRate: Int64?, extraction: Extraction? = nil,
        hooks: HookRunner? = nil, skipsTakenDestinations: Bool = false, speedSchedule: SpeedSchedule? = nil,
        queueSchedule: QueueSchedule? = nil
    ) {
        self.speedSchedule = speedSchedule
        self.queueSchedule = queueSchedule
        self.hooks = hooks
        self.skipsTakenDestinations = skipsTakenDestinations
        self.client = client
        self.mode = mode
        self.limits = limits
        self.globalRate = globalRate
        self.extraction = extraction
    }

    /// Downloads every request, then what `feed` gives as the queue drains (or, with `restoring`, the stored
    /// downloads given); returns the exit code.
    func run(requests: [DownloadRequest], feed: RequestFeed? = nil, restoring: [Int64]? = nil, resumeStopped: Bool = false) async -> Int32 {
        installSignalHandlers()
        let manager: DownloadManager
        do {
            manager = try DownloadManager(client: client, limits: limits)
        } catch {
            let error = HaulError.wrap(error)
            Terminal.writeError("haul: error: \(error.commandLineMessage)\n")
            return ExitCodes.code(for: error)
        }
        self.manager = manager
        await manager.setSpeedSchedule(speedSchedule, otherwise: globalRate)
        await manager.setQueueSchedule(queueSchedule)
        if mode == .bar || mode == .lines, let queueSchedule, let note = Self.heldNote(queueSchedule, at: Date(), in: .current) {
            Terminal.writeError("haul: \(note)\n")
        }
        let events = await manager.events()
        // Subscribed before anything is added or restored: restored downloads then arrive as `.added`, which
        // fires no hook (a download completed in an earlier run does not call the complete hook again).
        let hookObserver: Task<Void, Never>?
        if let hooks {
            hookObserver = await manager.observeHooks(hooks) { ExitCodes.code(for: $0) }
        } else {
            hookObserver = nil
        }

        var resumeNotes: [Int64: ResumeNote?] = [:]
        do {
            if let restoring {
                for snapshot in try await manager.restore(restoring.map(DownloadID.init(rawValue:))) {
                    tally.ids.append(snapshot.id.rawValue)
                    tally.names[snapshot.id.rawValue] = snapshot.name
                    if !snapshot.state.isFinal { resumeNotes[snapshot.id.rawValue] = ResumeNote(client: client, id: snapshot.id.rawValue) }
                    if resumeStopped, snapshot.state == .paused || snapshot.state == .failed {
                        try await manager.resume(snapshot.id)
                    }
                }
            }
        } catch {
            let error = HaulError.wrap(error)
            Terminal.writeError("haul: error: \(error.commandLineMessage)\n")
            await manager.shutdown()
            return ExitCodes.code(for: error)
        }
        let view = SessionView(mode: mode, expected: restoring == nil ? requests.count + (feed?.remaining ?? 0) : tally.ids.count)
        self.view = view
        // A list read as the queue drains lets go of each download once its end is shown.
        if feed != nil { view.trackEnds() }
        for (id, note) in resumeNotes { if let note { view.resuming(id, note) } }
        let rendering = Task { [weak self] in
            for await event in events {
                view.render(event)
                switch event {
                case .stateChanged, .completed, .failed, .removed:
                    if self?.settled.isSet == true { await self?.downloadsMoved() }
                default: break
                }
            }
        }
        // Keys are offered only when they can be read: with standard input a pipe or a file, the bar shows none.
        let keys = mode == .bar ? KeyReader.start { [weak self] key in
            guard let self else { return }
            Task { await self.handleKey(key) }
        } : nil
        if keys != nil { view.offerKeys() }
        await admit(requests, manager: manager, view: view)
        // Noted as this process's (`DownloadHolders`): a `haul resume ID` elsewhere leaves them here (`HolderRule`).
        holding = DownloadHolders.hold(tally.ids, waitsWhenPaused: keys != nil, stateDirectory: client.configuration.stateDirectory.path)
        if let feed { await drain(feed, manager: manager, view: view, keys: keys != nil) }

        // Run until everything has settled; a pause from the keyboard, or with keys offered one from another
        // terminal (`haul pause`), waits for the next key instead of ending: the bar says `space: resume`.
        // While it waits, what was paused may end elsewhere (`haul remove`, `haul cancel`, another process that
        // resumed and finished it): with nothing paused left, there is no key to wait for.
        while true {
            await manager.waitUntilIdle()
            // From here on a change of state may end a wait for a key: set before what is paused is looked at, so
            // that a change after the look wakes the wait (one before it is in the look).
            settled.set()
            let anyPaused = await manager.snapshots.contains { $0.state == .paused }
            if !quitRequested, !pausedByUser, keys != nil, anyPaused { pausedByUser = true }
            if !anyPaused { pausedByUser = false }
            if !quitRequested, !pausedByUser, tally.ids.count > 1, await isWaitingForOtherProcesses(tally.ids) {
                // Several downloads, some run by another `haul` that holds their files (two overlapping lists): wait
                // for that process to end them, and take over one it lets go of unfinished. A single one held
                // elsewhere is left to it at once (exit 10), as before.
                try? await Task.sleep(for: .milliseconds(250))
                continue
            }
            if quitRequested || !pausedByUser { break }
            await waitForResumeOrQuit()
            if quitRequested { break }
        }
        KeyReader.current?.stop()
        let ids = tally.ids
        var failures = tally.failures
        let names = tally.names
        let finals = await manager.snapshots(of: ids.map(DownloadID.init(rawValue:)))
        await manager.shutdown()
        holding = nil
        await rendering.value
        // A download left to the process that holds its file shows no bar of its own: only the error says so.
        if !quitRequested {
            for (index, id) in ids.enumerated() where finals[index]?.state == .queued || finals[index]?.state == .downloading {
                view.withdraw(id)
            }
        }
        view.finish()
        // Hooks run while downloads go on; at the end, the ones still running are waited for (each bounded by
        // --hook-timeout), so that a complete hook is not cut off by haul exiting.
        await hookObserver?.value
        await hooks?.finish()

        if quitRequested {
            Terminal.writeError("haul: stopped; partial files are kept. Run the same command (or 'haul resume') to go on.\n")
            return ExitCodes.interrupted
        }
        var completed = tally.completedReleased
        for (index, id) in ids.enumerated() {
            let snapshot = finals[index]
            let name = names[id] ?? snapshot?.name ?? "download \(id)"
            guard let snapshot else {
                failures.append((name, HaulError(.cancelled, "cancelled")))
                continue
            }
            switch snapshot.state {
            case .completed:
                completed += 1
                if let extraction, let error = extract(snapshot.destination.path, extraction) {
                    view.report(error, name: name)
                    failures.append((name, error))
                }
            case .failed:
                failures.append((name, view.lastError(of: id) ?? HaulError(.internalError, snapshot.errorMessage ?? "failed")))
            case .paused:
                failures.append((name, HaulError(.cancelled, "paused (id \(id)); 'haul resume \(id)' continues it")))
            case .queued, .downloading:
                // Left to another process that holds its file.
                failures.append((name, view.lastError(of: id) ?? HaulError(.busy, "another haul process is downloading it")))
            case .cancelled:
                failures.append((name, HaulError(.cancelled, "cancelled")))
            }
        }
        let total = ids.count + tally.refused + tally.skipped + tally.released
        if total == 1, let (name, error) = failures.first, error.kind == .cancelled {
            Terminal.writeError("haul: \(name): \(error.commandLineMessage)\n")
        }
        if total == 1, let (name, error) = failures.first, error.kind == .busy, let id = ids.first, view.lastError(of: id) == nil {
            view.report(error, name: name)
        }
        if total > 1, !failures.isEmpty {
            Terminal.writeError("haul: \(completed) of \(total) downloads succeeded; not done:\n")
            for (name, error) in failures { Terminal.writeError("  \(name): \(error.commandLineMessage)\n") }
        }
        return failures.first.map { ExitCodes.code(for: $0.1) } ?? ExitCodes.success
    }

    func extract(_ path: String, _ extraction: Extraction) -> HaulError? {
        do {
            try ArchiveActions.extract(
                archive: path,
                to: extraction.directory ?? ArchiveActions.defaultExtractionDirectory(for: path),
                limits: extraction.limits,
                overwrite: extraction.overwrite,
                quiet: mode == .none || mode == .json
            )
            return nil
        } catch {
            return HaulError.wrap(error)
        }
    }

    private func handleKey(_ key: UInt8) async {
        switch key {
        case UInt8(ascii: " "), UInt8(ascii: "p"), UInt8(ascii: "P"):
            await togglePause()
        case UInt8(ascii: "q"), UInt8(ascii: "Q"):
            await quit()
        default:
            break
        }
    }

    /// Pauses everything while something runs or waits, else resumes what is paused: the key follows what the
    /// downloads are doing (one may have been paused with `haul pause` from another terminal), as its hint does.
    private func togglePause() async {
        guard let manager, !quitRequested else { return }
        let active = await manager.snapshots.contains { $0.state == .downloading || $0.state == .queued }
        if active {
            pausedByUser = true
            await manager.pauseAll()
        } else {
            pausedByUser = false
            await manager.resumeAll()
            wake()
        }
    }

    /// Stops every download keeping its progress, then ends the session with exit code 130.
    func quit() async {
        guard !quitRequested else { return }
        quitRequested = true
        // Downloads paused from the keyboard stay paused in the store; running the same command again resumes them.
        await manager?.shutdown()
        wake()
    }

    /// The error for a completed file at `path` that does not have the `expected` digest (or cannot be read), or
    /// nil when it has it. The file is left as it is: it is the download that completed earlier, not this run's.
    static func mismatch(of path: String, _ expected: Checksum) -> HaulError? {
        let actual: String
        do { actual = try checksumOfFile(atPath: path, algorithm: expected.algorithm) } catch {
            return HaulError(.io, "cannot read \(path) to verify it: \(error)")
        }
        guard actual != expected.hex else { return nil }
        return HaulError(
            .checksumMismatch,
            "\(expected.algorithm.rawValue) mismatch for \(path), downloaded earlier: expected \(expected.hex), got \(actual); the file was left as it is (--overwrite downloads it again)"
        )
    }

    /// Whether one of `ids` is still in line but run by another process (the manager follows it through the store:
    /// its end there ends it here; its file let go unfinished makes it this process's to run).
    private func isWaitingForOtherProcesses(_ ids: [Int64]) async -> Bool {
        guard let manager else { return false }
        return await manager.states(of: ids.map(DownloadID.init(rawValue:))).contains { $0 == .queued || $0 == .downloading }
    }

    /// A download changed state or ended: a session waiting for a key looks again (what it waited on may be gone).
    private func downloadsMoved() {
        if pausedByUser { wake() }
    }

    func waitForResumeOrQuit() async {
        if quitRequested || !pausedByUser { return }
        await withCheckedContinuation { resumeWaiters.append($0) }
    }

    private func wake() {
        let waiting = resumeWaiters
        resumeWaiters = []
        for waiter in waiting { waiter.resume() }
    }

    private func installSignalHandlers() {
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [weak self] in
                guard let self else { return }
                Task { await self.quit() }
            }
            source.resume()
            signalSources.append(source)
        }
    }
}

/// A flag set once, read from any thread.
final class SettledFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    var isSet: Bool { lock.withLock { value } }

    func set() { lock.withLock { value = true } }
}
