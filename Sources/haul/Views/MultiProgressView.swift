import Foundation
import HaulCore
import HaulKit

/// The terminal view of several downloads: one line per running download and a total line, redrawn in place
/// about ten times a second. A download that finishes or fails leaves a permanent line above the live block, so
/// the block stays as tall as what is running however many files pass through.
///
/// Only the rows that fit the terminal are drawn (the rest are counted in a "+N more" line), and nothing is
/// drawn wider than the terminal, so the redraw never scrolls the screen.
final class MultiProgressView {
    private struct Row {
        var name: String
        var state: DownloadState
        var progress: DownloadProgress?
        var started: Double?
        /// Bytes held when this run took it up (a resumed download's earlier bytes are not this run's speed).
        var initialBytes: Int64 = 0
    }

    /// Bytes moved by this run over every download.
    private var transferred: Int64 {
        order.compactMap { rows[$0] }.reduce(released.transferred) { $0 + max(0, ($1.progress?.bytesDone ?? 0) - $1.initialBytes) }
    }
    /// What the rows let go of (`forget`) held: counted in the total line, no longer drawn or kept.
    private var released = (count: 0, bytes: Int64(0), transferred: Int64(0))
    /// Entries of a list not read yet (`haul -i`): they wait in the file, shown as queued.
    var unread = 0
    private var rows: [Int64: Row] = [:]
    private var order: [Int64] = []
    private let expected: Int
    private var completedCount = 0
    private var failedCount = 0
    /// The visible length of each line of the live block as last drawn.
    private var drawnLengths: [Int] = []
    private var lastDraw = 0.0
    private var hint: String?
    private let colors = Terminal.colorsAllowed(STDERR_FILENO)
    private let started = ProcessInfo.processInfo.systemUptime
    /// Set by `finish`: the total line then shows the average speed of the whole run.
    private var finished = false

    init(expected: Int) {
        self.expected = expected
    }

    private func now() -> Double { ProcessInfo.processInfo.systemUptime }

    func setHint(_ text: String?) {
        hint = text
        draw(force: true)
    }

    func register(_ snapshot: DownloadSnapshot) {
        if rows[snapshot.id.rawValue] == nil { order.append(snapshot.id.rawValue) }
        rows[snapshot.id.rawValue] = Row(
            name: snapshot.name,
            state: snapshot.state,
            progress: DownloadProgress(bytesDone: snapshot.bytesDone, totalBytes: snapshot.totalBytes),
            initialBytes: snapshot.bytesDone
        )
        if snapshot.state == .completed { completedCount += 1 }
        draw(force: false)
    }

    func stateChanged(_ id: Int64, _ state: DownloadState) {
        guard rows[id] != nil, rows[id]?.state != state else { return }
        if state == .downloading && rows[id]?.started == nil { rows[id]?.started = now() }
        rows[id]?.state = state
        draw(force: true)
    }

    func progress(_ id: Int64, _ progress: DownloadProgress) {
        rows[id]?.progress = progress
        // The count a pause settles on comes after the state change and is always drawn.
        draw(force: rows[id].map { $0.state != .downloading } ?? false)
    }

    func note(_ id: Int64, _ update: DownloadUpdate) {
        guard let row = rows[id] else { return }
        switch update {
        case .retrying(let attempt, let delay, let reason):
            permanentLine("\(row.name): retry \(attempt) in \(DurationText.elapsed(delay.inSeconds)): \(reason)", failed: false)
        case .restarted(let reason):
            permanentLine("\(row.name): starting over: \(reason)", failed: false)
        case .notice(let text):
            permanentLine("\(row.name): \(text)", failed: false)
        case .named(let file):
            rows[id]?.name = file.lastPathComponent
        default:
            break
        }
    }

    func completed(_ id: Int64, path: String) {
        guard var row = rows[id] else { return }
        row.state = .completed
        rows[id] = row
        completedCount += 1
        let bytes = row.progress?.bytesDone ?? 0
        let elapsed = row.started.map { max(0.001, now() - $0) }
        let time = elapsed.map { " in \(DurationText.elapsed($0))" } ?? ""
        permanentLine(paint("done", "32") + " \((path as NSString).lastPathComponent)  \(ByteCount.format(bytes))\(time)", failed: false)
    }

    func failed(_ id: Int64) {
        guard rows[id] != nil else { return }
        failedCount += 1
        draw(force: true)
    }

    /// Lets go of an ended download's row (a long list keeps rows for what is in line only); its bytes stay in the
    /// total line.
    func forget(_ id: Int64) {
        guard let row = rows.removeValue(forKey: id) else { return }
        order.removeAll { $0 == id }
        released.count += 1
        released.bytes += row.progress?.bytesDone ?? 0
        released.transferred += max(0, (row.progress?.bytesDone ?? 0) - row.initialBytes)
    }

    func removed(_ id: Int64) {
        rows[id] = nil
        order.removeAll { $0 == id }
        draw(force: true)
    }

    /// Prints a line above the live block.
    func permanentLine(_ text: String, failed: Bool) {
        erase()
        let width = Terminal.columns()
        let shown = text.count > width - 1 && !colors ? String(text.prefix(width - 1)) : text
        Terminal.writeError((failed ? paint(shown, "31") : shown) + "\n")
        draw(force: true)
    }

    /// Draws the final state and leaves the cursor on a fresh line. Downloads stopped before the end (`q`,
    /// Ctrl-C, `haul pause` from elsewhere) get a permanent line with the bytes kept instead of vanishing, and the
    /// keys are no longer offered: nothing is left to pause.
    func finish() {
        hint = nil
        for id in order {
            guard let row = rows[id], row.state == .queued || row.state == .paused, row.started != nil else { continue }
            permanentLine("\(row.state == .paused ? "paused" : "stopped")  \(row.name)  \(ByteCount.format(row.progress?.bytesDone ?? 0)) kept", failed: false)
            rows[id]?.state = .cancelled
        }
        finished = true
        draw(force: true)
        if !drawnLengths.isEmpty { Terminal.writeError("\n") }
        drawnLengths = []
    }

    /// Takes the live block away, counting the rows its lines take at the width the terminal has now: narrowed,
    /// it wrapped them (`RedrawArea`).
    private func erase() {
        guard !drawnLengths.isEmpty else { return }
        Terminal.writeError(RedrawArea.erase(drawnLengths, width: Terminal.columns()))
        drawnLengths = []
    }

    private func draw(force: Bool) {
        let time = now()
        guard force || time - lastDraw >= ProgressRenderer.barInterval else { return }
        lastDraw = time
        let width = max(20, Terminal.columns())
        let running = order.filter { id in
            guard let row = rows[id] else { return false }
            // A row is drawn once it has started: a download paused or queued before its first byte is counted in
            // the total line, not drawn as if it ran.
            return row.state == .downloading || (row.state == .paused && row.started != nil)
                || (row.state == .queued && row.started != nil && !finished)
        }
        let room = max(1, Terminal.rows() - 2)
        var lines: [String] = []
        let shown = running.count > room ? Array(running.prefix(room - 1)) : running
        for id in shown { lines.append(line(for: rows[id]!, width: width)) }
        if shown.count < running.count { lines.append("  +\(running.count - shown.count) more running") }
        lines.append(totalLine(width: width))
        erase()
        let fitted = lines.map { fit($0, width) }
        Terminal.writeError(fitted.joined(separator: "\n"))
        drawnLengths = fitted.map(\.count)
    }

    /// Whether a download has every byte of a known length and is being verified, flushed and renamed: it no
    /// longer holds its place under `-j` (`QueuePolicy`), so it is shown and counted apart from the running ones.
    static func isFinishing(_ state: DownloadState, _ progress: DownloadProgress?) -> Bool {
        guard state == .downloading, let progress, let total = progress.totalBytes else { return false }
        return progress.bytesDone >= total
    }

    /// What a row says after its bar.
    static func status(_ state: DownloadState, _ progress: DownloadProgress) -> String {
        switch state {
        case .paused: return "paused"
        case .queued: return "queued"  // started earlier, waiting for a slot again
        case .downloading where isFinishing(state, progress): return "finishing"
        default: return "\(ByteCount.formatRate(progress.currentSpeed)) ETA \(DurationText.format(progress.secondsRemaining))"
        }
    }

    private func line(for row: Row, width: Int) -> String {
        let progress = row.progress ?? DownloadProgress(bytesDone: 0, totalBytes: nil)
        let status = Self.status(row.state, progress)
        let nameColumn = min(max(8, width / 4), 30)
        let columns = ProgressLine.batchColumns(width: width, nameColumn: nameColumn, maxBarWidth: 30)
        return ProgressLine(
            name: row.name,
            bytesDone: progress.bytesDone,
            totalBytes: progress.totalBytes,
            status: status,
            nameColumn: nameColumn,
            maxBarWidth: 30,
            fixedBarWidth: columns.barWidth,
            showsSizes: columns.showsSizes
        ).text(width: width)
    }

    private func totalLine(width: Int) -> String {
        let values = order.compactMap { rows[$0] }
        let downloading = values.filter { $0.state == .downloading }
        let running = downloading.filter { !Self.isFinishing($0.state, $0.progress) }
        var line = BatchTotalLine(done: completedCount, total: max(expected, values.count + released.count))
        line.running = running.count
        line.finishing = downloading.count - running.count
        // With a long list, the entries not read yet wait in the file: queued too.
        line.queued = values.filter { $0.state == .queued }.count + unread
        line.paused = values.filter { $0.state == .paused }.count
        line.failed = failedCount
        line.bytes = values.reduce(released.bytes) { $0 + ($1.progress?.bytesDone ?? 0) }
        line.transferred = transferred
        line.speed = running.reduce(0.0) { $0 + ($1.progress?.currentSpeed ?? 0) }
        line.elapsed = now() - started
        line.settled = finished || (downloading.isEmpty && line.queued == 0)
        line.hint = hint
        return line.text(width: width)
    }

    /// The parts joined, leaving out the highest-ranked ones until the line fits in `room` (`BatchTotalLine`).
    static func fitted(_ parts: [(text: String, rank: Int)], room: Int) -> String {
        BatchTotalLine.fitted(parts, room: room)
    }

    private func fit(_ text: String, _ width: Int) -> String {
        ProgressLine.cutAtWord(text, room: width - 1)
    }

    private func paint(_ text: String, _ code: String) -> String {
        colors ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
