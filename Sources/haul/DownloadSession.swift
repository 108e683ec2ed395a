import Dispatch
import Foundation
import HaulArchive
import HaulKit

/// Runs the downloads of one `haul` invocation in order, wiring keys, signals and progress rendering to them.
actor DownloadSession {
    private let client: HaulClient
    private let mode: ProgressMode
    private var current: DownloadTask?
    private var renderer: ProgressRenderer?
    private var quitRequested = false
    private var pausedByUser = false
    private var resumeWaiters: [CheckedContinuation<Bool, Never>] = []
    private var signalSources: [DispatchSourceSignal] = []

    /// What to unpack after a download completes.
    struct Extraction: Sendable {
        var directory: String?
        var limits: ExtractionLimits
        var overwrite: Bool
    }
    private let extraction: Extraction?

    init(client: HaulClient, mode: ProgressMode, extraction: Extraction? = nil) {
        self.client = client
        self.mode = mode
        self.extraction = extraction
    }

    /// Downloads every request; returns the exit code.
    func run(requests: [DownloadRequest]) async -> Int32 {
        installSignalHandlers()
        if mode == .bar {
            _ = KeyReader.start { [weak self] key in
                guard let self else { return }
                Task { await self.handleKey(key) }
            }
        }
        var failures: [(String, HaulError)] = []
        for request in requests {
            if quitRequested { break }
            let name = (request.destination as NSString).lastPathComponent
            do {
                if let error = try await download(request, name: name) { failures.append((name, error)) }
            } catch {
                let error = HaulError.wrap(error)
                report(error, name: name)
                failures.append((name, error))
            }
        }
        KeyReader.current?.stop()
        if quitRequested {
            Terminal.writeError("haul: stopped; the partial file is kept. Run the same command again to resume.\n")
            return ExitCodes.interrupted
        }
        if requests.count > 1, !failures.isEmpty {
            Terminal.writeError("haul: \(requests.count - failures.count) of \(requests.count) downloads succeeded; failed:\n")
            for (name, error) in failures { Terminal.writeError("  \(name): \(error.message)\n") }
        }
        return failures.first.map { ExitCodes.code(for: $0.1) } ?? ExitCodes.success
    }

    /// Runs one download to its end; returns its error, if it failed.
    private func download(_ request: DownloadRequest, name: String) async throws -> HaulError? {
        let task = try client.prepare(request)
        let renderer = ProgressRenderer(mode: mode, name: name, id: task.id)
        if mode == .bar, KeyReader.current != nil { renderer.setHint("space: pause, q: quit") }
        current = task
        self.renderer = renderer
        let updates = task.updates
        let rendering = Task {
            for await update in updates { renderer.render(update) }
        }
        defer {
            rendering.cancel()
            current = nil
        }
        try await task.start()
        while true {
            switch await task.outcome() {
            case .completed(let path):
                await rendering.value
                guard let extraction else { return nil }
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
                    let error = HaulError.wrap(error)
                    report(error, name: name)
                    return error
                }
            case .failed(let error):
                renderer.finishLine()
                report(error, name: name)
                return error
            case .cancelled:
                return HaulError(.cancelled, "cancelled")
            case .paused:
                if quitRequested {
                    renderer.finishLine()
                    return nil
                }
                guard await waitForResumeOrQuit() else {
                    renderer.finishLine()
                    return nil
                }
                try await task.resume()
            }
        }
    }

    private func report(_ error: HaulError, name: String) {
        if mode == .json { return }  // the JSON stream already carries a "failed" object
        Terminal.writeError("haul: error: \(name): \(error.message)\n")
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

    private func togglePause() async {
        if pausedByUser {
            pausedByUser = false
            renderer?.setHint("space: pause, q: quit")
            wake(true)
        } else if let current {
            pausedByUser = true
            renderer?.setHint("space: resume, q: quit")
            try? await current.pause()
        }
    }

    /// Stops the current download keeping its progress, then ends the session with exit code 130.
    func quit() async {
        guard !quitRequested else { return }
        quitRequested = true
        wake(false)
        await current?.interrupt()
    }

    private func waitForResumeOrQuit() async -> Bool {
        if quitRequested { return false }
        return await withCheckedContinuation { resumeWaiters.append($0) }
    }

    private func wake(_ resumed: Bool) {
        let waiting = resumeWaiters
        resumeWaiters = []
        for waiter in waiting { waiter.resume(returning: resumed) }
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
