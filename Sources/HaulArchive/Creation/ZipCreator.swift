import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Creation of zip archives from files and directories.
///
/// Each input is stored under its last path component; directories are walked recursively in sorted order and
/// stored with their content. Symlinks are stored as symlinks, never followed. Permissions and modification
/// times are kept (the time to the second, in an extended-timestamp field beside the DOS time). Zip64 records
/// are written exactly when needed: entries or offsets of 4 GiB and more, 65,535 entries and more.
///
/// The archive is written to `.NAME.haul-partial-XXXX` beside it and renamed into place when complete, so a
/// killed process never leaves a truncated archive under the final name.
public enum ZipCreator {
    /// Creates a zip archive.
    /// - Parameters:
    ///   - archive: The zip file to create.
    ///   - paths: Files, directories and symlinks to store.
    ///   - compression: ``ZipCompression/deflate`` (level 6) by default, or ``ZipCompression/store``.
    ///   - overwrite: Whether an existing file at `archive` may be replaced.
    ///   - progress: Called after each chunk read and each entry written, on the calling thread.
    /// - Returns: Counts and sizes.
    /// - Throws: ``ZipError``: ``ZipError/Code/destinationExists`` when `archive` exists (and `overwrite` is off)
    ///   or is a directory, ``ZipError/Code/duplicateEntry`` when two inputs share a name,
    ///   ``ZipError/Code/sourceChanged``, ``ZipError/Code/unsupportedFeature`` for devices, FIFOs and sockets,
    ///   ``ZipError/Code/io``.
    @discardableResult
    public static func create(
        archive: URL,
        from paths: [URL],
        compression: ZipCompression = .deflate,
        overwrite: Bool = false,
        progress: (@Sendable (CreationProgress) -> Void)? = nil
    ) throws -> CreationSummary {
        let location = archive.standardizedFileURL
        var existing = stat()
        let exists = lstat(location.path, &existing) == 0
        if exists {
            guard fileType(existing) != S_IFDIR else {
                throw ZipError(.destinationExists, "\(location.path) is a directory")
            }
            guard overwrite else { throw ZipError(.destinationExists, "\(location.path) already exists") }
        }
        let items = try SourceTree.collect(paths, excluding: exists ? (existing.st_dev, existing.st_ino) : nil)
        return try create(
            archive: location, items: items, compression: compression, overwrite: overwrite, progress: progress)
    }

    /// Writes listed items to `.NAME.haul-partial-XXXX` and renames it to `archive`.
    static func create(
        archive location: URL, items: [SourceItem], compression: ZipCompression, overwrite: Bool,
        progress: (@Sendable (CreationProgress) -> Void)?
    ) throws -> CreationSummary {
        let parent = location.deletingLastPathComponent().path
        let name = Array(location.lastPathComponent.utf8)
        do {
            try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        } catch {
            throw ZipError(.io, "cannot create \(parent): \(error.localizedDescription)")
        }
        let directory = open(parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { throw ZipError.system("cannot open \(parent)") }
        let container = FileDescriptor(taking: directory)
        let (partialName, raw) = try createPartial(in: container.raw, name: name, parent: parent)
        let output = FileDescriptor(taking: raw)
        do {
            let archiveBytes = try write(
                items, to: output, path: location.path, compression: compression, progress: progress)
            try output.closeChecked(location.path)
            try commit(partialName, as: name, in: container.raw, overwrite: overwrite, path: location.path)
            return CreationSummary(
                archive: location, fileCount: items.count { $0.kind == .file },
                directoryCount: items.count { $0.kind == .directory },
                symlinkCount: items.count { $0.kind == .symlink },
                uncompressedBytes: items.reduce(0) { $0 + ($1.kind == .file ? $1.size : 0) }, archiveBytes: archiveBytes
            )
        } catch {
            _ = withCPath(partialName) { unlinkat(container.raw, $0, 0) }
            throw error
        }
    }

    /// Writes all entries, the central directory and the end records.
    /// - Returns: The archive size.
    private static func write(
        _ items: [SourceItem], to output: borrowing FileDescriptor, path: String, compression: ZipCompression,
        progress: (@Sendable (CreationProgress) -> Void)?
    ) throws -> UInt64 {
        let writer = ZipWriter(fd: output.raw, path: path)
        let encoder = EntryEncoder(writer: writer, compression: compression)
        var state = CreationProgress(
            entriesCompleted: 0, entryCount: items.count, bytesRead: 0,
            totalBytes: items.reduce(0) { $0 + ($1.kind == .file ? $1.size : 0) }, currentEntry: "")
        var records: [CentralRecord] = []
        records.reserveCapacity(items.count)
        for item in items {
            if Task.isCancelled { throw ZipError(.cancelled, "archive creation cancelled") }
            state.currentEntry = item.displayName
            records.append(
                try encoder.write(item) { count in
                    state.bytesRead += UInt64(count)
                    progress?(state)
                })
            state.entriesCompleted += 1
            progress?(state)
        }
        let directoryOffset = writer.position
        for record in records { try writer.append(record.bytes) }
        let directorySize = writer.position - directoryOffset
        try writer.append(
            CentralRecord.endRecords(
                entryCount: UInt64(records.count), directoryOffset: directoryOffset, directorySize: directorySize))
        try writer.flush()
        return writer.position
    }

    /// Creates `.NAME.haul-partial-XXXX` beside the archive.
    private static func createPartial(
        in container: Int32, name: [UInt8], parent: String
    ) throws -> ([UInt8], Int32) {
        while true {
            let candidate = partialName(for: name)
            let raw = withCPath(candidate) { openat(container, $0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666) }
            if raw >= 0 { return (candidate, raw) }
            guard errno == EEXIST else { throw ZipError.system("cannot create a file in \(parent)") }
        }
    }

    /// Moves the finished archive to its name: a hard link that fails if the name is taken, or a replacing rename.
    private static func commit(
        _ partial: [UInt8], as name: [UInt8], in container: Int32, overwrite: Bool, path: String
    ) throws {
        if overwrite {
            let renamed = withCPath(partial) { from in withCPath(name) { renameat(container, from, container, $0) } }
            guard renamed == 0 else { throw ZipError.system("cannot rename the finished archive to \(path)") }
            return
        }
        let linked = withCPath(partial) { from in withCPath(name) { linkat(container, from, container, $0, 0) } }
        guard linked == 0 else {
            if errno == EEXIST { throw ZipError(.destinationExists, "\(path) appeared while the archive was written") }
            throw ZipError.system("cannot move the finished archive to \(path)")
        }
        _ = withCPath(partial) { unlinkat(container, $0, 0) }
    }
}
