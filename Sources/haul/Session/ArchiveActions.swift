import Foundation
import HaulArchive
import HaulCore
import HaulKit

/// Extraction shared by `haul unzip` and `haul get --extract`.
enum ArchiveActions {
    /// `dir/name.zip` extracts to `dir/name`.
    static func defaultExtractionDirectory(for archive: String) -> String {
        let url = URL(fileURLWithPath: archive)
        let base = url.deletingPathExtension().lastPathComponent
        return url.deletingLastPathComponent().appendingPathComponent(base.isEmpty ? "extracted" : base).path
    }

    static func extract(archive: String, to destination: String, limits: ExtractionLimits, overwrite: Bool, quiet: Bool) throws {
        let showBar = !quiet && Terminal.isTerminal(STDERR_FILENO)
        let name = (archive as NSString).lastPathComponent
        let lastDraw = LockedTime()
        let draw: @Sendable (ExtractionProgress) -> Void = { progress in
            guard lastDraw.due(interval: 0.1) else { return }
            let fraction = progress.totalBytes > 0 ? Double(progress.bytesWritten) / Double(progress.totalBytes) : 1
            let line = "unzip \(name)  \(Int(fraction * 100))%  \(progress.entriesCompleted)/\(progress.entryCount) entries  "
                + ByteCount.format(Int64(progress.bytesWritten))
            Terminal.writeError("\r\u{1B}[2K" + line)
        }
        let summary: ExtractionSummary
        do {
            summary = try ZipExtractor.extract(
                archive: URL(fileURLWithPath: archive),
                to: URL(fileURLWithPath: destination),
                limits: limits,
                overwrite: overwrite,
                progress: showBar ? draw : nil
            )
        } catch let error as ZipError {
            if showBar { Terminal.writeError("\n") }
            throw haulError(error)
        }
        if showBar { Terminal.writeError("\r\u{1B}[2K") }
        if !quiet {
            Terminal.writeError(
                "\(name): extracted \(summary.fileCount) files (\(ByteCount.format(Int64(summary.bytesWritten)))) into \(summary.destination.path)\n"
            )
        }
    }

    static func haulError(_ error: ZipError) -> HaulError {
        if error.code == .destinationExists { return HaulError(.fileExists, error.message + "; use --overwrite to replace files") }
        if error.code == .io { return HaulError(.io, error.message) }
        return HaulError(.archive, error.message)
    }
}

/// A thread-safe "is it time to redraw" clock.
final class LockedTime: @unchecked Sendable {
    private let lock = NSLock()
    private var last: Double = 0

    func due(interval: Double) -> Bool {
        let now = ProcessInfo.processInfo.systemUptime
        return lock.withLock {
            guard now - last >= interval else { return false }
            last = now
            return true
        }
    }
}
