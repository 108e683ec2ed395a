import Foundation
import HaulCore
import HaulKit

/// How progress is shown.
enum ProgressMode: String, CaseIterable {
    /// A redrawn bar on a terminal.
    case bar
    /// A plain line every few seconds while bytes arrive (for logs and pipes).
    case lines
    /// One JSON object per line on standard output.
    case json
    /// Nothing but errors.
    case none
}

/// Renders one download's updates in the chosen mode. Bars go to standard error (like curl and wget), JSON to
/// standard output so that it can be piped into a program.
final class ProgressRenderer: @unchecked Sendable {
    private let mode: ProgressMode
    private let name: String
    private let id: Int64
    private let colors: Bool
    private let lock = NSLock()
    private var lastDraw: Double = 0
    private var lastLine: Double = 0
    private var lastLineBytes: Int64?
    private var lastProgress: DownloadProgress?
    private var state: DownloadState = .queued
    private var started = ProcessInfo.processInfo.systemUptime
    private var drewBar = false
    /// The visible length of the bar as last drawn.
    private var drawnLength = 0
    /// Set once the bar is taken away for good (`withdraw()`): nothing redraws it.
    private var withdrawn = false
    /// Whether it has been downloading in this run (a `queued` after that means stopped, not waiting).
    private var hasRun = false
    /// Lines mode: the run started and its `downloading` line waits for the response (`renderLines`).
    private var startUnsaid = false
    private var hint: String?
    private var pendingJSONProgress: DownloadProgress?
    /// Each connection's position at the last JSON progress object, for speeds the engine has not measured yet.
    private var connectionSamples: [Int: (start: Int64, next: Int64, time: Double)] = [:]
    /// The last state object sent (JSON).
    private var sentState: DownloadState?
    /// Set once a `failed` object went out: nothing about progress may follow it.
    private var sentFailure = false
    /// Bytes held when this run started downloading, for the average speed of the run.
    private var bytesAtStart: Int64?

    /// Minimum seconds between two bar redraws (about 10 per second).
    static let barInterval = 0.1
    /// Seconds between two plain progress lines.
    static let lineInterval = 3.0
    /// Seconds between two JSON progress objects.
    static let jsonInterval = 0.5

    init(mode: ProgressMode, name: String, id: Int64) {
        self.mode = mode
        self.name = name
        self.id = id
        self.colors = Terminal.colorsAllowed(STDERR_FILENO)
        if mode == .bar { TerminalResize.shared.onResize { [weak self] in self?.terminalResized() } }
    }

    /// Draws the bar again for the terminal's new width (a paused bar gets no progress that would).
    private func terminalResized() {
        lock.withLock { if drewBar && !withdrawn { drawBar() } }
    }

    /// Shows a hint under the bar (e.g. the keys), in bar mode only.
    func setHint(_ text: String?) {
        lock.withLock {
            guard hint != text else { return }
            hint = text
            // A drawn bar must not keep offering a key that no longer does anything (after the end, or `q`).
            if mode == .bar && drewBar { drawBar() }
        }
    }

    /// Handles one update.
    func render(_ update: DownloadUpdate) {
        lock.withLock { renderLocked(update) }
    }

    /// Prints a line about this download (above the bar, or as a plain line).
    func say(_ text: String) {
        lock.withLock {
            switch mode {
            case .bar: message(text)
            case .lines: Terminal.writeError("\(name): \(text)\n")
            case .json, .none: break
            }
        }
    }

    /// Ends the bar's line so that later output starts on a fresh line.
    func finishLine() {
        lock.withLock {
            if drewBar { Terminal.writeError("\n") }
            drewBar = false
        }
    }

    private func now() -> Double { ProcessInfo.processInfo.systemUptime }

    private func renderLocked(_ update: DownloadUpdate) {
        switch mode {
        case .none: return
        case .json: renderJSON(update)
        case .lines: renderLines(update)
        case .bar: renderBar(update)
        }
    }

    // MARK: bar

    private func renderBar(_ update: DownloadUpdate) {
        switch update {
        case .progress(let progress):
            lastProgress = progress
            // Redraws are rationed while bytes flow; the count a pause settles on comes after the state change
            // and is always drawn.
            guard now() - lastDraw >= Self.barInterval || state != .downloading else { return }
            drawBar()
        case .state(let newState):
            state = newState
            if newState == .downloading {
                started = now()
                hasRun = true
            }
            // A failure is drawn (or not) by the `.failed` update, which carries the error; the state change may
            // come before or after it.
            // A cancelled download ends here too: its bar says so instead of freezing at `0 B/s ETA --`.
            if newState == .completed || newState == .cancelled {
                drawBar()
                finishBarLine(done: newState == .completed)
            } else if newState != .failed {
                drawBar()
            }
        case .retrying(let attempt, let delay, let reason):
            message("retry \(attempt) in \(DurationText.elapsed(delay.inSeconds)): \(reason)")
        case .restarted(let reason):
            message("starting over: \(reason)")
        case .notice(let text):
            message(text)
        case .named(let file):
            message("saving as \(file.path)")
        case .failed(let error):
            // The error line that follows says what happened. A bar stays only when it tells more: the bytes
            // held for a later run. A download that failed with nothing (a 404), or that another process holds
            // (its bytes are that process's), leaves the error alone.
            if error.kind == .busy {
                withdrawn = true
                eraseBar()
            } else if (lastProgress?.bytesDone ?? 0) > 0 {
                state = .failed
                drawBar()
                finishBarLine(done: false)
            } else {
                eraseBar()
            }
        }
    }

    /// Takes the live bar off its line, leaving the cursor at the line's start.
    private func eraseBar() {
        if drewBar { Terminal.writeError(clearing) }
        drewBar = false
    }

    /// Takes a bar that never showed a byte of this run off the screen: a download another process holds, refused
    /// before it started, has no progress of its own to show, only the error.
    func withdraw() {
        lock.withLock {
            withdrawn = true
            if mode == .bar { eraseBar() }
        }
    }

    /// A line about this download above its bar, named as a batch's lines are (`big.iso: resuming at ...`).
    private func message(_ text: String) {
        if drewBar { Terminal.writeError(clearing) }
        Terminal.writeError("\(paint(name + ":", "33")) \(text)\n")
        drewBar = false
        drawBar()
    }

    private func drawBar() {
        if withdrawn { return }
        lastDraw = now()
        let progress = lastProgress ?? DownloadProgress(bytesDone: 0, totalBytes: nil)
        let status: String
        switch state {
        case .paused: status = "paused, \(ByteCount.format(progress.bytesDone)) kept"
        case .queued where hasRun: status = "stopped, \(ByteCount.format(progress.bytesDone)) kept"
        case .completed: status = "done in \(DurationText.elapsed(now() - started))"
        case .failed: status = "failed"
        case .cancelled: status = "cancelled"
        default:
            status = "\(ByteCount.formatRate(progress.currentSpeed)) ETA \(DurationText.format(progress.secondsRemaining))"
        }
        var bar = ProgressLine(
            name: name,
            bytesDone: progress.bytesDone,
            totalBytes: progress.totalBytes,
            status: status,
            extra: progress.activeConnections > 1 && state == .downloading ? "\(progress.activeConnections) conn" : nil,
            hint: state == .downloading || state == .paused ? hint : nil
        )
        let width = Terminal.columns()
        // One width running and paused, whatever the speed, the connections and the keys say.
        if let steady = bar.steadyColumns(width: width) {
            bar.fixedBarWidth = steady.barWidth
            bar.showsSizes = steady.showsSizes
        }
        let line = bar.text(width: width)
        let color = state == .completed ? "32" : (state == .failed || state == .cancelled ? "31" : nil)
        Terminal.writeError((drewBar ? clearing : "\r\u{1B}[2K") + (color.map { paint(line, $0) } ?? line))
        drewBar = true
        drawnLength = line.count
    }

    /// What takes the drawn bar off its line: `\r` and a cleared line, or, when a narrowed terminal wrapped the
    /// bar over several rows, up to its first row and clear to the end (`RedrawArea`).
    private var clearing: String {
        let width = Terminal.columns()
        guard RedrawArea.rows(of: [drawnLength], width: width) > 1 else { return "\r\u{1B}[2K" }
        return RedrawArea.erase([drawnLength], width: width)
    }

    private func finishBarLine(done: Bool) {
        if drewBar { Terminal.writeError("\n") }
        drewBar = false
    }

    private func paint(_ text: String, _ code: String) -> String {
        colors ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    // MARK: lines

    private func renderLines(_ update: DownloadUpdate) {
        switch update {
        case .progress(let progress):
            lastProgress = progress
            if startUnsaid, state == .downloading, progress.totalBytes != nil || progress.bytesDone > 0 {
                startUnsaid = false
                Terminal.writeError("\(name): downloading\n")
            }
            // A line says something moved: while a connection waits or retries, the retry lines speak instead.
            guard now() - lastLine >= Self.lineInterval, state == .downloading, progress.bytesDone != lastLineBytes else {
                return
            }
            lastLine = now()
            lastLineBytes = progress.bytesDone
            let percent = progress.fraction.map { "\(Int($0 * 100))%" } ?? "?"
            let total = progress.totalBytes.map { " of \(ByteCount.format($0))" } ?? ""
            Terminal.writeError(
                "\(name): \(percent), \(ByteCount.format(progress.bytesDone))\(total), \(ByteCount.formatRate(progress.currentSpeed)), ETA \(DurationText.format(progress.secondsRemaining))\n"
            )
        case .state(let newState):
            if newState == .downloading {
                started = now()
                lastLine = now()
                lastLineBytes = lastProgress?.bytesDone ?? 0
            }
            if newState == state { return }
            state = newState
            // `downloading` is said once the server answered with the file (its length, or a first byte): a request
            // refused at once (a 404 in a pipe) prints its error alone, not `downloading` then the error.
            startUnsaid = newState == .downloading
            switch newState {
            case .downloading: break
            case .completed:
                let bytes = lastProgress?.bytesDone ?? 0
                let elapsed = max(0.001, now() - started)
                Terminal.writeError("\(name): completed, \(ByteCount.format(bytes)) in \(DurationText.elapsed(elapsed))\n")
            case .paused: Terminal.writeError("\(name): paused\n")
            default: break
            }
        case .retrying(let attempt, let delay, let reason):
            Terminal.writeError("\(name): retry \(attempt) in \(DurationText.elapsed(delay.inSeconds)): \(reason)\n")
        case .restarted(let reason):
            Terminal.writeError("\(name): starting over: \(reason)\n")
        case .notice(let text):
            Terminal.writeError("\(name): \(text)\n")
        case .named(let file):
            Terminal.writeError("\(name): saving as \(file.path)\n")
        case .failed:
            break
        }
    }

    // MARK: json

    /// The engine's measured speed of a connection, else its bytes since the previous object over the time since:
    /// the engine measures over a 2 s window and says 0 until it has one, so a short or fast download used to
    /// report 0 for every connection while the total moved at 20 MB/s.
    private func connectionSpeed(_ connection: ConnectionProgress, at time: Double) -> Double {
        if connection.speed > 0 { return connection.speed }
        guard let previous = connectionSamples[connection.id], previous.start == connection.start,
            time > previous.time, connection.next >= previous.next
        else { return 0 }
        return Double(connection.next - previous.next) / (time - previous.time)
    }

    /// The engine's average, else this run's bytes over this run's time (the engine's average is 0 in the last
    /// update of a run, which is exactly the one a script reads).
    private func averageSpeed(_ progress: DownloadProgress) -> Double {
        if progress.averageSpeed > 0 { return progress.averageSpeed }
        guard let bytesAtStart else { return 0 }
        let elapsed = now() - started
        return elapsed > 0 ? Double(max(0, progress.bytesDone - bytesAtStart)) / elapsed : 0
    }

    private func renderJSON(_ update: DownloadUpdate) {
        var object: [String: Any] = ["id": id, "name": name]
        switch update {
        case .progress(let progress):
            if sentFailure { return }
            lastProgress = progress
            // Rationed while bytes flow; the count a pause settles on comes after the state change and goes out.
            guard now() - lastLine >= Self.jsonInterval || state != .downloading else {
                pendingJSONProgress = progress
                return
            }
            lastLine = now()
            pendingJSONProgress = nil
            object["type"] = "progress"
            object["bytes"] = progress.bytesDone
            object["total"] = progress.totalBytes ?? NSNull()
            object["speed"] = Int(progress.currentSpeed)
            object["averageSpeed"] = Int(averageSpeed(progress))
            object["eta"] = progress.secondsRemaining.map { Int($0.rounded(.up)) } ?? NSNull()
            object["connections"] = progress.activeConnections
            if let contiguous = progress.contiguousBytes { object["contiguous"] = contiguous }
            object["received"] = progress.bytesReceived
            object["kept"] = progress.bytesKept
            let time = now()
            object["perConnection"] = progress.connections.map {
                ["id": $0.id, "start": $0.start, "next": $0.next, "end": $0.end, "speed": Int(connectionSpeed($0, at: time))] as [String: Any]
            }
            connectionSamples = Dictionary(progress.connections.map { ($0.id, (start: $0.start, next: $0.next, time: time)) }) { $1 }
        case .state(let newState):
            // One object per change: the initial state may be announced before the manager repeats it.
            if sentState == newState { return }
            sentState = newState
            if newState == .downloading, bytesAtStart == nil {
                bytesAtStart = lastProgress?.bytesDone ?? 0
                started = now()
            }
            // The last progress before a state change is never dropped: it carries the final byte count.
            if !sentFailure, let pending = pendingJSONProgress {
                pendingJSONProgress = nil
                lastLine = 0
                renderJSON(.progress(pending))
            }
            state = newState
            object["type"] = "state"
            object["state"] = newState.rawValue
        case .retrying(let attempt, let delay, let reason):
            object["type"] = "retrying"
            object["attempt"] = attempt
            object["delay"] = delay.inSeconds  // seconds, as before `Duration`
            object["reason"] = reason
        case .restarted(let reason):
            object["type"] = "restarted"
            object["reason"] = reason
        case .notice(let text):
            object["type"] = "notice"
            object["message"] = text
        case .named(let file):
            object["type"] = "named"
            object["path"] = file.path
        case .failed(let error):
            // The last count goes out before the failure; after it, nothing but the state.
            if let pending = pendingJSONProgress {
                pendingJSONProgress = nil
                lastLine = 0
                renderJSON(.progress(pending))
            }
            sentFailure = true
            object["type"] = "failed"
            object["error"] = error.commandLineMessage
            object["exitCode"] = Int(ExitCodes.code(for: error))
        }
        if let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) {
            Terminal.writeOutput(String(decoding: data, as: UTF8.self) + "\n")
        }
    }
}
