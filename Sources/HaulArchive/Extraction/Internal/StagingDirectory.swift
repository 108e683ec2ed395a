#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The hidden directory an extraction writes into, named `.NAME.haul-partial-XXXX`, and its commit.
///
/// For a new or empty destination it sits beside the destination and is renamed into place in one step, so the
/// destination either does not exist or is complete. For a destination that already has content it sits inside
/// the destination (always the same file system, even when the destination is a mount point) and its entries are
/// moved in one by one at the end.
final class StagingDirectory {
    let target: ExtractionTarget
    /// The directory holding the staging directory: the destination's parent, or the destination when merging.
    let container: FileDescriptor
    let name: [UInt8]
    let root: FileDescriptor

    /// Creates the staging directory for `target`.
    /// - Throws: ``ZipError/Code/io``.
    init(for target: ExtractionTarget) throws {
        self.target = target
        let containerPath = target.commit == .merge ? target.path : target.parentPath
        let raw = open(containerPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard raw >= 0 else { throw ZipError.system("cannot open \(containerPath)") }
        container = FileDescriptor(taking: raw)
        var attempt = partialName(for: target.name)
        while withCPath(attempt, { mkdirat(raw, $0, 0o777) }) != 0 {
            guard errno == EEXIST else {
                throw ZipError.system("cannot create a staging directory in \(containerPath)")
            }
            attempt = partialName(for: target.name)
        }
        name = attempt
        let rootFD = withCPath(attempt) { openat(raw, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
        guard rootFD >= 0 else { throw ZipError.system("cannot open the staging directory in \(containerPath)") }
        root = FileDescriptor(taking: rootFD)
    }

    /// Makes the staged tree the destination.
    /// - Parameter overwrite: Whether a merge may replace existing files and symlinks.
    /// - Throws: ``ZipError/Code/destinationExists`` when the destination changed during extraction so that the
    ///   commit would clobber something, ``ZipError/Code/io``.
    func commit(overwrite: Bool) throws {
        switch target.commit {
        case .rename:
            try renameIntoPlace()
        case .replaceEmptyDirectory(let mode):
            guard fchmod(root.raw, mode) == 0 else { throw ZipError.system("cannot set the mode of \(target.path)") }
            let removed = withCPath(target.name) { unlinkat(container.raw, $0, AT_REMOVEDIR) }
            guard removed == 0 || errno == ENOENT else {
                if errno == ENOTEMPTY || errno == EEXIST || errno == ENOTDIR {
                    throw ZipError(
                        .destinationExists, "\(target.path) stopped being an empty directory during extraction")
                }
                throw ZipError.system("cannot replace the empty directory \(target.path)")
            }
            try renameIntoPlace()
        case .merge:
            try DirectoryMerge(overwrite: overwrite).move(from: root.raw, to: container.raw, prefix: [])
            try removeTree(container.raw, name)
        }
    }

    /// Removes the staging directory and everything in it; errors are ignored, the name stays recognisable.
    func discard() {
        try? removeTree(container.raw, name)
    }

    private func renameIntoPlace() throws {
        if try statIfExists(container.raw, target.name, what: target.path) != nil {
            throw ZipError(.destinationExists, "\(target.path) appeared during extraction; not replacing it")
        }
        let renamed = withCPath(name) { from in
            withCPath(target.name) { renameat(container.raw, from, container.raw, $0) }
        }
        guard renamed == 0 else { throw ZipError.system("cannot rename the staging directory to \(target.path)") }
    }
}

/// Moves a staged tree into an existing directory entry by entry, descending into directories both sides have.
struct DirectoryMerge {
    let overwrite: Bool

    /// Moves every entry of `source` into `destination`.
    /// - Throws: ``ZipError/Code/destinationExists`` on a collision that appeared after the check,
    ///   ``ZipError/Code/io``.
    func move(from source: Int32, to destination: Int32, prefix: [UInt8]) throws {
        let listing = dup(source)
        guard listing >= 0 else { throw ZipError.system("cannot read the staging directory") }
        for name in try directoryNames(taking: listing, what: "the staging directory") {
            let path = prefix.isEmpty ? name : prefix + [UInt8(ascii: "/")] + name
            let display = String(decoding: path, as: UTF8.self)
            guard let staged = try statIfExists(source, name, what: display) else { continue }
            let existing = try statIfExists(destination, name, what: display)
            switch (existing.map(fileType), fileType(staged) == S_IFDIR) {
            case (nil, true):
                try moveDirectory(name, mode: staged.st_mode & 0o7777, from: source, to: destination, display: display)
            case (nil, false):
                try link(name, from: source, to: destination, display: display)
            case (S_IFDIR?, true):
                let from = try openDirectory(source, name, display: display)
                let to = try openDirectory(destination, name, display: display)
                _ = fchmod(from.raw, 0o700)
                try move(from: from.raw, to: to.raw, prefix: path)
            case (let type?, false) where overwrite && type != S_IFDIR:
                let renamed = withCPath(name) { renameat(source, $0, destination, $0) }
                guard renamed == 0 else { throw ZipError.system("cannot replace '\(display)'", entry: display) }
            default:
                throw ZipError(
                    .destinationExists, "'\(display)' appeared in the destination during extraction", entry: display)
            }
        }
    }

    /// Renames a directory to a new parent; Linux wants it writable for that, so its mode is restored after.
    private func moveDirectory(
        _ name: [UInt8], mode: mode_t, from source: Int32, to destination: Int32, display: String
    ) throws {
        if mode & S_IWUSR == 0 { _ = withCPath(name) { fchmodat(source, $0, mode | S_IWUSR, 0) } }
        let renamed = withCPath(name) { renameat(source, $0, destination, $0) }
        guard renamed == 0 else {
            if errno == EEXIST || errno == ENOTEMPTY {
                throw ZipError(
                    .destinationExists, "'\(display)' appeared in the destination during extraction", entry: display)
            }
            throw ZipError.system("cannot move '\(display)' into the destination", entry: display)
        }
        if mode & S_IWUSR == 0 { _ = withCPath(name) { fchmodat(destination, $0, mode, 0) } }
    }

    /// Hard-links a file or symlink into place (failing if the name is taken), then unlinks the staged one.
    private func link(_ name: [UInt8], from source: Int32, to destination: Int32, display: String) throws {
        let linked = withCPath(name) { linkat(source, $0, destination, $0, 0) }
        guard linked == 0 else {
            if errno == EEXIST {
                throw ZipError(
                    .destinationExists, "'\(display)' appeared in the destination during extraction", entry: display)
            }
            throw ZipError.system("cannot move '\(display)' into the destination", entry: display)
        }
        _ = withCPath(name) { unlinkat(source, $0, 0) }
    }

    private func openDirectory(_ parent: Int32, _ name: [UInt8], display: String) throws -> FileDescriptor {
        let raw = withCPath(name) { openat(parent, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
        guard raw >= 0 else { throw ZipError.system("cannot open '\(display)'", entry: display) }
        return FileDescriptor(taking: raw)
    }
}
