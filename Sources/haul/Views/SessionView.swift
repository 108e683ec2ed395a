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
    /// Whether keys are read (a terminal on standard input); the hint then follows the downloads' states.
    private var keysOffered = false
    private var states: [Int64: DownloadState] = [:]
    /// "resuming at" lines for downloads whose renderer does not exist yet.
    private var pendingNotes: [Int64: String] = [:]
    /// Set by `trackEnds`: the downloads whose end has been shown (`takeEnded`).
    private var ends: SessionViewEnds?

    init(mode: ProgressMode, expected: Int) {
        self.mode = mode
        self.multi = mode == .bar && expected > 1 ? MultiProgressView(expected: expected) : nil
    }

    /// Offers the keys (bar modes only). What they offer follows the downloads: `space: pause` while one is
    /// queued or running, `space: resume` when all that is left is paused (by the key, or by `haul pause` from
    /// another terminal), nothing once everything has ended.
    func offerKeys() {
        lock.withLock {
            keysOffered = true
            updateHintLocked()
        }
    }

    private func updateHintLocked() {
        let text: String?
        if !keysOffered {
            text = nil
        } else if states.values.contains(where: { $0 == .downloading || $0 == .queued }) {
            text = "space: pause, q: quit"
        } else if states.values.contains(.paused) {
            text = "space: resume, q: quit"
        } else {
            text = nil
        }
        guard text != hint else { return }
        hint = text
        for renderer in renderers.values { renderer.setHint(text) }
        multi?.setHint(text)
    }

    /// The last error a download failed with in this session.
    func lastError(of id: Int64) -> HaulError? {
        lock.withLock { errors[id] }
    }

    /// Says that a download goes on from bytes kept earlier, the way wget's "Continuing" does: once, before its
    /// first progress. (If the server's version turns out to have changed, a "starting over" line follows.)
    func resuming(_ id: Int64, _ note: ResumeNote) {
        lock.withLock {
            if mode == .none { return }
            if mode == .json {
                var object: [String: Any] = ["type": "resuming", "id": id, "name": names[id] ?? note.name, "bytes": note.bytes]
                object["total"] = note.total ?? NSNull()
                object["validator"] = note.validator ?? NSNull()
                if let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) {
                    Terminal.writeOutput(String(decoding: data, as: UTF8.self) + "\n")
                }
            } else if let multi {
                multi.permanentLine("\(names[id] ?? note.name): \(note.text)", failed: false)
            } else if let renderer = renderers[id] {
                renderer.say(note.text)
            } else {
                pendingNotes[id] = note.text
            }
        }
    }

    /// Says something about one download that is not an error (already complete, saved under another name,
    /// skipped): a line on standard error, a permanent line above the rows, or a JSON `notice` object.
    func notice(_ text: String, name: String) {
        lock.withLock {
            switch mode {
            case .none: return
            case .json:
                let object: [String: Any] = ["type": "notice", "name": name, "text": text]
                if let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) {
                    Terminal.writeOutput(String(decoding: data, as: UTF8.self) + "\n")
                }
            default:
                // The same words one file or a batch: `haul: f.bin: already complete ...` (a batch's used to lack
                // the `haul:`).
                if let multi {
                    multi.permanentLine("haul: \(name): \(text)", failed: false)
                } else {
                    Terminal.writeError("haul: \(name): \(text)\n")
                }
            }
        }
    }

    /// Prints an error about one download (not in JSON mode: the JSON stream carries a "failed" object).
    func report(_ error: HaulError, name: String) {
        lock.withLock { reportLocked(error, name: name) }
    }

    private func reportLocked(_ error: HaulError, name: String) {
        if mode == .json { return }
        // Refused because another process downloads the file: that process's bytes are not this run's progress.
        if error.kind == .busy {
            for (id, shown) in names where shown == name { renderers[id]?.withdraw() }
        }
        if let multi {
            multi.permanentLine("haul: error: \(name): \(error.commandLineMessage)", failed: true)
        } else {
            Terminal.writeError("haul: error: \(name): \(error.commandLineMessage)\n")
        }
    }

    /// Takes a single download's bar away (see `ProgressRenderer.withdraw`).
    func withdraw(_ id: Int64) {
        lock.withLock { renderers[id]?.withdraw() }
    }

    /// Ends the live display so that later output starts on a fresh line.
    func finish() {
        lock.withLock {
            keysOffered = false
            updateHintLocked()
            multi?.finish()
            for renderer in renderers.values { renderer.finishLine() }
        }
    }

    func render(_ event: ManagerEvent) {
        lock.withLock {
            renderLocked(event)
            ends?.saw(event)
        }
    }

    /// From now on, notes which downloads have had their end shown (a long list lets go of them: `takeEnded`).
    func trackEnds() {
        lock.withLock { if ends == nil { ends = SessionViewEnds() } }
    }

    /// The downloads whose end (completed, failed, removed) has been shown since the last call: nothing more is
    /// drawn or printed for them.
    func takeEnded() -> [Int64] {
        lock.withLock { ends?.take() ?? [] }
    }

    /// Lets go of what is kept for downloads that have ended (`takeEnded`); the batch view keeps their bytes in
    /// its total line.
    func forget(_ ids: [Int64]) {
        lock.withLock {
            for id in ids {
                renderers[id] = nil
                names[id] = nil
                errors[id] = nil
                states[id] = nil
                pendingNotes[id] = nil
                multi?.forget(id)
            }
        }
    }

    /// Entries of a list not read yet, counted as queued in the batch view's total line.
    func setUnread(_ count: Int) {
        lock.withLock { multi?.unread = count }
    }

    private func renderLocked(_ event: ManagerEvent) {
        switch event {
        case .current(let snapshot), .added(let snapshot):
            names[snapshot.id.rawValue] = snapshot.name
            states[snapshot.id.rawValue] = snapshot.state
            if let multi {
                multi.register(snapshot)
            } else if renderers[snapshot.id.rawValue] == nil {
                let renderer = ProgressRenderer(mode: mode, name: snapshot.name, id: snapshot.id.rawValue)
                if let hint { renderer.setHint(hint) }
                renderers[snapshot.id.rawValue] = renderer
                // JSON: every download's stream starts with the state it was taken up in (`queued` for a new
                // one), whether it then fails at once or starts downloading, so that scripts see one shape.
                if mode == .json { renderer.render(.state(snapshot.state)) }
                if let note = pendingNotes.removeValue(forKey: snapshot.id.rawValue) { renderer.say(note) }
            }
        case .stateChanged(let id, let state):
            states[id.rawValue] = state
            updateHintLocked()
            renderers[id.rawValue]?.render(.state(state))
            multi?.stateChanged(id.rawValue, state)
        case .progress(let id, let progress):
            renderers[id.rawValue]?.render(.progress(progress))
            multi?.progress(id.rawValue, progress)
        case .note(let id, let update):
            renderers[id.rawValue]?.render(update)
            multi?.note(id.rawValue, update)
        case .finishing:
            break  // still `downloading` on screen until it completes
        case .completed(let id, let file):
            multi?.completed(id.rawValue, path: file.path)
        case .failed(let id, let error):
            errors[id.rawValue] = error
            renderers[id.rawValue]?.render(.failed(error))
            renderers[id.rawValue]?.finishLine()
            multi?.failed(id.rawValue)
            reportLocked(error, name: names[id.rawValue] ?? "download \(id)")
        case .removed(let id):
            states[id.rawValue] = nil
            updateHintLocked()
            multi?.removed(id.rawValue)
        }
    }
}
