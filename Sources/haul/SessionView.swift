import Foundation
import HaulCore
import HaulKit

/// Shows a session's manager events: one `ProgressRenderer` per download (plain lines, JSON, or the single bar
/// of a one-file run), or, for several files on a terminal, a `MultiProgressView`.
final class SessionView: @unchecked Sendable {
    private let mode: ProgressMode
    private let multi: MultiProgressView?
    private let lock = NSLock()
    private var renderers: [Int64: ProgressRenderer] = [:]
    private var names: [Int64: String] = [:]
    private var errors: [Int64: HaulError] = [:]
    private var hint: String?

    init(mode: ProgressMode, expected: Int) {
        self.mode = mode
        self.multi = mode == .bar && expected > 1 ? MultiProgressView(expected: expected) : nil
    }

    /// Shows the keys (bar modes only).
    func setHint(_ text: String) {
        lock.withLock {
            hint = text
            for renderer in renderers.values { renderer.setHint(text) }
            multi?.setHint(text)
        }
    }

    /// The last error a download failed with in this session.
    func lastError(of id: Int64) -> HaulError? {
        lock.withLock { errors[id] }
    }

    /// Prints an error about one download (not in JSON mode: the JSON stream carries a "failed" object).
    func report(_ error: HaulError, name: String) {
        lock.withLock { reportLocked(error, name: name) }
    }

    private func reportLocked(_ error: HaulError, name: String) {
        if mode == .json { return }
        if let multi {
            multi.permanentLine("haul: error: \(name): \(error.commandLineMessage)", failed: true)
        } else {
            Terminal.writeError("haul: error: \(name): \(error.commandLineMessage)\n")
        }
    }

    /// Ends the live display so that later output starts on a fresh line.
    func finish() {
        lock.withLock {
            multi?.finish()
            for renderer in renderers.values { renderer.finishLine() }
        }
    }

    func render(_ event: ManagerEvent) {
        lock.withLock { renderLocked(event) }
    }

    private func renderLocked(_ event: ManagerEvent) {
        switch event {
        case .current(let snapshot), .added(let snapshot):
            names[snapshot.id] = snapshot.name
            if let multi {
                multi.register(snapshot)
            } else if renderers[snapshot.id] == nil {
                let renderer = ProgressRenderer(mode: mode, name: snapshot.name, id: snapshot.id)
                if let hint { renderer.setHint(hint) }
                renderers[snapshot.id] = renderer
            }
        case .stateChanged(let id, let state):
            renderers[id]?.render(.state(state))
            multi?.stateChanged(id, state)
        case .progress(let id, let progress):
            renderers[id]?.render(.progress(progress))
            multi?.progress(id, progress)
        case .note(let id, let update):
            renderers[id]?.render(update)
            multi?.note(id, update)
        case .completed(let id, let path):
            multi?.completed(id, path: path)
        case .failed(let id, let error):
            errors[id] = error
            renderers[id]?.render(.failed(error))
            renderers[id]?.finishLine()
            multi?.failed(id)
            reportLocked(error, name: names[id] ?? "download \(id)")
        case .removed(let id):
            multi?.removed(id)
        }
    }
}
