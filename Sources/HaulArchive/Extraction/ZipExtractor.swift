import Foundation

/// Safe, verified extraction of zip archives.
///
/// Everything the central directory says is checked before a byte is written: entry names (no `..`, absolute
/// paths, backslashes, NUL bytes, empty or duplicate names), symlinks (none may point outside the destination,
/// none may be written through), overlapping entries, the ``ExtractionLimits``, and the local headers. Content is
/// then streamed with the declared sizes enforced and every CRC-32 verified (zlib's `crc32`).
///
/// The entries are written into a hidden staging directory, `.NAME.haul-partial-XXXX`. Only when every entry has
/// succeeded does it become the destination:
/// - destination absent: the staging directory (beside it) is renamed to it, atomically;
/// - destination an empty directory: the empty directory is removed and the staging directory renamed over it,
///   keeping the old directory's mode;
/// - destination a directory with content: the staging directory is created inside it, collisions are checked
///   before extraction starts (existing files are replaced only with `overwrite`, never a directory by a file or
///   the reverse, never through an existing symlink), and entries are moved in one by one at the end; existing
///   directories keep their mode and time. This last step is not atomic as a whole, though each entry is.
///
/// On any error the staging directory is removed. A process killed mid-extraction leaves only the staging
/// directory, whose name says it is partial, and never a destination that looks complete.
public enum ZipExtractor {
    /// Extracts a zip archive into a directory.
    /// - Parameters:
    ///   - archive: The zip file.
    ///   - destination: The directory to create or fill.
    ///   - limits: Caps on size, ratio and entry count.
    ///   - overwrite: Whether files and symlinks already in `destination` may be replaced.
    ///   - progress: Called after each chunk written and each entry finished, on the calling thread.
    /// - Returns: Counts of what was written.
    /// - Throws: ``ZipError``; see ``ZipError/Code`` for the cases. Nothing is left at `destination` when the
    ///   destination did not exist before.
    @discardableResult
    public static func extract(
        archive: URL,
        to destination: URL,
        limits: ExtractionLimits = .init(),
        overwrite: Bool = false,
        progress: (@Sendable (ExtractionProgress) -> Void)? = nil
    ) throws -> ExtractionSummary {
        let file = try ArchiveFile(path: archive.standardizedFileURL.path)
        let layout = try ArchiveLayout.read(from: file)
        try ExtractionPlan.checkCount(layout.entryCount, limits: limits)
        let entries = try CentralDirectoryParser.entries(in: file, layout: layout)
        let dataOffsets = try LocalHeaders.dataOffsets(for: entries, in: file, layout: layout)
        try LocalHeaders.checkNoOverlap(entries, dataOffsets: dataOffsets)
        let reader = EntryReader(file: file)
        var targets: [Int: [UInt8]] = [:]
        for (index, entry) in entries.enumerated() where entry.kind == .symlink {
            targets[index] = try reader.symlinkTarget(entry, dataOffset: dataOffsets[index])
        }
        let plan = try ExtractionPlan(entries: entries, symlinkTargets: targets, limits: limits)

        let target = try ExtractionTarget.resolve(destination)
        if target.commit == .merge {
            let raw = open(target.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard raw >= 0 else { throw ZipError.system("cannot open \(target.path)") }
            let directory = FileDescriptor(taking: raw)
            try MergeCheck.check(plan, destination: directory.raw, overwrite: overwrite)
        }
        let staging = try StagingDirectory(for: target)
        let tracker = ProgressTracker(plan: plan, limits: limits, callback: progress)
        do {
            try write(plan, entries: entries, dataOffsets: dataOffsets, reader: reader, into: staging, tracker: tracker)
            try staging.commit(overwrite: overwrite)
        } catch {
            staging.discard()
            throw error
        }
        return ExtractionSummary(
            destination: URL(fileURLWithPath: target.path), fileCount: plan.files.count,
            directoryCount: plan.directories.count, symlinkCount: plan.symlinks.count,
            bytesWritten: tracker.bytesWritten, mergedIntoExistingDirectory: target.commit == .merge)
    }

    /// Creates directories, then files in archive order, then symlinks, then directory modes and times (deepest
    /// first, so that writing inside a directory does not change its time afterwards).
    private static func write(
        _ plan: ExtractionPlan, entries: [CentralDirectoryEntry], dataOffsets: [UInt64], reader: EntryReader,
        into staging: StagingDirectory, tracker: ProgressTracker
    ) throws {
        let tree = StagingTree(root: staging.root.raw)
        for directory in plan.directories {
            try tracker.checkCancelled()
            try tree.makeDirectory(directory)
            tracker.finishedEntry(directory, counts: directory.entryIndex != nil)
        }
        for file in plan.files {
            try tracker.checkCancelled()
            let index = file.entryIndex!
            try tree.createFile(file) { fd in
                try reader.read(entries[index], dataOffset: dataOffsets[index]) { chunk in
                    try tracker.willWrite(chunk.count, of: file)
                    try writeAll(fd, chunk, what: "'\(file.displayPath)'", entry: file.displayPath)
                    tracker.didWrite(chunk.count, of: file)
                }
            }
            tracker.finishedEntry(file, counts: true)
        }
        for (symlink, target) in plan.symlinks {
            try tree.createSymlink(symlink, target: target)
            tracker.finishedEntry(symlink, counts: true)
        }
        for directory in plan.directories.reversed() {
            try tree.applyDirectoryMetadata(directory)
        }
    }
}

/// Counts what has been written, enforces the total-size cap on actual bytes, and reports progress.
final class ProgressTracker {
    private let callback: (@Sendable (ExtractionProgress) -> Void)?
    private let limits: ExtractionLimits
    private var state: ExtractionProgress

    var bytesWritten: UInt64 { state.bytesWritten }

    init(plan: ExtractionPlan, limits: ExtractionLimits, callback: (@Sendable (ExtractionProgress) -> Void)?) {
        self.callback = callback
        self.limits = limits
        self.state = ExtractionProgress(
            entriesCompleted: 0, entryCount: plan.entryCount, bytesWritten: 0, totalBytes: plan.totalFileBytes,
            currentEntry: "")
    }

    /// Refuses a chunk that would take the bytes actually written past the total-size cap.
    func willWrite(_ count: Int, of item: PlannedItem) throws {
        try checkCancelled()
        let (total, overflow) = state.bytesWritten.addingReportingOverflow(UInt64(count))
        guard !overflow, total <= limits.maxTotalUncompressedBytes else {
            throw ZipError(
                .totalSizeLimit,
                "stopped at '\(item.displayPath)': more than \(limits.maxTotalUncompressedBytes) bytes written",
                entry: item.displayPath)
        }
    }

    func didWrite(_ count: Int, of item: PlannedItem) {
        state.bytesWritten += UInt64(count)
        guard let callback else { return }
        state.currentEntry = item.displayPath
        callback(state)
    }

    func finishedEntry(_ item: PlannedItem, counts: Bool) {
        guard counts else { return }
        state.entriesCompleted += 1
        guard let callback else { return }
        state.currentEntry = item.displayPath
        callback(state)
    }

    /// Throws when the surrounding task has been cancelled.
    func checkCancelled() throws {
        if Task.isCancelled { throw ZipError(.cancelled, "extraction cancelled") }
    }
}
