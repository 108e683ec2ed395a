import Foundation

/// Safe, verified extraction of zip archives.
///
/// Everything the central directory says is checked before a byte is written: entry names (no `..`, absolute
/// paths, backslashes, NUL bytes, empty or duplicate names), symlinks (none may point outside the destination,
/// none may be written through), overlapping entries, the ``ExtractionLimits``, and the local headers. Content is
/// then streamed with the declared sizes enforced and every CRC-32 verified (zlib's `crc32`). Files are written by
/// one thread per core (four at most), each taking the next file in archive order; a stored file larger than 16 MiB
/// is copied by all of them, 16 MiB pieces at a time, its CRC-32 combined from the pieces'.
///
/// The merge case below also refuses to write through a symlink already in the destination. Entry names are
/// written as the raw bytes the archive holds, without code-page conversion.
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
    ///   - progress: Called after each chunk written and each entry finished, from the writing threads, never
    ///     two calls at once.
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
        let reader = EntryReader(fd: file.fd, path: file.path)
        var targets: [Int: [UInt8]] = [:]
        for (index, entry) in entries.enumerated() where entry.kind == .symlink {
            targets[index] = try reader.symlinkTarget(entry, dataOffset: dataOffsets[index])
        }
        let plan = try ExtractionPlan(entries: entries, symlinkTargets: targets, limits: limits)

        var target = try ExtractionTarget.resolve(destination)
        if case .replaceEmptyDirectory = target.commit, !isWritableDirectory(target.parentPath) {
            target.commit = .merge  // an empty mount point under a read-only parent: stage inside it instead
        }
        if target.commit == .merge {
            let raw = open(target.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard raw >= 0 else { throw ZipError.system("cannot open \(target.path)") }
            let directory = FileDescriptor(taking: raw)
            try MergeCheck.check(plan, destination: directory.raw, overwrite: overwrite)
        }
        let staging = try StagingDirectory(for: target)
        let tracker = ProgressTracker(plan: plan, limits: limits, callback: progress)
        do {
            try write(plan, entries: entries, dataOffsets: dataOffsets, file: file, into: staging, tracker: tracker)
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

    private static func isWritableDirectory(_ path: String) -> Bool {
        access(path, W_OK | X_OK) == 0
    }

    /// Creates directories, then files (in parallel, in archive order), then symlinks, then directory modes and
    /// times (deepest first, so that writing inside a directory does not change its time afterwards).
    private static func write(
        _ plan: ExtractionPlan, entries: [CentralDirectoryEntry], dataOffsets: [UInt64], file: ArchiveFile,
        into staging: StagingDirectory, tracker: ProgressTracker
    ) throws {
        let tree = StagingTree(root: staging.root.raw)
        for directory in plan.directories {
            if Task.isCancelled { throw ZipError(.cancelled, "extraction cancelled") }
            try tree.makeDirectory(directory)
            if directory.entryIndex != nil { tracker.finishedEntry(directory) }
        }
        let writers = FileWriters(
            files: plan.files, entries: entries, dataOffsets: dataOffsets, archiveFD: file.fd, archivePath: file.path,
            stagingRoot: staging.root.raw, tracker: tracker)
        try writers.run(writers: FileWriters.writerCount(jobs: writers.jobs.count, bytes: plan.totalFileBytes))
        for (symlink, target) in plan.symlinks {
            try tree.createSymlink(symlink, target: target)
            tracker.finishedEntry(symlink)
        }
        for directory in plan.directories.reversed() {
            try tree.applyDirectoryMetadata(directory)
        }
    }
}
